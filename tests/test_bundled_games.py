"""Every bundled game doubles as a regression test: it checks clean and builds an honest kit."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from generator.check import check_game
from generator.findings import Severity
from generator.load.game import GAME_FILE
from tests.printing import first_page, mark_positions

ROOT = Path(__file__).parent.parent
GAMES = sorted(p for p in (ROOT / "card_data").glob("*") if (p / GAME_FILE).is_file())


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_bundled_game_has_no_errors(folder):
    loaded, report = check_game(folder)
    assert loaded is not None
    assert not report.errors, "\n".join(f.as_text() for f in report.errors)


def test_two_player_game_reports_its_sources_contradictions_as_acknowledged():
    _, report = check_game(ROOT / "card_data" / "paladins-and-barbarians")
    answered = sorted(
        (f.code, f.position.file.name, f.message.rsplit("errata: ", 1)[1].rstrip(")"))
        for f in report.findings
        if f.severity is Severity.INFO
    )
    assert answered == [
        ("cost-class", "buildings-barbarian.csv", "watchtower-cost"),
        ("cost-class", "buildings-paladin.csv", "watchtower-cost"),
        ("cost-class", "game.yaml", "watchtower-cost"),
        ("invariant", "game.yaml", "player-count"),
        ("invariant", "game.yaml", "special-building-limits"),
        ("invariant", "game.yaml", "sphere-lettering"),
    ]
    assert {f.code for f in report.findings if f.severity is Severity.WARNING} == {"placeholder"}


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_bundled_game_builds_every_card_in_its_inventory(folder, pnp, tmp_path):
    result = pnp("build", str(folder), "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / folder.name / "manifest.json").read_text())
    placed = {c["id"]: c["count"] for c in manifest["components"]}
    loaded, _ = check_game(folder)
    decks = {deck.id for deck in loaded.game.decks}
    card_components = [c for c in loaded.game.components if c.provided_by in decks]
    assert card_components, "a bundled game should print cards"
    for component in card_components:
        if component.count is not None:
            assert placed[component.id] == component.count, component.id
    sheets = [f for f in manifest["files"] if f["kind"] == "cards" and f["format"] == "sheets"]
    cards = sum(f["cards"] for f in sheets)
    assert cards == sum(placed[c.id] for c in card_components)


def test_there_is_a_bundled_game():
    assert GAMES


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
def test_bundled_decks_build_on_every_paper_and_duplex_mode(paper, duplex, pnp, tmp_path):
    for folder in GAMES:
        result = pnp(
            "build",
            str(folder),
            "-o",
            str(tmp_path),
            "--paper",
            paper,
            "--duplex",
            duplex,
            "--only",
            "cards",
        )
        assert result.exit_code == 0, result.output
        manifest = json.loads((tmp_path / folder.name / "manifest.json").read_text())
        sheets = next(f for f in manifest["files"] if f.get("format") == "sheets")
        assert (sheets["paper"], sheets["duplex"]) == (paper, duplex)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_bundled_cards_measure_true_size_between_crop_marks(paper, pnp, tmp_path):
    folder = GAMES[0]
    result = pnp("build", str(folder), "-o", str(tmp_path), "--paper", paper, "--only", "cards")
    assert result.exit_code == 0, result.output
    sheets = sorted((tmp_path / folder.name).glob("cards-*.pdf"))
    page = first_page(sheets[0], 300)
    to_mm = 25.4 / 300
    loaded, _ = check_game(folder)
    width, height = (round(v, 2) for v in rendered_size(loaded))
    xs, ys = mark_positions(page, "x"), mark_positions(page, "y")
    assert [(b - a) * to_mm for a, b in itertools.pairwise(xs)] == pytest.approx(
        [width] * (len(xs) - 1), abs=0.2
    )
    assert [(b - a) * to_mm for a, b in itertools.pairwise(ys)] == pytest.approx(
        [height] * (len(ys) - 1), abs=0.2
    )
    assert len(xs) >= 3 and len(ys) >= 3


def rendered_size(loaded) -> tuple[float, float]:
    """Trim size of the first deck, from its front layout."""
    from generator.units import parse_size

    size = parse_size(loaded.layouts[loaded.game.decks[0].layout].size)
    return size.width, size.height
