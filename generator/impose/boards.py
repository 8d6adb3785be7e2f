"""Small boards and mats placed together on pages: shelf packing of rectangles, in millimetres.

Each board bleeds BLEED_MM past its trim; its corner marks sit on the trim lines outside that
bleed, clear of every other board's bleed and of the printer's unprintable margin.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.impose.grid import MARK_GAP_MM, MIN_MARK_MM, PRINTER_MARGIN_MM, Segment
from generator.impose.tiles import BLEED_MM, window_size
from generator.units import Size

BOARD_GAP_MM = 8.0
CORNER_MARK_MM = 4.0
EPSILON = 1e-6


@dataclass(frozen=True)
class BoardSpot:
    """Where one small board goes: its page, its bottom-left corner, and whether it is turned."""

    index: int
    page: int
    x: float
    y: float
    turned: bool


def place_boards(sizes: list[Size], page: Size) -> list[BoardSpot]:
    """Rows of boards, tallest first, each upright unless only a quarter turn makes it fit;
    each page's boards centred on the paper."""
    window = window_size(page)
    upright = [(i, _oriented(size, window)) for i, size in enumerate(sizes)]
    order = sorted(upright, key=lambda item: (-item[1][0].height, item[0]))
    spots, page_index, x, row_top, row_height = [], 0, 0.0, 0.0, 0.0
    for index, (size, turned) in order:
        if x + size.width > window.width:
            x, row_top, row_height = 0.0, row_top + row_height + BOARD_GAP_MM, 0.0
        if row_top + size.height > window.height:
            page_index, x, row_top, row_height = page_index + 1, 0.0, 0.0, 0.0
        spots.append(BoardSpot(index, page_index, x, -row_top - size.height, turned))
        x += size.width + BOARD_GAP_MM
        row_height = max(row_height, size.height)
    sizes_on = {s.index: (sizes[s.index].rotated() if s.turned else sizes[s.index]) for s in spots}
    return sorted(_centred(spots, sizes_on, page), key=lambda spot: (spot.page, spot.index))


def _oriented(size: Size, window: Size) -> tuple[Size, bool]:
    if size.width <= window.width and size.height <= window.height:
        return size, False
    return size.rotated(), True


def _centred(spots: list[BoardSpot], sizes: dict[int, Size], page: Size) -> list[BoardSpot]:
    """Each page's block of boards moved so the paper around it is equal on opposite sides."""
    placed = []
    for number in {s.page for s in spots}:
        on_page = [s for s in spots if s.page == number]
        low_x = min(s.x for s in on_page)
        high_x = max(s.x + sizes[s.index].width for s in on_page)
        low_y = min(s.y for s in on_page)
        high_y = max(s.y + sizes[s.index].height for s in on_page)
        dx = (page.width - (high_x - low_x)) / 2 - low_x
        dy = (page.height - (high_y - low_y)) / 2 - low_y
        placed += [BoardSpot(s.index, s.page, s.x + dx, s.y + dy, s.turned) for s in on_page]
    return placed


Box = tuple[float, float, float, float]  # x, y, width, height of a trim in page mm


def corner_marks(trims: list[Box], page: Size, bleed: float = BLEED_MM) -> list[Segment]:
    """Marks on each trim's edges extended past its corners, starting outside its bleed and cut
    short of other boards' bleed and of the printer's margin (dropped when under MIN_MARK_MM)."""
    bleeds = [(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed) for x, y, w, h in trims]
    marks = []
    start = bleed + MARK_GAP_MM
    for x, y, w, h in trims:
        for cx, dx in ((x, -1), (x + w, 1)):
            for cy, dy in ((y, -1), (y + h, 1)):
                marks.append(_mark(cx + dx * start, cy, dx, 0, bleeds, page))
                marks.append(_mark(cx, cy + dy * start, 0, dy, bleeds, page))
    return [m for m in marks if m is not None]


def _mark(x: float, y: float, dx: int, dy: int, bleeds: list[Box], page: Size) -> Segment | None:
    """A mark from (x, y) in direction (dx, dy), as long as it stays clear."""
    length = CORNER_MARK_MM
    limit_x = PRINTER_MARGIN_MM if dx < 0 else page.width - PRINTER_MARGIN_MM
    limit_y = PRINTER_MARGIN_MM if dy < 0 else page.height - PRINTER_MARGIN_MM
    if dx:
        length = min(length, (x - limit_x) * -dx if dx < 0 else limit_x - x)
    else:
        length = min(length, (y - limit_y) * -dy if dy < 0 else limit_y - y)
    for bx, by, bw, bh in bleeds:
        length = min(length, _clear(x, y, dx, dy, (bx, by, bw, bh)))
    if length < MIN_MARK_MM:
        return None
    return Segment(x, y, x + dx * length, y + dy * length)


def _clear(x: float, y: float, dx: int, dy: int, box: Box) -> float:
    """How far a mark may run from (x, y) before coming within MARK_GAP_MM of `box`."""
    bx, by, bw, bh = box
    gap = MARK_GAP_MM
    if dx and by - gap < y < by + bh + gap:
        edge = bx - gap if dx > 0 else bx + bw + gap
        ahead = (edge - x) * dx
        inside = bx - gap + EPSILON < x < bx + bw + gap - EPSILON
        return 0.0 if inside else (ahead if ahead >= 0 else float("inf"))
    if dy and bx - gap < x < bx + bw + gap:
        edge = by - gap if dy > 0 else by + bh + gap
        ahead = (edge - y) * dy
        inside = by - gap + EPSILON < y < by + bh + gap - EPSILON
        return 0.0 if inside else (ahead if ahead >= 0 else float("inf"))
    return float("inf")
