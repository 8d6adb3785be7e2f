"""Rules about pips: every pattern from 1 to 10 fits its box at the size asked for."""

from __future__ import annotations

from generator.check.layouts import used_layouts
from generator.check.registry import rule
from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.model.layout import PipsElement
from generator.render.faces import element_box
from generator.render.pips import pips_problem
from generator.units import parse_size


@rule(
    "pips-crowded",
    "error",
    "A `pips` element whose pips, at its `size`, are larger than its box or overlap in one of "
    "the patterns from 1 to 10.",
)
def pips_fit(loaded: LoadedGame, report: Report) -> None:
    for name in used_layouts(loaded):
        layout = loaded.layouts[name]
        card = parse_size(layout.size)
        for element in layout.elements:
            if not isinstance(element, PipsElement):
                continue
            problem = pips_problem(element_box(element, card), element.size)
            if problem:
                label = element.name or element.field
                where = _element_at(loaded, name, element)
                report.error("pips-crowded", where, f"layout '{name}' pips '{label}': {problem}")


def _element_at(loaded: LoadedGame, name: str, element: PipsElement) -> Position:
    """The element's own line when game.yaml defines it, else where its layout is defined."""
    own = loaded.game.layouts.get(name)
    for index, candidate in enumerate(own.elements if own else ()):
        if candidate is element:
            return loaded.source.at("layouts", name, "elements", index)
    return loaded.layout_positions[name]
