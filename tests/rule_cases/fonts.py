"""Fixture pairs for the font rule: a family that is not there, and a glyph a font lacks."""

from __future__ import annotations

from tests.conftest import GAME_YAML, HEROES_CSV
from tests.rule_cases import RuleCase

CASES = [
    RuleCase(
        "font",
        name="family",
        bad={"game.yaml": GAME_YAML + "font_family: Comic Papyrus\n"},
        good={"game.yaml": GAME_YAML + "font_family: Amiri\n"},
    ),
    RuleCase(
        "font",
        name="glyph",
        bad={"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Pay the زكاة.")},
        good={
            "game.yaml": GAME_YAML + "font_family: Amiri\n",
            "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Pay the زكاة."),
        },
    ),
]
