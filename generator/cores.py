"""How many processes one game's build may use (every core; a build's context asks for one
when games build side by side, `pnp build --all --jobs N`), and a pool of forked workers."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

_INHERITED: list[tuple[Callable[[Any], Any], Sequence[Any]] | None] = [None]


def cores() -> int:
    """The processes a game's rendering may spread over."""
    return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether workers can be forked, inheriting what this process holds."""
    return "fork" in multiprocessing.get_all_start_methods()


@contextmanager
def worker_pool(
    work: Callable[[Any], Any], items: Sequence[Any], workers: int
) -> Iterator[Callable[[int], Future]]:
    """Inside this block, `submit(i)` runs `work(items[i])` in one of `workers` processes.

    Forked workers inherit `work` and `items`, so nothing is pickled on the way in (a job's
    faces are many); where processes cannot fork, each item is sent."""
    if not can_fork():
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield lambda index: pool.submit(work, items[index])
        return
    _INHERITED[0] = (work, items)
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            yield lambda index: pool.submit(_inherited, index)
    finally:
        _INHERITED[0] = None


def _inherited(index: int) -> Any:
    """Run in a forked worker: the work on the item its pool was made for."""
    shared = _INHERITED[0]
    assert shared is not None, "a worker forked outside worker_pool"
    work, items = shared
    return work(items[index])
