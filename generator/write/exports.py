"""PNG and Tabletop Simulator exports, rasterised from the same faces the sheets draw."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

from generator.model import Symbol
from generator.render.faces import PieceFaces
from generator.write.kept_rasters import Rasters, page_keys
from generator.write.output import OutputFile
from generator.write.printshop import print_shop_pdf
from generator.write.raster import encode_png, pdf_pages_to_png
from generator.write.sheets import SheetsPdf
from generator.write.tts import TtsCard, tts_deck

SHOP_BLEED_MM = 25.4 / 8
TTS_DPI = 200


def png_files(
    title: str,
    decks: list[PieceFaces],
    symbols: list[Symbol],
    folder: Path,
    dpi: int,
    rasters: Rasters | None = None,
) -> Iterator[OutputFile]:
    """One PNG per design and side, with the 1/8-inch bleed print shops expect."""
    for deck in decks:
        pdf = _faces_pdf(title, deck, symbols, folder, SHOP_BLEED_MM)
        pngs = _pngs(pdf.data, dpi, deck, rasters, (title, symbols, folder, SHOP_BLEED_MM))
        for name, png in zip(_face_names(deck), pngs, strict=True):
            yield OutputFile(f"png/{deck.owner.id}/{name}.png", "png", png, 1, "card", {"dpi": dpi})


def tts_files(
    title: str,
    decks: list[PieceFaces],
    symbols: list[Symbol],
    folder: Path,
    rasters: Rasters | None = None,
) -> Iterator[OutputFile]:
    """Tabletop Simulator deck sheets and a saved object per deck: a design's copies share one
    slot of its sheets (a design with no copies has none)."""
    for deck in decks:
        pdf = _faces_pdf(title, deck, symbols, folder, 0)
        pages = _pngs(pdf.data, TTS_DPI, deck, rasters, (title, symbols, folder, 0))
        step = 2 if deck.backs is not None else 1
        fronts, backs = pages[::step], pages[1::step] if deck.backs is not None else []
        shown = [i for i, quantity in enumerate(deck.quantities) if quantity]
        cards = [TtsCard(f"{deck.fronts[i].card}", fronts[i], deck.quantities[i]) for i in shown]
        back = (
            backs[0]
            if backs and deck.shared_back
            else [backs[i] for i in shown]
            if backs
            else _blank(fronts[0])
        )
        hidden = backs[0] if backs else _blank(fronts[0])
        export = tts_deck(deck.owner.name, cards, back, hidden, deck.owner.id, rasters)
        for name, data in export.files.items():
            yield OutputFile(f"tts/{name}", "tts", data, 1, "screen", {})
        json_text = export.json_text.encode("utf-8")
        yield OutputFile(
            f"tts/{deck.owner.id}.json",
            "tts",
            json_text,
            0,
            "screen",
            {"grid": [export.columns, export.rows], "cards": deck.count},
        )


def _faces_pdf(
    title: str, deck: PieceFaces, symbols: list[Symbol], folder: Path, bleed: float
) -> SheetsPdf:
    """Each design's sides of a deck, one a page with `bleed` mm around."""
    return print_shop_pdf(title, [deck], symbols, folder, bleed)


def _pngs(pdf: bytes, dpi: int, deck: PieceFaces, rasters: Rasters | None, drawn: tuple) -> list:
    """Every page of a deck's print-shop PDF as PNG; with a cache, the pages it holds (same
    face, bleed, resolution and art) are not rasterised again."""
    keys = page_keys(deck, dpi, *drawn) if rasters else None
    if rasters is None or keys is None:
        return pdf_pages_to_png(pdf, dpi)
    return rasters.pngs(pdf, dpi, keys)


def _face_names(deck: PieceFaces) -> list[str]:
    """File names in print-shop page order: each design's front, then its back."""
    sides = zip(deck.fronts, deck.backs or [None] * len(deck.fronts), strict=True)
    return [f"{face.card}-{face.side}" for pair in sides for face in pair if face is not None]


def _blank(like: bytes) -> bytes:
    """A plain light card, for decks that have no back design."""
    size = Image.open(io.BytesIO(like)).size
    return encode_png(Image.new("RGB", size, (235, 235, 235)))
