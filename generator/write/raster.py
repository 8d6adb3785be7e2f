"""Rasterise PDF pages to PNG with PDFium, for digital play and previews at a known print size."""

from __future__ import annotations

import io
from contextlib import closing

import pypdfium2 as pdfium
from PIL import Image

POINTS_PER_INCH = 72


def pdf_pages_to_png(pdf: bytes, dpi: int = 300) -> list[bytes]:
    """Every page as an RGB PNG at exactly `dpi`, so pixels map back to millimetres on the sheet."""
    with pdfium.PdfDocument(pdf) as document:
        return [_page_png(page, dpi) for page in document]


def pdf_page_pngs(pdf: bytes, dpi: int, indexes: list[int]) -> list[bytes]:
    """Some pages (0-based) as `pdf_pages_to_png` draws them, for exports that keep the others."""
    if not indexes:
        return []
    with pdfium.PdfDocument(pdf) as document:
        return [_page_png(document[index], dpi) for index in indexes]


def _page_png(page: pdfium.PdfPage, dpi: int) -> bytes:
    """One page on white, trimmed to the rounded page size because PDFium rounds its size up."""
    width, height = page.get_size()
    size = (round(width / POINTS_PER_INCH * dpi), round(height / POINTS_PER_INCH * dpi))
    with closing(page), closing(page.render(scale=dpi / POINTS_PER_INCH)) as bitmap:
        image = bitmap.to_pil()  # a BGR bitmap becomes an RGB copy, so closing the bitmap is safe
    return encode_png(image if image.size == size else image.crop((0, 0, *size)), dpi)


def encode_png(image: Image.Image, dpi: int | None = None) -> bytes:
    """PNG bytes with fixed settings and no time chunk, so the same image gives the same bytes."""
    buffer = io.BytesIO()
    options = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buffer, "PNG", optimize=False, compress_level=6, **options)
    return buffer.getvalue()
