"""Games planned for `pnp build`: each from the cache when its folder is unchanged, and several
side by side in worker processes with `--jobs N` (each of them rendering in one process)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from generator.cache.store import Store
from generator.errors import DataError
from generator.findings import Finding
from generator.kit_cache import cached_kit, game_key, keep_kit
from generator.options import BuildOptions
from generator.write.output import Kit, counted_components

if TYPE_CHECKING:
    from generator.render.memo import FaceMemo


@dataclass(frozen=True)
class Planned:
    """One game's kit in memory with its warnings, or the errors that stop the build."""

    folder: Path
    kit: Kit | None
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    cached: bool = False  # the whole kit came from the cache: nothing was checked or drawn
    store: Store | None = None  # holds what to keep in the cache once the kit is written


def planned_game(folder: Path, options: BuildOptions, cache: Path | None) -> Planned:
    """A game's kit: the cached one when no input changed, else checked, rendered and kept.

    `cache` is the cache folder (None: neither read nor write it, a cold build).
    """
    return cached_game(folder, options, cache) or built_game(folder, options, cache)


def cached_game(folder: Path, options: BuildOptions, cache: Path | None) -> Planned | None:
    """The kit built before from the same game files, options and pnp; None when there is none."""
    started = time.monotonic()
    found = cached_kit(Store(cache), game_key(folder, options), folder) if cache else None
    if found is None:
        return None
    game, title, files, findings, components = found
    kit = Kit(game, title, tuple(files), partial(counted_components, components))
    return Planned(folder, kit, findings, time.monotonic() - started, cached=True)


def built_game(
    folder: Path,
    options: BuildOptions,
    cache: Path | None,
    one_process: bool = False,
    memo: FaceMemo | None = None,
) -> Planned:
    """A game checked, rendered and imposed; what it made is kept for the cache (if any).
    Designs fitted before are not fitted again: those the cache holds, and those `memo` (a
    warm process's, with the same cache) holds from its last build."""
    from generator import build as pipeline  # the renderer, imported only when needed
    from generator.context import BuildContext
    from generator.render.memo import FaceMemo

    started = time.monotonic()
    if memo is None:
        store = Store(cache) if cache else None
        memo = FaceMemo(store) if store else None
    else:
        store = memo.store
        memo.start_round()
    key = game_key(folder, options) if store else ""
    context = BuildContext(options.placeholders, memo, one_process)
    try:
        loaded, findings = pipeline.checked_game(folder)
        kit = pipeline.plan_kit(loaded, options, store, context)
    except DataError as exc:
        return Planned(folder, None, exc.findings)
    if store and game_key(folder, options) == key:  # not edited while it was built
        keep_kit(store, key, folder, kit, findings, pipeline.inventory(loaded))
    return Planned(folder, kit, findings, time.monotonic() - started, store=store)


def planned_games(
    folders: list[Path], options: BuildOptions, cache: Path | None, jobs: int
) -> Iterator[Planned]:
    """Every game planned, in the order they are ready: cached kits first, then the games to
    build, `jobs` at a time in worker processes (a lone one here, on every core)."""
    missing = []
    for folder in folders:
        found = cached_game(folder, options, cache)
        if found is None:
            missing.append(folder)
        else:
            yield found
    if len(missing) < 2:
        yield from (built_game(folder, options, cache) for folder in missing)
        return
    from generator.build import largest_first

    build: Callable[[Path], Planned] = partial(
        built_game, options=options, cache=cache, one_process=True
    )
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        started = [pool.submit(build, folder) for folder in largest_first(missing)]
        for future in as_completed(started):
            yield future.result()
