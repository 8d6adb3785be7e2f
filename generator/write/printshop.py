"""The print-shop PDF: each design's faces, a page each at trim plus bleed, with /TrimBox and
/BleedBox. A print-on-demand service is told how many of each design to print when the order
is placed, so a design is in the file once however many copies the deck has (the manifest lists
the copies): the file and the memory that makes it grow with the designs, not the copies."""

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
) -> SheetsPdf:
    """Every design's front, then its back, each on a page of its own at trim plus bleed."""
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
        for index in range(len(deck.fronts)):
            sides = [deck.fronts[index]] + ([deck.backs[index]] if deck.backs is not None else [])
            for face in sides:
                _page(document.new_page(page), face, page, edges, trim)
                document.end_page()
    return document.finish({deck.owner.id: deck.count for deck in decks})


def _page(
    canvas: SheetCanvas,
    face: Face,
    page: Size,
    edges: Edges,
    trim: tuple[float, ...],
) -> None:
    """One face on a page of its own, the page its bleed box, its trim `edges` mm in."""
    canvas.setBleedBox((0, 0, page.width * mm, page.height * mm))
    canvas.setTrimBox(trim)
    canvas.place_face(face, edges.left, edges.bottom, edges, False, 1)
