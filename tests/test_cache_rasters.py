"""The PNG and Tabletop Simulator exports keep each face's raster in the build cache: a rebuild
after one card's text changed rasterises that card's sides alone, and makes the same bytes as
a cold build."""

from __future__ import annotations

from pathlib import Path

from generator.batch import built_game
from generator.cache.keys import FORMAT
from generator.cache.rasters import CELLS, RASTERS
from generator.options import BuildOptions
from generator.starter import new_game
from generator.units import PAPERS
from generator.write.sheets import PrintOptions

EXPORTS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"png", "tts"}), dpi=72)
OLD, NEW = "Swap a card from your hand", "Swap one card from your hand"  # the Trade card's text


def rasters(cache: Path) -> set[str]:
    """The keys of the rasters a cache folder holds."""
    return {path.name for path in (cache / f"v{FORMAT}" / RASTERS).rglob("*") if path.is_file()}


def exports(folder: Path, cache: Path | None) -> dict[str, bytes]:
    """The PNG and TTS files of the game as `pnp build --only png,tts` plans them."""
    planned = built_game(folder, EXPORTS, cache)
    assert planned.kit is not None
    if planned.store:
        planned.store.flush()
    return {file.name: file.data for file in planned.kit.files}


def test_a_rebuild_rasterises_only_the_changed_cards_sides(tmp_path):
    folder, cache = new_game(str(tmp_path / "river"), tmp_path), tmp_path / "cache"
    before = exports(folder, cache)
    kept = rasters(cache)
    assert len(kept) == 4 * 2 * 2  # both sides of the 4 cards, at the PNG and the TTS resolution
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace(OLD, NEW))
    after = exports(folder, cache)
    assert len(rasters(cache) - kept) == 2  # its front, for the PNG and for TTS; not its back
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"png/actions/trade-front.png", "tts/actions-faces-1.png"}
    assert after == exports(folder, None)


def test_a_rebuild_resizes_only_the_changed_cards_faces_for_tts(tmp_path, monkeypatch):
    import generator.write.tts as tts

    folder, cache = new_game(str(tmp_path / "river"), tmp_path), tmp_path / "cache"
    exports(folder, cache)
    cells = {p.name for p in (cache / f"v{FORMAT}" / CELLS).rglob("*") if p.is_file()}
    assert len(cells) == 4 + 1  # each card's front and the hidden card (the shared back)
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace(OLD, NEW))
    opened = []
    real_open = tts._open_rgb
    monkeypatch.setattr(tts, "_open_rgb", lambda png: opened.append(png) or real_open(png))
    after = exports(folder, cache)
    assert len(opened) == 2  # the shared back, written as it is, and the changed front: the
    # other fronts and the hidden card (6 opened without the cache) come resized from the cache
    assert after == exports(folder, None)
