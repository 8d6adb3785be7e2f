"""Face pages rasterised for the PNG and Tabletop Simulator exports, kept in the cache by what
the page draws: a rebuild after one card changed rasterises that card's pages alone.

A raster is a pure function of its key, so the job processes keep it at once (not at the
build's flush): its bytes go where output files are kept (a deck's PNGs are stored once), and
`rasters/` holds each key's SHA-256.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from generator.cache.keys import Digests, Uncacheable, asset_files, code_version, digest
from generator.cache.store import Store
from generator.model import Symbol
from generator.render.faces import PieceFaces

RASTERS = "rasters"


@dataclass(frozen=True)
class Rasters:
    """The rasters of a cache folder (a path: cheap to send to a job process)."""

    root: Path  # the cache folder, as `Store` takes it

    def pngs(self, pdf: bytes, dpi: int, keys: list[str]) -> list[bytes]:
        """Every page of `pdf` as PNG (`keys` names each): kept ones from the cache, the
        others rasterised now and kept."""
        from generator.write.raster import pdf_page_pngs  # loaded only where exports are made

        store = Store(self.root)
        found = {i: png for i, key in enumerate(keys) if (png := _kept(store, key)) is not None}
        missing = [i for i in range(len(keys)) if i not in found]
        for i, png in zip(missing, pdf_page_pngs(pdf, dpi, missing), strict=True):
            found[i] = png
            with suppress(OSError):  # a cache that cannot be written only slows the next build
                store.put(RASTERS, keys[i], store.put_file(png).encode())
        return [found[i] for i in range(len(keys))]


def page_keys(
    deck: PieceFaces, dpi: int, title: str, symbols: list[Symbol], folder: Path, bleed: float
) -> list[str] | None:
    """The key of each page of a deck's print-shop PDF (one page a design's side, front then
    back): the face, the deck's size, the bleed, the resolution, the glossary, the art and
    fonts, and pnp's version; None when a face has no stable digest."""
    common = digest(
        RASTERS, code_version(), title, symbols, asset_files(folder), deck.size, bleed, dpi
    )
    digests = Digests()
    sides = zip(deck.fronts, deck.backs or [None] * len(deck.fronts), strict=True)
    try:
        return [digests(common, face) for pair in sides for face in pair if face is not None]
    except Uncacheable:
        return None


def _kept(store: Store, key: str) -> bytes | None:
    """A page's PNG kept under `key`, or None."""
    sha = store.get(RASTERS, key)
    return store.file(sha.decode("ascii", "replace")) if sha else None
