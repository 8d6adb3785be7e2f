"""Fitted text drawn onto a sheet: ink where its runs and icons are placed, embedded fonts, and
words extracted in reading order."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm

from generator.impose.grid import Edges
from generator.model import Drawing, Symbol
from generator.model.layout import TextStyle
from generator.render.faces import Face
from generator.render.fit import fit_text
from generator.render.items import Rect, TextItem
from generator.render.markup import ICON_DROP
from generator.units import Size
from generator.write.draw import SheetCanvas, draw_face

DPI = 150
PX = DPI / 72  # pixels a point
RUBY = Symbol(
    key="ruby", label="Ruby", drawing=Drawing(shape="square", fill="#ff0000", stroke="#ff0000")
)
BOX = Rect(5, 5, 70, 20)
TEXT = "**Bold** *thin* :ruby: end"


def _card() -> tuple[bytes, TextItem]:
    """A one-page PDF of a 80 x 30 mm card holding the text at 20 pt, and the text item."""
    fitted = fit_text(TEXT, TextStyle(size=20, colour="#000000"), BOX, frozenset({"ruby"}))
    assert fitted is not None and fitted.size == 20 and len(fitted.lines) == 1
    item = TextItem(BOX, fitted, TextStyle(size=20, colour="#000000"))
    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, Size(80, 30), "text", [RUBY], Path("."))
    draw_face(canvas, Face("d", "c", "front", Size(80, 30), None, (item,)), 0, 0, Edges(0, 0, 0, 0))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue(), item


def _page(pdf: bytes) -> Image.Image:
    return pdfium.PdfDocument(pdf)[0].render(scale=PX).to_pil().convert("RGB")


def _run(item: TextItem, text: str):
    return next(r for line in item.fitted.lines for r in line.runs if r.text.strip() == text)


def test_the_icon_is_inked_in_the_square_its_line_gives_it():
    pdf, item = _card()
    page = _page(pdf)
    red = Image.eval(page.split()[0], lambda v: 255 if v > 200 else 0)
    not_green = Image.eval(page.split()[1], lambda v: 255 if v < 60 else 0)
    found = Image.composite(red, Image.new("L", page.size, 0), not_green).getbbox()
    icon = next(r for line in item.fitted.lines for r in line.runs if not r.text)
    side = item.fitted.styles[icon.style].size
    left = BOX.x * mm + icon.x
    bottom = BOX.y * mm + 20 + ICON_DROP * 20  # from the page's top: the baseline, then lower
    expected = (left * PX, (bottom - side) * PX, (left + side) * PX, bottom * PX)
    assert found == pytest.approx(expected, abs=2)


def test_bold_and_italic_words_are_inked_in_their_runs_and_nothing_before_the_box():
    pdf, item = _card()
    ink = Image.eval(_page(pdf).convert("L"), lambda v: 255 if v < 100 else 0)
    baseline = (BOX.y * mm + 20) * PX
    for word in ("Bold", "thin"):
        run = _run(item, word)
        start = (BOX.x * mm + run.x) * PX
        inked = ink.crop((int(start), int(baseline - 14 * PX), int(start + 30 * PX), int(baseline)))
        assert inked.getbbox() is not None, word
    assert ink.crop((0, 0, int(BOX.x * mm * PX) - 2, ink.height)).getbbox() is None


def test_the_words_extract_in_reading_order_from_embedded_fonts():
    pdf, _ = _card()
    text = pdfium.PdfDocument(pdf)[0].get_textpage().get_text_range()
    assert text.split() == ["Bold", "thin", "end"]
    fonts = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]
    descriptors = [fonts[name].get_object()["/FontDescriptor"] for name in fonts]
    assert len(descriptors) == 3 and all("/FontFile2" in d for d in descriptors)  # three faces
