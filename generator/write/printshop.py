"""The print-shop PDF: one card face per page at trim plus bleed, with /TrimBox and /BleedBox."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from generator.impose.grid import Edges
from generator.model import Symbol
from generator.render.faces import Face, PieceFaces
from generator.units import Size
from generator.write.draw import SheetCanvas
from generator.write.sheets import Document, SheetsPdf


def print_shop_pdf(
    title: str,
    decks: list[PieceFaces],
    symbols: list[Symbol],
    folder: Path,
    bleed: float | None = None,
    per_copy: bool = True,
) -> SheetsPdf:
    """Every card (each copy, or each design) as its own page, front then back, at trim plus
    bleed; a design's copies place one drawing of each side (a form)."""
    document = Document(title, symbols, folder)
    for deck in decks:
        margin = deck.bleed if bleed is None else bleed
        page = Size(deck.size.width + 2 * margin, deck.size.height + 2 * margin)
        edges = Edges(margin, margin, margin, margin)
        trim = (
            margin * mm,
            margin * mm,
            (margin + deck.size.width) * mm,
            (margin + deck.size.height) * mm,
        )
        for index, quantity in enumerate(deck.quantities):
            sides = [deck.fronts[index]] + ([deck.backs[index]] if deck.backs is not None else [])
            copies = quantity if per_copy else 1
            for _ in range(copies):
                for face in sides:
                    _page(document.new_page(page), face, page, edges, trim, copies)
                    document.end_page()
    return document.finish({deck.owner.id: deck.count for deck in decks})


def _page(
    canvas: SheetCanvas,
    face: Face,
    page: Size,
    edges: Edges,
    trim: tuple[float, ...],
    copies: int,
) -> None:
    """One face (of `copies` in the document) on a page of its own, the page its bleed box,
    its trim `edges` mm in."""
    canvas.setBleedBox((0, 0, page.width * mm, page.height * mm))
    canvas.setTrimBox(trim)
    canvas.place_face(face, edges.left, edges.bottom, edges, False, copies)
