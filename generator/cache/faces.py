"""Each design's resolved faces kept in the cache store, by a digest of everything they are drawn
from: a rebuild after one card changed, or the preview of a game built before, fits only the
designs whose inputs changed. `pnp build` and `pnp serve` name designs with the same keys.

A design's faces depend on its own row (and where it stands, which its findings quote), its
deck or sheet, the layouts it is drawn with (and where they stand), the game's settings but for
the parts no face draws, how placeholders print, the art and font files, and pnp's version.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any, Protocol

from generator.cache.keys import Digests, asset_files, code_version, digest
from generator.cache.store import Store, activated
from generator.findings import Position
from generator.fonts import family_faces, resolve_family
from generator.fonts.glyph_codes import named_in_shaping_order
from generator.load.game import LoadedGame, PieceFile
from generator.model import Layout
from generator.model.layout import FieldsElement, TextElement
from generator.render.backs import back_layout_name, own_back
from generator.render.text import placeholder_mode
from generator.render.typefaces import text_family, with_families

FACES = "faces"
# A glyph with no character of its own (an Arabic letter's joined form, a ligature) is drawn
# through a private-use character. Fonts name those glyphs when registered, the same in every
# process (fonts/glyph_codes.py), but one with more such glyphs than the private-use area holds
# leaves ReportLab to name them in the order a process shapes them: while such a font is
# registered, a face holding a private-use character is not kept.
PRIVATE_USE = re.compile(rb"\xee[\x80-\xbf][\x80-\xbf]|\xef[\x80-\xa3][\x80-\xbf]")  # UTF-8
# Parts of game.yaml no card or token face draws; layouts are compared per design instead.
NOT_ON_FACES = {
    "layouts",
    "components",
    "setup",
    "invariants",
    "errata",
    "rulebook",
    "guides",
    "boards",
}
_ACTIVE: list[Memory | None] = [None]  # where faces are resolved through, while building


def shared_key(loaded: LoadedGame) -> str:
    """What any face of the game may depend on beyond its own design and layouts."""
    game = loaded.game.model_dump(exclude=NOT_ON_FACES)
    return digest("faces", code_version(), game, placeholder_mode(), asset_files(loaded.folder))


def design_keys(loaded: LoadedGame, pieces: PieceFile, shared: str) -> list[str]:
    """The key of each design of a deck or token sheet, in order."""
    digests = Digests((Layout,))  # a layout is walked once however many designs it draws
    back = back_layout_name(pieces)
    keys = []
    for index, piece in enumerate(pieces.pieces):
        names = sorted({pieces.owner.layout, back or "", own_back(piece)[0] or ""} - {""})
        layouts = [loaded.layouts.get(name) for name in names]
        placed = [_place(loaded.layout_positions.get(name)) for name in names]
        fields = [_place(pieces.position(index, name)) for name in piece.model_dump()]
        where = _place(pieces.position(index))
        keys.append(digests(shared, pieces.owner, piece, where, fields, layouts, placed))
    return keys


def _place(position: Position | None) -> tuple | None:
    """Where a finding would point, as plain values (a Path's digest would be its content)."""
    if position is None:
        return None
    return (str(position.file), position.line, position.column, position.cell)


class Memory(Protocol):
    """Where resolved designs are looked up by key and kept: the build's cache store, or the
    preview's designs (held in memory, and in the same store)."""

    def recall(self, key: str) -> Any:
        """A design's resolved faces kept under `key`, or None."""
        ...

    def keep(self, key: str, resolved: Any) -> None:
        """Keep a design's resolved faces under `key`."""
        ...


class StoredFaces:
    """The build's memory: the cache store, written at its flush (after the kit)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def recall(self, key: str) -> Any:
        """A design's resolved faces from the store, or None."""
        return recalled(self.store, key)

    def keep(self, key: str, resolved: Any) -> None:
        """Keep a design's resolved faces at the store's flush (when another process can)."""
        data = portable(resolved)
        if data is not None:
            self.store.keep_bytes(FACES, key, data)


def portable(resolved: Any) -> bytes | None:
    """A design's resolved faces as bytes another process can use, or None when they draw a
    glyph through a character only this process knows (or one that looks like it)."""
    data = pickle.dumps(resolved, protocol=pickle.HIGHEST_PROTOCOL)
    return None if named_in_shaping_order() and PRIVATE_USE.search(data) else data


def recalled(store: Store, key: str) -> Any:
    """A design's resolved faces kept in the store under `key`, or None (also when damaged)."""
    return store.unpickled(FACES, key)


def kept(store: Store, key: str, resolved: Any) -> None:
    """Keep a design's resolved faces in the store now (when another process can use them)."""
    data = portable(resolved)
    if data is not None:
        store.put(FACES, key, data)


def remembering(memory: Memory | None) -> AbstractContextManager[None]:
    """Resolve faces inside this block through `memory` (see `stored_faces`)."""
    return activated(_ACTIVE, memory)


def register_families(loaded: LoadedGame, sets: list[PieceFile]) -> None:
    """Register the font families the decks' text is set in, as fitting it would have: faces
    taken from the cache are measured and drawn by font names this process must know."""
    names = {pieces.owner.layout for pieces in sets} | {back_layout_name(p) for p in sets}
    names |= {own_back(piece)[0] for pieces in sets for piece in pieces.pieces}
    for name in sorted(names - {None, ""}):
        layout = loaded.layouts.get(name)
        for element in with_families(layout, loaded.game).elements if layout else ():
            if isinstance(element, TextElement | FieldsElement):
                family = text_family(element.font_family, loaded.folder)
                family_faces(family or resolve_family(None, None))


@contextmanager
def stored_faces(loaded: LoadedGame) -> Iterator[dict[str, list[str]] | None]:
    """Designs the active memory holds are taken from it rather than fitted; those resolved
    inside the block are kept there. Without an active memory, nothing happens. The block is
    given each set's design keys (by set id), or None when there was nothing to look up."""
    memory = _ACTIVE[0]
    mode = placeholder_mode()
    sets = list(loaded.piece_files.values())
    unresolved = any(
        (pieces.owner.id, i, mode) not in loaded.resolved
        for pieces in sets
        for i in range(len(pieces.pieces))
    )
    if memory is None or not unresolved:
        yield None
        return
    shared, missing, recalled = shared_key(loaded), {}, False
    keys = {pieces.owner.id: design_keys(loaded, pieces, shared) for pieces in sets}
    for pieces in sets:
        for index, key in enumerate(keys[pieces.owner.id]):
            name = (pieces.owner.id, index, mode)
            loaded.design_keys[name] = key
            if name in loaded.resolved:
                continue
            found = memory.recall(key)
            if found is None:
                missing[name] = key
            else:
                loaded.resolved[name], recalled = found, True
    if recalled:
        register_families(loaded, sets)
    yield keys
    for name, key in missing.items():
        if name in loaded.resolved:
            memory.keep(key, loaded.resolved[name])
