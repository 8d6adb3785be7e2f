"""Ayubistan: the inventory agrees with the source's component list, and the kit prints all of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.kits import SEEDS, acknowledged, checked, data_warnings, placed_counts, seed

ROOT = Path(__file__).parent.parent
GAME = ROOT / "card_data" / "ayubistan"
SEED = SEEDS / "001_8aa67d522cafab2f.txt"

# The component list of the source ("Components"), written out here and, where the seed is
# beside the checkout, matched against its own phrases below.
SEED_COMPONENTS = {
    "dirham-cards": 100,
    "five-dirham-cards": 50,
    "dinar-cards": 50,
    "player-troop-cards": 80,
    "mushrikeen-troop-cards": 33,
    "hasanat-tokens": 63,
    "sayeat-tokens": 60,
    "action-cards": 44,
}
# The action cards the source numbers (33-38 and 39-41), the rest of the 44, and the Turn
# Structure card the rules mention although the component list leaves it out.
NUMBERED_PARTS = {
    "thief-temptation-cards": 6,
    "mushrikeen-army-cards": 3,
    "other-action-cards": 35,
    "turn-structure-card": 1,
}

# component id -> the phrase of the seed's component list that states its count
SEED_PHRASES = {
    "dirham-cards": r"- (\d+) Dirhams \(1-unit silver cards\)",
    "five-dirham-cards": r"- (\d+) Five-Dirham cards \(worth 5 Dirhams each\)",
    "dinar-cards": r"- (\d+) Dinars \(gold cards; 1 Dinar = 10 Dirhams\)",
    "player-troop-cards": r"- (\d+) Player Troops",
    "mushrikeen-troop-cards": r"- (\d+) Mushrikeen Army Troops",
    "hasanat-tokens": r"- (\d+) Hasanat \(Good Deeds\) Tokens",
    "sayeat-tokens": r"- (\d+) Sayeat \(Bad Deeds\) Tokens",
    "action-cards": r"Cards - (\d+) Action Cards",
}

# Every contradiction and term drift the checker reports, each answered by an erratum.
ACKNOWLEDGED = [
    "action-deck-setup",
    "bank-supply",
    "hasanat-per-turn",
    "joiner-troops",
    "muslim-loss-seizure",
    "pvp-spoils",
    "pvp-winner-keeps",
    "term-army-card",
    "term-donate",
    "term-hasana",
    "term-join-forces",
    "term-money",
    "term-mushrikeen-troop",
    "term-player-troop",
    "term-theft-card",
    "term-troop-supply",
    "troop-supply",
]


@pytest.fixture(scope="module")
def loaded():
    return checked(GAME)


@pytest.fixture(scope="module")
def seed_text() -> str:
    """The seed with its line breaks, odd hyphens and curly apostrophes made plain."""
    text = seed(SEED.name)
    text = re.sub(r"[\u2010\u2011]", "-", text).replace("\u2019", "'")
    return re.sub(r"\s+", " ", text)


def _params(game) -> dict:
    return {name: p.value for name, p in game.game.parameters.items()}


def test_inventory_counts_are_the_source_component_list(loaded):
    game, _ = loaded
    counts = {c.id: c.count for c in game.game.components}
    expected = {**SEED_COMPONENTS, **NUMBERED_PARTS}
    assert {ident: counts.get(ident) for ident in expected} == expected
    assert set(counts) == set(expected)
    parts = [c.count for c in game.game.components if c.part_of == "action-cards"]
    assert sum(parts) == SEED_COMPONENTS["action-cards"]


@pytest.mark.parametrize("component", sorted(SEED_PHRASES))
def test_source_states_each_count(seed_text, component):
    match = re.search(SEED_PHRASES[component], seed_text)
    assert match, f"the source no longer states {SEED_PHRASES[component]}"
    assert int(match[1]) == SEED_COMPONENTS[component]


def test_source_numbers_the_thief_and_army_cards(seed_text, loaded):
    game, _ = loaded
    thief = re.search(r"The Thief's Temptation Card \(([\d,]+)\)", seed_text)
    armies = re.search(r"Mushrikeen Battles \(PvE\) Card \(([\d,]+)\)", seed_text)
    assert thief and armies
    decks = {
        deck.id: [piece.model_dump() for piece in game.piece_files[deck.id].pieces]
        for deck in game.game.decks
    }
    assert [int(n) for n in thief[1].split(",")] == [
        c["number"] for c in decks["deck-thief-temptation"]
    ]
    assert [int(n) for n in armies[1].split(",")] == [
        c["number"] for c in decks["deck-mushrikeen-armies"]
    ]
    assert len(thief[1].split(",")) == NUMBERED_PARTS["thief-temptation-cards"]
    assert len(armies[1].split(",")) == NUMBERED_PARTS["mushrikeen-army-cards"]
    best_of = re.search(
        r"best of (\d+) for the Byzantines, best of (\d+) for the Crusaders, "
        r"and best of (\d+) for the Mongols",
        seed_text,
    )
    assert best_of
    assert [int(n) for n in best_of.groups()] == [
        c["best_of"] for c in decks["deck-mushrikeen-armies"]
    ]


def test_source_deed_pools_and_starting_resources(seed_text, loaded):
    game, _ = loaded
    rows = {
        row["players"]: (row["hasanat"], row["sayeat"])
        for row in game.game.tables["deed_pools"].rows
    }
    for players in (2, 3):
        match = re.search(
            rf"{players} players: (\d+) Hasanat \(Good Deeds\) and (\d+) Sayeat", seed_text
        )
        assert match and rows[players] == tuple(map(int, match.groups()))
    everything = re.search(
        r"4-6 players: All (\d+) Hasanat \(Good Deeds\) and all (\d+) Sayeat", seed_text
    )
    assert everything
    for players in (4, 5, 6):
        assert rows[players] == tuple(map(int, everything.groups()))
    given = re.search(
        r"Give each player: - (\d+) Dirhams - (\d+) Five-Dirham card - (\d+) Dinars - (\d+) Troops",
        seed_text,
    )
    assert given
    params = _params(game)
    assert tuple(map(int, given.groups())) == (
        params["starting_dirhams"],
        params["starting_five_dirham_cards"],
        params["starting_dinars"],
        params["starting_troops"],
    )


def test_turn_structure_card_is_mentioned_but_not_listed(seed_text, loaded):
    game, _ = loaded
    components = seed_text.split(" Components ", 1)[1].split(" Player Counts and ", 1)[0]
    assert "Turn Structure" not in components
    assert re.search(r"The .Turn Structure. card should stay in the middle", seed_text)
    card = next(c for c in game.game.components if c.id == "turn-structure-card")
    assert card.placeholder


def test_troop_decks_share_one_back(loaded):
    game, _ = loaded
    decks = {deck.id: deck for deck in game.game.decks}
    player, mushrikeen = decks["deck-player-troops"], decks["deck-mushrikeen-troops"]
    assert player.back_layout == mushrikeen.back_layout == "ayubistan-troop-back"
    assert player.back == mushrikeen.back
    for ident in ("deck-player-troops", "deck-mushrikeen-troops"):
        assert all(piece.back is None for piece in game.piece_files[ident].pieces)


def test_check_passes_with_the_source_contradictions_acknowledged(loaded):
    _, report = loaded
    assert not report.errors, "\n".join(f.as_text() for f in report.errors)
    assert acknowledged(report) == ACKNOWLEDGED
    # The rulebook is written apart and gets its own text checks; the data's only warnings are
    # the placeholders where the source gives nothing.
    assert data_warnings(report) == {"placeholder"}


def test_build_places_every_printed_component_of_the_inventory(loaded, pnp, tmp_path):
    game, _ = loaded
    result = pnp(
        "build", str(GAME), "-o", str(tmp_path), "--only", "cards,tokens,png", "--dpi", "72"
    )
    assert result.exit_code == 0, result.output
    out = tmp_path / "ayubistan"
    placed, _ = placed_counts(out)
    printed = [c for c in game.game.components if c.provided and c.kind != "booklet"]
    assert set(placed) >= {c.id for c in printed}
    for component in printed:
        assert placed[component.id] == component.count, component.id
    # The two Troop decks print the very same back, so a mixed battle stack gives nothing away.
    player = (out / "png" / "deck-player-troops" / "player-troop-back.png").read_bytes()
    mushrikeen = (out / "png" / "deck-mushrikeen-troops" / "mushrikeen-troop-back.png").read_bytes()
    assert player == mushrikeen
