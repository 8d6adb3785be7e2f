"""Sheet imposition: pure geometry in millimetres, measured from the page's bottom-left corner.

Cards sit in a grid that fits the area A4 and Letter share, centred on the real paper. Gutters
hold a full bleed on both sides when that costs no card per sheet; otherwise cards butt and
share cut lines. Crop marks stay in the margins, outside every card's bleed and at least
PRINTER_MARGIN_MM from every paper edge, which desktop printers cannot reach: where the margin
is tight the outer bleed shrinks first, then the marks shorten, down to MIN_MARK_MM.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

from generator.units import Size, common_paper_area

MIN_MARGIN_MM = 5.0
MARK_SPACE_MM = 4.0  # room token packing keeps beyond MIN_MARGIN_MM
PRINTER_MARGIN_MM = 5.2  # no mark or footer nearer a paper edge (5 mm plus a raster pixel)
MARK_GAP_MM = 0.5
MARK_LENGTH_MM = 5.0
MIN_MARK_MM = 1.0
FOLD_GAP_MM = 2.0
DUPLEX_MODES = ("long", "short", "none", "fold")
T = TypeVar("T")


class ImposeError(ValueError):
    """A piece that cannot fit on the chosen paper."""


@dataclass(frozen=True)
class Edges:
    """A length for each side of a card: how far its art runs past the trim."""

    left: float
    bottom: float
    right: float
    top: float


@dataclass(frozen=True)
class Slot:
    """Where one card's trim sits on the page, and how much bleed it may draw on each side."""

    x: float
    y: float
    width: float
    height: float
    bleed: Edges


@dataclass(frozen=True)
class Segment:
    """A straight mark from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetPlan:
    """Everything needed to draw one sheet of a deck: fronts, their backs, marks and fold."""

    page: Size
    card: Size
    columns: int
    rows: int
    gutter: tuple[float, float]
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    marks: tuple[Segment, ...]
    back_marks: tuple[Segment, ...]
    fold: Segment | None

    @property
    def per_sheet(self) -> int:
        """Cards on one sheet."""
        return len(self.fronts)


def sheet_plan(
    paper: Size,
    card: Size,
    bleed: float,
    duplex: str = "long",
    offset: tuple[float, float] = (0.0, 0.0),
) -> SheetPlan:
    """The sheet for `card` on `paper` with backs placed for the chosen duplex mode."""
    if duplex == "fold":
        return _fold_plan(paper, card, bleed)
    area = common_paper_area()
    fronts, columns, rows, gutter = _grid(
        paper, card, bleed, Size(area.width, area.height), (0.0, 0.0, paper.width, paper.height)
    )
    backs = tuple(_shift(_mirror(slot, paper, duplex), offset) for slot in fronts)
    plan = SheetPlan(paper, card, columns, rows, gutter, fronts, backs, (), (), None)
    marks, back_marks = sheet_marks(plan, len(fronts), duplex, offset)
    return replace(plan, marks=marks, back_marks=back_marks)


def sheet_marks(
    plan: SheetPlan, count: int, duplex: str, offset: tuple[float, float] = (0.0, 0.0)
) -> tuple[tuple[Segment, ...], tuple[Segment, ...]]:
    """Front and back marks for a sheet holding the first `count` cards: none for empty rows or columns."""
    if plan.fold is not None:
        return crop_marks(plan.fronts[:count] + plan.backs[:count], plan.page), ()
    marks = crop_marks(plan.fronts[:count], plan.page)
    moved = (_shift_segment(_mirror_segment(s, plan.page, duplex), offset) for s in marks)
    return marks, clip_marks(tuple(moved), plan.page)


def _grid(
    paper: Size, card: Size, bleed: float, area: Size, region: tuple[float, float, float, float]
):
    """Slots for the largest grid of `card` within `area`, centred in `region` of the page."""
    usable = Size(area.width - 2 * MIN_MARGIN_MM, area.height - 2 * MIN_MARGIN_MM)
    columns, gap_x = _count(usable.width, card.width, bleed)
    rows, gap_y = _count(usable.height, card.height, bleed)
    if columns < 1 or rows < 1:
        raise ImposeError(
            f"expected a card that fits within {usable.width:g}x{usable.height:g} mm, found {card.label}"
        )
    block = Size(
        columns * card.width + (columns - 1) * gap_x, rows * card.height + (rows - 1) * gap_y
    )
    left0, bottom0, right0, top0 = region
    left = left0 + (right0 - left0 - block.width) / 2
    top = bottom0 + (top0 - bottom0 + block.height) / 2
    spaces = (left - left0, top - block.height - bottom0, right0 - left - block.width, top0 - top)
    at_paper_edge = (left0 == 0, bottom0 == 0, right0 == paper.width, top0 == paper.height)
    outer = Edges(
        *(
            max(0.0, min(bleed, space - (_MARK_ROOM if edge else FOLD_GAP_MM)))
            for space, edge in zip(spaces, at_paper_edge, strict=True)
        )
    )
    inner_x, inner_y = min(bleed, gap_x / 2), min(bleed, gap_y / 2)
    slots = []
    for r in range(rows):
        for c in range(columns):
            edges = Edges(
                outer.left if c == 0 else inner_x,
                outer.bottom if r == rows - 1 else inner_y,
                outer.right if c == columns - 1 else inner_x,
                outer.top if r == 0 else inner_y,
            )
            x = left + c * (card.width + gap_x)
            y = top - (r + 1) * card.height - r * gap_y
            slots.append(Slot(x, y, card.width, card.height, edges))
    return tuple(slots), columns, rows, (gap_x, gap_y)


_MARK_ROOM = PRINTER_MARGIN_MM + MIN_MARK_MM + MARK_GAP_MM


def _count(space: float, length: float, bleed: float) -> tuple[int, float]:
    """How many fit along one axis, with a full-bleed gutter when it costs no card."""
    butted = int(space // length)
    gutter = 2 * bleed
    with_gutter = int((space + gutter) // (length + gutter))
    return (with_gutter, gutter) if with_gutter == butted and butted > 1 else (butted, 0.0)


def crop_marks(slots: tuple[Slot, ...], page: Size) -> tuple[Segment, ...]:
    """Marks on every trim line of `slots`, from outside their bleed to short of the printer's margin."""
    if not slots:
        return ()
    low_x = min(s.x - s.bleed.left for s in slots)
    high_x = max(s.x + s.width + s.bleed.right for s in slots)
    low_y = min(s.y - s.bleed.bottom for s in slots)
    high_y = max(s.y + s.height + s.bleed.top for s in slots)
    left, right = _reach(low_x, PRINTER_MARGIN_MM), _reach(high_x, page.width - PRINTER_MARGIN_MM)
    bottom, top = _reach(low_y, PRINTER_MARGIN_MM), _reach(high_y, page.height - PRINTER_MARGIN_MM)
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.width)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.height)})
    marks = [Segment(x, a, x, b) for x in xs for a, b in (bottom, top)]
    marks += [Segment(a, y, b, y) for y in ys for a, b in (left, right)]
    return tuple(m for m in marks if abs(m.x2 - m.x1) + abs(m.y2 - m.y1) >= MIN_MARK_MM - 1e-9)


def _reach(start: float, limit: float) -> tuple[float, float]:
    """A mark's ends going from the bleed at `start` towards `limit`: a gap, then up to MARK_LENGTH_MM."""
    room = abs(limit - start)
    gap = min(MARK_GAP_MM, max(0.0, room - MIN_MARK_MM))
    length = max(0.0, min(MARK_LENGTH_MM, room - gap))
    step = 1.0 if limit > start else -1.0
    inner, outer = start + step * gap, start + step * (gap + length)
    return (min(inner, outer), max(inner, outer))


def clip_marks(marks: tuple[Segment, ...], page: Size) -> tuple[Segment, ...]:
    """Marks cut back to the printable area (a back offset may push them towards an edge)."""
    low = PRINTER_MARGIN_MM
    high_x, high_y = page.width - low, page.height - low
    kept = []
    for m in marks:
        x1, x2 = (min(max(v, low), high_x) for v in (m.x1, m.x2))
        y1, y2 = (min(max(v, low), high_y) for v in (m.y1, m.y2))
        on_page = x1 == m.x1 if m.x1 == m.x2 else y1 == m.y1
        if on_page and abs(x2 - x1) + abs(y2 - y1) >= MIN_MARK_MM / 2:
            kept.append(Segment(x1, y1, x2, y2))
    return tuple(kept)


def _mirror(slot: Slot, page: Size, duplex: str) -> Slot:
    """Where a card's back goes so that it lands behind its front after the flip."""
    b = slot.bleed
    if duplex == "long":
        return Slot(
            page.width - slot.x - slot.width,
            slot.y,
            slot.width,
            slot.height,
            Edges(b.right, b.bottom, b.left, b.top),
        )
    if duplex == "short":
        return Slot(
            slot.x,
            page.height - slot.y - slot.height,
            slot.width,
            slot.height,
            Edges(b.left, b.top, b.right, b.bottom),
        )
    return slot


def _mirror_segment(segment: Segment, page: Size, duplex: str) -> Segment:
    if duplex == "long":
        return Segment(page.width - segment.x1, segment.y1, page.width - segment.x2, segment.y2)
    if duplex == "short":
        return Segment(segment.x1, page.height - segment.y1, segment.x2, page.height - segment.y2)
    return segment


def _shift(slot: Slot, offset: tuple[float, float]) -> Slot:
    return replace(slot, x=slot.x + offset[0], y=slot.y + offset[1])


def _shift_segment(segment: Segment, offset: tuple[float, float]) -> Segment:
    dx, dy = offset
    return Segment(segment.x1 + dx, segment.y1 + dy, segment.x2 + dx, segment.y2 + dy)


def _fold_plan(paper: Size, card: Size, bleed: float) -> SheetPlan:
    """Fronts on one half, backs mirrored about the fold on the other; the orientation that fits more wins."""
    area = common_paper_area()
    options = []
    for page, common in ((paper.rotated(), area.rotated()), (paper, area)):
        vertical = page.width > page.height
        half = (
            Size(common.width / 2, common.height)
            if vertical
            else Size(common.width, common.height / 2)
        )
        fold_at = page.width / 2 if vertical else page.height / 2
        space = (
            Size(half.width + MIN_MARGIN_MM - FOLD_GAP_MM - bleed, half.height)
            if vertical
            else Size(half.width, half.height + MIN_MARGIN_MM - FOLD_GAP_MM - bleed)
        )
        region = (
            (0.0, 0.0, fold_at, page.height)
            if vertical
            else (0.0, fold_at, page.width, page.height)
        )
        try:
            fronts, columns, rows, gutter = _grid(page, card, bleed, space, region)
        except ImposeError:
            continue
        options.append((len(fronts), vertical, page, fold_at, fronts, columns, rows, gutter))
    if not options:
        raise ImposeError(
            f"expected a card that fits half a sheet for fold mode, found {card.label}"
        )
    _, vertical, page, fold_at, fronts, columns, rows, gutter = max(options, key=lambda o: o[0])
    backs = tuple(_fold_mirror(slot, fold_at, vertical) for slot in fronts)
    fold = (
        Segment(fold_at, 0, fold_at, page.height)
        if vertical
        else Segment(0, fold_at, page.width, fold_at)
    )
    marks = crop_marks(fronts + backs, page)
    return SheetPlan(page, card, columns, rows, gutter, fronts, backs, marks, (), fold)


def _fold_mirror(slot: Slot, fold_at: float, vertical: bool) -> Slot:
    b = slot.bleed
    if vertical:
        return Slot(
            2 * fold_at - slot.x - slot.width,
            slot.y,
            slot.width,
            slot.height,
            Edges(b.right, b.bottom, b.left, b.top),
        )
    return Slot(
        slot.x,
        2 * fold_at - slot.y - slot.height,
        slot.width,
        slot.height,
        Edges(b.left, b.top, b.right, b.bottom),
    )


def paginate(items: list[T] | tuple[T, ...], per_page: int) -> list[list[T]]:
    """Split items into pages of at most `per_page`."""
    return [list(items[i : i + per_page]) for i in range(0, len(items), per_page)]
