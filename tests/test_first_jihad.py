"""The First Jihad: the inventory agrees with the source's Parts Inventory, every tile has two
sides, the fifty Event Cards are numbered and coloured as the rules say, the source's broken
citations and term drift are acknowledged, and the kit prints all of it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.kits import (
    SEEDS,
    acknowledged,
    checked,
    data_warnings,
    placed_counts,
    seed,
    seed_path,
)

ROOT = Path(__file__).parent.parent
GAME = ROOT / "card_data" / "first-jihad"
SEED = SEEDS / "003_2f5230227a35eb4d.txt"

# The Parts Inventory of the source (2.0), written out here and, where the seed is beside the
# checkout, matched against its own lines below.
SEED_COMPONENTS = {
    "map-board": 1,
    "tiles": 72,
    "event-cards": 50,
    "rules-booklet": 1,
    "player-aid-card": 1,
    "event-descriptions-card": 1,
    "rules-index-card": 1,
    "players-guide-card": 1,
}
# The event cards by era (3.2), and the dice the rules roll though the inventory omits them.
PARTS = {"green-cards": 12, "yellow-cards": 12, "red-cards": 12, "black-cards": 14}
NOT_PROVIDED = {"event-descriptions-card", "rules-index-card", "players-guide-card", "dice"}

# component id -> the line of the Parts Inventory that states its count
SEED_PHRASES = {
    "map-board": r"- (\d+) 11\" x 17\" full color cardstock map",
    "tiles": r"- (\d+) double-sided color Tiles",
    "event-cards": r"- (\d+) Event Cards",
    "rules-booklet": r"- (\d+) Rules Booklet",
    "player-aid-card": r"- (\d+) 8½ x 11\" Player Aid Card",
    "event-descriptions-card": r"- (\d+) 8½ x 11\" Event Descriptions Card",
    "rules-index-card": r"- (\d+) 8½ x 11\" Rules Index Card",
    "players-guide-card": r"- (\d+) 8½ x 11\" \"Players' Guide\" Card",
}
DECKS = ["deck-green", "deck-yellow", "deck-red", "deck-black"]
ROSE_FIELDS = ["greek", "med", "african", "indian", "parthian", "caucasus", "ap_west", "ap_east"]

# Every contradiction and term drift the checker reports, each answered by an erratum.
ACKNOWLEDGED = sorted(
    [
        "cite-bulgars-inverted",
        "cite-cavalry-raid",
        "cite-damascus-check",
        "cite-divided-spending",
        "cite-end-of-era",
        "cite-immortals",
        "cite-no-live-path",
        "cite-rally-then-attack",
        "misdirect-elephants",
        "misdirect-neutrals",
        "misdirect-revival",
        "misdirect-themes-hits",
        "persian-truce-conditions",
        "step-muslim-navy",
        "step-socotra-diplomacy",
        "step-truce-ap",
        "step-truce-diplomacy",
        "step-truce-violation",
        "term-catholic-colour",
        "term-diplomacy-step",
        "term-dar-al-islam",
        "term-end-of-era",
        "term-esfahan",
        "term-mecca-tile",
        "term-mujahideen",
        "term-skill-track",
        "term-trade-closed",
        "victory-gap",
    ]
)


@pytest.fixture(scope="module")
def loaded():
    return checked(GAME)


@pytest.fixture(scope="module")
def seed_text() -> str:
    """The seed with its curly quotes made plain and its line breaks as spaces."""
    text = seed(SEED.name)
    text = text.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'")
    return re.sub(r"\s+", " ", text)


def _pieces(game, ident: str) -> list[dict]:
    return [piece.model_dump() for piece in game.piece_files[ident].pieces]


def _cards(game) -> list[dict]:
    return [card for deck in DECKS for card in _pieces(game, deck)]


def test_inventory_counts_are_the_source_parts_inventory(loaded):
    game, _ = loaded
    counts = {c.id: c.count for c in game.game.components}
    expected = {**SEED_COMPONENTS, **PARTS}
    assert {ident: counts.get(ident) for ident in expected} == expected
    assert set(counts) == set(expected) | {"dice"}
    parts = [c.count for c in game.game.components if c.part_of == "event-cards"]
    assert sum(parts) == SEED_COMPONENTS["event-cards"]
    components = {c.id: c for c in game.game.components}
    assert {c.id for c in game.game.components if not c.provided} == NOT_PROVIDED
    # The dice are in the rules but not the inventory: no count, marked.
    assert components["dice"].count is None and components["dice"].placeholder
    assert components["map-board"].size == "11x17in"
    assert (components["tiles"].size, components["tiles"].sides) == ("5/8in", 2)
    assert components["player-aid-card"].provided_by == "player-aid"
    assert components["rules-booklet"].provided_by == "rulebook"


@pytest.mark.parametrize("component", sorted(SEED_PHRASES))
def test_source_states_each_count(seed_text, component):
    match = re.search(SEED_PHRASES[component], seed_text)
    assert match, f"the source no longer states {SEED_PHRASES[component]}"
    assert int(match[1]) == SEED_COMPONENTS[component]


def test_source_numbers_the_eras_and_the_basic_deck(seed_text, loaded):
    game, _ = loaded
    eras = re.search(
        r"green\*\* \(earliest; Cards (\d+)-(\d+)\), \*\*yellow\*\* \(Cards (\d+)-(\d+)\), "
        r"\*\*red\*\* \(Cards (\d+)-(\d+)\), then \*\*black\*\* \(latest; Cards (\d+)-(\d+)\)",
        seed_text,
    )
    assert eras
    bounds = [int(n) for n in eras.groups()]
    rows = game.game.tables["eras"].rows
    assert [v for row in rows for v in (row["first"], row["last"])] == bounds
    for deck, row in zip(DECKS, rows, strict=True):
        assert [c["number"] for c in _pieces(game, deck)] == list(
            range(row["first"], row["last"] + 1)
        )
        assert {c["era"] for c in _pieces(game, deck)} == {row["era"]}
    basic = re.search(r"(\d+) are used in the Basic Game\. \*\*(\d+) additional", seed_text)
    assert basic
    params = {name: p.value for name, p in game.game.parameters.items()}
    assert (int(basic[1]), int(basic[2])) == (
        params["basic_game_cards"],
        params["advanced_box_cards"],
    )


def test_fifty_event_cards_numbered_with_their_rose(loaded):
    game, _ = loaded
    cards = _cards(game)
    assert sorted(c["number"] for c in cards) == list(range(1, 51))
    for card in cards:
        assert all(field in card for field in ROSE_FIELDS), card["id"]
    by_number = {c["number"]: c for c in cards}
    assert (by_number[45]["ap_west"], by_number[45]["ap_east"]) == (4, 3)
    assert by_number[32]["greek"] == 2
    assert {n for n, c in by_number.items() if c.get("advanced")} == {5, 30}
    assert {n for n, c in by_number.items() if c.get("red_star")} == {12}
    assert {n for n, c in by_number.items() if c.get("fixed")} == {1, 13, 25, 37, 50}
    # The layout draws the Rose from those fields, read from the crowned Greek hex.
    rose = next(e for e in game.layouts["fj-event"].elements if e.type == "rose")
    assert rose.outer == ROSE_FIELDS[:6] and rose.centre == ROSE_FIELDS[6:] and rose.crown
    colours = [row["colour"] for row in game.game.tables["paths"].rows]
    assert rose.colours == colours


def test_source_names_the_cards_we_title(seed_text, loaded):
    game, _ = loaded
    named = {
        int(n): title
        for n, title in re.findall(r"Card #(\d+) \(\"([^\"]+)\"\)", seed_text)
        + re.findall(r"Card #(\d+), \"([^\"]+)\"", seed_text)
    }
    named.update({int(n): t for t, n in re.findall(r"\"([^\"]+)\" \(Card #(\d+)\)", seed_text)})
    by_number = {c["number"]: c for c in _cards(game)}
    for number, title in named.items():
        if number in (2,):  # card 2: its events are named after it as well (errata card-two-events)
            continue
        assert by_number[number]["name"].rstrip("!,.") == title.rstrip("!,."), number
    assert by_number[2]["name"] == "Farewell, Syria"


def test_every_tile_has_two_sides(loaded):
    game, _ = loaded
    sheet = next(s for s in game.game.token_sheets if s.id == "sheet-tiles")
    assert (sheet.sides, sheet.size, sheet.shape) == (2, "5/8in", "square")
    assert sheet.back_layout == "fj-tile-back"
    tiles = _pieces(game, "sheet-tiles")
    assert sum(t["quantity"] for t in tiles) == 72
    for tile in tiles:
        if tile["group"] == "blank":
            assert tile["placeholder"]
            continue
        front = any(k in tile for k in ("caption", "label", "number"))
        back = any(k in tile for k in ("back_caption", "back_label", "back_number"))
        assert front and back, tile["id"]
    armies = [t for t in tiles if t["group"] == "army" and not t["id"].startswith("garrison")]
    assert len({t["nation"] for t in tiles if t["group"] == "army"}) == 14
    assert all(t.get("back_stripe") for t in armies)
    kaaba = [t["number"] for t in tiles if t["group"] == "kaaba"]
    assert kaaba == [3, 4, 5, 6, 7, 8]


def test_map_has_every_land_of_the_lands_table(loaded):
    game, _ = loaded
    board = game.game.boards[0]
    chart = next(e for e in board.elements if e.type == "map")
    names = {area.name for area in chart.areas}
    lands = {row["land"] for row in game.game.tables["lands"].rows} - {"Ends of the Earth"}
    assert lands <= names
    assert "Mecca" in names
    kinds = {tuple(c.between): c.kind for c in chart.connections}
    assert kinds[("transoxiana", "fergana-valley")] == "mountain"
    assert kinds[("khorasan", "transoxiana")] == "river"
    assert kinds[("sindh", "mulasthana")] == "river"
    assert kinds[("tingitana", "hispania")] == "straits"
    # Every untyped crossing is marked, not invented.
    for connection in chart.connections:
        if connection.kind == "unknown":
            assert connection.placeholder


def test_seed_checker_findings_are_the_recorded_citations_and_variants(seed_text, loaded, pnp):
    game, _ = loaded
    result = pnp("check", str(seed_path(SEED.name)), "--format", "json")
    findings, _ = json.JSONDecoder().raw_decode(result.output)
    missing = {
        re.search(r"expected section (\S+) to exist", f["message"])[1]
        for f in findings
        if f["code"] == "rulebook-reference" and "expected section" in f["message"]
    }
    recorded = {
        re.sub(r"\.0$", "", row["cites"]) for row in game.game.tables["source_citations"].rows
    }
    assert missing == recorded
    variants = {
        tuple(re.findall(r"'([^']+)'", f["message"])[:2])
        for f in findings
        if f["code"] == "term-variant"
    }
    spellings = {row["spelling"] for row in game.game.tables["source_terms"].rows}
    for canonical, variant in variants:
        assert {canonical, variant} <= spellings


def test_check_passes_with_the_source_contradictions_acknowledged(loaded):
    _, report = loaded
    assert not report.errors, "\n".join(f.as_text() for f in report.errors)
    assert acknowledged(report) == ACKNOWLEDGED
    # The rulebook and player aid are written apart and get their own text checks; the data's
    # only warnings are the placeholders where the source gives nothing.
    assert data_warnings(report) == {"placeholder"}


def test_build_places_every_printed_component_of_the_inventory(loaded, pnp, tmp_path):
    game, _ = loaded
    only = "cards,tokens,boards"
    if (GAME / "rulebook.md").is_file() and (GAME / "player-aid.md").is_file():
        only += ",rulebook,guides"
    result = pnp("build", str(GAME), "-o", str(tmp_path), "--only", only)
    assert result.exit_code == 0, result.output
    placed, manifest = placed_counts(tmp_path / "first-jihad")
    printed = [
        c
        for c in game.game.components
        if c.provided and (c.kind != "booklet" or "rulebook" in only)
    ]
    assert {c.id for c in printed} <= set(placed)
    for component in printed:
        assert placed[component.id] == component.count, component.id
    kinds = {f["kind"] for f in manifest["files"]}
    assert {"cards", "tokens", "boards"} <= kinds
