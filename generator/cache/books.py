"""Where a book's headings, contents lines and index entries fell, kept in the cache by what
places them: a rebuild after a shown card's face changed (its size did not) typesets the book
once, with the pages the previous build found, instead of a sketch pass and a final one.

The pages depend on the book's blocks, the paper and columns, the glossary, the faces (fonts),
the art and fonts of the game, pnp's version, and of each card, token or board the book shows
only its size: a shown face is drawn only in the final pass and takes the room its size says.
"""

from __future__ import annotations

import pickle
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cache.keys import Uncacheable, asset_files, code_version, digest
from generator.cache.store import Store
from generator.render.positions import PositionFigure

BOOK_PAGES = "book-pages"


@dataclass(frozen=True)
class BookPages:
    """The book pages of a cache folder (a path: cheap to send to a job process)."""

    root: Path  # the cache folder, as `Store` takes it

    def recall(self, key: str) -> Any:
        """The pages kept under `key`, or None (also when damaged)."""
        return Store(self.root).unpickled(BOOK_PAGES, key)

    def keep(self, key: str, pages: Any) -> None:
        """Keep the pages under `key` now (a book's pages are a pure function of its key)."""
        with suppress(OSError):  # a cache that cannot be written only slows the next build
            Store(self.root).put(BOOK_PAGES, key, pickle.dumps(pages, pickle.HIGHEST_PROTOCOL))


def pages_key(folder: Path, shown: dict, *inputs: Any) -> str | None:
    """The key of a book's pages: its `inputs` (blocks, paper, columns, glossary, faces...), the
    game's art and fonts and the size of each piece it shows; None when some input has no
    stable digest."""
    sizes = {name: _size(piece) for name, piece in shown.items()}
    try:
        return digest(
            BOOK_PAGES, code_version(), asset_files(folder), sorted(sizes.items()), *inputs
        )
    except Uncacheable:
        return None


def _size(piece: Any) -> tuple:
    """What of a shown piece places the text around it: its face's size (and its shape)."""
    if isinstance(piece, PositionFigure):
        return ("position", piece.board.size)
    face, shape = piece
    return (shape, face.size)
