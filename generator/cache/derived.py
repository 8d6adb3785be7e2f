"""What a build works out from a game's files and keeps in its cache store, so the next build of
the game reads it instead: YAML files parsed (first-jihad's seven: 0.085 s CPU, read back in
0.02 s), SVG art parsed (golden-age's 12 files: ~0.2 s) and rulebook templates compiled
(60-90 ms for each bundled rulebook, ~0.1 ms to load).

Kept only while a build checks and renders a game (its store is active, see cache/rules.py
`kept_rules`); `pnp check`, the preview and a --no-cache build work it out each time. A value is
keyed by its inputs and pnp's version, and sealed like every entry (seal.py): an entry that
was not kept by this user under its key, or does not decode to what is expected, is a miss.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

from generator.cache.keys import code_version, digest
from generator.cache.rules import active_store

Value = TypeVar("Value")
PICKLED = partial(pickle.dumps, protocol=pickle.HIGHEST_PROTOCOL)


def derived(
    kind: str,
    inputs: tuple[Any, ...],
    make: Callable[[], Value],
    expected: type,
    encode: Callable[[Value], bytes] = PICKLED,
    decode: Callable[[bytes], Value] = pickle.loads,
    keep_if: Callable[[], bool] = lambda: True,
) -> Value:
    """`make()`, a pure function of `inputs` of the `expected` type: as the build's store kept
    it under `kind`, else made now and kept at the build's flush (unless `keep_if()` says
    otherwise once it is made)."""
    store = active_store()
    if store is None:
        return make()
    key = digest(kind, code_version(), *inputs)
    found = _recalled(store.get(kind, key), decode, expected)
    if found is not None:
        return found
    value = make()
    if keep_if():
        try:
            data = encode(value)
        except (pickle.PicklingError, TypeError, ValueError, AttributeError):
            return value  # an odd value (a YAML tag's) is made again next time
        store.keep_bytes(kind, key, data)
    return value


def _recalled(entry: bytes | None, decode: Callable[[bytes], Any], expected: type) -> Any:
    """A kept value, or None when there is none or it decodes to something else."""
    if entry is None:
        return None
    try:
        value = decode(entry)
    except Exception:  # checked bytes this module wrote: only a changed class fails here
        return None
    return value if isinstance(value, expected) else None
