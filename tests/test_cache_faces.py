"""Each design's resolved faces are kept in the build cache: a rebuild after one card's text
changed fits that card alone, and makes the same kit and the same findings as a cold build."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from generator.batch import Planned, built_game
from generator.cache.faces import FACES
from generator.cache.keys import FORMAT
from generator.options import BuildOptions
from generator.units import PAPERS
from generator.write.sheets import PrintOptions
from tests.fitting import spy_on_fitting

GAMES = Path(__file__).resolve().parents[1] / "card_data"
OPTIONS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"cards", "report"}))
OLD, NEW = "**Action Phase:** in place", "**Market Phase:** in place"  # role-flax-and-garments


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


def test_a_rebuild_fits_only_the_changed_card_and_finds_what_a_cold_build_finds(
    tmp_path, monkeypatch
):
    fitted = spy_on_fitting(monkeypatch)
    folder = Path(shutil.copytree(GAMES / "lost-and-found", tmp_path / "lost-and-found"))
    cache = tmp_path / "cache"
    built(folder, cache)
    designs = sum(1 for _ in (cache / f"v{FORMAT}" / FACES).rglob("*"))
    assert len(set(fitted)) > 40 and designs > 40
    deck = folder / "decks" / "roles.yaml"
    deck.write_text(deck.read_text().replace(OLD, NEW))
    fitted.clear()
    again = built(folder, cache)
    assert set(fitted) == {"role-flax-and-garments"}
    fitted.clear()
    cold = built(folder, None)
    assert len(set(fitted)) > 40
    assert kit_bytes(again) == kit_bytes(cold)
    assert again.findings == cold.findings and len(cold.findings) > 20


def test_a_damaged_design_in_the_cache_is_fitted_again(tmp_path, monkeypatch):
    fitted = spy_on_fitting(monkeypatch)
    folder = Path(shutil.copytree(GAMES / "lost-and-found", tmp_path / "lost-and-found"))
    cache = tmp_path / "cache"
    first = built(folder, cache)
    stored = sorted(p for p in (cache / f"v{FORMAT}" / FACES).rglob("*") if p.is_file())
    stored[0].write_bytes(b"damaged")
    (folder / "notes.txt").write_text("not read by the build: the kit is assembled job by job\n")
    fitted.clear()
    again = built(folder, cache)
    assert len(set(fitted)) == 1
    assert kit_bytes(again) == kit_bytes(first) and again.findings == first.findings


def test_faces_drawing_glyphs_through_private_characters_are_fitted_again(tmp_path, monkeypatch):
    # golden-age's Arabic is drawn partly through private-use characters ReportLab numbers in
    # the order a process shapes them: a face kept from one process would draw other glyphs
    folder = Path(shutil.copytree(GAMES / "golden-age", tmp_path / "golden-age"))
    cache, cards = tmp_path / "cache", replace(OPTIONS, only=frozenset({"cards"}))
    built(folder, cache, cards)
    deck = folder / "decks" / "reference.yaml"
    deck.write_text(deck.read_text().replace("**Shah** one step", "**King** one step"))
    fitted = spy_on_fitting(monkeypatch)
    again = built(folder, cache, cards)
    assert "ref-shatranj" in fitted and len(set(fitted)) > 1  # and those with private glyphs
    assert kit_bytes(again) == kit_bytes(built(folder, None, cards))
