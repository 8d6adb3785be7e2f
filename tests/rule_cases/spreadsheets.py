"""Fixture pairs for the rules about deck files as files: workbooks, sizes and empty decks."""

from __future__ import annotations

from generator.limits import MAX_CELL_CHARS
from tests.conftest import GAME_YAML, HEROES_CSV
from tests.rule_cases import RuleCase
from tests.workbooks import Formula, xlsx_bytes

HEADER = ["id", "name", "quantity", "text"]
KNIGHT = ["knight", "Knight", 2, "Gain 1 :gold:."]


def _workbook(quantity: object) -> dict[str, str | bytes]:
    """The demo deck as an .xlsx whose mage quantity is `quantity`."""
    rows = [HEADER, KNIGHT, ["mage", "Mage", quantity, "Draw a card."]]
    return {
        "game.yaml": GAME_YAML.replace("decks/heroes.csv", "decks/heroes.xlsx"),
        "decks/heroes.xlsx": xlsx_bytes({"Heroes": rows}),
    }


CASES = [
    RuleCase(
        "spreadsheet",
        _workbook(Formula("C2-1", "of:=[.C2]-1", None)),
        _workbook(Formula("C2-1", "of:=[.C2]-1", 1)),
    ),
    RuleCase(
        "too-large",
        {"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "x" * (MAX_CELL_CHARS + 1))},
        {"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "x" * MAX_CELL_CHARS)},
    ),
    RuleCase(
        "empty-deck",
        {"decks/heroes.csv": HEROES_CSV.splitlines()[0] + "\n"},
        {"decks/heroes.csv": HEROES_CSV},
    ),
]
