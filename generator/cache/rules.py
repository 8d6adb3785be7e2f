"""Rule findings kept in the build's cache store, by a digest of exactly what the rule read: a
rebuild after one card changed does not read the rulebook's prose or evaluate the invariants
that do not read the cards again.

Each caller names what its rule reads. The text rules (generator/check/registry.py, `text_rule`)
see only the document's outline, its path and the game's term aliases; the outline is made from
the Markdown source and the headings of the typeset book, and #id links are checked against the
book's heading keys. An invariant reads its expression and the names of the data it spells out
(check/expressions.py, `DataReads`). Those, the active limits and pnp's version make the key,
so the findings are the ones the rule would make.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from generator.cache.keys import Uncacheable, code_version, digest
from generator.cache.store import Store, activated
from generator.findings import Finding, Report
from generator.limits import active

RULES = "rules"
_ACTIVE: list[Store | None] = [None]  # where findings are kept, while a build checks its game


def kept_rules(store: Store | None) -> AbstractContextManager[None]:
    """Inside this block, `remembered` findings are looked up in and kept by `store` (if any)."""
    return activated(_ACTIVE, store)


def active_store() -> Store | None:
    """The store the build's check keeps what it found in (see `kept_rules`), or None."""
    return _ACTIVE[0]


def remembered(
    report: Report, inputs: Callable[[], tuple[Any, ...]], run: Callable[[Report], None]
) -> None:
    """Add to `report` the findings `run` makes, or those kept for the same `inputs` (all that
    `run` reads); without an active store, `run` runs and nothing is kept."""
    store = _ACTIVE[0]
    try:
        key = None if store is None else _key(inputs())
    except Uncacheable:  # an input with no stable digest: the rule runs each time
        key = None
    if store is None or key is None:
        run(report)
        return
    found = store.unpickled(RULES, key)
    if not _findings(found):
        found = Report()
        run(found)
        found = found.findings
        store.keep_bytes(RULES, key, pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL))
    report.findings.extend(found)


def _key(inputs: tuple[Any, ...]) -> str:
    """The findings' key: the rules' inputs, the limits they run within, and pnp's version."""
    return digest(RULES, code_version(), active(), *inputs)


def _findings(value: Any) -> bool:
    """Whether an unpickled entry is a list of findings (a damaged one is a miss)."""
    return isinstance(value, list) and all(isinstance(f, Finding) for f in value)
