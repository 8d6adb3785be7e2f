"""Tiling: a board larger than the printable area split into overlapping page-sized windows.

Board coordinates are millimetres from the board's top-left corner, y growing downwards, as
layouts use them; page coordinates are millimetres from the page's bottom-left corner.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.units import Size, common_paper_area

OVERLAP_MM = 12.0
TILE_MARGIN_MM = 8.0


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the board window it shows and where that window sits."""

    row: int
    column: int
    x: float
    y: float
    width: float
    height: float
    page_left: float
    page_top: float

    def to_page(self, bx: float, by: float) -> tuple[float, float]:
        """Where board point (bx, by) lands on this tile's page."""
        return self.page_left + bx - self.x, self.page_top - (by - self.y)

    def to_board(self, px: float, py: float) -> tuple[float, float]:
        """The board point printed at page point (px, py)."""
        return self.x + px - self.page_left, self.y + self.page_top - py

    def shows(self, bx: float, by: float, inset: float = 0.0) -> bool:
        """Whether the window shows a board point (at least `inset` inside its edges)."""
        return (
            self.x + inset <= bx <= self.x + self.width - inset
            and self.y + inset <= by <= self.y + self.height - inset
        )


@dataclass(frozen=True)
class TilePlan:
    """All tiles of one board and the crosshairs that align them."""

    page: Size
    board: Size
    rows: int
    columns: int
    overlap: float
    tiles: tuple[Tile, ...]
    crosshairs: tuple[tuple[float, float], ...]


def window_size(page: Size) -> Size:
    """The board window one page shows: the area A4 and Letter share, less the margins."""
    area = common_paper_area()
    if page.width > page.height:
        area = area.rotated()
    return Size(area.width - 2 * TILE_MARGIN_MM, area.height - 2 * TILE_MARGIN_MM)


def fits_one_page(board: Size, paper: Size) -> bool:
    """A board that fits a page (either way round) is placed whole, not tiled."""
    window = window_size(paper)
    return (board.width <= window.width and board.height <= window.height) or (
        board.height <= window.width and board.width <= window.height
    )


def tile_plan(board: Size, paper: Size, overlap: float = OVERLAP_MM) -> TilePlan:
    """Tiles for `board` on `paper`, portrait or landscape, whichever needs fewer pages."""
    plans = [_plan(board, page, overlap) for page in (paper, paper.rotated())]
    return min(plans, key=lambda plan: (len(plan.tiles), plan.page.width > plan.page.height))


def _plan(board: Size, page: Size, overlap: float) -> TilePlan:
    window = window_size(page)
    columns = _count(board.width, window.width, overlap)
    rows = _count(board.height, window.height, overlap)
    left = (page.width - window.width) / 2
    top = (page.height + window.height) / 2
    tiles = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * (window.width - overlap), row * (window.height - overlap)
            width, height = min(window.width, board.width - x), min(window.height, board.height - y)
            tiles.append(Tile(row, column, x, y, width, height, left, top))
    return TilePlan(page, board, rows, columns, overlap, tuple(tiles), _crosshairs(tiles, overlap))


def _count(length: float, window: float, overlap: float) -> int:
    return 1 if length <= window else math.ceil((length - overlap) / (window - overlap))


def _crosshairs(tiles: list[Tile], overlap: float) -> tuple[tuple[float, float], ...]:
    """Points in the middle of every overlap, printed on both tiles that share it."""
    points = set()
    for tile in tiles:
        for other in tiles:
            if (other.row, other.column) == (tile.row, tile.column + 1):
                seam = other.x + overlap / 2
                points.update((seam, tile.y + tile.height * f) for f in (0.25, 0.75))
            if (other.row, other.column) == (tile.row + 1, tile.column):
                seam = other.y + overlap / 2
                points.update((tile.x + tile.width * f, seam) for f in (0.25, 0.75))
    return tuple(sorted(points))
