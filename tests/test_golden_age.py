"""Games of the Golden Age, the complete showcase kit: it checks without a single finding, prints
everything its inventory promises, every card shows its rank and suit, the Arabic court titles
read in logical order, no text is below 6 pt, every font is embedded, and the rulebook's numbers
follow the data."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.findings import Report
from generator.render.faces import piece_faces
from generator.render.items import IconItem, TextItem
from tests.kits import checked, placed_counts
from tests.printing import embedded_fonts

GAME = Path(__file__).resolve().parents[1] / "card_data" / "golden-age"
BIDI_MARKS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
COURTS = {"K": "ملك", "V": "نائب ملك", "D": "ثاني نائب"}
needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler's pdftotext is not installed"
)


def build(game: Path, out: Path, *only: str) -> Path:
    """The game built into `out` (optionally only some outputs); the build must succeed."""
    extra = ["--only", ",".join(only)] if only else []
    result = CliRunner().invoke(cli, ["build", str(game), "-o", str(out), "--quiet", *extra])
    assert result.exit_code == 0, result.output
    return out / game.name


def pdf_text(pdf: Path) -> str:
    """What a player's tools read from a PDF, bidi marks removed and spaces normalised."""
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(BIDI_MARKS.sub("", text).split())


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The kit built once, from a copy so nothing is written into the repository."""
    root = tmp_path_factory.mktemp("golden")
    shutil.copytree(GAME, root / "golden-age")
    return build(root / "golden-age", root / "out")


@pytest.fixture(scope="module")
def loaded():
    """The game as the checker loads it."""
    game, _ = checked(GAME)
    return game


def test_strict_check_passes_with_no_finding_at_all():
    result = CliRunner().invoke(cli, ["check", "--strict", str(GAME)])
    assert result.exit_code == 0, result.output
    _, report = checked(GAME)
    assert [f.code for f in report.findings] == []


def test_the_manifest_matches_the_inventory(kit):
    placed, manifest = placed_counts(kit)
    assert placed == {
        "mamluk-cards": 52,
        "reference-cards": 5,
        "shatranj-pieces": 32,
        "qirkat-pieces": 24,
        "mangala-seeds": 48,
        "shatranj-board": 1,
        "qirkat-board": 1,
        "mangala-board": 1,
        "rulebook": 1,
    }
    paths = {f["path"] for f in manifest["files"]}
    assert {
        "cards-poker.pdf",
        "tokens.pdf",
        "tokens-fold.pdf",
        "boards.pdf",
        "rulebook.pdf",
        "rulebook-booklet.pdf",
    } <= paths
    assert any(p.startswith("png/mamluk/") for p in paths)
    assert any(p.startswith("tts/") for p in paths)


def test_every_card_face_shows_its_rank_and_its_suit(loaded):
    faces = piece_faces(loaded, loaded.piece_files["mamluk"], Report())
    designs = loaded.piece_files["mamluk"].pieces
    assert len(faces.fronts) == 52
    for design, face in zip(designs, faces.fronts, strict=True):
        rank, suit = design.model_extra["rank"], design.model_extra["suit"]
        icons = [i.symbol for i in face.items if isinstance(i, IconItem)]
        texts = [i.fitted.text for i in face.items if isinstance(i, TextItem)]
        assert texts.count(str(rank)) == 2, design.id  # both corner indices
        # two corner suits, then the pips of a number card or the large suit of a court card
        assert icons == [suit] * (2 + (rank if isinstance(rank, int) else 1)), design.id


def test_every_text_on_every_piece_is_at_least_6_pt(loaded):
    for pieces in loaded.piece_files.values():
        faces = piece_faces(loaded, pieces, Report())
        for face in faces.fronts + (faces.backs or ()):
            sizes = [i.fitted.size for i in face.items if isinstance(i, TextItem)]
            assert min(sizes, default=6) >= 6 - 1e-9, (face.card, face.side, sizes)


@needs_poppler
def test_the_arabic_court_titles_read_in_logical_order(kit):
    text = pdf_text(kit / "cards-poker.pdf")
    for title in COURTS.values():
        assert title in text
    assert text.count("ثاني نائب") == 4 and text.count("نائب ملك") == 4
    assert "بئان" not in text and "كلم" not in text  # no word read backwards


def test_every_font_is_embedded_and_the_three_faces_are_used(kit):
    fonts = set()
    for name in ("cards-poker", "tokens", "boards", "rulebook", "rulebook-booklet"):
        fonts |= embedded_fonts(kit / f"{name}.pdf")  # asserts each carries its font file
    assert {"Cinzel-Bold", "Amiri-Bold", "SourceSerif4Roman-Regular"} <= fonts
    # the display face sets the rulebook's cover title and headings too, not only the pieces
    assert "Cinzel-Bold" in embedded_fonts(kit / "rulebook.pdf")


@needs_poppler
def test_the_rulebook_follows_the_seeds_per_pit(tmp_path, kit):
    assert "Put 4 seeds in each of the 12 pits, 48 in all" in pdf_text(kit / "rulebook.pdf")
    game = tmp_path / "golden-age"
    shutil.copytree(GAME, game)
    data = game / "game.yaml"
    data.write_text(
        data.read_text()
        .replace("mangala_seeds: {value: 4,", "mangala_seeds: {value: 5,")
        .replace("count: 48, size: 12mm", "count: 60, size: 12mm")
    )
    seeds = game / "tokens" / "seeds.csv"
    seeds.write_text(seeds.read_text().replace("seed,Seed,48,", "seed,Seed,60,"))
    text = pdf_text(build(game, tmp_path / "out", "rulebook") / "rulebook.pdf")
    assert "Put 5 seeds in each of the 12 pits, 60 in all" in text
    assert "Put 4 seeds" not in text
