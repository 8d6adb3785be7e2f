"""Card sheets: fronts imposed N-up with crop marks, backs placed for the chosen duplex mode."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.fonts import BODY
from generator.impose.grid import (
    PRINTER_MARGIN_MM,
    Edges,
    Segment,
    SheetPlan,
    Slot,
    paginate,
    sheet_marks,
    sheet_plan,
)
from generator.model import Symbol
from generator.options import PrintOptions
from generator.render.faces import Face, PieceFaces
from generator.units import Size
from generator.write.draw import SheetCanvas

MARK_INK = HexColor("#000000")
LABEL_INK = HexColor("#777777")
CUT_LINE_INK = HexColor("#9a9a9a")
FOOTER_PT = 5.0
FOOTER_MIN_PT = 4.0
FOOTER_DESCENT_MM = 0.5  # below the baseline, towards the paper edge
FOOTER_ROOM_MM = 2.2  # margin a footer needs beyond PRINTER_MARGIN_MM
FOOTER_INSET_MM = 1.0  # kept clear at each end, between the crop marks
BACKS = " · backs"  # ends the footer of a backs page


@dataclass(frozen=True)
class Copy:
    """One printed copy of a card: the deck it belongs to and which of its designs it is."""

    deck: PieceFaces
    design: int

    @property
    def front(self) -> Face:
        """The copy's front face."""
        return self.deck.fronts[self.design]

    @property
    def back(self) -> Face:
        """The copy's own back face, drawn behind it whatever deck its neighbours come from."""
        assert self.deck.backs is not None
        return self.deck.backs[self.design]


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
    title: str,
    decks: list[PieceFaces],
    options: PrintOptions,
    symbols: list[Symbol],
    folder: Path,
) -> SheetsPdf:
    """Every card of the given decks, each front page followed by its backs; a deck continues
    the sheet the deck before it left part-filled (see `shared_sheets`), so empty slots are
    left only on the last sheet of each group of decks. A face the sheets place more than once
    with the same bleed is drawn once, into a form each copy places."""
    document = Document(title, symbols, folder)
    runs = [(_plan(run[0], options), _copies(run)) for run in shared_sheets(decks)]
    sheets = [(plan, sheet) for plan, copies in runs for sheet in paginate(copies, plan.per_sheet)]
    uses = _placements(sheets)
    for number, (plan, sheet) in enumerate(sheets, start=1):
        labels = _labels(title, sheet, f"sheet {number} of {len(sheets)}")
        _sheet(document, plan, sheet, options, labels, uses)
    return document.finish({deck.owner.id: deck.count for deck in decks})


def shared_sheets(decks: list[PieceFaces]) -> list[list[PieceFaces]]:
    """Decks that fill sheets together, in order of first appearance: the same card size and
    bleed (one grid fits them all) and all with backs or all without (one-sided decks keep
    sheets with no back page)."""
    runs: dict[tuple[Size, float, bool], list[PieceFaces]] = {}
    for deck in decks:
        runs.setdefault((deck.size, deck.bleed, deck.backs is not None), []).append(deck)
    return list(runs.values())


def _plan(deck: PieceFaces, options: PrintOptions) -> SheetPlan:
    """The sheet a deck's cards (and those of the decks sharing its sheets) are imposed on."""
    return sheet_plan(options.paper, deck.size, deck.bleed, options.duplex, options.back_offset)


def _copies(decks: list[PieceFaces]) -> list[Copy]:
    """Every printed copy of the decks' cards, deck after deck, design after design."""
    return [
        Copy(deck, design)
        for deck in decks
        for design, quantity in enumerate(deck.quantities)
        for _ in range(quantity)
    ]


def _placements(sheets: list[tuple[SheetPlan, list[Copy]]]) -> Counter[tuple[int, Edges]]:
    """How many times the sheets place each face (by its id) with each bleed."""
    uses: Counter[tuple[int, Edges]] = Counter()
    for plan, sheet in sheets:
        for copy, front, back in zip(sheet, plan.fronts, plan.backs, strict=False):
            uses[id(copy.front), front.bleed] += 1
            if copy.deck.backs is not None:
                uses[id(copy.back), back.bleed] += 1
    return uses


def _labels(title: str, sheet: list[Copy], number: str) -> tuple[str, str]:
    """The sheet's footer naming each deck on it once, and a shorter one without the title."""
    names = ", ".join(dict.fromkeys(copy.deck.owner.name for copy in sheet))
    return f"{title} · {names} · {number}", f"{names} · {number}"


def _sheet(
    document: Document,
    plan: SheetPlan,
    sheet: list[Copy],
    options: PrintOptions,
    labels: tuple[str, ...],
    uses: Counter[tuple[int, Edges]],
) -> None:
    """One sheet: its fronts page, then its backs page (or the backs across the fold)."""
    marks, back_marks = sheet_marks(plan, len(sheet), options.duplex, options.back_offset)
    backs = [copy.back for copy in sheet] if sheet[0].deck.backs is not None else None
    sides = [([copy.front for copy in sheet], plan.fronts, marks, "")]
    if backs is not None and not plan.fold:
        sides.append((backs, plan.backs, back_marks, BACKS))
    folded = backs if plan.fold else None
    for faces, slots, side_marks, suffix in sides:
        canvas = document.new_page(plan.page)
        _page(canvas, plan, faces, slots, side_marks, options, labels, suffix, folded, uses)
        document.end_page()


def _page(
    canvas: SheetCanvas,
    plan: SheetPlan,
    faces: list[Face],
    slots,
    marks,
    options: PrintOptions,
    labels: tuple[str, ...],
    suffix: str,
    folded: list[Face] | None,
    uses: Counter[tuple[int, Edges]],
) -> None:
    """One side of a sheet: its faces, crop marks and footer, and the backs across the fold."""
    _faces(canvas, faces, slots, options, uses)
    _marks(canvas, marks)
    _footer(canvas, plan, slots, labels, suffix)
    if folded is not None:
        _faces(canvas, folded, plan.backs, options, uses)
        _fold_line(canvas, plan.fold)


def _footer(
    canvas: SheetCanvas,
    plan: SheetPlan,
    slots: tuple[Slot, ...],
    labels: tuple[str, ...],
    suffix: str,
) -> None:
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
        text, size = _fitted(labels, suffix, middle.width - 2 * FOOTER_INSET_MM)
        canvas.setFont(BODY, size)
        canvas.drawCentredString((middle.x + middle.width / 2) * mm, baseline * mm, text)
    else:
        middle = slots[(plan.rows // 2) * plan.columns + plan.columns - 1]
        text, size = _fitted(labels, suffix, middle.height - 2 * FOOTER_INSET_MM)
        canvas.translate((page.width - baseline) * mm, (middle.y + middle.height / 2) * mm)
        canvas.rotate(90)
        canvas.setFont(BODY, size)
        canvas.drawCentredString(0, 0, text)
    canvas.restoreState()


def _fitted(labels: tuple[str, ...], suffix: str, width_mm: float) -> tuple[str, float]:
    """The first label (longest first) with `suffix`, and a font size, that fit `width_mm`:
    smaller type first, then the next label, then the last one shortened. The choice is made
    for the backs page's longer label, so a sheet's two sides read alike."""
    for label in labels:
        for size in (FOOTER_PT, FOOTER_MIN_PT):
            if stringWidth(label + BACKS, BODY, size) <= width_mm * mm:
                return label + suffix, size
    text = labels[-1] + suffix
    while text and stringWidth(text + "…", BODY, FOOTER_MIN_PT) > width_mm * mm:
        text = text[:-1]
    return text.rstrip() + "…", FOOTER_MIN_PT


def _faces(
    canvas: SheetCanvas,
    faces: list[Face],
    slots,
    options: PrintOptions,
    uses: Counter[tuple[int, Edges]],
) -> None:
    for face, slot in zip(faces, slots, strict=False):
        placed = uses[id(face), slot.bleed]
        canvas.place_face(face, slot.x, slot.y, slot.bleed, options.ink_saver, placed)
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
