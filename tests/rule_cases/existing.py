"""Fixture pairs for the rules `pnp check` had before the rule-case suite: each near-miss is the
failing file with its one problem fixed, so a rule that fires on too much is caught too."""

from __future__ import annotations

from tests.conftest import GAME_YAML, HEROES_CSV
from tests.rule_cases import RuleCase

HAND_LIMIT = GAME_YAML.replace(
    "components:", "parameters:\n  hand_limit: {value: 7, label: Hand limit}\ncomponents:"
)
FIELDS = GAME_YAML.replace("file: decks/heroes.csv", "file: decks/heroes.csv\n    fields: [cost]")
SAFE_ZONE = """\
layouts:
  edgy:
    extends: framed
    elements:
      - {name: footer, type: text, template: x, box: BOX}
decks:"""
MAP = """\
boards:
  - id: map
    name: Map
    size: 200x150mm
    elements:
      - type: map
        areas:
          - {id: a, name: A, at: [20%, 50%]}
          - {id: b, name: B, at: [80%, 50%]}
        connections:
          - {between: [a, OTHER]}
"""
MAP_GAME = GAME_YAML.replace(
    "decks:", "  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}\ndecks:"
)


def _heroes(old: str, new: str) -> dict[str, str]:
    """The demo deck with one piece of text changed."""
    return {"decks/heroes.csv": HEROES_CSV.replace(old, new)}


def _game(old: str, new: str, base: str = GAME_YAML) -> dict[str, str]:
    """The demo game.yaml with one piece of text changed."""
    return {"game.yaml": base.replace(old, new)}


def _column(header: str, knight: str, mage: str) -> str:
    """The demo deck with one more column holding the given cells."""
    return (
        HEROES_CSV.replace("quantity,text", f"quantity,text,{header}")
        .replace("Gain 1 :gold:.", f"Gain 1 :gold:.,{knight}")
        .replace("Draw a card.", f"Draw a card.,{mage}")
    )


def _layout(box: str) -> dict[str, str]:
    """The demo game whose deck uses a layout with a footer text box at `box`."""
    yaml = GAME_YAML.replace("decks:", SAFE_ZONE.replace("BOX", box)).replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: edgy"
    )
    return {"game.yaml": yaml}


def _rulebook(text: str) -> dict[str, str]:
    """The demo game with a hand-limit parameter and a rulebook."""
    return {"game.yaml": HAND_LIMIT, "rulebook.md": text}


def _quoting(
    param: str = "hand_limit", link: str = "combat", number: str = "1.1"
) -> dict[str, str]:
    """The demo rulebook quoting a parameter, a heading id and a section number."""
    return _rulebook(
        RULEBOOK.replace("PARAM", param).replace("LINK", link).replace("NUMBER", number)
    )


def _deck_file(path: str) -> dict[str, str]:
    """The demo deck moved to `path` (relative to the game folder), game.yaml pointing at it."""
    return {**_game("decks/heroes.csv", path), path: HEROES_CSV}


RULEBOOK = """\
# Setup {#setup}

You may hold {{ param('PARAM') }} cards. See [combat](#LINK) and (NUMBER).

## Cards {#cards}

# Combat {#combat}
"""
NUMBERED = "# [1] Setup\n\nText.\n\n# [NEXT] Combat\n\nMore text.\n"
LATIN_1 = HEROES_CSV.replace("Mage", "Magé")

CASES = [
    RuleCase(
        "count-mismatch",
        _game("count: 3", "count: 4"),
        _game("count: 3", "count: 4") | _heroes("mage,Mage,1", "mage,Mage,2"),
    ),
    RuleCase(
        "csv-syntax",
        _heroes("Draw a card.", "Draw a card, then rest."),
        _heroes("Draw a card.", '"Draw a card, then rest."'),
    ),
    RuleCase(
        "duplicate-id", _heroes("mage,Mage", "knight,Mage"), _heroes("mage,Mage", "knight-2,Mage")
    ),
    RuleCase(
        "duplicate-key",
        _game("title: Demo Game", "title: Demo Game\ntitle: Again"),
        _game("title: Demo Game", "title: Again"),
        name="yaml",
    ),
    RuleCase(
        "duplicate-key",
        {"decks/heroes.csv": _column("name", "Sir Knight", "Magus")},
        {"decks/heroes.csv": _column("title", "Sir Knight", "Magus")},
        name="csv-header",
    ),
    RuleCase(
        "encoding",
        {"decks/heroes.csv": LATIN_1.encode("latin-1")},
        {"decks/heroes.csv": LATIN_1.encode("utf-8")},
    ),
    RuleCase("game-id", _game("id: demo", "id: other"), _game("id: demo", 'id: "demo"')),
    RuleCase(
        "map-area",
        {"game.yaml": MAP_GAME + MAP.replace("OTHER", "c")},
        {"game.yaml": MAP_GAME + MAP.replace("OTHER", "b")},
        name="crossing",
    ),
    RuleCase(
        "map-area",
        {"game.yaml": MAP_GAME + MAP.replace(", at: [80%, 50%]", "").replace("OTHER", "b")},
        {"game.yaml": MAP_GAME + MAP.replace("OTHER", "b")},
        name="unplaced",
    ),
    RuleCase(
        "missing-file",
        _game("decks/heroes.csv", "decks/villains.csv"),
        _deck_file("decks/villains.csv"),
    ),
    RuleCase(
        "outside-safe-zone", _layout("[1mm, 84mm, 50mm, 4mm]"), _layout("[4mm, 80mm, 50mm, 4mm]")
    ),
    RuleCase(
        "path-outside-game", _deck_file("../shared/heroes.csv"), _deck_file("shared/heroes.csv")
    ),
    RuleCase(
        "placeholder",
        {"decks/heroes.csv": _column("placeholder", "", "source gives no text")},
        {"decks/heroes.csv": _column("placeholder", "", "")},
    ),
    RuleCase(
        "rulebook-data",
        _quoting(param="hand_size"),
        _quoting(),
    ),
    RuleCase(
        "rulebook-numbering",
        _rulebook(NUMBERED.replace("NEXT", "3")),
        _rulebook(NUMBERED.replace("NEXT", "2")),
    ),
    RuleCase(
        "rulebook-reference",
        _quoting(link="battle"),
        _quoting(),
        name="id",
    ),
    RuleCase(
        "rulebook-reference",
        _quoting(number="1.2"),
        _quoting(),
        name="number",
    ),
    RuleCase("schema", _game("  min: 2", "  min: 5"), _game("  min: 2", "  min: 4")),
    RuleCase(
        "template",
        _heroes("Draw a card.", "Draw a card from {{ deck.nmae }}."),
        _heroes("Draw a card.", "Draw a card from {{ deck.name }}."),
    ),
    RuleCase(
        "term-alias",
        _heroes("Draw a card.", "Spend a gold coin."),
        _heroes("Draw a card.", "Spend a talent."),
    ),
    RuleCase(
        "text-overflow",
        _heroes("Draw a card.", "Draw a card. " * 200),
        _heroes("Draw a card.", "Draw a card. " * 40),
    ),
    RuleCase(
        "unknown-key",
        {"game.yaml": FIELDS, "decks/heroes.csv": _column("cots", "3", "5")},
        {"game.yaml": FIELDS, "decks/heroes.csv": _column("cost", "3", "5")},
    ),
    RuleCase(
        "unknown-reference",
        _game("provided_by: heroes", "provided_by: villains"),
        _game(
            "provided_by: heroes",
            "provided_by: villains",
            GAME_YAML.replace("id: heroes", "id: villains"),
        ),
    ),
    RuleCase(
        "unknown-symbol",
        _heroes(":gold:", ":silver:"),
        _heroes(":gold:", ":silver:")
        | _game("symbols:", "symbols:\n  - key: silver\n    label: Silver"),
    ),
    RuleCase(
        "yaml-syntax",
        _game("players:\n  min: 2\n  max: 4", "players: {min: 2, max: 4"),
        _game("players:\n  min: 2\n  max: 4", "players: {min: 2, max: 4}"),
    ),
]
