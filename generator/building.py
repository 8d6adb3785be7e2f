"""`pnp build` as a library: each game planned (or its errors), then every kit written with its
one-line summary; and `--watch`, the same build again after every save, in one warm process."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import click

from generator import progress
from generator.bars import Bars, Lines, display
from generator.batch import Planned, built_game, planned_game, planned_games
from generator.cache.prune import prune
from generator.cache.store import Store
from generator.errors import DataError
from generator.findings import Severity, format_findings
from generator.options import PARTS, BuildOptions
from generator.render.memo import FaceMemo
from generator.watching import changed_games, saves
from generator.write.output import write_kit


@dataclass(frozen=True)
class BuildRequest:
    """What `pnp build` was asked to do: the games, how, where, and how loudly."""

    folders: list[Path]
    options: BuildOptions
    out_root: Path
    cache: Path | None  # None: neither read nor write the cache
    jobs: int = 1
    quiet: bool = False
    cache_limit: int = 0
    memos: dict[Path, FaceMemo] = field(default_factory=dict)  # kept warm between builds


def build_games(request: BuildRequest, folders: list[Path] | None = None) -> None:
    """Plan the games (all asked, or `folders`), then write every kit; DataError (after
    printing the findings) when any has errors, and nothing is written."""
    folders = request.folders if folders is None else folders
    with display(request.quiet, len(folders)) as shown:
        planned = _planned(request, folders, shown)
    failures = [finding for game in planned if game.kit is None for finding in game.findings]
    if failures:
        click.echo(format_findings(failures, "text"))
        raise DataError(failures)
    with display(request.quiet, len(planned)) as shown:
        for game in planned:
            _written(request, game, shown)
    if request.cache and not all(game.cached for game in planned):
        prune(request.cache, request.cache_limit)  # what no recent build read goes first


def _planned(request: BuildRequest, folders: list[Path], shown: Bars | Lines) -> list[Planned]:
    """Each game checked and its kit planned (or its errors), in the order given: one by one
    with progress bars (through its warm memo when watching), or `jobs` games at a time in
    worker processes."""
    options, cache = request.options, request.cache
    jobs = min(request.jobs, len(folders))
    if jobs > 1 and not request.memos:
        done = {}
        for game in planned_games(folders, options, cache, jobs):
            with shown.game(game.folder.name):
                done[game.folder] = game
        return [done[folder] for folder in folders]
    planned = []
    for folder in folders:
        with shown.game(folder.name) as listener, progress.reporting(listener):
            memo = request.memos.get(folder)
            if memo is None:
                planned.append(planned_game(folder, options, cache))
            else:
                planned.append(built_game(folder, options, cache, memo=memo))
    return planned


def _written(request: BuildRequest, game: Planned, shown: Bars | Lines) -> None:
    """Write one game's kit and its cache entries, and say so in one line."""
    assert game.kit is not None
    started = time.monotonic()
    only = request.options.only
    with shown.game(game.folder.name) as listener, progress.reporting(listener):
        folder = write_kit(game.kit, request.out_root, None if only == frozenset(PARTS) else only)
        if game.store:
            game.store.flush()
    seconds = game.seconds + time.monotonic() - started
    warnings = sum(f.severity is Severity.WARNING for f in game.findings)
    note = f", {warnings} warning(s) (see pnp check)" if warnings else ""
    note += ", unchanged (from the cache)" if game.cached else ""
    files = len(game.kit.files)
    shown.say(f"{game.kit.game}: {files} file(s) in {folder} in {seconds:.1f} s{note}")


def watch_games(request: BuildRequest) -> None:
    """Build every game now, then each game again whenever one of its files (or a shared layout)
    is saved, in this process, until Ctrl-C; a save that breaks a game prints its findings and
    the next save is awaited. Designs fitted before stay in memory between builds."""
    memos = {
        folder: FaceMemo(Store(request.cache) if request.cache else None)
        for folder in request.folders
    }
    warm = BuildRequest(**{**vars(request), "jobs": 1, "memos": memos})
    for folders in _rounds(request.folders):
        with suppress(DataError):  # its findings are printed; the next save builds it again
            build_games(warm, folders)
        click.echo("pnp build --watch: waiting for a save (Ctrl-C stops)", err=True)


def _rounds(folders: list[Path]) -> Iterator[list[Path]]:
    """The games to build: all of them first, then those each save touched."""
    yield folders
    for changes in saves(folders):
        touched = changed_games(changes, folders)
        if touched:
            yield touched
