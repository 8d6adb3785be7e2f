"""A build's jobs go to the worker processes longest first, and come back in their own order."""

from __future__ import annotations

from types import SimpleNamespace

from generator.build import Job, _longest_first
from generator.render.rulebook import Para, Rulebook


def _deck(designs: int, copies: int = 1) -> SimpleNamespace:
    return SimpleNamespace(fronts=[None] * designs, count=designs * copies)


def _book(blocks: int) -> Rulebook:
    return Rulebook("Rules", [Para(f"p{i}") for i in range(blocks)])


def test_books_by_their_blocks_then_rasters_by_their_designs_then_the_rest_by_their_cards():
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
    assert _longest_first(jobs) == [6, 4, 5, 3, 2, 1, 0, 7]


def test_a_one_card_rebuild_starts_the_tts_sheet_before_the_png_and_the_sheets():
    deck = _deck(20, 2)
    jobs = [
        Job("cards", "poker", (deck, _deck(40))),
        Job("png", "poker", (deck,)),
        Job("tts", "poker", (deck,)),
        Job("rulebook", "", rulebook=_book(300)),
        Job("rulebook", "", rulebook=_book(300), booklet=True),
    ]
    assert _longest_first(jobs) == [3, 4, 2, 1, 0]
