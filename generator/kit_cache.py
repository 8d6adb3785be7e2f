"""Whole kits and single jobs from the cache: what `pnp build` skips when its inputs are the same.

A kit is a pure function of its game folder, the build options and pnp's version (code, shared
layouts and installed packages), so a game whose files are all unchanged is not even checked
again: its files, findings and inventory come back from one record. When anything changed, each
job (a card size's sheets, a deck's PNGs, the rulebook, ...) is keyed by what it draws — the
resolved faces or blocks, the glossary, the options, the game's art and fonts — and only jobs
whose key is new run.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.cache.keys import (
    Digests,
    Uncacheable,
    asset_files,
    code_version,
    digest,
    folder_files,
)
from generator.cache.store import Store
from generator.findings import Finding, Position, Severity
from generator.write.output import OutputFile

GAMES, JOBS = "games", "jobs"


def game_key(folder: Path, options: Any) -> str:
    """The key of a whole kit: every file of the game folder, the options and pnp's version."""
    return digest("game", code_version(), options, folder_files(folder))


def job_keys(
    folder: Path, options: Any, shared: tuple, jobs: list, digests: Digests
) -> list[str | None]:
    """The key of each job from what it reads (the `shared` inputs of every job, such as the
    glossary, and the job itself); None for a job holding a value with no stable digest.

    `--only` is left out: a deck's PNGs are the same whichever other parts are built with them.
    Objects of the types `digests` remembers (faces) are walked once however many jobs draw
    them.
    """
    everything = replace(options, only=frozenset())
    common = digest("job", code_version(), everything, asset_files(folder), *shared)
    return [_key(digests, common, job) for job in jobs]


def name_designs(digests: Digests, decks: list) -> None:
    """Name each design's front by its key in the faces' memo (a deck's `keys`, when it was
    rendered through one) rather than walking it: the key covers all the face is drawn from.
    A back is walked: most backs draw the same for every card, and keep their digest when one
    card changes."""
    for deck in decks:
        for front, key in zip(deck.fronts, deck.keys, strict=False):
            digests.name(front, key)


def _key(digests: Digests, common: str, job: Any) -> str | None:
    try:
        return digests(common, job)
    except Uncacheable:
        return None


def cached_job(store: Store, key: str | None) -> list[OutputFile] | None:
    """The files a job with this key made before, or None."""
    found = store.files(JOBS, key) if key else None
    return _output_files(found[0]) if found else None


def keep_job(store: Store, key: str | None, files: list[OutputFile]) -> None:
    """Remember a job's files under its key (nothing when it has none)."""
    if key:
        store.keep(JOBS, key, [_stored(output) for output in files])


def _stored(output: OutputFile) -> tuple[dict[str, Any], bytes]:
    """A kit file as the store keeps it: its manifest facts, and its bytes."""
    entry = {
        "name": output.name,
        "kind": output.kind,
        "pages": output.pages,
        "paper": output.paper,
        "details": output.details,
    }
    return entry, output.data


def _output_files(stored: list[tuple[dict[str, Any], bytes]]) -> list[OutputFile] | None:
    """Kit files read back from the store; None when a record was not written this way."""
    try:
        return [OutputFile(**entry, data=data) for entry, data in stored]
    except TypeError:
        return None


def cached_kit(
    store: Store, key: str, folder: Path
) -> tuple[str, str, list[OutputFile], list[Finding], list[dict]] | None:
    """A kit built before from the same inputs: game id, title, files, findings (placed in this
    folder) and the inventory its manifest counts; or None."""
    found = store.files(GAMES, key)
    if found is None:
        return None
    stored, record = found
    files = _output_files(stored)
    if files is None:
        return None
    try:
        findings = [_finding(item, folder) for item in record["findings"]]
        return record["game"], record["title"], files, findings, record["inventory"]
    except (KeyError, TypeError, ValueError):  # a record not written by this format: a miss
        return None


def keep_kit(
    store: Store,
    key: str,
    folder: Path,
    kit: Any,
    findings: list[Finding],
    inventory: list[dict],
) -> None:
    """Remember a whole kit, its findings and inventory under the key of its inputs."""
    store.keep(
        GAMES,
        key,
        [_stored(output) for output in kit.files],
        game=kit.game,
        title=kit.title,
        findings=[_finding_record(f, folder) for f in findings],
        inventory=inventory,
    )


def _finding_record(finding: Finding, folder: Path) -> dict[str, Any]:
    """A finding with its file relative to the game folder, so a moved folder still places it."""
    where = finding.position
    try:
        file, inside = where.file.relative_to(folder.resolve()).as_posix(), True
    except ValueError:
        file, inside = str(where.file), False
    return {
        "code": finding.code,
        "severity": str(finding.severity),
        "file": file,
        "inside": inside,
        "line": where.line,
        "column": where.column,
        "cell": where.cell,
        "message": finding.message,
    }


def _finding(item: dict[str, Any], folder: Path) -> Finding:
    file = folder.resolve() / item["file"] if item["inside"] else Path(item["file"])
    where = Position(file, item["line"], item["column"], item["cell"])
    return Finding(item["code"], Severity(item["severity"]), where, item["message"])
