"""Progress of a long build as events (a stage begins with its total, then steps are done), so a
command line can draw bars while the library itself never prints.

The listener is set for a block with `reporting(listener)`; library code calls `stage` and
`advance` wherever the work is counted. Outside such a block, and in worker processes (which
inherit the block through fork), the events go nowhere: work done in a worker is counted by
the parent when the worker's result comes back.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class Listener(Protocol):
    """What receives the events: a command line's progress bars, or a test's record."""

    def stage(self, name: str, total: int, unit: str) -> None:
        """A stage of `total` steps (counted in `unit`, e.g. "faces") begins."""

    def advance(self, name: str, steps: int) -> None:
        """`steps` more steps of the named stage are done."""


class Silent:
    """The listener of a build nobody watches."""

    def stage(self, name: str, total: int, unit: str) -> None:
        """Nothing to draw."""

    def advance(self, name: str, steps: int) -> None:
        """Nothing to draw."""


SILENT = Silent()
FACES = "faces"  # the stage of rendering every card, token and board face
_CURRENT: ContextVar[tuple[Listener, int]] = ContextVar("progress", default=(SILENT, -1))


@contextmanager
def reporting(listener: Listener) -> Iterator[None]:
    """Send the progress events of the block (in this process only) to `listener`."""
    token = _CURRENT.set((listener, os.getpid()))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def stage(name: str, total: int, unit: str = "") -> None:
    """Say a stage of `total` steps begins."""
    _listener().stage(name, total, unit)


def advance(name: str, steps: int = 1) -> None:
    """Say `steps` more steps of a stage are done."""
    if steps:
        _listener().advance(name, steps)


def _listener() -> Listener:
    """The block's listener, but never in a forked worker, whose events the parent counts."""
    listener, pid = _CURRENT.get()
    return listener if pid == os.getpid() else SILENT
