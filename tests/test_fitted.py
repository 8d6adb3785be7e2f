"""A fitted text is a record of plain values: it pickles as it is, digests stably, recolours."""

from __future__ import annotations

import dataclasses
import pickle

from generator.cache.keys import digest
from generator.model.layout import TextStyle
from generator.render.fit import fit_text
from generator.render.fitted import FittedText, Run, RunStyle, TextLine
from generator.render.items import Rect

TEXT = "Gain **2** *gold* :gold: and draw a card.\n- first\n- second, a longer line that wraps"


def _fitted() -> FittedText:
    fitted = fit_text(TEXT, TextStyle(size=9, min_size=5), Rect(0, 0, 40, 30), frozenset({"gold"}))
    assert fitted is not None
    return fitted


def _leaves(value):
    """Every value a record holds, its dataclasses and tuples opened."""
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _leaves(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


def test_a_fitted_text_holds_only_plain_values():
    fitted = _fitted()
    assert len(fitted.lines) >= 3
    assert {type(leaf) for leaf in _leaves(fitted)} <= {str, int, float, bool}
    for kind in (FittedText, TextLine, Run, RunStyle):
        assert "__reduce__" not in vars(kind)  # pickled as dataclasses pickle


def test_it_pickles_and_compares_by_value():
    fitted = _fitted()
    again = pickle.loads(pickle.dumps(fitted))
    assert again == fitted and hash(again) == hash(fitted)


def test_its_digest_is_stable_and_follows_what_it_draws():
    fitted = _fitted()
    assert digest(fitted) == digest(_fitted()) == digest(pickle.loads(pickle.dumps(fitted)))
    moved = dataclasses.replace(fitted, lines=fitted.lines[:-1])
    assert digest(moved) != digest(fitted)
    assert digest(fitted.recoloured("#ff0000")) != digest(fitted)


def test_recoloured_keeps_every_line_and_icon():
    fitted = _fitted()
    red = fitted.recoloured("#ff0000")
    assert red.lines == fitted.lines and red.size == fitted.size
    assert {style.colour for style in red.styles if not style.icon} == {"#ff0000"}
    assert red.icons() == fitted.icons() and [icon.icon for icon in red.icons()] == ["gold"]


def test_its_text_reads_the_words_in_order():
    assert _fitted().text == (
        "Gain 2 gold and draw a card. • first • second, a longer line that wraps"
    )
