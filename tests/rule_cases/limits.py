"""Fixture pairs for limits a check rule enforces: cards and tokens a game prints."""

from __future__ import annotations

from tests.conftest import HEROES_CSV
from tests.rule_cases import RuleCase

_MANY = HEROES_CSV.replace("knight,Knight,2,", "knight,Knight,100000,").replace(
    "mage,Mage,1,", "mage,Mage,100000,"
)

CASES = [
    RuleCase(
        "too-many-pieces",
        bad={"decks/heroes.csv": _MANY + "rogue,Rogue,1,Hide.\n"},
        good={"decks/heroes.csv": _MANY},
    ),
]
