"""What a rulebook's typesetting found, kept in the cache so a rebuild after a shown card
changed does not typeset the book again.

- Where a book's headings, contents lines and index entries fell (`book-pages/`), by what places
  them: the book's blocks, the paper and columns, the glossary, the faces (fonts), the art and
  fonts of the game, pnp's version, and of each card, token or board the book shows only its
  size (a shown face is drawn only in the final pass and takes the room its size says). A
  rebuild whose book placed the same typesets it once, not a sketch pass and a final one.
  The placements a book's layout (all of that but the blocks) was last given are kept too: a
  rebuild whose blocks changed tries them in a single proving pass (write/rulebook.py).
- The book as it stood after its last page (`book-documents/`): ReportLab's canvas and document,
  and the glyph codes each font gave so far. A shown face is a form drawn after the last page
  (write/book_pieces.py), so the pages do not depend on it: under the same key, and the board
  positions it shows, a rebuild takes the book as it stood, draws the shown faces' forms and
  saves, which is the bytes typesetting it gives (nearly all of a book's time is typesetting).
"""

from __future__ import annotations

import io
import pickle
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFDocument, PDFPage
from reportlab.pdfbase.ttfonts import TTFont

from generator.cache.keys import Uncacheable, asset_files, code_version, digest
from generator.cache.store import Store
from generator.fonts.glyph_codes import named_in_shaping_order
from generator.render.positions import PositionFigure

BOOK_PAGES = "book-pages"
BOOK_DOCUMENTS = "book-documents"
# What a book's canvas holds that is not kept with it: the output, the callbacks that drew the
# contents' dots (they hold the story, and cannot be pickled) and the shown faces (the book
# keeps where it shows them, as `extra`; the faces are the rebuild's).
LEFT_OUT = {"_filename": None, "_namedCB": {}, "shown": None}
CANVAS = ("canvas",)  # the name the canvas itself goes by in its state
REFUSED = ("refused",)  # the name of an object a state may not hold (`Refused`)


class Refused(Exception):
    """A state would hold an object `named` REFUSED: it is not kept."""


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

    def document(self, key: str) -> bytes | None:
        """The book kept under `key` as it stood after its last page (`book_state`), or None."""
        return Store(self.root).get(BOOK_DOCUMENTS, key)

    def keep_document(self, key: str, state: bytes) -> None:
        """Keep a book as it stood after its last page under `key`."""
        with suppress(OSError):
            Store(self.root).put(BOOK_DOCUMENTS, key, state)


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


def document_key(pages: str, shown: dict) -> str | None:
    """The key of a book as it stood after its last page: that of its pages and every board
    position it shows (drawn in the pages, unlike a piece's face); None while a font names
    glyphs in the order this process shaped them, as the pages' codes would mean other glyphs
    in another process."""
    if named_in_shaping_order():
        return None
    positions = [piece for piece in shown.values() if isinstance(piece, PositionFigure)]
    try:
        return digest(BOOK_DOCUMENTS, pages, positions)
    except Uncacheable:
        return None


def book_state(
    canvas: Any, extra: Any, named: dict[int, Any] | None = None, keep: tuple[str, ...] = ()
) -> bytes:
    """The canvas and its document as they stand (with `extra`), and the glyph codes each font
    gave in the document; fonts are named, not copied, and so is each object of `named` (by its
    id: the name `restored_book` is given it by; one named REFUSED raises `Refused`). Of what
    is `LEFT_OUT`, `keep` is kept."""
    return _written(canvas, (*_parts(canvas, keep), extra), named or {})


def book_likeness(
    canvas: Any, extra: Any, named: dict[int, Any], keep: tuple[str, ...] = ()
) -> bytes:
    """What `book_state` keeps, written with no object shared and no page's content stream:
    two states of a book whose pages show other text, but that set the pages after them alike,
    are written alike (though one was read back from the cache, the other set in this
    process, and so shares other strings; sets in plain data are written in order)."""
    return _written(canvas, (*_parts(canvas, keep), _in_order(extra)), named, unshared=True)


def kept_likeness(state: bytes, named: dict[Any, Any]) -> bytes | None:
    """A kept state written as `book_likeness` writes it (`named` as `restored_book` takes
    it); None when it cannot be read back."""
    stand_in = _StandIn()
    _NAMES.append({CANVAS: stand_in, **named})
    try:
        parts = pickle.loads(state)
    except Exception:  # damaged or truncated state raises anything pickle can: only a miss
        return None
    finally:
        _NAMES.pop()
    kept, fonts, extra = parts
    stand_in._doc = kept["_doc"]
    ids = {id(value): name for name, value in named.items()}
    return _written(stand_in, (kept, fonts, _in_order(extra)), ids, unshared=True)


def restored_book(
    state: bytes,
    kind: type,
    output: io.BytesIO,
    named: dict[Any, Any] | None = None,
    shown: list[str] | None = None,
) -> tuple[Any, Any] | None:
    """A canvas of class `kind` writing to `output`, as `book_state` kept it, and its extra;
    its first pages show `shown` (their content streams) instead, when given. None when the
    state cannot be read back (damaged, or a font this process has not registered, or a name
    not in `named`), or it has fewer pages than `shown`."""
    canvas = kind.__new__(kind)
    _NAMES.append({CANVAS: canvas, **(named or {})})
    try:
        kept, fonts, extra = pickle.loads(state)
    except Exception:  # damaged or truncated state raises anything pickle can: only a miss
        return None
    finally:
        _NAMES.pop()
    canvas.__dict__.update(kept, _filename=output)
    doc = canvas._doc
    pages = doc.Pages.pages
    if shown is not None:
        if len(shown) > len(pages):
            return None
        for page, stream in zip(pages, shown, strict=False):
            page.stream = stream
    doc.signature = PDFDocument(invariant=doc.invariant).signature
    for name, codes in fonts:
        pdfmetrics.getFont(name).state[doc] = codes
    return canvas, extra


def _parts(canvas: Any, keep: tuple[str, ...]) -> tuple[dict[str, Any], list[tuple[str, Any]]]:
    """What a state holds of a canvas: its attributes (of `LEFT_OUT`, those in `keep`) and the
    glyph codes each font gave in its document."""
    doc = canvas._doc
    kept = {**canvas.__dict__, **{k: v for k, v in LEFT_OUT.items() if k not in keep}}
    fonts = [
        (name, font.state[doc])
        for name, font in pdfmetrics._fonts.items()
        if isinstance(font, TTFont) and doc in font.state
    ]
    return kept, fonts


def _written(canvas: Any, parts: tuple, named: dict[int, Any], unshared: bool = False) -> bytes:
    """A state's parts pickled, its canvas, fonts and `named` objects by name; `unshared`: with
    no object written once for all its uses (pickle's fast mode) and no page's content."""
    doc = canvas._doc
    signature, doc.signature = doc.signature, None  # made again: fixed for an invariant book
    try:
        buffer = io.BytesIO()
        namer = _Namer(buffer, canvas, named, doc.Pages.pages if unshared else [])
        namer.fast = unshared
        namer.dump(parts)
    finally:
        doc.signature = signature
    return buffer.getvalue()


def _in_order(value: Any) -> Any:
    """Plain data (dicts, lists, tuples) with each set in it made a sorted list: a set is
    pickled in the order of its strings' hashes, which differs from process to process."""
    if isinstance(value, (set, frozenset)):
        items = [_in_order(item) for item in value]
        try:
            return sorted(items)
        except TypeError:  # items of kinds that do not compare
            return sorted(items, key=repr)
    if isinstance(value, dict):
        return {key: _in_order(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_in_order(item) for item in value)
    return value


class _StandIn:
    """What a state read back only to be compared names as its canvas."""

    _doc: Any


class _Namer(pickle.Pickler):
    """Pickles a registered font as its name, an object of `named` as its name there, and a page
    of `blank` without its content stream (a reducer, not a persistent id: it is asked only
    about objects, not every string and int)."""

    def __init__(
        self, file: io.BytesIO, canvas: Any, named: dict[int, Any], blank: list[Any]
    ) -> None:
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self.canvas, self.named = canvas, named
        self.blank = {id(page) for page in blank}
        self.fonts = {id(font): name for name, font in pdfmetrics._fonts.items()}

    def reducer_override(self, value: Any) -> Any:
        key = id(value)
        name = CANVAS if value is self.canvas else self.named.get(key)
        if name is not None:
            if name is REFUSED:
                raise Refused(type(value).__name__)
            return _named, (name,)
        font = self.fonts.get(key)
        if font is not None:
            return pdfmetrics.getFont, (font,)
        if key in self.blank:  # only compared, never read back
            return PDFPage, (), {k: v for k, v in vars(value).items() if k != "stream"}
        return NotImplemented


_NAMES: list[dict[Any, Any]] = []  # what names stand for in the state being read back


def _named(name: Any) -> Any:
    """The object a state being read back names `name` (`restored_book`)."""
    return _NAMES[-1][name]


def _size(piece: Any) -> tuple:
    """What of a shown piece places the text around it: its face's size (and its shape)."""
    if isinstance(piece, PositionFigure):
        return ("position", piece.board.size)
    face, shape = piece
    return (shape, face.size)
