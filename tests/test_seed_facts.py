"""The bundled games' inventories agree with the counts their source rulebooks state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.check import check_game
from tests.kits import seed

ROOT = Path(__file__).parent.parent
PALADINS = "004_33ebaadaf2120c56.txt"

# component id -> (pattern in the source's component list, how its numbers combine)
PALADINS_INVENTORY = {
    "sovereign-cards": (r"1\.1\) (\d+) sovereign cards for each player", lambda n: 2 * n),
    "destiny-cards": (r"1\.2\) (\d+) destiny cards", lambda n: n),
    "combat-cards": (r"1\.3\) (\d+) combat cards", lambda n: n),
    "kingdom-bonus-cards": (r"1\.4\) (\d+) kingdom bonus cards", lambda n: n),
    "end-of-times-cards": (r"1\.5\) (\d+) End of Times cards", lambda n: n),
    "order-tokens": (r"1\.6\) 2 sets of (\d+) order tokens", lambda n: 2 * n),
    "building-tokens": (r"1\.7\) 2 sets of (\d+) building tokens", lambda n: 2 * n),
    "army-unit-tokens": (r"1\.8\) 2 sets of (\d+) army unit", lambda n: 2 * n),
    "rebellion-tokens": (r"1\.10\) (\d+) rebellion tokens", lambda n: n),
    "revolutionary-tokens": (r"(\d+) revolutionary tokens", lambda n: n),
    "plague-tokens": (r"(\d+) plague tokens", lambda n: n),
    "glory-token": (r"(\d+) glory token", lambda n: n),
    "great-conqueror-tokens": (r"(\d+) Great Conqueror tokens", lambda n: n),
    "defense-tokens": (r"(\d+) defend token", lambda n: n),
    "playfield": (r"1\.12\) (\d+) playfield", lambda n: n),
}


@pytest.fixture(scope="module")
def paladins_source() -> str:
    return seed(PALADINS)


@pytest.mark.parametrize("component", sorted(PALADINS_INVENTORY))
def test_paladins_inventory_matches_the_source(paladins_source, component):
    pattern, total = PALADINS_INVENTORY[component]
    match = re.search(pattern, paladins_source.replace("\n", " "))
    assert match, f"the source no longer states {pattern}"
    loaded, _ = check_game(ROOT / "card_data" / "paladins-and-barbarians")
    counts = {c.id: c.count for c in loaded.game.components}
    assert counts[component] == total(int(match[1]))


def test_paladins_special_units_match_the_source(paladins_source):
    match = re.search(
        r"2 sets of (\d+) \(Barbarians\) and (\d+)\s+\(Paladins\) special army unit",
        paladins_source,
    )
    assert match
    loaded, _ = check_game(ROOT / "card_data" / "paladins-and-barbarians")
    counts = {c.id: c.count for c in loaded.game.components}
    assert (counts["troll-tokens"], counts["cavalry-tokens"]) == (int(match[1]), int(match[2]))
