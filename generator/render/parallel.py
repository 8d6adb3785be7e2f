"""Rendering a large deck on both cores: half of the designs still to fit in a forked worker.

The worker inherits the loaded game through fork, so only the fitted faces travel back.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from generator import progress
from generator.context import BuildContext
from generator.cores import can_fork, cores, worker_pool
from generator.findings import Report
from generator.limits import applied
from generator.load.game import LoadedGame, PieceFile
from generator.render.faces import PieceFaces, assembled, design_faces
from generator.render.memo import Resolved, design_keys

PARALLEL_MIN_DESIGNS = 3000  # below this, sending faces back costs more than the second core saves


def faces_on_all_cores(
    loaded: LoadedGame, pieces: PieceFile, report: Report, context: BuildContext
) -> PieceFaces:
    """The same faces as `piece_faces`, with big decks split over two processes."""
    count, memo = len(pieces.pieces), context.memo
    keys = design_keys(loaded, pieces, context.placeholders) if memo is not None else []
    missing = [i for i in range(count) if memo is None or memo.recall(keys[i]) is None]
    if len(missing) < PARALLEL_MIN_DESIGNS or context.one_process or cores() < 2 or not can_fork():
        resolved = design_faces(loaded, pieces, range(count), report, context, keys)
        return assembled(loaded, pieces, resolved, keys)
    later = missing[len(missing) // 2 :]
    alone = replace(context, memo=None)  # the worker only fits; this process keeps
    work = partial(_fitted, loaded, pieces, alone)
    with worker_pool(work, [later], 1) as submit:
        future = submit(0)
        there_too = set(later)
        here = [i for i in range(count) if i not in there_too]
        made = design_faces(loaded, pieces, here, report, context, keys)
        resolved = dict(zip(here, made, strict=True))
        there = future.result()
    for index, found in zip(later, there, strict=True):
        resolved[index] = found
        report.findings.extend(found[2])
        progress.advance(progress.FACES, 1 if found[1] is None else 2)
        if memo is not None:
            memo.keep(keys[index], found)
    return assembled(loaded, pieces, [resolved[i] for i in range(count)], keys)


def _fitted(
    loaded: LoadedGame, pieces: PieceFile, context: BuildContext, indexes: list[int]
) -> list[Resolved]:
    """Run in the worker: fit the designs at `indexes`, in order."""
    with applied(loaded.game.limits):
        return design_faces(loaded, pieces, indexes, Report(), context, [])
