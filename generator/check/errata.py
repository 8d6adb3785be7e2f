"""Errata answer findings: a contradiction the source has, once decided, is info and not a failure."""

from __future__ import annotations

import os
from dataclasses import replace

from generator.findings import Finding, Report, Severity
from generator.load.game import LoadedGame
from generator.model import Erratum

ACKNOWLEDGED = "acknowledged in errata"  # how an answered finding says so


def acknowledge(loaded: LoadedGame, report: Report) -> None:
    """Turn findings an erratum answers into info; warn about errata that answer nothing."""
    errata = loaded.game.errata
    answered: set[tuple[int, int]] = set()
    settled: list[Finding] = []
    for finding in report.findings:
        place = None if finding.severity is Severity.INFO else _answer(errata, finding, loaded)
        if place is None:
            settled.append(finding)
            continue
        answered.add(place)
        erratum = errata[place[0]]
        settled.append(
            replace(
                finding,
                severity=Severity.INFO,
                message=f"{finding.message} ({ACKNOWLEDGED}: {erratum.id})",
            )
        )
    report.findings = settled
    for index, erratum in enumerate(errata):
        for number, answer in enumerate(erratum.acknowledges):
            if (index, number) not in answered and loaded.errata_source is not None:
                report.warning(
                    "stale-erratum",
                    loaded.errata_source.at(index, "acknowledges", number),
                    f"erratum '{erratum.id}' expected a {answer.rule} finding matching "
                    f"'{answer.match}', found none: remove it or update its match",
                )


def _answer(errata: list[Erratum], finding: Finding, loaded: LoadedGame) -> tuple[int, int] | None:
    """(erratum, acknowledgement) indices of the first erratum that answers the finding."""
    where = os.path.relpath(finding.position.file, loaded.folder)
    text = f"{where} {finding.message}".lower()
    for index, erratum in enumerate(errata):
        for number, answer in enumerate(erratum.acknowledges):
            if answer.rule == finding.code and answer.match.lower() in text:
                return index, number
    return None
