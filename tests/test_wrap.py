"""Line breaking in points: greedy, at spaces, words never split; spaces in their own face."""

from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.render.markup import ICON_SCALE, card_lines
from generator.render.wrap import run_styles, set_lines, text_words

# Helvetica at 10 pt (its AFM widths): "m" 8.33, a space 2.78, so "mmmm" is 33.32 wide.
MMMM, SPACE = 33.32, 2.78


def _face(span) -> str:
    return {(False, False): "Helvetica", (True, False): "Helvetica-Bold"}[span.bold, span.italic]


def _set(text: str, width: float, align: str = "left", symbols=frozenset()):
    words = text_words(card_lines(text, symbols), _face)
    styles = run_styles(words.keys, 10, "#000000")
    return styles, set_lines(words, styles, width, align)


def _words(styles, lines) -> list[str]:
    """Each line's text, an icon as [key]."""
    return [
        "".join(f"[{styles[r.style].icon}]" if styles[r.style].icon else r.text for r in line.runs)
        for line in lines
    ]


def test_words_fill_a_100_pt_line_greedily_and_the_next_word_starts_the_next():
    styles, lines = _set("mmmm mmmm mmmm", 100)
    assert _words(styles, lines) == ["mmmm mmmm", "mmmm"]
    assert lines[0].spare == pytest.approx(100 - (2 * MMMM + SPACE), abs=1e-9)
    assert lines[1].spare == pytest.approx(100 - MMMM, abs=1e-9)
    assert [run.x for run in lines[0].runs] == [0.0]  # one run of one style


def test_a_line_may_overrun_by_rounding_only():
    # "mmmm mmmm" is 69.42 wide: its one space (2.78) may shrink by 5 %, 0.139 pt, to take
    # the second word, but a line that then overruns by more than 0.01 pt does not fit
    assert _set("mmmm mmmm", 69.415)[1][0].spare == pytest.approx(-0.005, abs=1e-9)
    assert _set("mmmm mmmm", 69.35)[1] is None
    styles, lines = _set("mmmm mmmm", 69.2)  # beyond what the space may shrink: a break
    assert _words(styles, lines) == ["mmmm", "mmmm"]


def test_a_word_wider_than_the_box_is_never_split():
    assert _set("mmmm mmmm", MMMM - 0.02)[1] is None
    assert _set("mmmm mmmm", MMMM - 0.005)[1] is not None  # rounding


def test_bold_runs_get_the_bold_face_and_a_space_is_set_in_the_face_it_stands_in():
    styles, lines = _set("**mm** m **m m**", 100)
    (line,) = lines
    assert [(styles[r.style].font, r.text) for r in line.runs] == [
        ("Helvetica-Bold", "mm"),
        ("Helvetica", " m "),
        ("Helvetica-Bold", "m m"),
    ]
    bold_m = stringWidth("m", "Helvetica-Bold", 10)
    assert [r.x for r in line.runs] == pytest.approx([0, 2 * bold_m, 2 * bold_m + 2 * SPACE + 8.33])


def test_an_icon_takes_its_scaled_width_on_the_line():
    styles, lines = _set("m :gold: m", 100, symbols=frozenset({"gold"}))
    (line,) = lines
    icon, after = line.runs[1], line.runs[2]
    assert styles[icon.style].icon == "gold" and styles[icon.style].size == 10 * ICON_SCALE
    assert icon.x == pytest.approx(8.33 + SPACE)
    assert after.x == pytest.approx(icon.x + 10 * ICON_SCALE)
    assert line.spare == pytest.approx(100 - (2 * 8.33 + 2 * SPACE + 10 * ICON_SCALE))


def test_justified_lines_but_each_paragraphs_last_end_at_the_box_width():
    text = "mm m mmm mm m mmmm m mm\nm mmm mm mmmm mmm m mm m mmm"
    styles, lines = _set(text, 100, "justify")
    ends = [line.runs[-1].x + stringWidth(line.runs[-1].text, "Helvetica", 10) for line in lines]
    last_of_paragraph = {1, len(lines) - 1}
    assert len(lines) == 4
    for number, (line, end) in enumerate(zip(lines, ends, strict=True)):
        assert line.stretched is (number not in last_of_paragraph)
        if number in last_of_paragraph:
            assert end == pytest.approx(100 - line.spare, abs=0.01)  # set as it is
        else:
            assert end == pytest.approx(100, abs=0.01)
            assert len(line.runs) == len(_words(styles, [line])[0].split())  # a run a word


@pytest.mark.parametrize(("align", "offset"), [("left", 0), ("center", 0.5), ("right", 1)])
def test_alignment_moves_a_line_by_its_spare_room(align, offset):
    _, (line,) = _set("mmmm", 100, align)
    assert line.runs[0].x == pytest.approx(offset * (100 - MMMM))


def test_hard_breaks_start_lines_and_blank_lines_are_lines():
    styles, lines = _set("m\n\nmm", 100)
    assert _words(styles, lines) == ["m", "", "mm"]
