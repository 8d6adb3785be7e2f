"""Fixture pairs for every checker rule: files that make it fire and near-misses that do not.

Each module in this package exposes `CASES`, a list of `RuleCase`. The files replace or add
to the demo game of tests/conftest.py (bytes are written as they are, text as UTF-8);
`target` is what `pnp check` is given.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class RuleCase:
    """One rule's failing fixture and its passing near-miss."""

    code: str
    bad: Mapping[str, str | bytes]
    good: Mapping[str, str | bytes] = field(default_factory=dict)
    target: str = "demo"
    name: str = ""

    @property
    def label(self) -> str:
        """Test id: the rule code, plus the case name when a rule has several."""
        return f"{self.code}-{self.name}" if self.name else self.code


def all_cases() -> list[RuleCase]:
    """Every case from every module of this package."""
    cases: list[RuleCase] = []
    for module in pkgutil.iter_modules(__path__):
        cases.extend(importlib.import_module(f"{__name__}.{module.name}").CASES)
    return cases
