"""Face pages rasterised for the PNG and Tabletop Simulator exports, kept in the cache by what
the page draws: a rebuild after one card changed rasterises that card's pages alone.

A raster is a pure function of its key: its bytes go where output files are kept (a deck's PNGs
are stored once), and `rasters/` holds each key's SHA-256. `cells/` holds each face resized to
a TTS deck sheet's cell (its RGB pixels, compressed), by the face's bytes and the cell's size:
decoding and resizing every face took most of a TTS deck's time in a one-card rebuild.
`tts-sheets/` and `tts-bands/` hold the SHA-256 of a whole TTS deck sheet and of one encoded
row of its cells, by the faces they show: a changed card's sheet encodes that card's row alone.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image

from generator.cache.keys import Uncacheable, asset_files, code_version, digest
from generator.cache.store import Store
from generator.model import Symbol
from generator.render.faces import PieceFaces
from generator.write.png_bands import Band

RASTERS = "rasters"
CELLS = "cells"
SHEETS = "tts-sheets"
BANDS = "tts-bands"


@dataclass(frozen=True)
class Rasters:
    """The rasters of a cache folder (a path: cheap to send to a job process)."""

    root: Path  # the cache folder, as `Store` takes it

    def pngs(self, pdf: bytes, dpi: int, keys: list[str]) -> list[bytes]:
        """Every page of `pdf` as PNG (`keys` names each): kept ones from the cache, the
        others rasterised now and kept."""
        from generator.write.raster import pdf_page_pngs  # loaded only where exports are made

        store = Store(self.root)
        found = {
            i: png for i, key in enumerate(keys) if (png := _kept(store, RASTERS, key)) is not None
        }
        missing = [i for i in range(len(keys)) if i not in found]
        for i, png in zip(missing, pdf_page_pngs(pdf, dpi, missing), strict=True):
            found[i] = png
            with suppress(OSError):  # a cache that cannot be written only slows the next build
                store.put(RASTERS, keys[i], store.put_file(png).encode())
        return [found[i] for i in range(len(keys))]

    def sheet(self, slots: dict[int, bytes], grid: Any, make: Callable[[], bytes]) -> bytes:
        """A TTS deck sheet of the PNGs in `slots` on `grid`, made by `make`: the kept PNG, else
        made now and kept (a changed card leaves its deck's other sheets as they were, and a
        kept sheet needs none of its bands: one read, where a sheet of 69 cards has 7 bands)."""
        return _kept_or_made(Store(self.root), SHEETS, _shown_key(SHEETS, grid, slots), make)

    def band(self, slots: dict[int, bytes], grid: Any, make: Callable[[], Band]) -> Band:
        """A row of a TTS deck sheet's cells showing the PNGs in `slots` (by column), encoded
        by `make`: the kept band, else made now and kept (a sheet whose card changed encodes
        that card's row alone)."""
        key = _shown_key(BANDS, grid, slots)
        return Band.from_bytes(
            _kept_or_made(Store(self.root), BANDS, key, lambda: make().to_bytes())
        )

    def cell(
        self, png: bytes, size: tuple[int, int], make: Callable[[], Image.Image]
    ) -> Image.Image:
        """A face's PNG resized to a TTS cell of `size` by `make`: the kept pixels, else made
        now and kept (RGB only, the mode deck sheets are in)."""
        store = Store(self.root)
        key = digest(CELLS, code_version(), hashlib.sha256(png).hexdigest(), size)
        pixels = _pixels(store.get(CELLS, key), size)
        if pixels is not None:
            return Image.frombytes("RGB", size, pixels)
        image = make()
        if image.mode == "RGB" and image.size == size:
            with suppress(OSError):  # a cache that cannot be written only slows the next build
                store.put(CELLS, key, zlib.compress(image.tobytes(), 1))
        return image


def _pixels(data: bytes | None, size: tuple[int, int]) -> bytes | None:
    """The RGB pixels of a kept cell, or None when none is kept or it is damaged."""
    if data is None:
        return None
    try:
        pixels = zlib.decompress(data)
    except zlib.error:
        return None
    return pixels if len(pixels) == size[0] * size[1] * 3 else None


def page_keys(
    deck: PieceFaces, dpi: int, title: str, symbols: list[Symbol], folder: Path, bleed: float
) -> list[str] | None:
    """The key of each page of a deck's print-shop PDF (one page a design's side, front then
    back): the face, the deck's size, the bleed, the resolution, the glossary, the art and
    fonts, and pnp's version; None when a face has no stable digest."""
    common = digest(
        RASTERS, code_version(), title, symbols, asset_files(folder), deck.size, bleed, dpi
    )
    sides = zip(deck.fronts, deck.backs or [None] * len(deck.fronts), strict=True)
    try:
        return [digest(common, face) for pair in sides for face in pair if face is not None]
    except Uncacheable:
        return None


def _shown_key(kind: str, grid: Any, slots: dict[int, bytes]) -> str:
    """The key of a sheet or band: the grid and the SHA-256 of the PNG in each slot."""
    shown = sorted((slot, hashlib.sha256(png).hexdigest()) for slot, png in slots.items())
    return digest(kind, code_version(), grid, shown)


def _kept_or_made(store: Store, kind: str, key: str, make: Callable[[], bytes]) -> bytes:
    """The bytes kept under `key`, else made now and kept."""
    data = _kept(store, kind, key)
    if data is None:
        data = make()
        with suppress(OSError):  # a cache that cannot be written only slows the next build
            store.put(kind, key, store.put_file(data).encode())
    return data


def _kept(store: Store, kind: str, key: str) -> bytes | None:
    """Bytes kept under `key` (their SHA-256 under `kind`, the bytes with the files), or None
    when gone or damaged."""
    sha = store.get(kind, key)
    return store.file(sha.decode("ascii", "replace")) if sha else None
