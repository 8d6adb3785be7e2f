"""Fixture pairs for the inventory, cost class, setup, invariant and parameter rules."""

from __future__ import annotations

from tests.conftest import GAME_YAML, HEROES_CSV
from tests.rule_cases import RuleCase


def with_components(text: str) -> str:
    """The demo game.yaml with more inventory lines after the hero cards."""
    return GAME_YAML.replace("decks:\n", f"{text}decks:\n")


def with_part_of(parent: str, count: int) -> str:
    """The demo game.yaml whose hero cards are a part of a provided parent component."""
    parent_yaml = f"  - {{id: {parent}, name: All cards, kind: card, count: {count}}}\n"
    return with_components(parent_yaml).replace(
        "    provided_by: heroes\n", f"    provided_by: heroes\n    part_of: {parent}\n"
    )


BOARD = "boards:\n  - {id: map, name: Map, size: 100x100mm, copies: COPIES}\n"
MAP_COMPONENT = "  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}\n"

HERO_LEVELS = """\
tables:
  hero_levels:
    title: Hero levels
    columns: [level, cost]
    rows:
      - {level: 1, cost: 2}
      - {level: 2, cost: 4}
cost_classes:
  - id: hero-cost
    items: [heroes]
    class_field: level
    value_field: cost
    classes: hero_levels
"""
HEROES_WITH_COSTS = """\
id,name,quantity,level,cost,text
knight,Knight,2,1,2,Gain 1 :gold:.
mage,Mage,1,2,3,Draw a card.
"""

PARAMETERS = "parameters:\n  hand_limit: 5\n"


def quoting(name: str) -> str:
    """The demo deck whose mage quotes the parameter `name`."""
    return HEROES_CSV.replace("Draw a card.", f"Hold {{{{ params.{name}.value }}}} cards.")


CASES = [
    RuleCase(
        "html-in-data",
        bad={"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw a <b>card</b>.")},
        good={"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw a **card**.")},
    ),
    RuleCase(
        "inventory-provider",
        bad={"game.yaml": with_components("  - {id: coins, name: Coins, kind: token, count: 9}\n")},
        good={
            "game.yaml": with_components(
                "  - {id: coins, name: Coins, kind: token, count: 9, provided: false}\n"
            )
        },
    ),
    RuleCase(
        "inventory-missing",
        bad={"game.yaml": GAME_YAML + BOARD.replace("COPIES", "1")},
        good={"game.yaml": with_components(MAP_COMPONENT) + BOARD.replace("COPIES", "1")},
    ),
    RuleCase(
        "count-mismatch",
        name="board",
        bad={"game.yaml": with_components(MAP_COMPONENT) + BOARD.replace("COPIES", "2")},
        good={"game.yaml": with_components(MAP_COMPONENT) + BOARD.replace("COPIES", "1")},
    ),
    RuleCase(
        "sub-count",
        bad={"game.yaml": with_part_of("all-cards", 4)},
        good={"game.yaml": with_part_of("all-cards", 3)},
    ),
    RuleCase(
        "cost-class",
        bad={"game.yaml": GAME_YAML + HERO_LEVELS, "decks/heroes.csv": HEROES_WITH_COSTS},
        good={
            "game.yaml": GAME_YAML + HERO_LEVELS + "    exceptions: [mage]\n",
            "decks/heroes.csv": HEROES_WITH_COSTS,
        },
    ),
    RuleCase(
        "setup-supply",
        bad={"game.yaml": GAME_YAML + "setup:\n  - {component: hero-cards, amount: players}\n"},
        good={
            "game.yaml": GAME_YAML + "setup:\n  - {component: hero-cards, amount: players - 1}\n"
        },
    ),
    RuleCase(
        "invariant",
        bad={
            "game.yaml": GAME_YAML
            + "invariants:\n  - {expect: \"count('heroes') == 4\", message: four heroes}\n"
        },
        good={
            "game.yaml": GAME_YAML
            + "invariants:\n  - {expect: \"count('heroes') == 3\", message: three heroes}\n"
        },
    ),
    RuleCase(
        "unknown-parameter",
        bad={"game.yaml": GAME_YAML + PARAMETERS, "decks/heroes.csv": quoting("hand_limt")},
        good={"game.yaml": GAME_YAML + PARAMETERS, "decks/heroes.csv": quoting("hand_limit")},
    ),
]
