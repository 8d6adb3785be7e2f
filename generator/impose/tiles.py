"""Tiling: a board larger than the printable area split into overlapping page-sized windows.

Board coordinates are millimetres from the board's top-left corner, y growing downwards, as
layouts use them; page coordinates are millimetres from the page's bottom-left corner.

Every overlap is a glue strip: the right (or bottom) strip of one tile goes under the tile to
its right (or below), whose cut edge covers the whole strip. Crosshairs and the guide line are
printed only in those strips, so the assembled board shows none of them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.units import Size, common_paper_area

OVERLAP_MM = 12.0
BLEED_MM = 3.0  # art past every cut edge of a board or a tile
MARK_ROOM_MM = 6.8  # beyond the bleed: a mark's gap and length and the printer's 5.2 mm margin
BOARD_MARGIN_MM = BLEED_MM + 7.0  # whole boards: bleed, then marks at least 1.3 mm long
TILE_MARGIN_MM = BLEED_MM + MARK_ROOM_MM + 2.2  # tiles: bleed, then 3.3 mm marks


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
    number: int = 0

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
class Strip:
    """A glue strip: the part of `tile`'s window the next tile (right or below) covers."""

    tile: Tile
    side: str  # "right" or "bottom"
    x: float
    y: float
    width: float
    height: float

    def holds(self, bx: float, by: float, inset: float = 0.0) -> bool:
        """Whether a board point lies in the strip (at least `inset` inside its edges)."""
        return (
            self.x + inset <= bx <= self.x + self.width - inset
            and self.y + inset <= by <= self.y + self.height - inset
        )


@dataclass(frozen=True)
class TilePlan:
    """All tiles of one board, their glue strips and the crosshairs printed in them."""

    page: Size
    board: Size
    rows: int
    columns: int
    overlap: float
    tiles: tuple[Tile, ...]
    strips: tuple[Strip, ...] = ()

    @property
    def crosshairs(self) -> tuple[tuple[float, float], ...]:
        """Board points in the middle of every glue strip, a quarter in from each end."""
        points = set()
        for strip in self.strips:
            if strip.side == "right":
                mid = strip.x + strip.width / 2
                points.update((mid, strip.y + strip.height * f) for f in (0.25, 0.75))
            else:
                mid = strip.y + strip.height / 2
                points.update((strip.x + strip.width * f, mid) for f in (0.25, 0.75))
        return tuple(sorted(points))

    def strips_of(self, tile: Tile) -> tuple[Strip, ...]:
        """The glue strips printed on one tile."""
        return tuple(s for s in self.strips if s.tile == tile)

    def visible(self, tile: Tile) -> tuple[float, float, float, float]:
        """The board rectangle (x, y, width, height) a tile shows once the board is assembled."""
        width, height = tile.width, tile.height
        for strip in self.strips_of(tile):
            if strip.side == "right":
                width -= strip.width
            else:
                height -= strip.height
        return tile.x, tile.y, width, height


def window_size(page: Size, margin: float = BOARD_MARGIN_MM) -> Size:
    """The board window one page shows: the area A4 and Letter share, less the margins."""
    area = common_paper_area()
    if page.width > page.height:
        area = area.rotated()
    return Size(area.width - 2 * margin, area.height - 2 * margin)


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
    window = window_size(page, TILE_MARGIN_MM)
    columns = _count(board.width, window.width, overlap)
    rows = _count(board.height, window.height, overlap)
    left = (page.width - window.width) / 2
    top = (page.height + window.height) / 2
    tiles = []
    for row in range(rows):
        for column in range(columns):
            x, y = column * (window.width - overlap), row * (window.height - overlap)
            width, height = min(window.width, board.width - x), min(window.height, board.height - y)
            number = row * columns + column + 1
            tiles.append(Tile(row, column, x, y, width, height, left, top, number))
    strips = _strips(tiles, rows, columns, overlap)
    return TilePlan(page, board, rows, columns, overlap, tuple(tiles), strips)


def _count(length: float, window: float, overlap: float) -> int:
    return 1 if length <= window else math.ceil((length - overlap) / (window - overlap))


def _strips(tiles: list[Tile], rows: int, columns: int, overlap: float) -> tuple[Strip, ...]:
    """The right strip of every tile but the last column, the bottom strip of all but the last row."""
    strips = []
    for tile in tiles:
        right, bottom = tile.x + tile.width, tile.y + tile.height
        if tile.column < columns - 1:
            strips.append(Strip(tile, "right", right - overlap, tile.y, overlap, tile.height))
        if tile.row < rows - 1:
            strips.append(Strip(tile, "bottom", tile.x, bottom - overlap, tile.width, overlap))
    return tuple(strips)
