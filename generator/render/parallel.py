"""Rendering a large deck on both cores: the second half of its designs in a forked worker.

The worker inherits the loaded game through fork, so only the fitted faces travel back.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from generator.findings import Finding, Report
from generator.load.game import LoadedGame, PieceFile
from generator.render.faces import Face, PieceFaces, assembled, design_faces, piece_faces

PARALLEL_MIN_DESIGNS = 200
_SHARED: tuple[LoadedGame, PieceFile] | None = None


def faces_on_all_cores(loaded: LoadedGame, pieces: PieceFile, report: Report) -> PieceFaces:
    """The same faces as `piece_faces`, with big decks split over two processes."""
    count = len(pieces.pieces)
    if (
        count < PARALLEL_MIN_DESIGNS
        or (os.cpu_count() or 1) < 2
        or "fork" not in multiprocessing.get_all_start_methods()
    ):
        return piece_faces(loaded, pieces, report)
    global _SHARED
    _SHARED = (loaded, pieces)
    middle = count // 2
    try:
        with (
            frozen_heap(),
            ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("fork")
            ) as pool,
        ):
            later = pool.submit(_render_range, middle, count)
            fronts, backs = design_faces(loaded, pieces, range(middle), report)
            more_fronts, more_backs, findings = later.result()
    finally:
        _SHARED = None
    report.findings.extend(findings)
    return assembled(loaded, pieces, fronts + more_fronts, backs + more_backs)


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Objects made so far are left out of garbage collection while forked workers run, so a
    worker's collector does not touch, and so copy, every page of the heap it inherited."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _render_range(start: int, stop: int) -> tuple[list[Face], list[Face], list[Finding]]:
    """Run in the worker: render designs start..stop of the shared deck."""
    assert _SHARED is not None
    loaded, pieces = _SHARED
    report = Report()
    fronts, backs = design_faces(loaded, pieces, range(start, stop), report)
    return fronts, backs, report.findings
