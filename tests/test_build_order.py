"""A build's jobs go to the worker processes longest first, and come back in their own order."""

from __future__ import annotations

from types import SimpleNamespace

from generator.build import Job, _longest_first
from generator.render.rulebook import Para, Rulebook


def _deck(faces: int) -> SimpleNamespace:
    return SimpleNamespace(fronts=[None] * faces)


def _book(blocks: int) -> Rulebook:
    return Rulebook("Rules", [Para(f"p{i}") for i in range(blocks)])


def test_books_then_tts_then_pngs_then_sheets_each_largest_first():
    jobs = [
        Job("cards", "poker", (_deck(9), _deck(30))),
        Job("png", "poker", (_deck(9),)),
        Job("png", "poker", (_deck(30),)),
        Job("tts", "poker", (_deck(9),)),
        Job("rulebook", "", rulebook=_book(80)),
        Job("rulebook", "", rulebook=_book(80), booklet=True),
        Job("guides", "", rulebook=_book(120)),
        Job("report", ""),
    ]
    assert _longest_first(jobs) == [6, 4, 5, 3, 2, 1, 0, 7]
