"""PDF pages rasterise at an exact dpi, so pixel geometry matches the printed millimetres."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.write.raster import pdf_pages_to_png

BLEED = 3.175
CARD_WITH_BLEED = (63.5 + 2 * BLEED, 88.9 + 2 * BLEED)  # 69.85 x 95.25 mm


def half_black_pdf(pages: int = 1) -> bytes:
    """A card-with-bleed PDF whose left half is filled black on every page."""
    width, height = CARD_WITH_BLEED[0] * mm, CARD_WITH_BLEED[1] * mm
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    for _ in range(pages):
        canvas.rect(0, 0, width / 2, height, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_poker_card_with_bleed_is_825_by_1125_at_300_dpi():
    [png] = pdf_pages_to_png(half_black_pdf(), dpi=300)
    image = Image.open(io.BytesIO(png))
    assert image.size == (825, 1125)
    assert image.mode == "RGB"
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_left_half_is_black_and_right_half_white():
    image = Image.open(io.BytesIO(pdf_pages_to_png(half_black_pdf())[0]))
    middle = 825 / 2  # 412.5 px: column 411 lies wholly left of it, column 413 wholly right
    left = {image.getpixel((int(middle) - 1, y)) for y in range(image.height)}
    right = {image.getpixel((int(middle) + 1, y)) for y in range(image.height)}
    assert left == {(0, 0, 0)}
    assert right == {(255, 255, 255)}
    assert image.getpixel((0, 0)) == (0, 0, 0)
    assert image.getpixel((824, 1124)) == (255, 255, 255)


def test_other_dpi_scales_the_size():
    [png] = pdf_pages_to_png(half_black_pdf(), dpi=96)
    assert Image.open(io.BytesIO(png)).size == (264, 360)  # 2.75 x 3.75 in at 96 dpi


def test_same_pdf_gives_same_bytes():
    pdf = half_black_pdf()
    assert pdf_pages_to_png(pdf) == pdf_pages_to_png(pdf)


def test_every_page_is_rasterised():
    pngs = pdf_pages_to_png(half_black_pdf(pages=2))
    assert len(pngs) == 2
    assert [Image.open(io.BytesIO(png)).size for png in pngs] == [(825, 1125)] * 2
