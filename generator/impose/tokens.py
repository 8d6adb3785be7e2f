"""Token sheets: packed fronts, and backs placed for the duplex mode, in millimetres."""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.impose.grid import FOLD_GAP_MM, MIN_MARGIN_MM
from generator.impose.pack import (
    PackItem,
    Placement,
    Rect,
    footprint_half_extents,
    pack,
    usable_rect,
)
from generator.units import Size, common_paper_area

TOKEN_MARGIN_MM = MIN_MARGIN_MM  # tokens carry cut lines, so no room is kept for crop marks
FOOTER_ROOM_MM = 8.0  # the sheet's footer line sits below this, clear of the printer margin


@dataclass(frozen=True)
class TokenSpot:
    """One token copy: which design, where its front and its back go."""

    sheet: int
    design: tuple[int, int]
    front: tuple[float, float]
    back: tuple[float, float]


@dataclass(frozen=True)
class TokenPlan:
    """Every token copy placed, on pages of one size."""

    page: Size
    sheets: int
    spots: tuple[TokenSpot, ...]
    fold: float | None


def cut_gap(shape: str, bleed: float) -> float:
    """Squares share their cut lines; round and hex tokens keep room to cut, their colour bleeding into it."""
    return 0.0 if shape in ("square", "rounded") else 2 * bleed


def token_plan(
    pieces: list[tuple[tuple[int, int], str, float, float]],
    paper: Size,
    duplex: str,
    offset: tuple[float, float],
) -> TokenPlan:
    """Pack (design, shape, size across, gap) copies; backs mirrored for the flip edge or the fold."""
    items = [
        PackItem(index, shape, size, gap) for index, (_, shape, size, gap) in enumerate(pieces)
    ]
    page, area, fold = paper, None, None
    if duplex == "fold":
        page = paper.rotated()
        common = common_paper_area().rotated()
        fold = page.width / 2
        left, bottom = (
            (page.width - common.width) / 2 + TOKEN_MARGIN_MM,
            (page.height - common.height) / 2 + TOKEN_MARGIN_MM,
        )
        area = Rect(left, bottom, fold - FOLD_GAP_MM, page.height - bottom)
    area = _above_footer(area or usable_rect(page, TOKEN_MARGIN_MM))
    placements = pack(items, page, TOKEN_MARGIN_MM, area)
    if fold is None:
        placements = _centred(placements, items, page)
    spots = tuple(
        TokenSpot(p.sheet, pieces[p.key][0], (p.x, p.y), _back(p, page, duplex, offset, fold))
        for p in placements
    )
    return TokenPlan(page, max((p.sheet for p in placements), default=-1) + 1, spots, fold)


def _above_footer(area: Rect) -> Rect:
    """The packing area with the strip the footer needs along the bottom edge left free."""
    return replace(area, y0=max(area.y0, FOOTER_ROOM_MM))


def _centred(placements: list[Placement], items: list[PackItem], page: Size) -> list[Placement]:
    """Each sheet's tokens moved sideways so the paper left and right of them is equal."""
    extents: dict[int, tuple[float, float]] = {}
    for p in placements:
        item = items[p.key]
        half = footprint_half_extents(item.shape, item.size, item.gap)[0]
        low, high = extents.get(p.sheet, (p.x - half, p.x + half))
        extents[p.sheet] = (min(low, p.x - half), max(high, p.x + half))
    shift = {sheet: (page.width - low - high) / 2 for sheet, (low, high) in extents.items()}
    return [replace(p, x=p.x + shift[p.sheet]) for p in placements]


def _back(
    p: Placement, page: Size, duplex: str, offset: tuple[float, float], fold: float | None
) -> tuple[float, float]:
    """Where a token's back is drawn so that it lands behind the front."""
    if fold is not None:
        return 2 * fold - p.x, p.y
    x = page.width - p.x if duplex == "long" else p.x
    y = page.height - p.y if duplex == "short" else p.y
    return x + offset[0], y + offset[1]
