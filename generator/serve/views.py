"""Larger views drawn on request: a card at large size, printed sheet pages, the rulebook pages
with its outline; each from the build's own writers, kept until what it shows changes."""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass

import pypdfium2 as pdfium

from generator.build import rendered_game
from generator.context import BuildContext
from generator.load.game import LoadedGame
from generator.render.memo import FaceMemo
from generator.render.rulebook import RULEBOOK_FILE, has_rulebook
from generator.serve.previews import face_digest, face_pngs, screen_dpi
from generator.serve.session import GamePreview, Snapshot, face_of
from generator.units import PAPERS
from generator.write.boards import boards_pdf
from generator.write.kit import rulebook_file
from generator.write.raster import pdf_pages_to_png
from generator.write.sheets import PrintOptions, card_sheets
from generator.write.tokens import token_sheets

LARGE_DPI = 220  # a card page shows one face about as big as a phone screen
SHEET_DPI = 60  # a printed A4 page 500 px wide: the grid, marks and backs are plain to see
PAPER = "a4"
PRINTING = PrintOptions(PAPERS[PAPER])


@dataclass(frozen=True)
class Heading:
    """One entry of the rulebook's outline and the page it starts on (0-based)."""

    title: str
    level: int
    page: int


@dataclass(frozen=True)
class Pages:
    """A rendered document as page images, with its outline."""

    pngs: tuple[bytes, ...]
    outline: tuple[Heading, ...] = ()
    problem: str = ""  # pnp failed to draw it: the one-line internal error


class Views:
    """The views of one game, cached by the content they draw (the last few kept)."""

    KEEP = 8

    def __init__(self, preview: GamePreview) -> None:
        self.preview = preview
        self.cache: dict[str, Pages] = {}

    def _kept(self, key: str, draw) -> Pages:
        """The pages under `key`, drawn when not in the cache (not while its game refreshes)."""
        if key not in self.cache:
            with self.preview.refreshing:
                try:
                    pages = draw()
                except Exception as exc:  # a crash of pnp drawing a view must not stop the server
                    pages = Pages((), problem=f"internal error: {type(exc).__name__}: {exc}")
            while len(self.cache) >= self.KEEP:
                del self.cache[next(iter(self.cache))]
            self.cache[key] = pages
        return self.cache[key]

    def sheets(self, snapshot: Snapshot, group_id: str) -> Pages | None:
        """The printed sheet pages of one deck, token sheet or board, as `pnp build` writes them."""
        group = next((g for g in snapshot.groups if g.id == group_id), None)
        if group is None or snapshot.rendered is None or snapshot.loaded is None:
            return None
        key = _key("sheets", group)
        return self._kept(
            key,
            lambda: Pages(
                tuple(pdf_pages_to_png(_sheets_pdf(snapshot, group.kind, group_id), SHEET_DPI))
            ),
        )

    def large(self, snapshot: Snapshot, key: tuple[str, str, str]) -> Pages | None:
        """One face at card-page size, drawn as the grid's faces are."""
        found = face_of(snapshot, key)
        if found is None or snapshot.loaded is None:
            return None
        face, shape = found
        symbols, folder = snapshot.loaded.game.symbols, snapshot.loaded.folder
        dpi = screen_dpi(face, LARGE_DPI)
        draw = lambda: Pages(tuple(face_pngs([face], shape, symbols, folder, dpi)))  # noqa: E731
        return self._kept(_key("large", (face, shape, face_digest(face, symbols, folder))), draw)

    def rulebook(self, snapshot: Snapshot) -> Pages | None:
        """The rulebook on A4 as `pnp build` writes rulebook.pdf, with its outline."""
        loaded = snapshot.loaded
        if loaded is None or not has_rulebook(loaded.folder):
            return None
        rows = [pieces.pieces for pieces in loaded.piece_files.values()]
        faces = [tile.digest for group in snapshot.groups for tile in group.tiles]
        text = (loaded.folder / RULEBOOK_FILE).read_bytes()
        key = _key("rulebook", (loaded.game, loaded.layouts, rows, faces, text))
        return self._kept(key, lambda: _rulebook_pages(loaded, self.preview.designs.memo))


def _key(kind: str, content: object) -> str:
    """A cache key from what a view draws."""
    return kind + hashlib.sha256(pickle.dumps(content)).hexdigest()[:24]


def _sheets_pdf(snapshot: Snapshot, kind: str, group_id: str) -> bytes:
    """The PDF the build writes for one deck, token sheet or board (A4, long-edge duplex)."""
    rendered, loaded = snapshot.rendered, snapshot.loaded
    assert rendered is not None and loaded is not None
    title, symbols, folder = loaded.game.title, loaded.game.symbols, loaded.folder
    if kind == "board":
        boards = [(b, f) for b, f in rendered.boards if b.id == group_id]
        return boards_pdf(title, boards, PRINTING, symbols, folder)[0].data
    if kind == "tokens":
        sheets = [s for s in rendered.token_sheets if s.owner.id == group_id]
        return token_sheets(title, sheets, PRINTING, symbols, folder)[0].data
    decks = [d for d in rendered.decks if d.owner.id == group_id]
    return card_sheets(title, decks, PRINTING, symbols, folder).data


def _rulebook_pages(loaded: LoadedGame, memo: FaceMemo) -> Pages:
    """rulebook.pdf's pages at screen size and its bookmarks as the outline, from a whole
    render of the game as the build makes it (its designs from the preview's memo)."""
    rendered, game = rendered_game(loaded, BuildContext(memo=memo)), loaded.game
    assert rendered.rulebook is not None
    full = rulebook_file(
        rendered.rulebook,
        game.rulebook,
        game.symbols,
        loaded.folder,
        PAPER,
        rendered.shown,
    )
    return Pages(tuple(pdf_pages_to_png(full.data, SHEET_DPI)), _outline(full.data))


def _outline(pdf: bytes) -> tuple[Heading, ...]:
    """The PDF's bookmarks with the pages they lead to."""
    with pdfium.PdfDocument(pdf) as document:
        marks = []
        for mark in document.get_toc():
            dest = mark.get_dest()
            page = dest.get_index() if dest is not None else None
            marks.append(Heading(mark.get_title(), mark.level, page or 0))
        return tuple(marks)
