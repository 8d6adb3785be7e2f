"""Impose half-sheet rulebook pages two-up for saddle stitching: print duplex (short edge), fold, staple."""

from __future__ import annotations

import io

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

from generator.impose.booklet import saddle_stitch


def booklet_pdf(pages_pdf: bytes, title: str) -> tuple[bytes, int]:
    """Each side of each sheet carries two pages in saddle-stitch order; blanks pad to four."""
    reader = PdfReader(io.BytesIO(pages_pdf))
    pages = list(reader.pages)
    width, height = float(pages[0].mediabox.width), float(pages[0].mediabox.height)
    writer = PdfWriter()
    for left, right in saddle_stitch(len(pages)):
        side = PageObject.create_blank_page(width=2 * width, height=height)
        for slot, index in ((0, left), (1, right)):
            if index < len(pages):
                side.merge_transformed_page(
                    pages[index], Transformation().translate(slot * width, 0)
                )
        writer.add_page(side)
    writer.add_metadata(
        {
            "/Title": str(reader.metadata.title or "") + " (booklet)"
            if reader.metadata
            else "booklet"
        }
    )
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue(), len(writer.pages)
