"""Belaad: the inventory agrees with the source's component list, and the kit prints all of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.kits import SEEDS, acknowledged, checked, data_warnings, placed_counts, seed

ROOT = Path(__file__).parent.parent
GAME = ROOT / "card_data" / "belaad"
SEED = SEEDS / "000_a558176bb9510e35.txt"

# The component list of the source rulebook (its section 1), as numbers: the seed's text is
# damaged, so these are written out here and, where the seed is beside the checkout, matched
# against it below.
SEED_COMPONENTS = {
    "action-cards": 57,
    "scholar-cards": 30,
    "battle-cards": 24,
    "battle-cards-green": 16,
    "battle-cards-red": 4,
    "battle-cards-gray": 4,
    "hashash-cards": 14,
    "reference-cards": 7,
    "character-boards": 14,
    "character-boards-kingdom": 5,
    "character-boards-people": 5,
    "character-boards-order": 4,
    "tokens": 70,
    "white-tokens": 50,
    "orange-tokens": 20,
    "white-tokens-gain-income": 12,
    "white-tokens-attain-influence": 7,
    "white-tokens-recruit": 7,
    "white-tokens-military-strength": 13,
    "white-tokens-steal": 11,
    "swords": 5,
    "coins": 50,
    "bag": 1,
    "rulebook-booklet": 1,
    "scholars-guidebook": 1,
}

# component id -> the phrase of the seed's component list that states its count
SEED_PHRASES = {
    "action-cards": r"Action Cards \((\d+) Cards\)",
    "scholar-cards": r"Scholar Cards \((\d+) Cards\)",
    "battle-cards": r"Battle Cards \((\d+) cards\)",
    "battle-cards-green": r"increase mili-\s*tary strength \((\d+) cards\)",
    "battle-cards-red": r"decrease military\s*A? ?strength \((\d+) cards\)",
    "battle-cards-gray": r"immedi-\s*- ately \((\d+) cards\)",
    "hashash-cards": r"Hashash Cards \((\d+) Cards\)",
    "reference-cards": r"Reference Cards \((\d+) Cards\)",
    "character-boards": r"Character Boards \((\d+) Boards\)",
    "character-boards-kingdom": r"Kingdom \((\d+) Boards\)",
    "character-boards-people": r"People \((\d+)\s+Boards\)",
    "character-boards-order": r"Order \((\d+) Boards\)",
    "tokens": r"Tokens \((\d+) Pieces\)",
    "white-tokens": r"White tokens \((\d+) pieces\)",
    "orange-tokens": r"Orange tokens \((\d+) pieces\)",
    "swords": r"Swords \((\d+) Swords\)",
    "coins": r"Coins \((\d+) Pieces\)",
    "bag": r"Bag \((\d+) Bag\)",
    "rulebook-booklet": r"Game Rules \((\d+) Booklet\)",
    "scholars-guidebook": r"Scholars Guidebook \((\d+) Booklet\)",
}


@pytest.fixture(scope="module")
def loaded():
    return checked(GAME)


@pytest.fixture(scope="module")
def seed_text() -> str:
    return seed(SEED.name)


def test_inventory_counts_are_the_source_component_list(loaded):
    game, _ = loaded
    counts = {c.id: c.count for c in game.game.components}
    assert {ident: counts.get(ident) for ident in SEED_COMPONENTS} == SEED_COMPONENTS


@pytest.mark.parametrize("component", sorted(SEED_PHRASES))
def test_source_states_each_count(seed_text, component):
    match = re.search(SEED_PHRASES[component], seed_text)
    assert match, f"the source no longer states {SEED_PHRASES[component]}"
    assert int(match[1]) == SEED_COMPONENTS[component]


def test_source_states_the_white_token_and_coin_captions(seed_text):
    """The per-symbol captions: 12, 7 over the first row (20 is the orange tokens), then
    7, 11, 13 split over lines; the coin captions give only 13 and 12."""
    first = re.search(
        r"Gain Income .*\n\((\d+) pieces\) \((\d+) pieces\) \((\d+) pieces\)", seed_text
    )
    assert first and tuple(map(int, first.groups())) == (12, 7, 20)
    second = re.search(
        r"Recruit Increase Military Steal\s*\n\s*\((\d+) pieces\) Strength \((\d+) pieces\)\s*\n\s*\((\d+) pieces\)",
        seed_text,
    )
    assert second and tuple(map(int, second.groups())) == (7, 11, 13)
    assert sum((12, 7, 7, 11, 13)) == SEED_COMPONENTS["white-tokens"]
    assert re.search(r"\(13 coins\) \(12 coins\)", seed_text)


def test_check_passes_with_the_source_contradictions_acknowledged(loaded):
    _, report = loaded
    assert not report.errors, "\n".join(f.as_text() for f in report.errors)
    assert acknowledged(report) == ["order-hand", "sect-leader-only", "setup-step-citation"]
    # The rulebook and guide are written apart and get their own text checks; the data's only
    # warnings are the placeholders where the source gives nothing.
    assert data_warnings(report) == {"placeholder"}


def test_build_places_every_printed_component_of_the_inventory(loaded, pnp, tmp_path):
    game, _ = loaded
    result = pnp(
        "build", str(GAME), "-o", str(tmp_path), "--only", "cards,tokens,boards,rulebook,guides"
    )
    assert result.exit_code == 0, result.output
    placed, manifest = placed_counts(tmp_path / "belaad")
    printed = [c for c in game.game.components if c.provided]
    assert set(placed) == {c.id for c in printed}
    for component in printed:
        if component.count is not None:
            assert placed[component.id] == component.count, component.id
    # The coin kinds carry no count of their own (the source's captions are not attributable);
    # what prints of them makes up the 50 coins.
    coins = [c.id for c in printed if c.part_of == "coins"]
    assert len(coins) == 3
    assert sum(placed[ident] for ident in coins) == SEED_COMPONENTS["coins"]
    boards = next(f for f in manifest["files"] if f["kind"] == "boards")
    assert boards["pages"] == 4
