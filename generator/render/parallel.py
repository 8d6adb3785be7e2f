"""Rendering a large deck on both cores: the second half of its designs in a forked worker.

The worker inherits the loaded game through fork, so only the fitted faces travel back.
"""

from __future__ import annotations

from functools import partial

from generator import progress
from generator.cores import can_fork, cores, worker_pool
from generator.findings import Report
from generator.limits import applied
from generator.load.game import LoadedGame, PieceFile
from generator.render.faces import (
    PieceFaces,
    Resolved,
    all_resolved,
    assembled,
    design_faces,
    piece_faces,
)
from generator.render.heap import frozen_heap
from generator.render.text import placeholder_mode

PARALLEL_MIN_DESIGNS = 3000  # below this, sending faces back costs more than the second core saves


def faces_on_all_cores(loaded: LoadedGame, pieces: PieceFile, report: Report) -> PieceFaces:
    """The same faces as `piece_faces`, with big decks split over two processes."""
    count = len(pieces.pieces)
    if (
        count < PARALLEL_MIN_DESIGNS
        or all_resolved(loaded, pieces)
        or cores() < 2
        or not can_fork()
    ):
        return piece_faces(loaded, pieces, report)
    middle = count // 2
    with frozen_heap(), worker_pool(partial(_render_range, loaded, pieces), [middle], 1) as submit:
        later = submit(0)
        fronts, backs = design_faces(loaded, pieces, range(middle), report)
        resolved = later.result()
    loaded.resolved.update(resolved)  # a build after `check` finds the worker's half too
    for front, back, findings in resolved.values():
        fronts.append(front)
        backs.extend([back] if back is not None else [])
        report.findings.extend(findings)
    progress.advance(progress.FACES, sum(1 + (b is not None) for _, b, _ in resolved.values()))
    return assembled(loaded, pieces, fronts, backs)


def _render_range(
    loaded: LoadedGame, pieces: PieceFile, start: int
) -> dict[tuple[str, int, str], Resolved]:
    """Run in the worker: resolve the shared deck's designs from `start` on, in order."""
    stop = len(pieces.pieces)
    with applied(loaded.game.limits):
        design_faces(loaded, pieces, range(start, stop), Report())
    mode = placeholder_mode()
    return {
        key: loaded.resolved[key]
        for key in ((pieces.owner.id, i, mode) for i in range(start, stop))
    }
