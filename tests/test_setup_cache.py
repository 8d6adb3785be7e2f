"""A rebuild's check keeps the setup rule's findings by what it read: unchanged setup amounts are
not compiled and evaluated again, and the findings are those of a check without the cache."""

from __future__ import annotations

from generator.cache.store import Store
from tests.conftest import GAME_YAML
from tests.kits import checked_with_cache as checked

SETUP = """\
setup:
  - {component: hero-cards, amount: "count('heroes') - 2"}
  - {component: hero-cards, amount: players - 2}
"""


def test_setup_read_before_is_not_evaluated_again_until_what_it_reads_changes(
    game, evaluated: list[str]
) -> None:
    folder = game({"game.yaml": GAME_YAML + SETUP})
    store = Store(folder.parent / "cache")
    assert "setup-supply" not in [f.code for f in checked(folder, store)]
    assert len(evaluated) == 6  # two amounts, three player counts each
    evaluated.clear()
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("Draw a card.", "Draw two cards."))
    assert "setup-supply" not in [f.code for f in checked(folder, store)]
    assert evaluated == []  # a card's text is not what count('heroes') reads
    deck.write_text(deck.read_text().replace("mage,Mage,1,", "mage,Mage,3,"))
    found = checked(folder, store)
    assert evaluated != [] and found == checked(folder, None)
    assert "setup hands out 5 of 'hero-cards' (3 + 2 over 2 setup entries) with 4 players" in str(
        found
    )


def test_a_box_that_shrinks_is_compared_again(game, evaluated: list[str]) -> None:
    folder = game({"game.yaml": GAME_YAML + SETUP})
    store = Store(folder.parent / "cache")
    checked(folder, store)
    data = folder / "game.yaml"
    data.write_text(data.read_text().replace("count: 3", "count: 2"))
    found = checked(folder, store)
    assert found == checked(folder, None)
    assert "with 4 players, but the box holds 2" in str(found)
