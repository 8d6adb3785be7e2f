"""Overlapping texts are found by a sweep from the left: the same pairs, in the same order, as
comparing every pair of texts on a face."""

from __future__ import annotations

import random

import pytest

from generator.check import legibility
from generator.check.legibility import OVERLAP_MM, _overlapping
from generator.render.items import Rect


def every_pair(extents: list[Rect]) -> list[tuple[Rect, Rect]]:
    """What comparing every pair finds (the check before the sweep)."""
    found = []
    for i, one in enumerate(extents):
        for other in extents[i + 1 :]:
            across = min(one.x + one.width, other.x + other.width) - max(one.x, other.x)
            down = min(one.y + one.height, other.y + other.height) - max(one.y, other.y)
            if across > OVERLAP_MM and down > OVERLAP_MM:
                found.append((one, other))
    return found


@pytest.fixture(autouse=True)
def extents_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts stand for their own inked extents, so a test places them exactly."""
    monkeypatch.setattr(legibility, "ink_extent", lambda item: item)


def test_texts_crossing_by_more_than_a_rounding_error_pair_up_in_face_order() -> None:
    a = Rect(50.0, 0.0, 10.0, 10.0)
    b = Rect(0.0, 0.0, 55.0, 5.0)  # crosses a by 5 mm each way, starts left of it
    c = Rect(59.95, 0.0, 10.0, 10.0)  # crosses a by 0.05 mm across: rounding
    d = Rect(50.0, 9.0, 2.0, 2.0)  # the same left edge as a, 1 mm into it downwards
    assert list(_overlapping([a, b, c, d])) == [(a, b), (a, d)]


@pytest.mark.parametrize("face", range(20))
def test_the_sweep_finds_what_comparing_every_pair_finds(face: int) -> None:
    rng = random.Random(face)  # one random face per run, the same each time
    grid = [0.0, 0.05, 0.1, 0.15, 1.0, 2.5, 10.0]  # edges that meet, or cross by a hair
    extents = [
        Rect(rng.choice(grid) * rng.randint(0, 3), rng.uniform(0, 20), rng.choice(grid), 5.0)
        if rng.random() < 0.5
        else Rect(rng.uniform(0, 60), rng.uniform(0, 60), rng.uniform(0, 15), rng.uniform(0, 8))
        for _ in range(60)
    ]
    assert list(_overlapping(extents)) == every_pair(extents)
