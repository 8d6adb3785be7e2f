"""Sheet pages keep their drawing compressed from the moment they close (write/draw.py
SheetCanvas.showPage) and the saved PDF is byte for byte what ReportLab writes on its own."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.units import Size
from generator.write.draw import SheetCanvas


def _drawn(canvas: Canvas) -> Canvas:
    """Two pages with some lines and text on them."""
    for page in range(2):
        for step in range(50):
            canvas.line(step, 10, step * 3, 400 + page)
            canvas.drawString(20, 20 + step * 5, f"page {page} line {step}")
        canvas.showPage()
    return canvas


def test_closed_pages_hold_compressed_streams_and_save_the_same_bytes() -> None:
    ours, plain = io.BytesIO(), io.BytesIO()
    sheet = _drawn(SheetCanvas(ours, Size(210, 297), "T", [], Path(".")))
    pages = sheet._doc.Pages.pages
    assert [page.stream for page in pages] == [None, None]
    assert all(len(page.Contents.content) < 2000 for page in pages)  # 6 KB of drawing each
    sheet.save()
    reference = SheetCanvas(plain, Size(210, 297), "T", [], Path("."))
    reference.showPage = Canvas.showPage.__get__(reference)  # ReportLab's own page ending
    _drawn(reference).save()
    assert ours.getvalue() == plain.getvalue()
