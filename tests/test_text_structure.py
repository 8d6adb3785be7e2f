"""Structure-aware reading of rulebook text: scoped numbering, heading evidence, citations,
excerpts, step labels and HTML that fails to parse (issue 16). All texts are made up here."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from generator.check.blocks import contents_lines, prose_lines
from generator.check.citations import citations
from generator.check.outline import NUMBERED, plain_outline
from generator.check.rulebook import check_text_file
from generator.findings import Report


def _findings(tmp_path: Path, text: str, name: str = "rules.txt", strict: bool = False):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    report = Report()
    check_text_file(path, report, strict=strict)
    return [(f.code, str(f.severity), f.position.line, f.message) for f in report.findings]


def _codes(findings, code: str) -> list[tuple]:
    return [f for f in findings if f[0] == code]


CASES = """\
[7.0] MOVEMENT

[7.1] Moving units

[7.11] A unit moves one hex at a time.

[7.12] A unit stops at a river.

[7.13] A unit may not enter a lake.

[7.2] Stacking

[7.21] Two units may share a hex.

[7.22] A third unit must leave.

[7.3] Supply
"""


def test_two_digit_sub_cases_are_children_of_their_case(tmp_path):
    assert _codes(_findings(tmp_path, CASES), "rulebook-numbering") == []


def test_a_skipped_sub_case_is_still_reported(tmp_path):
    text = CASES.replace("[7.13] A unit may", "[7.14] A unit may")
    found = _codes(_findings(tmp_path, text), "rulebook-numbering")
    assert [f[3] for f in found] == ["expected the section after 7.12, found 7.14"]


def test_decimal_numbering_after_nine_comes_ten(tmp_path):
    text = "\n\n".join(["1. BASICS"] + [f"1.{n} Rule number {n}." for n in range(1, 13)])
    assert _codes(_findings(tmp_path, text), "rulebook-numbering") == []


def test_numbered_steps_restart_under_each_chapter_heading(tmp_path):
    text = """\
# Rules

## Chapter A

### 1) Building

### 2) Trading

## Chapter B

### 1) Agenda

### 2) Voting

### 2) Counting
"""
    found = _codes(_findings(tmp_path, text, "rules.md"), "rulebook-numbering")
    assert [(f[2], f[3]) for f in found] == [
        (15, "expected a new section number, found 2 again (first at line 13)")
    ]


def test_a_heading_that_counts_players_is_no_section(tmp_path):
    text = "# Variants\n\n### 8 players\n\nDeal more cards.\n\n### 3 players\n\nDeal fewer.\n"
    assert plain_outline(text).sections == []


def test_hard_wrapped_lines_that_start_with_a_number_are_no_headings():
    text = """\
6.2 Moving

Units move along roads (see
6.2.3) and rivers; the rules for
5.11 for movement apply here.

6.3 Fighting
"""
    assert [s.number for s in plain_outline(text).sections] == ["6.2", "6.3"]


def test_indented_headings_count_and_wrapped_cases_with_a_title_count():
    text = """\
4.2 Special Moves
The leader may choose from Rush or Hold
4.2.1 Rush. A rushed unit moves twice.
  4.2.2 Hold. A held unit stays.
"""
    assert [s.number for s in plain_outline(text).sections] == ["4.2", "4.2.1", "4.2.2"]


def test_contents_pages_open_no_sections():
    text = """\
Table of Contents
1.0 INTRODUCTION 2
2.0 COMPONENTS 3
[3.0] SETUP. . . . . 4

1.0 INTRODUCTION
This is a game.
2.0 COMPONENTS
3.0 SETUP
"""
    outline = plain_outline(text)
    assert [(s.number, s.line) for s in outline.sections] == [("1", 6), ("2", 8), ("3", 9)]
    assert contents_lines(outline.lines, NUMBERED) >= {2, 3, 4}


def test_front_matter_code_scripts_and_comments_are_not_prose():
    text = """\
---
title: 1. NOT A SECTION
---
Real text, Step 9 of nothing.
```
see 99.9
```
<script>
// Step 4: hidden
</script>
<!-- Step 5 --> shown
"""
    lines = prose_lines(text)
    assert lines[:3] == ["", "", ""]
    assert lines[4:10] == ["", "", "", "", "", ""]
    assert lines[10].strip() == "shown"
    assert [c.target for c in citations(plain_outline(text))] == ["9"]


def test_step_labels_written_as_paragraphs_are_steps_not_references(tmp_path):
    text = """\
Step 1. Shuffle the deck.

Step 2  Deal five cards.

Step 3  Begin; go back to Step 2 when the deck runs out, or Step 7 never.
"""
    found = _codes(_findings(tmp_path, text), "rulebook-reference")
    assert [f[3] for f in found] == ["expected a step 7 in a numbered list, found none"]


@pytest.mark.parametrize(
    ("sentence", "targets"),
    [
        ("Move as per 3.1 and no more.", ["3.1"]),
        ("Apply rule 4.2 first.", ["4.2"]),
        ("Apply case 4.21 first.", ["4.21"]),
        ("Apply §5.1 first, then § 6.", ["5.1", "6"]),
        ("Apply rules 8.5-8.8 together.", ["8.5", "8.8"]),
        ("Apply rules 8.5\u20138.8 together.", ["8.5", "8.8"]),
        ("Resolve it (see 9.1\u20139.3).", ["9.1", "9.3"]),
        ('| Heavy gun (3.7") | 15 |', []),
        ("Guns (12.5 mm, 3.7 in, 2.5%, 22.5\u00b0) and (4.1).", ["4.1"]),
    ],
)
def test_citation_forms(sentence, targets):
    assert sorted(c.target for c in citations(plain_outline(sentence))) == targets


EXCERPT = "\n\n".join(
    ["[15.0] CLOSE ASSAULT", "[15.1] Who may assault", "[15.11] Any unit may assault."]
    + [f"[15.{n}] An assault of force {n} (see 8.{n})." for n in range(2, 8)]
)


def test_citations_into_a_chapter_the_file_lacks_are_summarised(tmp_path):
    found = _findings(tmp_path, EXCERPT)
    summary = _codes(found, "missing-chapter")
    assert [(f[1], f[3]) for f in summary] == [
        (
            "warning",
            "6 citations point into sections this file does not contain (in chapter 8): "
            "is it an excerpt?",
        )
    ]
    assert {f[1] for f in _codes(found, "rulebook-reference")} == {"info"}


def test_strict_keeps_citations_into_a_missing_chapter_errors(tmp_path):
    found = _findings(tmp_path, EXCERPT, strict=True)
    assert {f[1] for f in _codes(found, "rulebook-reference")} == {"error"}


def test_a_few_broken_citations_stay_errors(tmp_path):
    text = "1. SETUP\n\nRead section 1 and section 9.\n\n2. PLAY\n\nSee 2.1 (1.1).\n"
    found = _codes(_findings(tmp_path, text), "rulebook-reference")
    assert {f[1] for f in found} == {"error"}
    assert _codes(_findings(tmp_path, text), "missing-chapter") == []


def test_malformed_html_in_a_heading_is_an_info_finding_not_a_traceback(tmp_path):
    text = "# Rules\n\n## Setup <b>bold\n\nSee [here](#spot) and [gone](#gone).\n\n"
    text += '<a name="spot"></a>\n\n## Play <i>ok</i>\n\n[play](#play-ok)\n'
    found = _findings(tmp_path, text, "rules.md")
    assert [(f[0], f[1], f[2]) for f in _codes(found, "html-fallback")] == [
        ("html-fallback", "info", 3)
    ]
    broken = _codes(found, "rulebook-reference")
    assert [f[3] for f in broken] == ["expected a heading with id 'gone', found none"]


def test_a_150_kb_rulebook_is_checked_within_a_second(tmp_path):
    parts = []
    for c in range(1, 9):
        parts.append(f"{c}. CHAPTER {c}")
        parts += [f"[{c}.{n}] Rule {c}.{n} moves units (see {c}.1)." for n in range(1, 10)]
    text = "\n\n".join(parts)
    while len(text) < 150_000:
        text += "\nMore plain prose about the game, its pieces and its turns; nothing numbered."
    start = time.perf_counter()
    _findings(tmp_path, text)
    assert time.perf_counter() - start < 1.0


def test_links_to_github_heading_ids_resolve_and_broken_ones_do_not(tmp_path):
    text = (
        "# Rules\n\n## Choosing Players for Sickbay/Brig\n\nText.\n\n## Ships & Boats\n\nText.\n\n"
        "See [sickbay](#choosing-players-for-sickbaybrig), [ours](#choosing-players-for-sickbay-brig), "
        "[boats](#ships--boats) and [gone](#no-such-part).\n"
    )
    found = _codes(_findings(tmp_path, text, "rules.md"), "rulebook-reference")
    assert [f[3] for f in found] == ["expected a heading with id 'no-such-part', found none"]


APPENDIX = "\n".join(
    [
        "1.1 The first rule",
        "Farms grow wheat each round; the details stand in the appendix below.",
        "See Appendix, section 2, for the tools, and section 3 for the sheep.",
        "Lost cards are described in section 4 and section 5, extras in section 6.",
        "",
        "Appendix",
        "1. The Fields",
        "Fields are laid out in rows and every row holds exactly three crops now.",
        "2. Farm Tools",
        "Each tool is bought once and is kept until the very end of the game here.",
        "3. Sheep and Goats",
        "Animals live in pastures; a pasture without a fence holds no animal at all.",
        "4. Lost cards",
        "A lost card is put back in the box and is not drawn again during this game.",
        "5. Extra tokens:",
        "Tokens that run out are replaced by any marker the players agree to use now.",
        "All animals",
        "6. Variants",
        "Players may agree to play with open hands, which makes the game much longer.",
    ]
)


def test_an_appendix_of_titled_whole_number_lines_holds_the_sections_it_cites(tmp_path):
    found = _findings(tmp_path, APPENDIX)
    assert _codes(found, "missing-chapter") == []
    assert _codes(found, "rulebook-reference") == []


def test_a_whole_number_line_that_runs_on_from_a_sentence_titles_nothing(tmp_path):
    text = APPENDIX.replace("All animals", "Every player who runs out of tokens uses coins and")
    found = _codes(_findings(tmp_path, text), "rulebook-reference")
    assert [(f[1], f[2]) for f in found] == [("error", 4)]


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        (
            "Bases show income (each base pays,\nsee income, 6.2, and victory, 7.0.) Then go.",
            ["6.2", "7"],
        ),
        (
            "Patronage: a measure of wealth. (1.8, 1.9,\n3.2.1, 4.4.2, 6.2)\nNext 9.9 entry.",
            ["1.8", "1.9", "3.2.1", "4.4.2", "6.2"],
        ),
        ("An aside (never closed\nruns on\nand on\nand on\nthen 5.5 stands in prose.", []),
    ],
)
def test_citations_in_a_parenthesis_wrapped_over_lines(text, targets):
    assert sorted(c.target for c in citations(plain_outline(text))) == targets


COLUMNS = "\n\n".join(
    [
        "1.0 SETUP",
        "1.1 Board. Lay out the board.",
        "2.3.3 Passing. A faction may pass.",
        "2.3.4 Options. A faction picks one.",
        "2.0 SEQUENCE OF PLAY",
        "2.1 Cards. Draw a card.",
        "2.2 Start. Begin play.",
        "2.3 Event Card. Read the card.",
        "2.3.1 Eligibility. Two factions act.",
        "2.3.2 Order. Symbols decide.",
    ]
)


def test_sections_before_their_parent_are_out_of_order_once_per_run(tmp_path):
    found = _codes(_findings(tmp_path, COLUMNS), "rulebook-numbering")
    assert [(f[2], f[3]) for f in found] == [
        (5, "expected 2.3.3 after its section 2.3, found it before (out of order?)")
    ]


def test_children_of_a_section_the_file_lacks_are_not_out_of_order(tmp_path):
    text = COLUMNS.replace("2.3 Event Card. Read the card.", "2.4 Propaganda. Score.")
    found = _codes(_findings(tmp_path, text), "rulebook-numbering")
    assert not any("out of order" in f[3] for f in found)


def _charts(gap: int) -> str:
    """A charts file that prints chart 11.4 twice, `gap` other charts apart."""
    others = [f"## 9.{n} OTHER CHART {n}\n\nA row." for n in range(1, gap + 1)]
    first = "## 11.4 COMBAT SUMMARY\n\nBarrage row."
    return "\n\n".join(["## 4.1 TERRAIN CHART\n\nA row.", first, *others, first])


def test_a_chart_printed_twice_close_together_is_a_duplicate(tmp_path):
    found = _codes(_findings(tmp_path, _charts(1), name="charts.md"), "rulebook-numbering")
    assert [f[3] for f in found if "11.4" in f[3]] == [
        "expected a new section number, found 11.4 again (first at line 5)"
    ]


def test_a_chart_printed_again_far_away_is_a_reprint(tmp_path):
    found = _codes(_findings(tmp_path, _charts(5), name="charts.md"), "rulebook-numbering")
    assert [f for f in found if "11.4" in f[3]] == []
