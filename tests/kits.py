"""What every bundled kit's test needs: the checked game, its seed, the errata's answers and
the counts a build placed."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from generator.check import check_game
from generator.findings import Report, Severity
from generator.load.game import GAME_FILE, LoadedGame

ROOT = Path(__file__).resolve().parents[1]
# Every bundled game with a rulebook: what the rulebook tests build once per run.
BOOKS = sorted(
    p
    for p in (ROOT / "card_data").glob("*")
    if (p / GAME_FILE).is_file() and (p / "rulebook.md").is_file()
)

# The one place the source rulebooks are looked for: $PNP_SEEDS, else ../shared/seeds beside the
# checkout. Every seed-reading test goes through seed_path() so a fresh clone skips them.
SEEDS = Path(
    os.environ.get("PNP_SEEDS") or Path(__file__).resolve().parents[2] / "shared" / "seeds"
)


def checked(folder: Path) -> tuple[LoadedGame, Report]:
    """The game loaded and checked; it must at least load."""
    game, report = check_game(folder)
    assert game is not None
    return game, report


def seed_path(name: str) -> Path:
    """A seed rulebook's path, or a skip when the seeds are not beside this checkout."""
    path = SEEDS / name
    if not path.is_file():
        pytest.skip(f"seed rulebook {path} not found (set PNP_SEEDS to the seeds folder)")
    return path


def seed(name: str) -> str:
    """A seed rulebook's text, or a skip when the seeds are not beside this checkout."""
    return seed_path(name).read_text(encoding="utf-8")


def acknowledged(report: Report) -> list[str]:
    """The errata ids that answer findings, one per finding, sorted."""
    return sorted(
        f.message.rsplit("errata: ", 1)[1].rstrip(")")
        for f in report.findings
        if f.severity is Severity.INFO
    )


def data_warnings(report: Report) -> set[str]:
    """Warning codes about the data: the rulebook and guides get their own text checks."""
    return {
        f.code
        for f in report.findings
        if f.severity is Severity.WARNING and f.position.file.suffix != ".md"
    }


def placed_counts(out: Path) -> tuple[dict[str, int], dict]:
    """What a build's manifest says it placed of each component, and the manifest itself."""
    manifest = json.loads((out / "manifest.json").read_text())
    return {c["id"]: c["count"] for c in manifest["components"]}, manifest


def two_games(game, root: Path) -> None:
    """The demo game and a copy named `other` (one card's text changed) under root/card_data."""
    folder = game()
    shutil.copytree(folder, root / "card_data" / "demo")
    other = root / "card_data" / "other"
    shutil.copytree(folder, other)
    yaml = other / "game.yaml"
    yaml.write_text(yaml.read_text().replace("id: demo", "id: other"))
    deck = other / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("Draw a card.", "Draw two cards."))
