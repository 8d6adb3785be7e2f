"""`pnp check`: load a game, run every registered rule, return all findings together."""

from __future__ import annotations

from pathlib import Path

from generator.check import (
    art,
    boards,
    content,
    costs,
    counts,
    declared,
    fonts,
    inventory,
    layouts,
    legibility,
    names,
    parameters,
    pips,
    positions,
    prose,
    rulebook,
    structure,
    typed_markup,
)
from generator.check.errata import acknowledge
from generator.check.registry import RULES, run_rules
from generator.findings import Report
from generator.limits import applied
from generator.load.game import LoadedGame, load_game

__all__ = [
    "RULES",
    "art",
    "boards",
    "check_game",
    "content",
    "costs",
    "counts",
    "declared",
    "fonts",
    "inventory",
    "layouts",
    "legibility",
    "names",
    "parameters",
    "pips",
    "positions",
    "prose",
    "rulebook",
    "structure",
    "typed_markup",
]


def check_game(folder: Path) -> tuple[LoadedGame | None, Report]:
    """Load and check one game; the loaded game is None when it could not be read at all."""
    report = Report()
    loaded = load_game(folder, report)
    if loaded is not None:
        with applied(loaded.game.limits):
            run_rules(loaded, report)
        acknowledge(loaded, report)
    return loaded, report
