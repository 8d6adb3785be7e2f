"""Following game folders for saves, for `pnp serve` and `pnp build --watch` alike: a game's own
folder and the shared layouts any game may extend, gathered over a short pause so one save of
several files is one change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from watchfiles import watch

from generator.load.layouts import SHARED_LAYOUTS

DEBOUNCE_MS = 300  # at most this long gathering the files of one save


def followed(folders: list[Path]) -> list[Path]:
    """The folders whose files a game's kit is made from."""
    return [*folders, *([SHARED_LAYOUTS] if SHARED_LAYOUTS.is_dir() else [])]


def saves(folders: list[Path]) -> Iterator[set[Path]]:
    """The files each save changed, one set a save, until the process is stopped."""
    for changes in watch(*followed(folders), debounce=DEBOUNCE_MS, raise_interrupt=True):
        yield {Path(path) for _, path in changes}


def changed_games(changed: set[Path], folders: list[Path]) -> list[Path]:
    """The games a save touched: those holding a changed file, every game when a shared
    layout changed; a build's own output (inside a game's folder it is refused) never counts."""
    shared = SHARED_LAYOUTS.resolve()
    files = [path.resolve() for path in changed]
    if any(path.is_relative_to(shared) for path in files):
        return list(folders)
    return [f for f in folders if any(path.is_relative_to(f.resolve()) for path in files)]
