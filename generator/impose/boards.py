"""Small boards and mats placed together on pages: shelf packing of rectangles, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass

from generator.impose.tiles import window_size
from generator.units import Size

BOARD_GAP_MM = 8.0


@dataclass(frozen=True)
class BoardSpot:
    """Where one small board goes: its page, its bottom-left corner, and whether it is turned."""

    index: int
    page: int
    x: float
    y: float
    turned: bool


def place_boards(sizes: list[Size], page: Size) -> list[BoardSpot]:
    """Rows of boards, tallest first, each upright unless only a quarter turn makes it fit."""
    window = window_size(page)
    left, top = (page.width - window.width) / 2, (page.height + window.height) / 2
    upright = [(i, _oriented(size, window)) for i, size in enumerate(sizes)]
    order = sorted(upright, key=lambda item: (-item[1][0].height, item[0]))
    spots, page_index, x, row_top, row_height = [], 0, 0.0, 0.0, 0.0
    for index, (size, turned) in order:
        if x + size.width > window.width:
            x, row_top, row_height = 0.0, row_top + row_height + BOARD_GAP_MM, 0.0
        if row_top + size.height > window.height:
            page_index, x, row_top, row_height = page_index + 1, 0.0, 0.0, 0.0
        spots.append(BoardSpot(index, page_index, left + x, top - row_top - size.height, turned))
        x += size.width + BOARD_GAP_MM
        row_height = max(row_height, size.height)
    return sorted(spots, key=lambda spot: (spot.page, spot.index))


def _oriented(size: Size, window: Size) -> tuple[Size, bool]:
    if size.width <= window.width and size.height <= window.height:
        return size, False
    return size.rotated(), True
