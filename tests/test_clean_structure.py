"""`pnp clean` keeps a rulebook's structure: headings, lists, tables, contents, columns."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from generator.clean.text import clean_text

WRAPPED = "Every lantern burns for one watch, and a keeper who lets it fail loses"


def blocks(markdown: str) -> list[str]:
    return markdown.strip().split("\n\n")


def test_numbered_cases_after_a_bullet_become_headings_not_part_of_the_item():
    text = (
        "The box holds:\n- One lantern board.\n- This rule booklet.\n4.2 The Harbour\n"
        "The harbour has six berths.\n4.2.1 Berths. Each berth takes one boat\n"
        "at a time and no more.\n"
    )
    assert blocks(clean_text(text).markdown) == [
        "The box holds:",
        "- One lantern board.",
        "- This rule booklet.",
        "## 4.2 The Harbour",
        "The harbour has six berths.",
        "### 4.2.1 Berths",
        "Each berth takes one boat at a time and no more.",
    ]


def test_bracketed_and_sub_case_numbers_take_their_depth():
    text = "[3.0] TIDES\n[3.1] Rising Water\n3.11 Ebb.\n3.12 Flood Marks\n"
    assert blocks(clean_text(text).markdown) == [
        "# 3.0 TIDES",
        "## 3.1 Rising Water",
        "## 3.11 Ebb",
        "## 3.12 Flood Marks",
    ]


def test_a_wrapped_line_that_starts_with_a_number_is_not_a_heading():
    text = (
        f"{WRAPPED} the\n2.4.1 and must relight it before the next bell rings out.\n"
        "Keepers may trade oil freely; see case\n5.11 for trading and case 5.2 for theft.\n"
    )
    markdown = clean_text(text).markdown
    assert "#" not in markdown
    assert "the 2.4.1 and must" in markdown and "case 5.11 for trading" in markdown


def test_quantities_and_steps_are_not_sections():
    text = "Setup\n\n2 Lanterns\n3 Keepers\n\n1. Place the board.\n2. Deal the keepers.\n"
    markdown = clean_text(text).markdown
    assert "#" not in markdown
    assert blocks(markdown)[1:] == [
        "2 Lanterns",
        "3 Keepers",
        "1. Place the board.",
        "2. Deal the keepers.",
    ]


def test_capitals_headings_stay_headings_but_a_list_of_capitals_does_not():
    text = (
        "THE HARBOUR\n"
        f"{WRAPPED}\nthe lantern.\n\nNIGHT WATCH and relief\nKeepers swap at midnight.\n\n"
        "Chapters:\nTIDES\nBOATS\nKEEPERS\nSCORING\n"
    )
    assert blocks(clean_text(text).markdown) == [
        "## THE HARBOUR",
        f"{WRAPPED} the lantern.",
        "## NIGHT WATCH and relief",
        "Keepers swap at midnight.",
        "Chapters:",
        "TIDES",
        "BOATS",
        "KEEPERS",
        "SCORING",
    ]


def test_short_lines_stay_lines_and_full_lines_rejoin():
    text = f"{WRAPPED} its\nwatch.\nFirst the red bell\nThen the blue bell\nLast the gong\n"
    assert blocks(clean_text(text).markdown) == [
        f"{WRAPPED} its watch.",
        "First the red bell",
        "Then the blue bell",
        "Last the gong",
    ]


def test_layout_table_is_kept_as_a_fenced_block():
    text = (
        "Boats differ:\n\n"
        "   Boat        Speed     Hold\n"
        "   Skiff           3        1\n\n"
        "   Barge           1        6\n"
        "After the table, play goes on.\n"
    )
    assert blocks(clean_text(text).markdown) == [
        "Boats differ:",
        "```\nBoat        Speed     Hold\nSkiff           3        1\nBarge           1        6\n```",
        "After the table, play goes on.",
    ]


def test_contents_page_is_its_own_block_or_dropped_on_request():
    text = (
        "CONTENTS\n1.0 Harbour . . . . . . . . 2\n2.0 Boats . . . . . . . . . 4\n"
        "3.0 Keepers . . . . . . . . 7\n\n1.0 HARBOUR\nThe harbour has six berths.\n"
    )
    kept = blocks(clean_text(text).markdown)
    assert kept[1].startswith("```\n1.0 Harbour") and kept[1].count("\n") == 4
    assert kept[2:] == ["# 1.0 HARBOUR", "The harbour has six berths."]
    dropped = clean_text(text, drop_contents=True)
    assert "Boats . ." not in dropped.markdown
    assert [d.reason for d in dropped.dropped] == ["contents page"]


def test_repeated_lines_are_dropped_only_at_page_edges_and_reported():
    page = "Harbour Rules\nThe roles:\nRole\nSkiff\nThe skiff is quick.\nRole\nBarge\nThe barge is slow.\n"
    text = "".join(f"{page}{number}\n\f" for number in range(1, 5))
    result = clean_text(text)
    assert "Harbour Rules" not in result.markdown
    assert result.markdown.count("Role") == 8
    reasons = sorted({(d.reason, d.text) for d in result.dropped})
    assert reasons == [("page number", str(n)) for n in range(1, 5)] + [
        ("running head", "Harbour Rules")
    ]
    assert len(result.dropped) == 8


def test_ligature_followed_by_a_stray_space_is_joined_when_that_makes_a_word():
    text = "The \ufb01 re spreads; its e\ufb00 ect is o\ufb00 the map and the sta\ufb00 ed post.\n"
    assert clean_text(text).markdown == (
        "The fire spreads; its effect is off the map and the staffed post.\n"
    )


def test_two_column_layout_page_reads_left_column_then_right():
    left = [
        "Keepers light the lanterns at",
        "dusk and trim the wicks each",
        "hour of the night until dawn",
        "comes over the grey water and",
        "the boats return to the har-",
        "bour with their catch of fish.",
    ]
    right = [
        "Boats leave the harbour at",
        "dawn and sail out past the",
        "rocks where the old light",
        "stands guard over the reef",
        "and the channel that leads",
        "to the open sea beyond it.",
    ]
    text = "\f" + "".join(f"{a:<36}{b}\n" for a, b in zip(left, right, strict=True))
    assert blocks(clean_text(text).markdown) == [
        " ".join(left).replace("har- bour", "harbour"),
        " ".join(right),
    ]


def test_long_unbroken_text_is_cut_at_a_sentence_end():
    sentence = "The keeper trims every wick and fills every lamp with oil before dusk."
    text = "\n".join([sentence] * 80) + "\n"
    longest = max(len(block.split()) for block in blocks(clean_text(text).markdown))
    assert longest <= 400


def corpus() -> Path:
    root = Path(__file__).resolve().parents[1]
    return Path(os.environ.get("PNP_TEXT_CORPUS", root.parent / "corpus" / "rulebooks"))


TITLED_CASE = re.compile(r"(?m)^\s*(\d{1,2}\.\d{1,2}(?:\.\d)?) ([A-Z][a-z]+ ?){1,4}\.?\s*$")
EXTRACTIONS = [
    "skirmishers.pdftotext.txt",
    "skirmishers.pdftotext-layout.txt",
    "two-rooms-and-a-boom.pdftotext.txt",
    "two-rooms-and-a-boom.pdftotext-layout.txt",
    "barbarossa.pdftotext.txt",
    "barbarossa.pdftotext-layout.txt",
    "lehi-a-distant-plain-rules.txt",
    "lehi-1989-dawn-of-freedom-rules.txt",
]


@pytest.mark.parametrize("name", EXTRACTIONS)
def test_corpus_extractions_keep_case_headings_and_short_paragraphs(name):
    path = corpus() / name
    if not path.is_file():
        pytest.skip("the rulebook corpus is not beside the checkout")
    raw = path.read_text(encoding="utf-8")
    markdown = clean_text(raw).markdown
    cases = {m[1] for m in TITLED_CASE.finditer(raw)}
    kept = {m[1] for m in re.finditer(r"(?m)^#+ (\d{1,2}\.\d{1,2}(?:\.\d)?) ", markdown)}
    if len(cases) >= 10:
        assert len(cases & kept) >= 0.9 * len(cases)
    longest = max(len(block.split()) for block in blocks(markdown))
    assert longest <= 400


def test_a_case_number_alone_on_its_line_keeps_its_text_and_long_sub_cases_start_cases():
    text = f"{WRAPPED} a\nlantern.\n12.31\nThe harbour master settles disputes.\n12.3121 Ties go to the elder keeper.\n"
    assert blocks(clean_text(text).markdown)[1:] == [
        "12.31 The harbour master settles disputes.",
        "12.3121 Ties go to the elder keeper.",
    ]


def test_a_wrapped_citation_alone_on_its_line_stays_in_its_sentence():
    text = f"{WRAPPED} oil. See also Trading,\n5.1.2.\nThe harbour closes at night.\n"
    assert blocks(clean_text(text).markdown)[0].endswith("See also Trading, 5.1.2.")


def test_a_short_title_case_line_before_prose_is_a_sub_heading_but_table_cells_are_not():
    text = (
        f"{WRAPPED} the\nlantern at once.\nNight Watch\n{WRAPPED} the\nlantern at dusk.\n\n"
        "Boat\nSkiff\nBarge\n\nThus\nKeepers who lose the light also lose the watch and its pay.\n"
    )
    result = blocks(clean_text(text).markdown)
    assert result[1] == "### Night Watch"
    assert "### Skiff" not in result and "### Thus" not in result


def test_glossary_entries_after_a_finished_sentence_stay_apart():
    text = (
        "Keeper \u00ad the player who tends a lantern through the night and trims its wick often.\n"
        "Relief \u00ad the keeper who takes over at midnight. A keeper may not refuse relief.\n"
        "Head Keeper (H, 3-5): settles disputes between keepers at the harbour gate.\n"
    )
    assert [b.split()[0] for b in blocks(clean_text(text).markdown)] == ["Keeper", "Relief", "Head"]


def test_a_number_that_starts_a_wrapped_line_after_a_broken_off_sentence_is_no_item():
    text = (
        "1. The keeper rolls a die and adds the oil value to the result, and this time the sum is\n"
        "4. He then trims the wick and lights the lantern for the night watch.\n"
        "2. The next keeper takes over.\n"
    )
    result = blocks(clean_text(text).markdown)
    assert [b[:2] for b in result] == ["1.", "2."]
    assert "the sum is 4. He then" in result[0]
    listed = "52. Harbour Gazette, Vol. 18; Back to the Lanterns, Strategy, Basic\n"
    listed += "Keeping in the Harbour: A. Keeper\n53. Harbour Gazette, Vol. 22; Night Watch\n"
    assert [b[:3] for b in blocks(clean_text(listed).markdown)] == ["52.", "53."]


def test_an_integer_heading_that_starts_with_a_counted_noun_keeps_its_dot():
    text = f"10. HARBOUR TILES\n{WRAPPED}.\n11. PLAYER MATS\n{WRAPPED}.\n12. PLACE CARDS\n"
    markdown = clean_text(text).markdown
    assert "# 11. PLAYER MATS" in markdown and "# 12 PLACE CARDS" in markdown


def test_indented_sub_lists_keep_their_nesting():
    text = (
        "Setup:\n- Place the board.\n    - Put the harbour tile down.\n\t- Put the reefs round it.\n"
        "- Deal the keepers.\n1. Light the lanterns.\n   a) Trim the wicks.\n"
    )
    assert blocks(clean_text(text).markdown)[1:] == [
        "- Place the board.",
        "  - Put the harbour tile down.",
        "  - Put the reefs round it.",
        "- Deal the keepers.",
        "1. Light the lanterns.",
        "   a) Trim the wicks.",
    ]


@pytest.mark.parametrize("text", ["", "\n", "\f", "\f\f\n \n\t"])
def test_empty_or_blank_text_cleans_to_nothing(text):
    assert clean_text(text).markdown == "\n"


def _chapter(number: int, title: str, body: int) -> str:
    """A chapter line at the margin followed by a few distinct lines of prose."""
    prose = "".join(
        f"On crossing {number}.{n} the ferryman rows, and each passenger pays a toll.\n"
        for n in range(body)
    )
    return f"{number}. {title}\n" + prose


def test_numbered_chapters_far_apart_become_headings_but_lists_and_contents_stay_lists():
    contents = "This guide has 4 parts:\n1. Boats\n\n2. Tolls\n\n3. Weather\n\n4. Thanks\n\n"
    chores = "Each dawn the keeper:\n  1.  Trims the wick.\n  2.  Fills the lamp.\n"
    late = "".join(f"  {n}.  Checks berth {n}.\n" for n in range(3, 10))
    late += "10.  Sounds the bell.\n11.  Logs the tide.\n"  # right-aligned: no indent left
    text = (
        contents
        + _chapter(1, "Boats", 4)
        + _chapter(2, "Tolls", 5)
        + "1. Deal the cards.\n2. Draw one.\n"
        + _chapter(3, "Weather", 4)
        + chores
        + late
        + "4. Thanks\nNo one helped.\n"
    )
    found = blocks(clean_text(text).markdown)
    assert [b for b in found if b.startswith("#")] == [
        "# 1. Boats",
        "# 2. Tolls",
        "# 3. Weather",
        "# 4. Thanks",
    ]
    assert found[1:5] == ["1. Boats", "2. Tolls", "3. Weather", "4. Thanks"]
    assert "1. Deal the cards." in found and "11.  Logs the tide." in found


def test_a_few_numbered_lines_far_apart_are_no_chapters():
    text = _chapter(1, "Boats", 4) + _chapter(2, "Tolls", 4)
    assert "#" not in clean_text(text).markdown
