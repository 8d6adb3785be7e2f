"""Placeholders print as write-in blanks by default: no red note and no lone `?` on the cards."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.build import BuildOptions, checked_game, plan_kit, rendered_game
from generator.impose.pack import footprint_half_extents
from generator.impose.tokens import FOOTER_ROOM_MM, cut_gap
from generator.options import PLACEHOLDER_MODES
from generator.render.text import LONE_MARK, unmarked
from generator.units import PAPERS
from generator.write.sheets import PrintOptions
from generator.write.tokens import token_sheets

GAMES = Path(__file__).resolve().parents[1] / "card_data"
DPI, EDGE_MM = 300, 5.2  # a desktop printer's unprintable margin, as for card sheets
PX = DPI / 25.4


def _action_text(mode: str) -> str:
    """The text of Belaad's action-card front sheets, built with placeholders as `mode`."""
    loaded, _ = checked_game(GAMES / "belaad")
    options = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"cards"}), 300, mode)
    kit = plan_kit(loaded, options)
    data = next(f.data for f in kit.files if f.name == "cards-poker.pdf")
    document = pdfium.PdfDocument(data)
    try:
        pages = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()
    return "\n".join(p for p in pages if "Action" in p and "Secondary cost" in p)


@pytest.fixture(scope="module")
def blank_text() -> str:
    return _action_text("blank")


def test_action_cards_print_write_in_blanks_by_default(blank_text):
    assert blank_text.count("Secondary cost") >= 57 // 2
    assert "PLACEHOLDER" not in blank_text
    assert not LONE_MARK.search(blank_text), blank_text[:400]
    assert "Secondary cost: ______" in blank_text


def test_marked_action_cards_show_the_note_and_the_mark():
    text = _action_text("mark")
    assert "PLACEHOLDER" in text
    assert re.search(r"Secondary cost: \?", text)


def test_hidden_placeholders_print_neither_mark_nor_blank():
    text = _action_text("hide")
    assert "PLACEHOLDER" not in text
    assert "______" not in text and not LONE_MARK.search(text)


def test_only_a_lone_mark_is_a_placeholder():
    assert unmarked("Cost ? and **?**", "blank") == "Cost ______ and **______**"
    assert unmarked("Who pays? Why?!", "blank") == "Who pays? Why?!"
    assert unmarked("Owner: **?**", "hide") == "Owner: "
    assert unmarked("Owner: **?**", "mark") == "Owner: **?**"
    assert PLACEHOLDER_MODES[0] == "blank"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "fold"])
def test_token_sheet_footer_clears_the_printer_margin_and_the_tokens(paper, duplex):
    loaded, _ = checked_game(GAMES / "belaad")
    sheets = list(rendered_game(loaded).token_sheets)
    options = PrintOptions(PAPERS[paper], duplex)
    pdf, plan = token_sheets("Belaad", sheets, options, loaded.game.symbols, loaded.folder)
    for spot in plan.spots:
        faces = sheets[spot.design[0]]
        half = footprint_half_extents(
            faces.shape, faces.size.width, cut_gap(faces.shape, faces.bleed)
        )[1]
        assert spot.front[1] - half >= FOOTER_ROOM_MM - 1e-6
    document = pdfium.PdfDocument(pdf.data)
    try:
        for index in range(len(document)):
            image = document[index].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            strip = image.crop((0, image.height - round(FOOTER_ROOM_MM * PX), *image.size))
            dark = strip.point(lambda v: 255 if v < 200 else 0).getbbox()
            if dark is None:  # a fold sheet's back half carries no footer
                continue
            left, _, right, bottom = dark
            assert (strip.height - bottom) / PX >= EDGE_MM, (index, dark)
            assert left / PX >= EDGE_MM and (strip.width - right) / PX >= EDGE_MM
    finally:
        document.close()
