"""Saddle-stitch order: which page goes left and right on each side of each folded sheet."""

from __future__ import annotations


def padded(pages: int) -> int:
    """A booklet needs a multiple of four pages; the rest are blank."""
    return -(-pages // 4) * 4


def saddle_stitch(pages: int) -> list[tuple[int, int]]:
    """(left, right) 0-based page numbers for each printed side, front then back of every sheet."""
    total = padded(pages)
    sides = []
    for sheet in range(total // 4):
        sides.append((total - 1 - 2 * sheet, 2 * sheet))
        sides.append((2 * sheet + 1, total - 2 - 2 * sheet))
    return sides
