"""The memo of fitted designs: each design's resolved faces by a digest of everything they are
drawn from, so a rebuild after one card changed, or the preview of a game built before, fits
only the designs whose inputs changed. `pnp build` and `pnp serve` name designs with the same
keys and keep them in the same cache store.

A design's faces depend on its own row (and where it stands, which its findings quote), its
deck or sheet, the layouts it is drawn with (and where they stand), the game's settings but for
the parts no face draws, how placeholders print, the art and font files, and pnp's version.
"""

from __future__ import annotations

import pickle
import re
from typing import Any

from generator.cache.keys import Digests, asset_files, code_version, digest
from generator.cache.store import Store
from generator.findings import Finding, Position
from generator.fonts import family_faces, resolve_family
from generator.fonts.glyph_codes import named_in_shaping_order
from generator.load.game import LoadedGame, PieceFile
from generator.model import Layout
from generator.model.layout import FieldsElement, TextElement
from generator.render.backs import back_layout_name, own_back
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
Resolved = tuple[Any, Any, tuple[Finding, ...]]  # a design's front, back (or None), findings


class FaceMemo:
    """Designs resolved before, by key: those of this process in memory, any other in the
    cache `store` when there is one. A build keeps what it fitted at the store's flush (after
    its kit is written, so a failed build keeps nothing); the preview keeps it at once, and
    between two refreshes holds in memory only the designs the last one used."""

    def __init__(self, store: Store | None = None, at_flush: bool = True) -> None:
        self.store, self.at_flush = store, at_flush
        self.held: dict[str, Resolved] = {}
        self.used: set[str] = set()  # the keys recalled or kept since `start_round`
        self.fitted: set[str] = set()  # the keys of the designs fitted since `start_round`

    def recall(self, key: str) -> Resolved | None:
        """A design's resolved faces kept under `key`, or None (also when damaged)."""
        found = self.held.get(key)
        if found is None and self.store is not None:
            found = self.store.unpickled(FACES, key)
            if found is not None:
                self.held[key] = found
        if found is not None:
            self.used.add(key)
        return found

    def keep(self, key: str, resolved: Resolved) -> None:
        """Keep a design's resolved faces under `key` (in the store when another process can
        draw them)."""
        self.held[key] = resolved
        self.used.add(key)
        self.fitted.add(key)
        data = None if self.store is None else _portable(resolved)
        if data is None:
            return
        if self.at_flush:
            self.store.keep_bytes(FACES, key, data)
        else:
            self.store.put(FACES, key, data)

    def start_round(self) -> None:
        """Begin a preview refresh: hold only what the last one used, and count afresh."""
        self.held = {key: value for key, value in self.held.items() if key in self.used}
        self.used, self.fitted = set(), set()


def _portable(resolved: Resolved) -> bytes | None:
    """A design's resolved faces as bytes another process can use, or None when they draw a
    glyph through a character only this process knows (or one that looks like it)."""
    data = pickle.dumps(resolved, protocol=pickle.HIGHEST_PROTOCOL)
    return None if named_in_shaping_order() and PRIVATE_USE.search(data) else data


def design_keys(loaded: LoadedGame, pieces: PieceFile, placeholders: str) -> list[str]:
    """The key of each design of a deck or token sheet, in order."""
    game = loaded.game.model_dump(exclude=NOT_ON_FACES)
    shared = digest(FACES, code_version(), game, placeholders, asset_files(loaded.folder))
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


def register_families(loaded: LoadedGame, pieces: PieceFile) -> None:
    """Register the font families a set's text is set in, as fitting it would have: faces taken
    from the memo are measured and drawn by font names this process must know."""
    names = {pieces.owner.layout, back_layout_name(pieces)}
    names |= {own_back(piece)[0] for piece in pieces.pieces}
    for name in sorted(names - {None, ""}):
        layout = loaded.layouts.get(name)
        for element in with_families(layout, loaded.game).elements if layout else ():
            if isinstance(element, TextElement | FieldsElement):
                family = text_family(element.font_family, loaded.folder)
                family_faces(family or resolve_family(None, None))
