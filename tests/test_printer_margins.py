"""Crop marks and footers clear of a desktop printer's unprintable margin, measured at 300 dpi."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from generator.build import checked_game, rendered_decks
from generator.impose.grid import sheet_marks, sheet_plan
from generator.impose.tokens import token_plan
from generator.units import PAPERS, Size
from generator.write.sheets import PrintOptions, card_sheets, shared_sheets

GAMES = Path(__file__).resolve().parents[1] / "card_data"
DPI = 300
PX_PER_MM = DPI / 25.4
UNPRINTABLE_MM = 5.0
DARK = 200  # the footer's grey (#777) and the black marks are darker; blank paper is not
POKER = Size(63.5, 88.9)


def _pages(pdf: bytes):
    """Every page of a PDF as a greyscale image at 300 dpi, one at a time."""
    document = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(document)):
            page = document[index]
            yield page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            page.close()
    finally:
        document.close()


def _card_mask(size: tuple[int, int], page: Size, slots) -> Image.Image:
    """White where no card (trim and bleed, plus a pixel of anti-aliasing) may be drawn."""
    mask = Image.new("L", size, 255)
    draw = ImageDraw.Draw(mask)
    for s in slots:
        left, right = s.x - s.bleed.left, s.x + s.width + s.bleed.right
        bottom, top = s.y - s.bleed.bottom, s.y + s.height + s.bleed.top
        box = (left * PX_PER_MM - 1, (page.height - top) * PX_PER_MM - 1)
        draw.rectangle((*box, right * PX_PER_MM + 1, (page.height - bottom) * PX_PER_MM + 1), 0)
    return mask


def _nearest_edge_mm(image: Image.Image, mask: Image.Image) -> float:
    """How near any dark pixel outside the cards comes to a paper edge, pixel centres in mm."""
    dark = image.point(lambda v: 255 if v < DARK else 0)
    dark.paste(0, mask=mask.point(lambda v: 255 - v))
    box = dark.getbbox()
    if box is None:
        return float("inf")
    width, height = image.size
    nearest_px = min(box[0], box[1], width - box[2], height - box[3]) + 0.5
    return nearest_px / PX_PER_MM


def _kit(game: str, paper: str):
    """A bundled game's card decks and their sheets PDF on `paper`, built in memory."""
    loaded, _ = checked_game(GAMES / game)
    decks = rendered_decks(loaded)
    options = PrintOptions(PAPERS[paper])
    return decks, card_sheets(game, decks, options, [], loaded.folder), options


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", ["belaad", "ayubistan"])
def test_marks_and_footers_stay_5mm_from_every_paper_edge(game, paper):
    decks, pdf, options = _kit(game, paper)
    layouts = []
    for run in shared_sheets(decks):
        plan = sheet_plan(options.paper, run[0].size, run[0].bleed, options.duplex)
        sheets = -(-sum(deck.count for deck in run) // plan.per_sheet)
        sides = (plan.fronts, plan.backs) if run[0].backs is not None else (plan.fronts,)
        layouts += [(plan.page, slots) for _ in range(sheets) for slots in sides]
    nearest = []
    for image, (page, slots) in zip(_pages(pdf.data), layouts, strict=True):
        nearest.append(_nearest_edge_mm(image, _card_mask(image.size, page, slots)))
    assert min(nearest) >= UNPRINTABLE_MM, nearest
    assert max(n for n in nearest if n != float("inf")) < 20  # the footer is found at all


def test_a_partial_sheet_marks_only_its_filled_rows():
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0)
    marks, backs = sheet_marks(plan, 4, "long")
    rows = {round(m.y1, 3) for m in marks if m.y1 == m.y2}
    assert rows == {round(plan.fronts[i].y + dy, 3) for i in (0, 3) for dy in (0, 88.9)}
    bottom = plan.fronts[3].y - plan.fronts[3].bleed.bottom
    assert all(min(m.y1, m.y2) >= bottom - 5.5 - 1e-9 for m in marks if m.x1 == m.x2)
    assert len(backs) == len(marks) == 2 * 4 + 2 * 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_sheets_are_centred_across_the_page(paper):
    pieces = [((0, 0), "round", 19.05, 6.0)] * 40 + [((1, 0), "square", 16.0, 0.0)] * 7
    plan = token_plan(pieces, PAPERS[paper], "long", (0.0, 0.0))
    for sheet in range(plan.sheets):
        spots = [(s, pieces[0] if s.design == (0, 0) else pieces[-1]) for s in plan.spots]
        spots = [(s, p) for s, p in spots if s.sheet == sheet]
        left = min(s.front[0] - (p[2] + p[3]) / 2 for s, p in spots)
        right = plan.page.width - max(s.front[0] + (p[2] + p[3]) / 2 for s, p in spots)
        assert left == pytest.approx(right, abs=1.0)
