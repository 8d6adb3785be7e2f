"""The check inside a build keeps what it found by exactly what each rule read: a rebuild after
one card changed measures the legibility of that card's deck alone and turns an unchanged
rulebook into blocks in neither its check nor its build; the findings are those of a check
without the cache."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import build
from generator.cache import blocks
from generator.cache.faces import StoredFaces, remembering
from generator.cache.rules import kept_rules
from generator.cache.store import Store
from generator.check import check_game, declared, legibility
from tests.conftest import GAME_YAML
from tests.kits import checked_with_cache as checked

# Two decks of the demo game set at 5.5 pt, with a symbol whose two letters print at 4.2 pt.
SMALL = """\
layouts:
  small:
    extends: framed
    elements:
      - {name: text, type: text, field: text, box: [3.5mm, 44mm, 56.5mm, 30mm], size: 5.5pt, min_size: 3pt}
decks:
  - id: villains
    name: Villains
    file: decks/villains.csv
    layout: small"""
VILLAINS = """\
id,name,quantity,text
thief,Thief,1,Steal 1 :gold:.
ogre,Ogre,1,Smash a card.
"""
RULEBOOK = """\
# Demo rules

Each player takes {{ game.players.max }} cards and one gold coin.
"""


def small_game(game) -> Path:
    """The demo game with a second deck, both decks' text too small to read."""
    yaml = (
        GAME_YAML.replace("decks:", SMALL)
        .replace("file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: small")
        .replace(
            "    label: Gold\n", '    label: Gold\n    drawing: {shape: circle, glyph: "Gd"}\n'
        )
    )
    return game({"game.yaml": yaml, "decks/villains.csv": VILLAINS, "rulebook.md": RULEBOOK})


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The owners of the faces measured for legibility from now on, one entry per face."""
    owners: list[str] = []
    measure = legibility._legible

    def counted(faces, glyphs, report):
        faces = list(faces)
        owners.extend(owner for owner, _, _ in faces)
        measure(faces, glyphs, report)

    monkeypatch.setattr(legibility, "_legible", counted)
    return owners


def test_unchanged_decks_are_not_measured_again_and_give_the_same_findings(game, measured):
    folder = small_game(game)
    store = Store(folder.parent / "cache")
    first = checked(folder, store)
    assert set(measured) == {"deck 'heroes'", "deck 'villains'"}
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("Draw a card.", "Draw two cards."))
    measured.clear()
    again = checked(folder, store)
    assert set(measured) == {"deck 'heroes'"}  # the villains' findings come from the cache
    small = [f.message for f in again if f.code == "text-too-small"]
    assert any("deck 'villains'" in message for message in small)
    assert any("its letter 'Gd'" in message and "villains" in message for message in small)
    assert again == checked(folder, None)
    assert [f for f in first if "villains" in f.message] == [
        f for f in again if "villains" in f.message
    ]


def test_a_symbol_moved_in_game_yaml_is_measured_again_where_it_now_stands(game, measured):
    folder = small_game(game)
    store = Store(folder.parent / "cache")
    checked(folder, store)
    data = folder / "game.yaml"
    data.write_text(data.read_text().replace("symbols:\n", "symbols:\n  # the game's coin\n"))
    measured.clear()
    found = checked(folder, store)
    assert set(measured) == {"deck 'heroes'", "deck 'villains'"}
    assert found == checked(folder, None)


def test_an_unchanged_rulebook_is_made_into_blocks_once_for_the_check_and_the_build(
    game, monkeypatch
):
    folder = small_game(game)
    store = Store(folder.parent / "cache")
    made: list[str] = []
    make = blocks.rulebook_blocks

    def counted(text, title, terms=()):
        made.append(title)
        return make(text, title, terms)

    monkeypatch.setattr(blocks, "rulebook_blocks", counted)
    checked(folder, store)
    assert made == ["Demo Game"]
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("Draw a card.", "Draw two cards."))
    with remembering(StoredFaces(store)), kept_rules(store):
        loaded, report = check_game(folder)
        book = build.rendered_game(loaded).rulebook
    assert made == ["Demo Game"]  # neither the check nor the build made them again
    assert book is not None and "one gold coin" in str(book.blocks)
    assert report.sorted() == checked(folder, None)


INVARIANTS = """\
invariants:
  - expect: "decks['villains'] | length == 2"
    message: two villains
  - expect: "decks.heroes | length == 2 and players.max == 4"
    message: two heroes
  - expect: "decks | length == 2"
    message: two decks
  - expect: "decks.items() | list | length == 2"
    message: two decks, by their items
"""


def test_an_invariant_reading_one_deck_is_not_evaluated_again_when_another_changed(
    game, monkeypatch
):
    folder = small_game(game)
    data = folder / "game.yaml"
    data.write_text(data.read_text() + INVARIANTS)
    store = Store(folder.parent / "cache")
    evaluated: list[str] = []
    evaluate = declared.evaluate

    def counted(expression, context):
        evaluated.append(expression.split()[0])
        return evaluate(expression, context)

    monkeypatch.setattr(declared, "evaluate", counted)
    assert "invariant" not in [f.code for f in checked(folder, store)]
    evaluated.clear()
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("mage,Mage,1,", "mage,Mage,1,Be wise. "))
    assert "invariant" not in [f.code for f in checked(folder, store)]
    assert evaluated == ["decks.heroes", "decks", "decks.items()"]  # not the villains' one
    deck.write_text(deck.read_text().replace("knight,Knight,2,", "sage,Sage,2,"))
    villains = folder / "decks" / "villains.csv"
    villains.write_text(villains.read_text() + "imp,Imp,1,Bite.\n")
    found = checked(folder, store)
    assert "two villains" in str(found) and "two heroes" not in str(found)
    assert found == checked(folder, None)
