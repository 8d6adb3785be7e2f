"""Each design's resolved faces are kept in the build cache: a rebuild after one card's text
changed fits that card alone, and makes the same kit and the same findings as a cold build."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from generator.batch import Planned, built_game
from generator.cache.keys import FORMAT
from generator.cache.store import CACHE_ENV, cache_root
from generator.findings import Report
from generator.load.game import load_game
from generator.options import BuildOptions
from generator.render.memo import FACES
from generator.units import PAPERS
from generator.write.sheets import PrintOptions
from tests.fitting import PLAIN_HEROES, spy_on_fitting

GAMES = Path(__file__).resolve().parents[1] / "card_data"
OPTIONS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"cards", "report"}))
OLD, NEW = "**Action Phase:** in place", "**Market Phase:** in place"  # role-flax-and-garments
CARDS = replace(OPTIONS, only=frozenset({"cards"}))


def _without_cache_dir() -> dict[str, str]:
    """This environment without $PNP_CACHE_DIR, so a build keeps its cache in its output."""
    return {k: v for k, v in os.environ.items() if k != CACHE_ENV}


def built(folder: Path, cache: Path | None, options: BuildOptions = OPTIONS) -> Planned:
    """The game planned as `pnp build` plans it, its cache written as after the kit."""
    planned = built_game(folder, options, cache)
    assert planned.kit is not None
    if planned.store:
        planned.store.flush()
    return planned


def kit_bytes(planned: Planned) -> list[tuple[str, bytes]]:
    """Every file of a planned kit: name and bytes, in order."""
    assert planned.kit is not None
    return [(file.name, file.data) for file in planned.kit.files]


def test_a_rebuild_after_one_card_changed_is_the_same_kit_and_findings_as_a_cold_build(
    tmp_path, monkeypatch
):
    folder = Path(shutil.copytree(GAMES / "lost-and-found", tmp_path / "lost-and-found"))
    cache = tmp_path / "cache"
    built(folder, cache)
    deck = folder / "decks" / "roles.yaml"
    deck.write_text(deck.read_text().replace(OLD, NEW))
    fitted = spy_on_fitting(monkeypatch)
    again = built(folder, cache)
    assert "role-flax-and-garments" in fitted
    cold = built(folder, None)
    assert kit_bytes(again) == kit_bytes(cold)
    assert again.findings == cold.findings and len(cold.findings) > 20


def test_designs_kept_by_another_process_are_not_fitted_again(game, monkeypatch):
    folder = game({"decks/heroes.csv": PLAIN_HEROES})
    out = folder.parent / "out"
    command = [
        sys.executable,
        "-m",
        "generator",
        "build",
        "demo",
        "-o",
        str(out),
        "--only",
        "cards",
    ]
    subprocess.run(command, check=True, capture_output=True, env=_without_cache_dir())
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("Draw a card.", "Draw two cards."))
    fitted = spy_on_fitting(monkeypatch)
    again = built(folder, cache_root(out), CARDS)
    # the mage changed; the knight (whose text holds an icon, render/kept.py) and the scout
    # come from the cache
    assert set(fitted) == {"mage"}
    assert kit_bytes(again) == kit_bytes(built(folder, None, CARDS))


def test_a_damaged_design_in_the_cache_is_fitted_again(game, monkeypatch):
    folder = game({"decks/heroes.csv": PLAIN_HEROES})
    cache = folder.parent / "cache"
    first = built(folder, cache, CARDS)
    stored = sorted(p for p in (cache / f"v{FORMAT}" / FACES).rglob("*") if p.is_file())
    assert len(stored) == 3  # the knight, the mage and the scout
    for path in stored:
        path.write_bytes(b"damaged")
    (folder / "notes.txt").write_text("not read by the build: the kit is assembled job by job\n")
    fitted = spy_on_fitting(monkeypatch)
    again = built(folder, cache, CARDS)
    assert set(fitted) == {"knight", "mage", "scout"}
    assert kit_bytes(again) == kit_bytes(first) and again.findings == first.findings


def test_faces_drawing_glyphs_through_private_characters_are_kept(tmp_path, monkeypatch):
    # golden-age's Arabic is drawn partly through private-use characters; fonts name those
    # glyphs when registered (fonts/glyph_codes.py), so its faces are kept like any other
    folder = Path(shutil.copytree(GAMES / "golden-age", tmp_path / "golden-age"))
    cache, cards = tmp_path / "cache", CARDS
    built(folder, cache, cards)
    deck = folder / "decks" / "reference.yaml"
    deck.write_text(deck.read_text().replace("**Shah** one step", "**King** one step"))
    fitted = spy_on_fitting(monkeypatch)
    again = built(folder, cache, cards)
    assert set(fitted) == {"ref-shatranj"}
    assert kit_bytes(again) == kit_bytes(built(folder, None, cards))


def test_kept_arabic_faces_draw_the_same_glyphs_in_another_process(tmp_path):
    # each build is its own process, shaping the Arabic designs in another order than the
    # build that kept them: before, their private-use characters named other glyphs there
    folder = Path(shutil.copytree(GAMES / "golden-age", tmp_path / "golden-age"))
    out, cold = tmp_path / "out", tmp_path / "cold"
    command = [sys.executable, "-m", "generator", "build", str(folder), "--only", "cards"]
    env = _without_cache_dir()
    subprocess.run([*command, "-o", str(out)], check=True, capture_output=True, env=env)
    deck = folder / "decks" / "reference.yaml"
    deck.write_text(deck.read_text().replace("**Shah** one step", "**King** one step"))
    subprocess.run([*command, "-o", str(out)], check=True, capture_output=True, env=env)
    subprocess.run([*command, "-o", str(cold), "--no-cache"], check=True, capture_output=True)
    for name in ("cards-poker.pdf", "printshop-poker.pdf"):
        assert (out / "golden-age" / name).read_bytes() == (cold / "golden-age" / name).read_bytes()
    loaded = load_game(folder, Report())
    designs = sum(len(pieces.pieces) for pieces in loaded.piece_files.values())
    kept = [path for path in (cache_root(out) / f"v{FORMAT}" / FACES).rglob("*") if path.is_file()]
    assert len(kept) == designs + 1  # every design, the Arabic ones too, and the changed one


def test_a_rebuild_drawing_only_kept_faces_registers_their_fonts(game):
    # every face comes from the cache (only a file no face draws changed), so nothing is fitted
    # in the rebuild's process: the fonts the kept faces measure and draw with must still be
    # registered there (this crashed with KeyError: 'Inter-Bold')
    folder = game({"decks/heroes.csv": PLAIN_HEROES})
    out = folder.parent / "out"
    command = [sys.executable, "-m", "generator", "build", "demo", "-o", str(out)]
    env = _without_cache_dir()
    subprocess.run(command, check=True, capture_output=True, env=env)
    (folder / "notes.txt").write_text("a file no face draws\n")
    again = subprocess.run(command, capture_output=True, text=True, env=env)
    assert again.returncode == 0, again.stderr
    assert "from the cache" not in again.stdout  # a real rebuild, not the kit kept whole
