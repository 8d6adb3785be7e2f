"""The rule registry: each check is a small function registered under stable codes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.findings import Report
from generator.load.game import LoadedGame

Check = Callable[[LoadedGame, Report], None]


@dataclass(frozen=True)
class Rule:
    """A registered finding code: its severity and what it looks for."""

    code: str
    severity: str
    summary: str


RULES: dict[str, Rule] = {}
CHECKS: list[Check] = []

STAGE_RULES = (
    Rule("yaml-syntax", "error", "A YAML file that cannot be parsed."),
    Rule(
        "csv-syntax", "error", "A CSV file that cannot be parsed or has more cells than its header."
    ),
    Rule("encoding", "error", "A data file that is not UTF-8 text."),
    Rule("duplicate-key", "error", "A key given twice in one mapping or CSV header."),
    Rule("schema", "error", "A value of the wrong type or a required key missing."),
    Rule(
        "text-overflow", "error", "Text that cannot fit its box even at the layout's minimum size."
    ),
)


def rule(code: str, severity: str, summary: str) -> Callable[[Check], Check]:
    """Register a check under a stable code; stack decorators when one check reports several."""

    def register(check: Check) -> Check:
        if code in RULES:
            raise ValueError(f"rule code {code!r} registered twice")
        RULES[code] = Rule(code, severity, summary)
        if check not in CHECKS:
            CHECKS.append(check)
        return check

    return register


for _stage_rule in STAGE_RULES:
    RULES[_stage_rule.code] = _stage_rule


def run_rules(loaded: LoadedGame, report: Report) -> None:
    """Run every registered check over a loaded game."""
    for check in CHECKS:
        check(loaded, report)
