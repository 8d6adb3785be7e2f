"""The PNG and Tabletop Simulator exports keep each face's raster in the build cache: a rebuild
after one card's text changed rasterises that card's sides alone, and makes the same bytes as
a cold build."""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image

from generator.batch import built_game
from generator.cache.keys import FORMAT
from generator.options import BuildOptions
from generator.starter import new_game
from generator.units import PAPERS
from generator.write.kept_rasters import BANDS, CELLS, RASTERS, SHEETS, Rasters
from generator.write.sheets import PrintOptions
from generator.write.tts import TtsCard, tts_deck
from tests.conftest import cache_entry

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


def heroes(changed: int | None = None) -> list[TtsCard]:
    """12 designs (a 10 x 2 sheet: two bands), one of them redrawn when `changed` says which."""
    cards = []
    for i in range(12):
        face = Image.new("RGB", (40, 56), (20 * i, 90, 250 - 20 * i))
        if i == changed:
            face.paste((255, 255, 255), (5, 5, 35, 20))
        buffer = io.BytesIO()
        face.save(buffer, "PNG")
        cards.append(TtsCard(f"Hero {i}", buffer.getvalue(), 2))
    return cards


def heroes_deck(cards: list[TtsCard], kept: Rasters | None) -> dict[str, bytes]:
    """The deck's files, with faces, sheets and bands kept in `kept` when given."""
    png = io.BytesIO()
    Image.new("RGB", (40, 56), (255, 0, 255)).save(png, "PNG")
    return tts_deck("Heroes", cards, png.getvalue(), png.getvalue(), "heroes", kept).files


def test_a_changed_sheet_encodes_the_changed_cards_row_alone(tmp_path, monkeypatch):
    import generator.write.tts as tts

    rasters, fresh = Rasters(tmp_path), heroes_deck(heroes(changed=11), None)
    heroes_deck(heroes(), rasters)
    encoded = []
    real_band = tts.band
    monkeypatch.setattr(tts, "band", lambda image: encoded.append(image) or real_band(image))
    asked = []
    real_ask = Rasters.band
    monkeypatch.setattr(Rasters, "band", lambda *a: asked.append(a[1]) or real_ask(*a))

    heroes_deck(heroes(), rasters)
    assert (asked, encoded) == ([], [])  # the sheet is kept whole: no band is asked for
    assert heroes_deck(heroes(changed=11), rasters) == fresh
    assert len(asked) == 2 and len(encoded) == 1  # the second row, which shows hero 11


def test_damaged_sheets_and_bands_in_the_cache_are_made_again(tmp_path):
    rasters = Rasters(tmp_path)
    cold = heroes_deck(heroes(), rasters)
    records = [
        path
        for kind in (SHEETS, BANDS)
        for path in (tmp_path / f"v{FORMAT}" / kind).rglob("*")
        if path.is_file()
    ]
    assert len(records) == 1 + 2  # the sheet and its two bands
    blobs = [tmp_path / f"v{FORMAT}" / "files" / sha[:2] / sha for sha in kept_shas(records)]
    noise = random.Random(19)
    for path in records[:1] + blobs[1:]:  # the sheet's record, and the bands' bytes
        path.write_bytes(noise.randbytes(200))
    assert heroes_deck(heroes(), rasters) == cold
    for path in records:  # every record now
        path.write_bytes(noise.randbytes(64))
    assert heroes_deck(heroes(), rasters) == cold


def kept_shas(records: list[Path]) -> list[str]:
    """The SHA-256 each record names (of the bytes kept with the output files)."""
    return [cache_entry(path).decode() for path in records]
