"""Export a deck for Tabletop Simulator: deck sheets of card faces plus a saved-object JSON.

TTS builds a custom deck from deck sheets: a grid of at most 10 x 7 card faces, at most 4096 px a
side, whose last slot holds the hidden card shown for cards in another player's hand. A sheet
shows each design once: its copies share a card ID, as TTS deck builders store duplicates, so 100
coins of one design fill one slot, not two sheets. The saved object lists every copy and names
each sheet by its bare file name; the user hosts the files (or imports them in TTS) and replaces
the names with the URLs TTS should load.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Protocol

from PIL import Image

from generator.write.png_bands import Band, band, banded_png
from generator.write.raster import encode_png

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE = 4096
TRANSFORM = {
    "posX": 0,
    "posY": 1,
    "posZ": 0,
    "rotX": 0,
    "rotY": 180,
    "rotZ": 180,
    "scaleX": 1,
    "scaleY": 1,
    "scaleZ": 1,
}


@dataclass(frozen=True)
class TtsCard:
    """One design for TTS: its nickname on hover, its face PNG (trim only, no bleed) and how
    many copies the deck holds."""

    nickname: str
    face: bytes
    copies: int = 1


@dataclass(frozen=True)
class TtsExport:
    """The files to host and the saved object that points at them by file name."""

    files: dict[str, bytes]
    saved_object: dict[str, Any]
    columns: int
    rows: int

    @property
    def json_text(self) -> str:
        """The saved object as TTS reads it from its Saved Objects folder."""
        return json.dumps(self.saved_object, indent=2)


@dataclass(frozen=True)
class _Grid:
    """The deck sheet layout shared by every sheet, so one cell size fits all cards."""

    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def cards_per_sheet(self) -> int:
        """Slots less the last one, which TTS keeps for the hidden card."""
        return self.columns * self.rows - 1


class Kept(Protocol):
    """Where what a deck's export made before is kept (the build cache): each is made by the
    function given when it is not."""

    def cell(
        self, png: bytes, size: tuple[int, int], make: Callable[[], Image.Image]
    ) -> Image.Image:
        """A face's PNG resized to a cell of `size`."""
        ...

    def sheet(self, slots: dict[int, bytes], grid: Any, make: Callable[[], bytes]) -> bytes:
        """A deck sheet's PNG, by the PNGs in its slots and its grid."""
        ...

    def band(self, slots: dict[int, bytes], grid: Any, make: Callable[[], Band]) -> Band:
        """A row of a sheet's cells, encoded, by the PNGs in its slots (by column) and the grid."""
        ...


class _Afresh:
    """Keeps nothing (a build without a cache): every cell, sheet and band is made."""

    def cell(self, what: Any, how: Any, make: Callable[[], Any]) -> Any:
        """What `make` makes, whatever `what` and `how` are."""
        return make()

    sheet = band = cell


def tts_deck(
    name: str,
    cards: list[TtsCard],
    back: bytes | list[bytes],
    hidden: bytes,
    file_stem: str,
    kept: Kept | None = None,
) -> TtsExport:
    """Deck sheets and saved object; `back` is one shared PNG or one PNG per design, in order;
    faces resized to the sheets' cells, sheets and their bands made before come from `kept`."""
    if not cards:
        raise ValueError("a TTS deck needs at least one card")
    if isinstance(back, list) and len(back) != len(cards):
        raise ValueError(f"{len(back)} backs given for {len(cards)} designs")
    if any(card.copies < 1 for card in cards):
        raise ValueError("a TTS deck shows only designs it has a copy of")
    grid = _grid(len(cards), Image.open(io.BytesIO(cards[0].face)).size)
    back_url = f"{file_stem}-back.png"
    files = {} if isinstance(back, list) else {back_url: encode_png(_open_rgb(back))}
    custom_deck: dict[str, dict[str, Any]] = {}
    kept = kept or _Afresh()
    cells = _cells(grid.cell, kept)

    def sheet(slots: dict[int, bytes]) -> bytes:
        return kept.sheet(slots, grid, partial(_sheet, slots, grid, cells, kept))

    for number, start in enumerate(range(0, len(cards), grid.cards_per_sheet), start=1):
        chunk = slice(start, start + grid.cards_per_sheet)
        face_url = f"{file_stem}-faces-{number}.png"
        faces = dict(enumerate(card.face for card in cards[chunk]))
        files[face_url] = sheet(faces | {grid.cards_per_sheet: hidden})
        if isinstance(back, list):
            back_url = f"{file_stem}-backs-{number}.png"
            files[back_url] = sheet(dict(enumerate(back[chunk])))
        custom_deck[str(number)] = _custom_deck(face_url, back_url, grid, isinstance(back, list))
    copies = [
        (card.nickname, _card_id(index, grid))
        for index, card in enumerate(cards)
        for _ in range(card.copies)
    ]
    state = _deck_state(name, copies, custom_deck)
    saved = {"SaveName": "", "ObjectStates": [state]}
    return TtsExport(files=files, saved_object=saved, columns=grid.columns, rows=grid.rows)


def _grid(count: int, card: tuple[int, int]) -> _Grid:
    """The smallest grid holding every design plus the hidden slot, capped at 10 x 7 per sheet."""
    columns = min(MAX_COLUMNS, count + 1)
    rows = min(MAX_ROWS, math.ceil((count + 1) / columns))
    width, height = card
    cell_w = min(width, MAX_SIDE // columns)
    cell_h = round(cell_w * height / width)
    if cell_h > MAX_SIDE // rows:
        cell_h = MAX_SIDE // rows
        cell_w = round(cell_h * width / height)
    return _Grid(columns, rows, (cell_w, cell_h))


def _sheet(
    slots: dict[int, bytes], grid: _Grid, cells: Callable[[bytes], Image.Image], kept: Kept
) -> bytes:
    """One deck sheet with each PNG in its slot (resized by `cells`), counted row by row from
    the top left, encoded a row of cells at a time: a changed card's row alone is encoded
    again, the others come from `kept`."""
    bands = []
    for row in range(grid.rows):
        shown = {
            slot - row * grid.columns: png
            for slot, png in slots.items()
            if slot // grid.columns == row
        }
        bands.append(kept.band(shown, grid, partial(_band, shown, grid, cells)))
    cell_w, cell_h = grid.cell
    return banded_png((grid.columns * cell_w, grid.rows * cell_h), bands)


def _band(shown: dict[int, bytes], grid: _Grid, cells: Callable[[bytes], Image.Image]) -> Band:
    """One row of a sheet's cells, each PNG in its column, encoded."""
    cell_w, cell_h = grid.cell
    image = Image.new("RGB", (grid.columns * cell_w, cell_h), "white")
    for column, png in shown.items():
        image.paste(cells(png), (column * cell_w, 0))
    return band(image)


def _cells(size: tuple[int, int], kept: Kept) -> Callable[[bytes], Image.Image]:
    """A PNG resized to a cell of `size` (or taken from `kept`), the last few at hand: a
    shared back or the hidden card shows on every sheet, so it is resized once."""

    @lru_cache(maxsize=4)
    def cell(png: bytes) -> Image.Image:
        def resized() -> Image.Image:
            return _open_rgb(png).resize(size, Image.Resampling.LANCZOS)

        return kept.cell(png, size, resized)

    return cell


def _open_rgb(png: bytes) -> Image.Image:
    """The image as RGB with any transparency laid on white, since deck sheets carry no alpha."""
    image = Image.open(io.BytesIO(png))
    if image.mode not in ("RGBA", "LA", "PA") and "transparency" not in image.info:
        return image.convert("RGB")
    image = image.convert("RGBA")
    flat = Image.new("RGB", image.size, "white")
    flat.paste(image, mask=image)
    return flat


def _card_id(index: int, grid: _Grid) -> int:
    """TTS card ID: deck sheet number times 100 plus the design's slot on that sheet."""
    sheet, slot = divmod(index, grid.cards_per_sheet)
    return (sheet + 1) * 100 + slot


def _custom_deck(face_url: str, back_url: str, grid: _Grid, unique_back: bool) -> dict[str, Any]:
    """The CustomDeck entry telling TTS where one sheet's faces and backs are and how to cut them."""
    return {
        "FaceURL": face_url,
        "BackURL": back_url,
        "NumWidth": grid.columns,
        "NumHeight": grid.rows,
        "BackIsHidden": False,
        "UniqueBack": unique_back,
        "Type": 0,
    }


def _deck_state(
    name: str, copies: list[tuple[str, int]], custom_deck: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """The object TTS spawns: a lone Card for one copy, else a DeckCustom holding every copy
    (nickname and card ID), in deck order."""
    if len(copies) == 1:
        return {
            "Name": "Card",
            "Nickname": name,
            "Transform": dict(TRANSFORM),
            "CardID": copies[0][1],
            "CustomDeck": custom_deck,
        }
    contained = [
        {"Name": "Card", "Nickname": nickname, "CardID": card_id, "Transform": dict(TRANSFORM)}
        for nickname, card_id in copies
    ]
    return {
        "Name": "DeckCustom",
        "Nickname": name,
        "Transform": dict(TRANSFORM),
        "DeckIDs": [card_id for _, card_id in copies],
        "CustomDeck": custom_deck,
        "ContainedObjects": contained,
    }
