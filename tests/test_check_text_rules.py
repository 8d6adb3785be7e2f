"""The text rules on rulebook files with no game, errata acknowledgements, and the seeds' own slips."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import HEROES_CSV
from tests.kits import seed_path

SEED_FILES = {"003": "003_2f5230227a35eb4d.txt", "004": "004_33ebaadaf2120c56.txt"}

RULES_TXT = """\
1. SETUP
Each player takes a Bank (see section 2). Then read step 5 and page 3.
There are three types of orders:
- Move
- Build
2. SCORING
1. Count your points.
3. Add the Mujahideen bonus, then the Mujahideen penalty, then the Mjahideen tax.
2. SCORING
4. BUILDINGS
Bank: gives 1 gold each round.
"""


def test_every_text_rule_names_file_line_and_what_it_expected(game, pnp):
    game({"rules.txt": RULES_TXT})
    result = pnp("check", "demo/rules.txt")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "demo/rules.txt:2:39: warning reference-topic: cites 2 (SCORING) about 'bank', "
        "expected 4 (BUILDINGS), which defines it",
        "demo/rules.txt:2:58: error rulebook-reference: expected a step 5 in a numbered list, "
        "found none",
        "demo/rules.txt:3:11: warning stated-count: expected 2 types of orders as listed below, "
        "found the text says three",
        "demo/rules.txt:8:1: error step-numbering: expected step 2 after 1, found 3 (steps 1, 3)",
        "demo/rules.txt:8:68: warning term-variant: expected one spelling of 'Mujahideen' "
        "(2 uses), found 'Mjahideen' (1 use)",
        "demo/rules.txt:9:1: error rulebook-numbering: expected a new section number, found 2 "
        "again (first at line 6)",
        "demo/rules.txt:10:1: error rulebook-numbering: expected the section after 2, found 4",
    ]
    assert "4 error(s), 3 warning(s)" in result.stderr


def test_page_references_are_checked_when_the_text_has_pages(game, pnp):
    game({"paged.txt": "1. RULES\fMore rules.\fSee page 4 for the scoring.\n"})
    result = pnp("check", "demo/paged.txt")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "demo/paged.txt:3:10: error rulebook-reference: expected a page up to 3, found page 4"
    ]


@pytest.mark.parametrize(
    "heading",
    ["## [7.2] Calculating Hits", "7.2 Calculating Hits", "**[7.2] Calculating Hits:** Roll."],
)
def test_sections_numbered_in_the_usual_ways_are_found(game, pnp, heading):
    game({"rules.md": f"## [7.1] Combat\nRoll a die (7.2), never (7.3).\n\n{heading}\n"})
    result = pnp("check", "demo/rules.md")
    assert result.stdout.splitlines() == [
        "demo/rules.md:2:26: error rulebook-reference: expected section 7.3 to exist, "
        "found no such section"
    ]


def test_lettered_parts_and_x0_chapters_count_as_sections(game, pnp):
    text = (
        "[10.0] SOVEREIGNS\nA) Paladin sovereigns\nB) Barbarian sovereigns\nSee 10.B and (10.0).\n"
    )
    game({"rules.txt": text.replace("See 10.B", "See section 10B")})
    result = pnp("check", "demo/rules.txt")
    assert (result.exit_code, result.stdout) == (0, "")


def test_a_paragraph_ends_the_list_a_count_refers_to(game, pnp):
    text = "There are three camps:\n\n- Kingdom\n- People\n- Order\n\nAnd two more:\n\n- Sultan\n"
    game({"rules.md": text})
    result = pnp("check", "demo/rules.md")
    assert (result.exit_code, result.stdout) == (0, "")


def test_acknowledged_findings_print_as_info_and_pass(game, pnp):
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Spend a gold coin."),
            "errata.yaml": """\
                - id: coin-wording
                  topic: Coin wording
                  source: The source says gold coin on the Mage.
                  decision: Kept as the source words it.
                  acknowledges:
                    - {rule: term-alias, match: "'mage'"}
                """,
        }
    )
    result = pnp("check", "demo", "--strict")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "demo/decks/heroes.csv:3:13: info term-alias: 'mage' text: says 'gold coin'; the "
        "canonical term is 'talent' (acknowledged in errata: coin-wording)"
    ]
    assert "0 error(s), 0 warning(s), 1 acknowledged in errata" in result.stderr


def test_an_erratum_that_answers_nothing_is_a_warning(game, pnp):
    game(
        {
            "errata.yaml": """\
                - id: old-decision
                  topic: Something since fixed
                  source: The source once said so.
                  decision: We fixed it.
                  acknowledges:
                    - {rule: count-mismatch, match: hero-cards}
                """
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "demo/errata.yaml:6:7: warning stale-erratum: erratum 'old-decision' expected a "
        "count-mismatch finding matching 'hero-cards', found none: remove it or update its match"
    ]
    assert pnp("check", "demo", "--strict").exit_code == 1


def _seed(tmp_path: Path, prefix: str) -> Path:
    """A copy of a seed under a short name, as a user would pass their own rulebook."""
    source = seed_path(SEED_FILES[prefix])
    return Path(shutil.copy(source, tmp_path / f"seed{prefix}.txt"))


def test_the_two_player_seed_shows_its_known_slips(tmp_path, pnp, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(_seed(tmp_path, "004")))
    found = [line.split(": ", 2)[1:] for line in result.stdout.splitlines()]
    assert [(code, message.split(",")[0]) for code, message in found] == [
        ("warning reference-topic", "cites 9 (PENALTIES APPLIED IN SCORING) about 'sovereign'"),
        (
            "warning reference-topic",
            "cites 12 (PALADINS AND BARBARIANS: SPECIAL BUILDING FEATURES) about 'bank'",
        ),
        (
            "warning reference-topic",
            "cites 12 (PALADINS AND BARBARIANS: SPECIAL BUILDING FEATURES) about 'treasure house'",
        ),
        (
            "warning reference-topic",
            "cites 12 (PALADINS AND BARBARIANS: SPECIAL BUILDING FEATURES) about 'library'",
        ),
        ("error step-numbering", "expected step d after c"),
        (
            "warning reference-topic",
            "cites 12 (PALADINS AND BARBARIANS: SPECIAL BUILDING FEATURES) about 'altar'",
        ),
    ]


def test_the_first_jihad_seed_reports_missing_cases(tmp_path, pnp, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(_seed(tmp_path, "003")))
    missing = [
        line.rsplit("section ", 1)[1].split()[0]
        for line in result.stdout.splitlines()
        if "rulebook-reference: expected section" in line
    ]
    assert missing == ["13.3.1", "8.5.4", "9.1.2.1", "6.9.1", "8.2.3", "14.10.3", "17.6.6", "23"]
    assert "found 'Mjahideen' (3 uses)" in result.stdout
