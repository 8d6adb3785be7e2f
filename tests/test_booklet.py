"""The saddle-stitched booklet: each side shows its two pages as they render alone (a level of
anti-aliasing apart where a page's edge clips it), and links and outline entries lead to where
their pages went."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.impose.booklet import saddle_stitch
from generator.write.booklet import impose_booklet
from generator.write.raster import pdf_pages_to_png
from tests.printing import pdf_links

WIDTH, HEIGHT = 144, 216  # points: two by three inches, whole pixels at 72 dpi
PAGES = 5  # padded to 8: three blank halves


def _draw_pages(canvas: Canvas) -> None:
    """Five half pages, each with its own shapes and number; page 1 links to page 4 and to a
    web address, and the outline leads to page 4."""
    for number in range(1, PAGES + 1):
        canvas.setFillColorRGB(number / PAGES, 0.3, 1 - number / PAGES)
        canvas.rect(10 * number, 20, 30, 12 * number + 40, fill=1, stroke=0)
        canvas.circle(WIDTH - 5, HEIGHT / 2, 20, fill=1)  # runs past the edge: clipped there
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(20, HEIGHT - 30, f"Page {number}")
        if number == 1:
            canvas.drawString(20, HEIGHT - 60, "go to four")
            canvas.linkAbsolute("", "four", (18, HEIGHT - 64, 90, HEIGHT - 50))
            canvas.linkURL("https://example.org/", (18, 20, 90, 34))
        if number == 4:
            canvas.bookmarkHorizontalAbsolute("four", HEIGHT - 30, left=12)
            canvas.addOutlineEntry("Four", "four")
        canvas.showPage()


def _pages_pdf() -> bytes:
    """The five pages, as a document of their own."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(WIDTH, HEIGHT), invariant=1)
    _draw_pages(canvas)
    canvas.save()
    return buffer.getvalue()


def _booklet_pdf() -> tuple[bytes, int]:
    """The five pages imposed as a booklet, and its number of sides."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(WIDTH, HEIGHT), invariant=1)
    canvas.setTitle("Demo")
    _draw_pages(canvas)
    sides = impose_booklet(canvas)
    canvas.save()
    return buffer.getvalue(), sides


def _images(pdf: bytes) -> list[Image.Image]:
    return [Image.open(io.BytesIO(png)).convert("RGB") for png in pdf_pages_to_png(pdf, 72)]


def test_each_half_of_a_side_renders_as_its_page_alone():
    booklet, sides = _booklet_pdf()
    alone = _images(_pages_pdf())
    blank = Image.new("RGB", (WIDTH, HEIGHT), "white")
    drawn = _images(booklet)
    assert sides == len(drawn) == 4
    for side, pair in zip(drawn, saddle_stitch(PAGES), strict=True):
        assert side.size == (2 * WIDTH, HEIGHT)
        for slot, index in enumerate(pair):
            half = side.crop((slot * WIDTH, 0, (slot + 1) * WIDTH, HEIGHT))
            want = alone[index] if index < PAGES else blank
            difference = ImageChops.difference(half, want).getextrema()
            assert max(high for _, high in difference) <= 1, (pair, slot)  # edge anti-aliasing


def test_links_and_the_outline_lead_to_the_side_where_their_page_went(tmp_path: Path):
    booklet, _ = _booklet_pdf()
    path = tmp_path / "booklet.pdf"
    path.write_bytes(booklet)
    side_of = {page: number for number, pair in enumerate(saddle_stitch(PAGES), 1) for page in pair}
    [link] = pdf_links(path)
    assert (link.page, link.text, link.target) == (side_of[0], "go to four", side_of[3])
    left = saddle_stitch(PAGES)[side_of[0] - 1].index(0) * WIDTH
    assert link.rect == (18 + left, HEIGHT - 64, 90 + left, HEIGHT - 50)
    assert pdfium.PdfDocument(booklet)[0].get_size() == (2 * WIDTH, HEIGHT)
    reader = PdfReader(path)
    side = reader.pages[side_of[0] - 1]
    [web] = [a.get_object() for a in side["/Annots"] if "/A" in a.get_object()]
    assert web["/A"]["/URI"] == "https://example.org/"
    assert [float(v) for v in web["/Rect"]] == [18 + left, 20, 90 + left, 34]
    [four] = reader.outline
    assert reader.get_destination_page_number(four) == side_of[3] - 1
    assert four.left == 12 + saddle_stitch(PAGES)[side_of[3] - 1].index(3) * WIDTH
    assert reader.metadata.title == "Demo (booklet)"
