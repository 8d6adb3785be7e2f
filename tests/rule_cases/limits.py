"""Fixture pairs for limits a check rule enforces (cards and tokens a game prints) and for a
game that raises its limits."""

from __future__ import annotations

from tests.conftest import GAME_YAML, HEROES_CSV
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
    RuleCase(
        "limits-raised",
        bad={"game.yaml": GAME_YAML + "limits: {copies: 100001}\n"},
        good={"game.yaml": GAME_YAML + "limits: {copies: 100000}\n"},
    ),
]
