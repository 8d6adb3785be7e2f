"""Pips: the traditional playing-card patterns of 1 to 10 suit symbols, placed in a box."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from generator.render.items import IconItem, Rect

MOST = 10
TOLERANCE_MM = 1e-6

# Each pip as (column, row): column -1 left, 0 centre, 1 right; row 0 at the top, 1 at the bottom.
_SIDES_OF_THREE = tuple((side, row) for side in (-1, 1) for row in (0, 0.5, 1))
_SIDES_OF_FOUR = tuple((side, row) for side in (-1, 1) for row in (0, 1 / 3, 2 / 3, 1))
_CORNERS = ((-1, 0), (1, 0), (-1, 1), (1, 1))
PATTERNS: dict[int, tuple[tuple[int, float], ...]] = {
    1: ((0, 0.5),),
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: _CORNERS,
    5: (*_CORNERS, (0, 0.5)),
    6: _SIDES_OF_THREE,
    7: (*_SIDES_OF_THREE, (0, 0.25)),
    8: (*_SIDES_OF_THREE, (0, 0.25), (0, 0.75)),
    9: (*_SIDES_OF_FOUR, (0, 0.5)),
    10: (*_SIDES_OF_FOUR, (0, 1 / 6), (0, 5 / 6)),
}


@dataclass(frozen=True)
class Pip:
    """One pip's centre in mm on the card, and whether it stands upside down (lower half)."""

    x: float
    y: float
    turned: bool


def pip_count(value: Any) -> int | None:
    """The number of pips a card field asks for: a whole number from 1 to 10, else None (a
    court card's `king` draws no pips)."""
    if isinstance(value, bool):
        return None
    try:
        number = float(str(value).strip())
    except ValueError:
        return None
    return int(number) if number.is_integer() and 1 <= number <= MOST else None


def pip_layout(count: int, box: Rect, size: float) -> list[Pip]:
    """Where the pips of `count` stand: side columns and top and bottom rows touch the box's
    edges, rows between them evenly spaced; pips below the middle are turned."""
    left, right = box.x + size / 2, box.x + box.width - size / 2
    top, bottom = box.y + size / 2, box.y + box.height - size / 2
    column_x = {-1: left, 0: box.x + box.width / 2, 1: right}
    return [
        Pip(column_x[column], top + row * (bottom - top), row > 0.5)
        for column, row in PATTERNS[count]
    ]


def pip_items(count: int, symbol: str, box: Rect, size: float) -> list[IconItem]:
    """The pips of one card as icons, each in a square of side `size` round its centre."""
    return [
        IconItem(Rect(pip.x - size / 2, pip.y - size / 2, size, size), symbol, 180 * pip.turned)
        for pip in pip_layout(count, box, size)
    ]


def overlapping(count: int, box: Rect, size: float) -> bool:
    """Whether two pips of the pattern overlap at this size."""
    reach = size - TOLERANCE_MM
    return any(
        abs(a.x - b.x) < reach and abs(a.y - b.y) < reach
        for a, b in combinations(pip_layout(count, box, size), 2)
    )


def pips_problem(box: Rect, size: float) -> str | None:
    """Why pips of this size cannot be laid out in the box (too big for it, or overlapping in
    some pattern from 1 to 10), or None when every pattern fits."""
    found = f"pips of {size:g} mm in a {box.width:g}x{box.height:g} mm box"
    if size > min(box.width, box.height) + TOLERANCE_MM:
        return f"expected pips no larger than the box, found {found}"
    crowded = [count for count in PATTERNS if overlapping(count, box, size)]
    if not crowded:
        return None
    return (
        f"expected pips that do not overlap (at most {largest_size(box):g} mm here), found "
        f"{found}, overlapping in the pattern of {crowded[0]}"
    )


def largest_size(box: Rect) -> float:
    """The largest pip side at which no pattern overlaps in the box, rounded down to 0.1 mm."""
    low, high = 0.0, min(box.width, box.height)
    while high - low > 1e-4:
        middle = (low + high) / 2
        if any(overlapping(count, box, middle) for count in PATTERNS):
            high = middle
        else:
            low = middle
    return math.floor(round(low, 3) * 10) / 10
