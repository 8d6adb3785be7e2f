"""Card sheets: fronts imposed N-up with crop marks, backs placed for the chosen duplex mode."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.fonts import BODY
from generator.impose.grid import (
    PRINTER_MARGIN_MM,
    Segment,
    SheetPlan,
    Slot,
    paginate,
    sheet_marks,
    sheet_plan,
)
from generator.model import Symbol
from generator.render.faces import Face, PieceFaces
from generator.units import Size
from generator.write.draw import SheetCanvas, draw_face

MARK_INK = HexColor("#000000")
LABEL_INK = HexColor("#777777")
CUT_LINE_INK = HexColor("#9a9a9a")
FOOTER_PT = 5.0
FOOTER_MIN_PT = 4.0
FOOTER_DESCENT_MM = 0.5  # below the baseline, towards the paper edge
FOOTER_ROOM_MM = 2.2  # margin a footer needs beyond PRINTER_MARGIN_MM
FOOTER_INSET_MM = 1.0  # kept clear at each end, between the crop marks


@dataclass(frozen=True)
class PrintOptions:
    """How the user asked the kit to be printed."""

    paper: Size
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    cut_lines: bool = False


@dataclass(frozen=True)
class SheetsPdf:
    """A written card document and what it holds, for the manifest."""

    data: bytes
    pages: int
    cards: int
    placed: dict[str, int]


class Document:
    """A PDF built page by page in memory; its canvas is made once the first page size is known."""

    def __init__(self, title: str, symbols: list[Symbol], folder: Path) -> None:
        self.buffer = io.BytesIO()
        self.title, self.symbols, self.folder = title, symbols, folder
        self.canvas: SheetCanvas | None = None
        self.pages = 0

    def new_page(self, size: Size) -> SheetCanvas:
        """The canvas, set to `size` for the page about to be drawn."""
        if self.canvas is None:
            self.canvas = SheetCanvas(self.buffer, size, self.title, self.symbols, self.folder)
        self.canvas.setPageSize((size.width * mm, size.height * mm))
        return self.canvas

    def end_page(self) -> None:
        """Close the current page."""
        assert self.canvas is not None
        self.canvas.showPage()
        self.pages += 1

    def finish(self, placed: dict[str, int]) -> SheetsPdf:
        """The finished bytes and what they hold."""
        if self.canvas is None:
            return SheetsPdf(b"", 0, 0, {})
        self.canvas.save()
        return SheetsPdf(self.buffer.getvalue(), self.pages, sum(placed.values()), placed)


def card_sheets(
    title: str, decks: list[PieceFaces], options: PrintOptions, symbols: list[Symbol], folder: Path
) -> SheetsPdf:
    """Every card of the given decks, a new sheet for each deck, each front page followed by its backs."""
    document = Document(title, symbols, folder)
    for deck in decks:
        plan = sheet_plan(options.paper, deck.size, deck.bleed, options.duplex, options.back_offset)
        copies = [i for i, quantity in enumerate(deck.quantities) for _ in range(quantity)]
        sheets = paginate(copies, plan.per_sheet)
        for number, sheet in enumerate(sheets, start=1):
            marks, back_marks = sheet_marks(plan, len(sheet), options.duplex, options.back_offset)
            sides = [(deck.fronts, plan.fronts, marks, "")]
            if deck.backs is not None and not plan.fold:
                sides.append((deck.backs, plan.backs, back_marks, " · backs"))
            label = f"{title} · {deck.owner.name} · sheet {number} of {len(sheets)}"
            for faces, slots, side_marks, suffix in sides:
                canvas = document.new_page(plan.page)
                _page(
                    canvas,
                    plan,
                    [faces[i] for i in sheet],
                    slots,
                    side_marks,
                    options,
                    label + suffix,
                )
                if deck.backs is not None and plan.fold:
                    _faces(canvas, [deck.backs[i] for i in sheet], plan.backs, options)
                    _fold_line(canvas, plan.fold)
                document.end_page()
    return document.finish({deck.owner.id: deck.count for deck in decks})


def _page(
    canvas: SheetCanvas,
    plan: SheetPlan,
    faces: list[Face],
    slots,
    marks,
    options: PrintOptions,
    label: str,
) -> None:
    _faces(canvas, faces, slots, options)
    _marks(canvas, marks)
    _footer(canvas, plan, slots, label)


def _footer(canvas: SheetCanvas, plan: SheetPlan, slots: tuple[Slot, ...], label: str) -> None:
    """The sheet's label inside the printable area: under the middle column when the bottom
    margin has room, else up the right margin beside the middle row; between the crop marks."""
    page = plan.page
    bottom_room = min(s.y - s.bleed.bottom for s in slots) - PRINTER_MARGIN_MM
    right_room = page.width - max(s.x + s.width + s.bleed.right for s in slots)
    canvas.saveState()
    canvas.setFillColor(LABEL_INK)
    baseline = PRINTER_MARGIN_MM + FOOTER_DESCENT_MM
    if bottom_room >= FOOTER_ROOM_MM or right_room - PRINTER_MARGIN_MM < FOOTER_ROOM_MM:
        middle = slots[plan.columns // 2]
        text, size = _fitted(label, middle.width - 2 * FOOTER_INSET_MM)
        canvas.setFont(BODY, size)
        canvas.drawCentredString((middle.x + middle.width / 2) * mm, baseline * mm, text)
    else:
        middle = slots[(plan.rows // 2) * plan.columns + plan.columns - 1]
        text, size = _fitted(label, middle.height - 2 * FOOTER_INSET_MM)
        canvas.translate((page.width - baseline) * mm, (middle.y + middle.height / 2) * mm)
        canvas.rotate(90)
        canvas.setFont(BODY, size)
        canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


def _fitted(label: str, width_mm: float) -> tuple[str, float]:
    """The label and a font size that fit `width_mm`: smaller type first, then a shortened label."""
    for size in (FOOTER_PT, FOOTER_MIN_PT):
        if stringWidth(label, BODY, size) <= width_mm * mm:
            return label, size
    text = label
    while text and stringWidth(text + "…", BODY, FOOTER_MIN_PT) > width_mm * mm:
        text = text[:-1]
    return text.rstrip() + "…", FOOTER_MIN_PT


def _faces(canvas: SheetCanvas, faces: list[Face], slots, options: PrintOptions) -> None:
    for face, slot in zip(faces, slots, strict=False):
        draw_face(canvas, face, slot.x, slot.y, slot.bleed, options.ink_saver)
        if options.cut_lines:
            canvas.setStrokeColor(CUT_LINE_INK)
            canvas.setLineWidth(0.25)
            canvas.rect(
                slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm, stroke=1, fill=0
            )


def _marks(canvas: SheetCanvas, marks: tuple[Segment, ...]) -> None:
    canvas.setStrokeColor(MARK_INK)
    canvas.setLineWidth(0.3)
    for mark in marks:
        canvas.line(mark.x1 * mm, mark.y1 * mm, mark.x2 * mm, mark.y2 * mm)


def _fold_line(canvas: SheetCanvas, fold: Segment) -> None:
    canvas.saveState()
    canvas.setStrokeColor(LABEL_INK)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    canvas.line(fold.x1 * mm, fold.y1 * mm, fold.x2 * mm, fold.y2 * mm)
    canvas.restoreState()
