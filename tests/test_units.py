"""Units are parsed in one place; every length and size in the data goes through it."""

from __future__ import annotations

import pytest

from generator.impose.grid import ImposeError, card_grid
from generator.units import PAPERS, Size, parse_length, parse_size


@pytest.mark.parametrize(
    ("text", "mm"),
    [
        (3, 3.0),
        ("3mm", 3.0),
        ("1cm", 10.0),
        ("0.5in", 12.7),
        ("5/8in", 15.875),
        ('1"', 25.4),
        ("72pt", 25.4),
    ],
)
def test_lengths(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("poker", (63.5, 88.9)),
        ("bridge", (57.15, 88.9)),
        ("63x88mm", (63, 88)),
        ("2.5x3.5in", (63.5, 88.9)),
        ([70, 120], (70, 120)),
    ],
)
def test_sizes(text, size):
    parsed = parse_size(text)
    assert (parsed.width, parsed.height) == pytest.approx(size)


def test_bad_size_says_what_was_expected():
    with pytest.raises(
        ValueError, match=r"expected a size name \(poker, .*\) or WxH such as 63x88mm, found 'huge'"
    ):
        parse_size("huge")


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_default_grid_is_the_same_on_every_paper(paper):
    grid = card_grid(PAPERS[paper], Size(63.5, 88.9))
    assert (grid.columns, grid.rows) == (3, 3)
    for slot in grid.slots:
        assert slot.x >= 5 and slot.x + slot.width <= PAPERS[paper].width - 5
        assert slot.y >= 5 and slot.y + slot.height <= PAPERS[paper].height - 5


def test_card_larger_than_the_paper_is_refused():
    with pytest.raises(
        ImposeError, match=r"expected a card that fits within 200x269\.4 mm, found 300x400mm"
    ):
        card_grid(PAPERS["a4"], Size(300, 400))
