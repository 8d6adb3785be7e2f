"""Helpers for tests of deck files: the one finding a check prints, and the designs loaded."""

from __future__ import annotations

from pathlib import Path

from click.testing import Result

from generator.findings import Report
from generator.load.game import load_game


def one_finding(result: Result) -> str:
    """The single finding line of a failed `pnp check`."""
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def designs(folder: Path) -> list[dict]:
    """The demo deck's designs as loaded, each with its designer fields; no findings allowed."""
    report = Report()
    loaded = load_game(folder, report)
    assert loaded is not None and not report.findings, report.findings
    return [piece.as_mapping() for piece in loaded.piece_files["heroes"].pieces]
