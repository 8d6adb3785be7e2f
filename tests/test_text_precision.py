"""Precision of the text rules on patterns real rulebooks show (issue 16, round 2): each test
pairs a false finding seen on the corpus, rebuilt from made-up text, with the true one kept."""

from __future__ import annotations

from pathlib import Path

from generator.check.rulebook import check_text_file
from generator.findings import Report


def _found(tmp_path: Path, text: str, code: str, name: str = "rules.txt") -> list[tuple[int, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    report = Report()
    check_text_file(path, report)
    return [(f.position.line or 0, f.message) for f in report.findings if f.code == code]


TOPIC = """\
1. SETUP
Each player takes a {term} (see section 2).
Every {common} of the game moves a {common}.
2. SCORING
Count your points; the {common} scores.
3. BUILDINGS
{label}: gives 1 gold each round.
"""


def test_a_labelled_entry_the_cited_chapter_never_uses_is_off_topic(tmp_path):
    text = TOPIC.format(term="Bank", common="piece", label="Bank")
    assert [line for line, _ in _found(tmp_path, text, "reference-topic")] == [2]


def test_a_term_used_all_over_the_text_says_nothing_about_a_citation(tmp_path):
    text = TOPIC.format(term="piece", common="piece", label="Piece")
    assert _found(tmp_path, text, "reference-topic") == []


NESTED = """\
To set up:

1. Lay out the board.
2. Each player takes:
{indent}1. a screen,
{indent}2. five coins.
3. Shuffle the deck.
{last}. Deal five cards.
"""


def test_an_indented_sub_list_keeps_the_outer_list_open(tmp_path):
    for indent in ("\t", "   ", "    "):
        assert _found(tmp_path, NESTED.format(indent=indent, last="4"), "step-numbering") == []


def test_the_outer_list_still_reports_its_own_skip_after_a_sub_list(tmp_path):
    found = _found(tmp_path, NESTED.format(indent="   ", last="5"), "step-numbering")
    assert [message.split(" (")[0] for _, message in found] == ["expected step 4 after 3, found 5"]


def test_right_aligned_numbers_stay_in_one_list(tmp_path):
    items = "\n".join(f"{n:>2}. Item {n}." for n in range(1, 12))
    assert _found(tmp_path, f"Phases:\n{items}\n", "step-numbering") == []
    items = "\n".join(f"{n:>3}. Item {n}." for n in range(1, 12))
    text = f"6. Variants\n7. Phases\n{items}\n8. Credits\n"
    assert _found(tmp_path, text, "step-numbering") == []  # the deeper list closes, 6, 7, 8 go on


def test_a_hard_wrapped_line_that_starts_with_a_number_is_no_step(tmp_path):
    text = (
        "The player makes two checks:\n"
        "1. The first check uses the Operations value of the card, and this time\n"
        "the result is 3. Add the bonus.\n"
        "2. The second check uses the same value and this time the result is\n"
        "4. He then adds 2 for the adjacent spaces.\n"
    )
    assert _found(tmp_path, text, "step-numbering") == []


def test_a_step_the_extraction_ran_into_a_line_is_not_missing(tmp_path):
    text = "Losses:\n\na. The player finds the loss from the table then b. Totals the points.\n\nc. Multiply.\n"
    assert _found(tmp_path, text, "step-numbering") == []
    text = "Losses:\n\na. The player finds the loss from the table.\n\nc. Multiply.\n"
    assert len(_found(tmp_path, text, "step-numbering")) == 1


def test_page_numbers_on_lines_of_their_own_do_not_end_a_counted_list(tmp_path):
    entries = "".join(f"{n}. Part {n}\t\n\t\n{n + 8}\n" for n in range(1, 5))
    assert _found(tmp_path, f"This appendix has 4 sections:\n{entries}", "stated-count") == []
    found = _found(tmp_path, f"This appendix has 5 sections:\n{entries}", "stated-count")
    assert [message for _, message in found] == [
        "expected 4 sections as listed below, found the text says 5"
    ]


def test_steps_with_a_dotted_number_cite_sections_not_list_steps(tmp_path):
    text = "3. PLAY\n\n3.1 Move. Units move.\n\n3.2 Fight. Repeat Steps 3.1 through 3.2.\n"
    assert _found(tmp_path, text, "rulebook-reference") == []
    found = _found(tmp_path, text.replace("3.1 through", "3.4 through"), "rulebook-reference")
    assert [message for _, message in found] == [
        "expected section 3.4 to exist, found no such section"
    ]


CASE_BOOK = "\n\n".join(
    [
        "[15.0] SUPPLY",
        "[15.1] Units need supply.",
        "[15.2] Trucks carry it.",
        "[{third}] Captured trucks.",
        "[15.4] Trucks move.",
        "[16.0] END",
        "[16.1] The game ends.",
    ]
)


def test_a_chapter_number_with_a_digit_too_many_is_a_misprint(tmp_path):
    found = _found(tmp_path, CASE_BOOK.format(third="115.3"), "rulebook-numbering")
    assert [message for _, message in found][:1] == ["expected 15.3, found 115.3 (a misprint?)"]
    assert _found(tmp_path, CASE_BOOK.format(third="15.3"), "rulebook-numbering") == []


def test_a_numbered_list_reaching_a_shouted_item_opens_no_chapter(tmp_path):
    items = "\n".join(f"{n}. Magazine issue {n}, page 12" for n in range(1, 12))
    text = (
        f"1. INTRO\n\nRead on.\n\n2. SOURCES\n\n{items}\n12. QUESTION BOX\n\n3. ARCHIVE\n\nDone.\n"
    )
    assert _found(tmp_path, text, "rulebook-numbering") == []


def test_a_bound_before_a_colon_is_no_stated_count(tmp_path):
    steps = "- Pick a space.\n- Move there.\n\nPlay goes on.\n"
    assert _found(tmp_path, f"A unit may move in up to 3 spaces:\n{steps}", "stated-count") == []
    found = _found(tmp_path, f"A unit moves through 3 spaces:\n{steps}", "stated-count")
    assert [message for _, message in found] == [
        "expected 2 spaces as listed below, found the text says 3"
    ]


def test_a_label_every_scenario_repeats_is_a_field_not_a_definition(tmp_path):
    one = TOPIC.format(term="Bank", common="piece", label="Bank")
    assert [line for line, _ in _found(tmp_path, one, "reference-topic")] == [2]
    scenarios = one + "Bank: two coins.\nBank: three coins.\n"
    assert _found(tmp_path, scenarios, "reference-topic") == []


def test_a_citation_of_steps_cites_a_procedure_not_a_topic(tmp_path):
    text = TOPIC.format(term="Bank", common="piece", label="Bank").replace(
        "Each player takes a Bank (see section 2).",
        "Each player takes a Bank and repeats Steps 2.1 through 2.2.",
    )
    text = text.replace("Count your points;", "2.1 Count. Count your points;\n2.2 End.")
    assert _found(tmp_path, text, "reference-topic") == []


APPENDIX = """\
1.1 Farming
Players cook in an oven (see also Major Tools in Appendix, section {tools}).
Animals are fed at the harvest (see Appendix, section 3) once a round.

Appendix
1. The Fields
Fields are laid out in rows and every row holds exactly three crops now.
2. Major Tools
Each tool is bought once and is kept until the very end of the game here.
3. Minor Tools
Small tools are drawn from a deck and each player may keep three of them.
"""


def test_a_citation_of_an_appendix_part_named_for_another_part_is_off_topic(tmp_path):
    found = _found(tmp_path, APPENDIX.format(tools=3), "reference-topic")
    assert found == [
        (
            2,
            "cites 3 (Minor Tools) about 'Major Tools', expected 2 (Major Tools), which defines it",
        )
    ]
    assert _found(tmp_path, APPENDIX.format(tools=2), "reference-topic") == []
