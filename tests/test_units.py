"""Units are parsed in one place; every length and size in the data goes through it."""

from __future__ import annotations

import pytest

from generator.units import parse_extent, parse_font_size, parse_length, parse_size


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


def test_font_sizes_are_points_and_extents_can_be_percentages():
    assert parse_font_size(9) == 9
    assert parse_font_size("3mm") == pytest.approx(8.504, abs=0.001)
    assert parse_extent("50%", 63.5) == pytest.approx(31.75)
    assert parse_extent("2mm", 63.5) == 2
