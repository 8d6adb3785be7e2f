"""Errata decide what the source leaves open, mark our readings as readings, and speak to players.

Paladins and Barbarians contradicts itself in four places (Library timing, Altar timing, the
sphere of the Wall and Fortress, the Fortress's defense token); each has an erratum that picks
one answer, and the rule sentences follow it. Four rules rest on our reading rather than on the
source's words; each has an erratum saying so. No decision a player reads speaks of data,
placeholders, encoding or aliases.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.model.game import Erratum
from generator.render.rulebook import rulebook_text
from tests.kits import checked, seed

ROOT = Path(__file__).parent.parent
GAMES = sorted(p.name for p in (ROOT / "card_data").glob("*") if (p / "errata.yaml").is_file())
PALADINS = "paladins-and-barbarians"
READING = "This is our reading, not a rule the source states"
HEDGES = ("not settled", "unsettled", "neither is dropped", "both timings", "reviewer")
# What a program sees, not a player: the words the decisions must not use.
JARGON = re.compile(r"placeholder|encod|\bdata\b|\balias|\bfields?\b|marked as incomplete")

# Each contradiction: the erratum and a phrase its decision must commit to.
DECISIONS = {
    "library-purchase-timing": "Buy your Library cards in the fines payment / gold spending phase",
    "altar-timing": "Make the gift in the fines payment / gold spending phase",
    "protective-buildings-sphere": "They score in both spheres",
    "fortress-defense-token": "The Fortress keeps its defense token",
}
# Each reading: game, erratum, and the words of the rule it stands behind.
READINGS = [
    ("first-jihad", "starting-armies-from-example", ("Damascus", "Khuzestan", "Ctesiphon")),
    (PALADINS, "destiny-penalty-timing", ("before", "ranked")),
    ("lost-and-found", "event-cause-effect", ("Cause box", "Effect box")),
]


def errata(game: str) -> dict[str, Erratum]:
    """The game's errata as loaded, by id."""
    loaded, _ = checked(ROOT / "card_data" / game)
    return {e.id: e for e in loaded.game.errata}


def flat(text: str) -> str:
    """Text with its line breaks folded into spaces."""
    return " ".join(text.split())


@pytest.mark.parametrize("ident", sorted(DECISIONS))
def test_each_paladins_contradiction_is_decided(ident):
    entry = errata(PALADINS)[ident]
    decision = flat(entry.decision)
    assert DECISIONS[ident] in decision
    assert not [h for h in HEDGES if h in decision.lower()], decision
    assert re.search(r"section \d+", entry.source), "the source field says where"


@pytest.mark.parametrize(("game", "ident", "words"), READINGS)
def test_each_reading_is_marked(game, ident, words):
    entry = errata(game)[ident]
    decision = flat(entry.decision)
    assert decision.startswith(READING), decision
    assert all(w in decision for w in words), decision


@pytest.mark.parametrize("game", GAMES)
def test_decisions_speak_to_players(game):
    found = {
        e.id: m.group(0)
        for e in errata(game).values()
        for m in [JARGON.search(e.decision.lower())]
        if m
    }
    assert not found


def test_paladins_rulebook_follows_the_decisions():
    loaded, _ = checked(ROOT / "card_data" / PALADINS)
    text = flat(rulebook_text(loaded))
    assert "whether both apply is unsettled" not in text
    assert "both timings come from the source" not in text
    assert "buy your Library cards here" not in text  # no purchase in the kingdom bonus phase
    assert "They also count in the army sphere: both apply" in text
    assert "There it gives 1 extra defending strength while it lies there" in text
    assert "Apply a sphere penalty before that sphere is ranked; the source does not say when" in (
        text
    )


def test_readings_are_flagged_where_the_rule_is_printed():
    for game, phrase in [
        ("first-jihad", "which this kit reads as the opening position"),
        ("lost-and-found", "That layout is our reading of the source's card pictures"),
    ]:
        loaded, _ = checked(ROOT / "card_data" / game)
        assert phrase in flat(rulebook_text(loaded)), game


def test_paladins_seed_really_disagrees_with_itself():
    """The four contradictions are in the source as the errata describe them."""
    text = flat(seed("004_33ebaadaf2120c56.txt"))
    library = text.index("Library: each Library")
    assert "bonuses for building the Library and the Altar" in text
    assert "kingdom bonus and gold acquisition phase" in text[library : library + 300]
    assert "end of an age you may also pay" in text
    assert "each protective building (the Watchtower, the Wall and the Fortress)" in text
    assert text.count("brings you 1 scoring points for feat of arms") == 2
    fortress = text.index("Fortress: in order to conquer")
    assert "1 additional defending strength" in text[fortress : fortress + 400]
    assert "beginning of the combat phase" in text[fortress : fortress + 400]
