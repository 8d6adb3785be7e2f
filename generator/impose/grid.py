"""N-up imposition: pure geometry that places card trims on a sheet, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from generator.units import Size, common_paper_area

MIN_MARGIN_MM = 5.0
T = TypeVar("T")


class ImposeError(ValueError):
    """A piece that cannot fit on the chosen paper."""


@dataclass(frozen=True)
class Placement:
    """Where one trim box sits on the page, measured from the page's bottom-left corner."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class SheetGrid:
    """The grid of card slots on one paper, in reading order (top-left first)."""

    paper: Size
    card: Size
    columns: int
    rows: int
    gutter: float
    slots: tuple[Placement, ...]


def card_grid(paper: Size, card: Size, gutter: float = 0.0) -> SheetGrid:
    """The largest grid that fits the area A4 and Letter share, centred on `paper`."""
    area = common_paper_area()
    usable = Size(area.width - 2 * MIN_MARGIN_MM, area.height - 2 * MIN_MARGIN_MM)
    columns = int((usable.width + gutter) // (card.width + gutter))
    rows = int((usable.height + gutter) // (card.height + gutter))
    if columns < 1 or rows < 1:
        raise ImposeError(
            f"expected a card that fits within {usable.width:g}x{usable.height:g} mm, found {card.label}"
        )
    block = Size(
        columns * card.width + (columns - 1) * gutter, rows * card.height + (rows - 1) * gutter
    )
    left = (paper.width - block.width) / 2
    top = (paper.height + block.height) / 2
    slots = tuple(
        Placement(
            left + c * (card.width + gutter),
            top - (r + 1) * card.height - r * gutter,
            card.width,
            card.height,
        )
        for r in range(rows)
        for c in range(columns)
    )
    return SheetGrid(paper, card, columns, rows, gutter, slots)


def paginate(items: list[T] | tuple[T, ...], per_page: int) -> list[list[T]]:
    """Split items into pages of at most `per_page`."""
    return [list(items[i : i + per_page]) for i in range(0, len(items), per_page)]
