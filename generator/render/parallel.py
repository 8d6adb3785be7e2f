"""Rendering a large deck on both cores: the second half of its designs in a forked worker.

The worker inherits the loaded game through fork, so only the fitted faces travel back.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from generator import progress
from generator.findings import Finding, Report
from generator.limits import applied
from generator.load.game import LoadedGame, PieceFile
from generator.render.faces import Face, PieceFaces, assembled, design_faces, piece_faces
from generator.render.heap import frozen_heap

PARALLEL_MIN_DESIGNS = 3000  # below this, sending faces back costs more than the second core saves
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
            progress.advance(progress.FACES, len(more_fronts) + len(more_backs))
    finally:
        _SHARED = None
    report.findings.extend(findings)
    return assembled(loaded, pieces, fronts + more_fronts, backs + more_backs)


def _render_range(start: int, stop: int) -> tuple[list[Face], list[Face], list[Finding]]:
    """Run in the worker: render designs start..stop of the shared deck."""
    assert _SHARED is not None
    loaded, pieces = _SHARED
    report = Report()
    with applied(loaded.game.limits):
        fronts, backs = design_faces(loaded, pieces, range(start, stop), report)
    return fronts, backs, report.findings
