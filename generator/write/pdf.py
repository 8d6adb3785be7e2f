"""Draw imposed card faces onto PDF pages with ReportLab; bytes are built in memory first."""

from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator.errors import GeneratorError
from generator.impose.grid import Placement, card_grid, paginate
from generator.render.faces import CardFace, DeckFaces
from generator.units import Size
from generator.write.fonts import BODY, BOLD, ITALIC, register_fonts

PAD = 2.5 * mm
INK = HexColor("#222222")
FAINT = HexColor("#777777")
PLACEHOLDER_INK = HexColor("#b03030")
TEXT_SIZES = (8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0)


@dataclass(frozen=True)
class CardSheetPdf:
    """A written card-sheet document and what it holds, for the manifest."""

    data: bytes
    pages: int
    cards: int
    placed: dict[str, int]


def new_canvas(buffer: io.BytesIO, title: str, paper: Size) -> Canvas:
    """A canvas with reproducible bytes, embedded fonts and printing at 100 %."""
    register_fonts()
    canvas = Canvas(
        buffer,
        pagesize=(paper.width * mm, paper.height * mm),
        invariant=1,
        pageCompression=1,
        initialFontName=BODY,
    )
    canvas.setTitle(title)
    canvas.setCreator("pnp print-and-play generator")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def card_sheets(title: str, decks: list[DeckFaces], paper: Size) -> CardSheetPdf:
    """Every card of the given decks at true size, a new page for each deck."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, paper)
    pages, placed = 0, {}
    for deck in decks:
        grid = card_grid(paper, deck.size)
        sheets = paginate(deck.faces, len(grid.slots))
        for number, faces in enumerate(sheets, start=1):
            _sheet_label(
                canvas, paper, f"{title} · {deck.deck.name} · sheet {number} of {len(sheets)}"
            )
            for face, slot in zip(faces, grid.slots, strict=False):
                draw_card(canvas, face, slot)
            canvas.showPage()
            pages += 1
        placed[deck.deck.id] = len(deck.faces)
    canvas.save()
    return CardSheetPdf(buffer.getvalue(), pages, sum(placed.values()), placed)


def _sheet_label(canvas: Canvas, paper: Size, text: str) -> None:
    canvas.setFont(BODY, 6)
    canvas.setFillColor(FAINT)
    canvas.drawCentredString(paper.width * mm / 2, paper.height * mm - 4 * mm, text)


def draw_card(canvas: Canvas, face: CardFace, slot: Placement) -> None:
    """A framed box at the card's trim showing its title, fields and text."""
    x, y, width, height = slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.rect(x, y, width, height, stroke=1, fill=0)
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, 9)
    top = y + height - PAD - 9
    canvas.drawCentredString(x + width / 2, top, face.title)
    top -= 4
    if face.placeholder:
        top = _flow(
            canvas,
            f"<b>PLACEHOLDER</b>: {escape(face.placeholder)}",
            (x, top, width),
            6,
            PLACEHOLDER_INK,
        )
    for key, value in face.fields:
        top = _flow(canvas, f"<b>{escape(key)}</b>: {escape(value)}", (x, top, width), 6.5, INK)
    _footer(canvas, face, x, y, width)
    if face.text:
        _fit_text(canvas, face, (x, y + PAD + 8, width, top - (y + PAD + 8)))


def _flow(
    canvas: Canvas, markup: str, at: tuple[float, float, float], size: float, colour
) -> float:
    """Draw a paragraph below `top` and return the new top."""
    x, top, width = at
    paragraph = Paragraph(markup, _style(size, colour))
    _, used = paragraph.wrap(width - 2 * PAD, top)
    paragraph.drawOn(canvas, x + PAD, top - used)
    return top - used - 1.5


def _fit_text(canvas: Canvas, face: CardFace, box: tuple[float, float, float, float]) -> None:
    """Shrink the rules text until it fits its box; refuse to print it overflowing."""
    x, bottom, width, height = box
    markup = escape(face.text).replace("\n", "<br/>")
    for size in TEXT_SIZES:
        paragraph = Paragraph(markup, _style(size, INK))
        _, used = paragraph.wrap(width - 2 * PAD, height)
        if used <= height:
            paragraph.drawOn(canvas, x + PAD, bottom + height - used)
            return
    raise GeneratorError(
        f"card '{face.card}' in deck '{face.deck}': text does not fit its box even at {TEXT_SIZES[-1]:g} pt"
    )


def _footer(canvas: Canvas, face: CardFace, x: float, y: float, width: float) -> None:
    canvas.setFont(ITALIC, 5)
    canvas.setFillColor(FAINT)
    canvas.drawCentredString(x + width / 2, y + PAD, f"{face.deck} · {face.card} · {face.copy}")


def _style(size: float, colour) -> ParagraphStyle:
    return ParagraphStyle(
        "card", fontName=BODY, fontSize=size, leading=size * 1.2, textColor=colour
    )
