"""What `pnp build` shows while it works: progress bars on a terminal, summary lines anywhere.

The bars (drawn by rich on stderr) give one row per stage of the game at work, and are cleared
as each game ends, so only the summary lines stay on screen. They are redrawn by the events
themselves, never by a thread of their own, so the worker processes a build forks copy no
thread that was busy drawing. Where stderr is not a terminal (a CI log, a pipe) there are no
bars at all; `quiet` drops the summary lines too.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from generator.progress import SILENT, Listener

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

REDRAW_SECONDS = 0.1  # counting faces one by one would otherwise draw thousands of frames


def at_terminal() -> bool:
    """Whether a person watches: the bars are drawn on stderr, so stderr decides."""
    return sys.stderr.isatty()


class Lines:
    """Summary lines only, on stderr, as a log would keep them (or nothing, when quiet)."""

    def __init__(self, quiet: bool) -> None:
        self._quiet = quiet

    @contextmanager
    def game(self, _name: str) -> Iterator[Listener]:
        """No bars to draw for the game."""
        yield SILENT

    def say(self, line: str) -> None:
        """Print a summary line unless quiet."""
        if not self._quiet:
            click.echo(line, err=True)


class Bars:
    """Rows of progress bars for the game at work, with the summary lines printed above them."""

    def __init__(self, progress: Progress, games: int) -> None:
        self._progress = progress
        self._games = progress.add_task("games", total=games, game="", unit="", visible=games > 1)
        self._drawn = 0.0

    @contextmanager
    def game(self, name: str) -> Iterator[Listener]:
        """Draw the stages of one game's work in the block, then clear them."""
        rows = GameRows(self, self._progress, name)
        try:
            yield rows
        finally:
            rows.clear()
        self._progress.advance(self._games)
        self.draw(now=True)

    def draw(self, now: bool) -> None:
        """Redraw the bars, unless they were drawn a moment ago and nothing asks for it `now`."""
        if now or time.monotonic() - self._drawn >= REDRAW_SECONDS:
            self._progress.refresh()
            self._drawn = time.monotonic()

    def say(self, line: str) -> None:
        """Print a summary line above the bars, where it stays."""
        self._progress.console.print(line, markup=False, highlight=False, soft_wrap=True)


class GameRows:
    """The listener of one game's work: a row per stage, counting up to the stage's total."""

    def __init__(self, bars: Bars, progress: Progress, game: str) -> None:
        self._bars = bars
        self._progress = progress
        self._game = game
        self._rows: dict[str, TaskID] = {}
        self._left: dict[str, int] = {}  # steps each stage has still to do

    def stage(self, name: str, total: int, unit: str) -> None:
        """Start (or restart) the stage's row."""
        if name in self._rows:
            self._progress.reset(self._rows[name], total=total, unit=unit)
        else:
            self._rows[name] = self._progress.add_task(
                name, total=total, game=self._game, unit=unit
            )
        self._left[name] = total
        self._bars.draw(now=True)

    def advance(self, name: str, steps: int) -> None:
        """Count steps of a stage begun; a stage's last step is drawn at once, however quick."""
        if name not in self._rows:
            return
        self._progress.advance(self._rows[name], steps)
        self._left[name] -= steps
        self._bars.draw(now=self._left[name] <= 0)

    def clear(self) -> None:
        """Take the game's rows away."""
        for row in self._rows.values():
            self._progress.remove_task(row)


@contextmanager
def display(quiet: bool, games: int) -> Iterator[Bars | Lines]:
    """Bars at a terminal unless quiet; else summary lines (none when quiet)."""
    if quiet or not at_terminal():
        yield Lines(quiet)
        return
    from rich.console import Console  # only a terminal gets bars: a log pays no import for them
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.fields[game]}"),
        TextColumn("{task.description:<11}"),
        BarColumn(
            style="bright_black", complete_style="cyan", finished_style="green"
        ),  # 16 colours
        MofNCompleteColumn(),
        TextColumn("{task.fields[unit]}"),
        console=console,
        auto_refresh=False,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    ) as progress:
        yield Bars(progress, games)
