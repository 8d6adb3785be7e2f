"""`pnp check`: load a game, run every registered rule, return all findings together."""

from __future__ import annotations

from contextlib import suppress
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
)
from generator.check.errata import acknowledge
from generator.check.registry import RULES, run_rules
from generator.clean.words import dictionary
from generator.findings import Report
from generator.fonts import FontError, register_fonts
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
    "read_once",
    "rulebook",
    "structure",
]


def read_once() -> None:
    """Load what nearly every game's check reads, the word list the term rules look words up in
    and the default card family, before `pnp check` forks a process per core: the forks share
    one copy instead of each loading its own (0.07 s apiece)."""
    dictionary()
    with suppress(FontError):  # a game whose check needs the family reports it there
        register_fonts()


def check_game(folder: Path) -> tuple[LoadedGame | None, Report]:
    """Load and check one game; the loaded game is None when it could not be read at all."""
    report = Report()
    loaded = load_game(folder, report)
    if loaded is not None:
        with applied(loaded.game.limits):
            run_rules(loaded, report)
        acknowledge(loaded, report)
    return loaded, report
