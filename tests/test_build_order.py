"""A build's jobs go to the worker processes longest first, and come back in their own order."""

from __future__ import annotations

from types import SimpleNamespace

from generator.build import Job, _longest_first
from generator.render.rulebook import Para, Rulebook


def _deck(designs: int, copies: int = 1) -> SimpleNamespace:
    return SimpleNamespace(fronts=[None] * designs, count=designs * copies)


def _book(blocks: int) -> Rulebook:
    return Rulebook("Rules", [Para(f"p{i}") for i in range(blocks)])


def test_books_by_their_blocks_then_the_rest_by_the_cards_they_draw():
    jobs = [
        Job("cards", "poker", (_deck(9), _deck(30))),
        Job("png", "poker", (_deck(9),)),
        Job("png", "poker", (_deck(30),)),
        Job("tts", "poker", (_deck(1, 100),)),
        Job("rulebook", "", rulebook=_book(80)),
        Job("rulebook", "", rulebook=_book(80), booklet=True),
        Job("guides", "", rulebook=_book(120)),
        Job("report", ""),
    ]
    assert _longest_first(jobs) == [6, 4, 5, 3, 0, 2, 1, 7]
