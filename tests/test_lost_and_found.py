"""Lost & Found: New Harvest: the inventory agrees with the source's contents list, the
source's contradictions are acknowledged, and the kit prints all of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.kits import SEEDS, acknowledged, checked, data_warnings, placed_counts, seed

ROOT = Path(__file__).parent.parent
GAME = ROOT / "card_data" / "lost-and-found"
SEED = SEEDS / "002_494466d53337a7ae.txt"

# The source's contents list, as numbers, plus the two shared mats that setup step 4 adds
# ("two additional game mats"); written out here and, where the seed is beside the checkout,
# matched against it below.
SEED_COMPONENTS = {
    "role-cards": 10,
    "play-mats": 5,
    "communal-responsibility-cards": 10,
    "family-responsibility-cards": 25,
    "event-cards": 36,
    "lost-resource-cards": 6,
    "starting-resource-cards": 10,
    "resource-cards": 86,
    "spare-resource-cards": 20,
    "ihtesaab-cards": 10,
    "bonus-tracker-cards": 10,
    "communal-mat": 1,
    "spare-resource-mat": 1,
}

WORDS = {"one": 1, "two": 2, "five": 5, "six": 6}

# component id -> the phrase of the seed that states its count, and how the groups make it
SEED_PHRASES = {
    "role-cards": (r"(\d+) Role cards \(two copies of each of five roles\)", lambda g: int(g[0])),
    # "a corresponding Play Mat for each role", of the five roles the same line names
    "play-mats": (
        r"two copies of each of (\w+) roles\) and a corresponding Play Mat for each role",
        lambda g: WORDS[g[0]],
    ),
    "communal-responsibility-cards": (
        r"Communal Responsibility deck of (\d+) cards",
        lambda g: int(g[0]),
    ),
    "family-responsibility-cards": (
        r"(\d+) Family Responsibility decks of (\d+) cards each",
        lambda g: int(g[0]) * int(g[1]),
    ),
    "event-cards": (r"Event deck of (\d+) cards", lambda g: int(g[0])),
    "lost-resource-cards": (r"Lost Resource deck of (\d+) cards", lambda g: int(g[0])),
    "starting-resource-cards": (r"Starting Resource deck of (\d+) cards", lambda g: int(g[0])),
    "resource-cards": (r"(?m)^\W*Resource deck of (\d+) cards", lambda g: int(g[0])),
    "spare-resource-cards": (r"Spare Resource deck of (\d+) cards", lambda g: int(g[0])),
    "ihtesaab-cards": (r"Heshbon deck of (\d+) cards", lambda g: int(g[0])),
    "bonus-tracker-cards": (r"(\d+) Bonus Tracker cards", lambda g: int(g[0])),
}

# The decisions in errata.yaml that answer a checker finding, one per contradiction.
ACKNOWLEDGED = [
    "illegal-owner-spelling",
    "ihtesaab-name",
    "ihtesaab-timing",
    "lost-resource-deck-name",
    "responsibility-choices",
    "return-to-neighbour",
    "shared-mats",
    "transgression-pile-name",
    "zakat-ties",
]


@pytest.fixture(scope="module")
def loaded():
    return checked(GAME)


@pytest.fixture(scope="module")
def seed_text() -> str:
    return seed(SEED.name)


def test_inventory_counts_are_the_source_contents_list(loaded):
    game, _ = loaded
    counts = {c.id: c.count for c in game.game.components}
    assert {ident: counts.get(ident) for ident in SEED_COMPONENTS} == SEED_COMPONENTS
    # Everything else in the inventory is a part of one of those lines (the event seasons).
    others = [c for c in game.game.components if c.id not in SEED_COMPONENTS]
    assert {c.part_of for c in others} == {"event-cards"}
    assert all(c.placeholder for c in others)


@pytest.mark.parametrize("component", sorted(SEED_PHRASES))
def test_source_states_each_count(seed_text, component):
    pattern, total = SEED_PHRASES[component]
    match = re.search(pattern, seed_text)
    assert match, f"the source no longer states {pattern}"
    assert total(match.groups()) == SEED_COMPONENTS[component]


def test_source_states_the_setup_figures(seed_text, loaded):
    game, _ = loaded
    params = {name: p.value for name, p in game.game.parameters.items()}
    mats = re.search(r"There are (\w+) additional game mats", seed_text)
    assert mats and WORDS[mats[1]] == params["mats_outside_contents"]
    assert SEED_COMPONENTS["communal-mat"] + SEED_COMPONENTS["spare-resource-mat"] == WORDS[mats[1]]
    lost = re.search(r"Shuffle the (\w+)-card Lost Resources deck", seed_text)
    assert lost and WORDS[lost[1]] == params["lost_resource_deck_size"]
    reshuffle = re.search(r"resolve the first (\d+)\s+resources", seed_text)
    assert reshuffle and int(reshuffle[1]) == params["ihtesaab_resolve_before_reshuffle"]
    limit = re.search(r"may only hold (\d+) Resources in hand", seed_text)
    assert limit and int(limit[1]) == params["hand_limit"]
    zakat = re.search(r"Pay \((\d+)\) worth of cards, -(\d+) for each", seed_text)
    assert zakat and (int(zakat[1]), int(zakat[2])) == (
        params["zakat_cost"],
        params["zakat_reduction"],
    )
    assert re.search(r"Build a Mosque and (\d+) other", seed_text)[1] == str(
        params["communal_other_to_complete"]
    )
    assert re.search(r"Zakat and (\d+) other", seed_text)[1] == str(
        params["family_other_to_complete"]
    )


def test_source_spells_the_drifting_terms_as_the_errata_say(seed_text, loaded):
    """Each spelling the data records for a term occurs in the source."""
    game, _ = loaded
    rows = game.game.tables["source_spellings"].rows
    for row in rows:
        for spelling in row["spellings"]:
            assert spelling in seed_text, spelling
    assert len(rows) == 4


def test_check_passes_with_the_source_contradictions_acknowledged(loaded):
    _, report = loaded
    assert not report.errors, "\n".join(f.as_text() for f in report.errors)
    assert acknowledged(report) == sorted(ACKNOWLEDGED)
    # The rulebook is written apart and gets its own text checks; the data's only warnings
    # are the placeholders where the source gives nothing.
    assert data_warnings(report) == {"placeholder"}


def test_build_places_every_printed_component_of_the_inventory(loaded, pnp, tmp_path):
    game, _ = loaded
    result = pnp("build", str(GAME), "-o", str(tmp_path), "--only", "cards,boards")
    assert result.exit_code == 0, result.output
    placed, manifest = placed_counts(tmp_path / "lost-and-found")
    printed = [c for c in game.game.components if c.provided]
    assert set(placed) == {c.id for c in printed}
    for component in printed:
        assert placed[component.id] == component.count, component.id
    seasons = [c.id for c in printed if c.part_of == "event-cards"]
    assert len(seasons) == 4
    assert sum(placed[ident] for ident in seasons) == SEED_COMPONENTS["event-cards"]
    sheets = [f for f in manifest["files"] if f["kind"] == "cards" and f["format"] == "sheets"]
    cards = sum(c.count for c in printed if c.kind == "card" and c.part_of is None)
    assert sum(f["cards"] for f in sheets) == cards
