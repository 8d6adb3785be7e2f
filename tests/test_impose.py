"""Sheet geometry in millimetres: grids, bleed, crop marks, duplex mirroring, offset and fold."""

from __future__ import annotations

import pytest

from generator.impose.grid import ImposeError, sheet_plan
from generator.units import PAPERS, Size

POKER = Size(63.5, 88.9)


def _inside(slot, page: Size, margin: float = 0.0) -> bool:
    return (
        slot.x - slot.bleed.left >= margin
        and slot.y - slot.bleed.bottom >= margin
        and slot.x + slot.width + slot.bleed.right <= page.width - margin
        and slot.y + slot.height + slot.bleed.top <= page.height - margin
    )


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_default_grid_is_the_same_on_every_paper(paper):
    plan = sheet_plan(PAPERS[paper], POKER, 3.0)
    assert (plan.columns, plan.rows) == (3, 3)
    assert all(_inside(slot, plan.page, 0.0) for slot in plan.fronts)


def test_butted_cards_share_cut_lines_and_bleed_only_outwards():
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0)
    first, second = plan.fronts[0], plan.fronts[1]
    assert second.x == pytest.approx(first.x + 63.5)
    assert (first.bleed.left, first.bleed.right, first.bleed.top) == (3.0, 0.0, 3.0)


def test_small_cards_get_full_bleed_gutters_when_no_card_is_lost():
    plan = sheet_plan(PAPERS["a4"], Size(41, 63), 3.0)
    assert (plan.columns, plan.gutter[0]) == (4, 6.0)
    a, b = plan.fronts[0], plan.fronts[1]
    assert b.x - (a.x + a.width) == pytest.approx(6.0)
    assert a.bleed.right == b.bleed.left == 3.0


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_crop_marks_stay_outside_every_card_and_its_bleed(paper):
    plan = sheet_plan(PAPERS[paper], POKER, 3.0)
    for mark in plan.marks:
        for slot in plan.fronts:
            left, right = slot.x - slot.bleed.left, slot.x + slot.width + slot.bleed.right
            bottom, top = slot.y - slot.bleed.bottom, slot.y + slot.height + slot.bleed.top
            overlaps_x = min(mark.x1, mark.x2) < right and max(mark.x1, mark.x2) > left
            overlaps_y = min(mark.y1, mark.y2) < top and max(mark.y1, mark.y2) > bottom
            assert not (overlaps_x and overlaps_y), (mark, slot)
    xs = sorted({round(m.x1, 3) for m in plan.marks if m.x1 == m.x2})
    assert xs == [round(plan.fronts[0].x + i * 63.5, 3) for i in range(4)]


def _flip(slot, page: Size, edge: str):
    """Where a back-page rectangle lands, seen from the front, after turning the sheet over."""
    if edge == "long":
        return (page.width - slot.x - slot.width, slot.y)
    return (slot.x, page.height - slot.y - slot.height)


@pytest.mark.parametrize("edge", ["long", "short"])
def test_each_back_lands_behind_its_own_front(edge):
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0, edge)
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert _flip(back, plan.page, edge) == pytest.approx((front.x, front.y))


@pytest.mark.parametrize("edge", ["long", "short", "none"])
def test_back_offset_moves_every_back_by_exactly_the_offset(edge):
    plain = sheet_plan(PAPERS["letter"], POKER, 3.0, edge)
    shifted = sheet_plan(PAPERS["letter"], POKER, 3.0, edge, (1.5, -2.0))
    for a, b in zip(plain.backs, shifted.backs, strict=True):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -2.0))
    assert shifted.fronts == plain.fronts


def test_fold_mirrors_backs_about_the_fold_and_keeps_art_off_it():
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0, "fold")
    assert plan.page == Size(297.0, 210.0) and plan.per_sheet == 4
    fold = plan.fold.x1
    for front, back in zip(plan.fronts, plan.backs, strict=True):
        assert back.x + back.width / 2 == pytest.approx(2 * fold - (front.x + front.width / 2))
        assert back.y == front.y
        assert front.x + front.width + front.bleed.right < fold < back.x - back.bleed.left


def test_card_larger_than_the_paper_is_refused():
    with pytest.raises(
        ImposeError, match=r"expected a card that fits within 200x269\.4 mm, found 300x400mm"
    ):
        sheet_plan(PAPERS["a4"], Size(300, 400), 3.0)
