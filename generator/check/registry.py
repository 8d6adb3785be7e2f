"""The rule registry: each check is a small function registered under stable codes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from generator.check.outline import RulebookText
from generator.findings import Report
from generator.load.game import LoadedGame

Check = Callable[[LoadedGame, Report], None]
TextCheck = Callable[[RulebookText, Report], None]
RenderedCheck = Callable[[LoadedGame, Any, Report], None]  # given the game's rendered faces
AnyCheck = TypeVar("AnyCheck", Check, TextCheck, RenderedCheck)


@dataclass(frozen=True)
class Rule:
    """A registered finding code: its severity and what it looks for."""

    code: str
    severity: str
    summary: str


RULES: dict[str, Rule] = {}
CHECKS: list[Check] = []
TEXT_CHECKS: list[TextCheck] = []
RENDERED_CHECKS: list[RenderedCheck] = []

STAGE_RULES = (
    Rule("yaml-syntax", "error", "A YAML file that cannot be parsed, or an alias inside itself."),
    Rule(
        "csv-syntax",
        "error",
        "A CSV file that cannot be parsed, a row with more cells than its header, or a row "
        "cut short before a declared field.",
    ),
    Rule("encoding", "error", "A data file that is not UTF-8 text, or holds a NUL byte."),
    Rule(
        "spreadsheet",
        "error",
        "A workbook that cannot be read, a sheet it lacks, or a formula cell without a value.",
    ),
    Rule(
        "too-large",
        "error",
        "A data file, table or cell beyond the size limits (bytes, rows, columns, characters), "
        "or YAML nested too deep or repeating too much through aliases.",
    ),
    Rule("empty-deck", "error", "A deck or token sheet file that holds no designs."),
    Rule("duplicate-key", "error", "A key given twice in one mapping or CSV header."),
    Rule(
        "schema",
        "error",
        "A value of the wrong type, a number past 10^15, a required key missing, or a game "
        "file that is not a mapping.",
    ),
    Rule(
        "text-overflow", "error", "Text that cannot fit its box even at the layout's minimum size."
    ),
    Rule(
        "stale-erratum",
        "warning",
        "An erratum acknowledges a finding the checker no longer reports.",
    ),
)


def rule(code: str, severity: str, summary: str) -> Callable[[Check], Check]:
    """Register a check under a stable code; stack decorators when one check reports several."""
    return _registrar(CHECKS, Rule(code, severity, summary))


def text_rule(code: str, severity: str, summary: str) -> Callable[[TextCheck], TextCheck]:
    """Register a check of rulebook text, run on game rulebooks and on rulebook files alike."""
    return _registrar(TEXT_CHECKS, Rule(code, severity, summary))


def rendered_rule(
    code: str, severity: str, summary: str
) -> Callable[[RenderedCheck], RenderedCheck]:
    """Register a check of what rendering made (fitted text, drawn faces), run once the game is
    rendered: by `pnp build` before anything is drawn on a page, and by `pnp check`."""
    return _registrar(RENDERED_CHECKS, Rule(code, severity, summary))


def _registrar(checks: list[AnyCheck], new: Rule) -> Callable[[AnyCheck], AnyCheck]:
    """A decorator recording a rule's code once and its check once in `checks`."""
    if new.code in RULES:
        raise ValueError(f"rule code {new.code!r} registered twice")
    RULES[new.code] = new

    def register(check: AnyCheck) -> AnyCheck:
        if check not in checks:
            checks.append(check)
        return check

    return register


for _stage_rule in STAGE_RULES:
    RULES[_stage_rule.code] = _stage_rule


def run_rules(loaded: LoadedGame, report: Report) -> None:
    """Run every registered check over a loaded game."""
    for check in CHECKS:
        check(loaded, report)


def run_rendered_rules(loaded: LoadedGame, rendered: Any, report: Report) -> None:
    """Run every registered check of rendered faces."""
    for check in RENDERED_CHECKS:
        check(loaded, rendered, report)


def run_text_rules(text: RulebookText, report: Report) -> None:
    """Run every registered text check over one rulebook."""
    for check in TEXT_CHECKS:
        check(text, report)
