"""Finished pages of card sheets and print-shop PDFs, kept in the cache so a rebuild after one
card changed draws only the pages that show it.

A page's content stream depends on what it draws and on the document it is drawn into: the
codes ReportLab gave each glyph so far (per document, in order of first use), the fonts' names
(`/F3`, in the same order) and the PDF version. So a page is kept under a key of what it draws
and of a digest of that state at its start, `state`: a chain that begins with everything the
pages share (pnp's version, the glossary, the art and fonts) and goes on with what each page
added to the state (the glyphs in order, the fonts named, the version). A page found under its
key is not drawn: what it added is replayed and its stream taken as it was, so the document's
bytes are those drawing it gives. A changed card's page is drawn; when it added the same as
before, the state after it is the same and the pages after it are found again.

A page that adds nothing leaves the state as it was, so a print-shop copy drawn from the same
state is found among the pages its document drew (by the very objects it draws, when there is
no cache). A page that changed the document in any other way (made an art form or image, a
standard font) is never kept; the state after it is named by its key, as drawing it again
gives the same. A face that draws a glyph through a private-use character is kept like any other
(fonts name such glyphs the same in every process, fonts/glyph_codes.py) unless some font left
ReportLab to name them in the order they are shaped.
Each document keeps the pages its last build made, all in one entry (`sheet-pages/`).
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFPage
from reportlab.pdfbase.ttfonts import TTFont

from generator.cache.keys import Digests, Uncacheable, asset_files, code_version, digest
from generator.cache.store import Store, activated
from generator.fonts.glyph_codes import named_in_shaping_order
from generator.impose.grid import Edges, SheetPlan, Slot
from generator.options import PrintOptions
from generator.render.faces import Face, PieceFaces
from generator.units import Size
from generator.write.draw import encoded_stream

SHEET_PAGES = "sheet-pages"
PRIVATE_USE = re.compile(rb"\\u(e[0-9a-f]{3}|f[0-8][0-9a-f]{2})")  # as repr() writes U+E000-U+F8FF
# What pages of a document share (the same objects page after page), walked once for their keys;
# a deck's faces (PieceFaces) are what the build's job keys walk.
SHARED = (Face, PieceFaces, SheetPlan, Slot, PrintOptions, Edges, Size)


@dataclass(frozen=True)
class KeptPage:
    """A finished page and what drawing it added to its document."""

    page: dict[str, Any]  # the attributes of ReportLab's page, its stream's compressed bytes
    glyphs: tuple[tuple[str, str], ...]  # (font, characters given codes, in order)
    named: tuple[str, ...]  # fonts given their document name, in order
    version: tuple[int, int]  # the document's PDF version after the page
    after: str  # the state after the page


@dataclass(frozen=True)
class Snapshot:
    """What of a document's state a page may change, taken before it is drawn."""

    glyphs: dict[str, int]  # font name -> characters it has codes for
    named: int
    objects: int
    shadings: int
    forms: int
    version: tuple[int, int]


class PageDigests(Digests):
    """Digests of what pages draw, pages' shared objects walked once; a face that draws a glyph
    through a private-use character has no page key while a font names such glyphs in the
    order this process shapes them (see fonts/glyph_codes.py). Faces are walked, not pickled: the pickle of a face read from the cache
    need not be that of the same face fitted.

    The build takes its job keys with the same digests (`shared_digests`), so a job drawing its
    pages in the build's process walks no face again (a one-card rebuild of belaad walked its
    faces three times, for the job keys, the sheets and the print-shop pages)."""

    def __init__(self) -> None:
        super().__init__(SHARED)
        self._private: set[int] = set()  # faces (kept alive in the digests) drawing one
        self._met_private = False

    def name_designs(self, resolved: dict, keys: dict) -> None:
        """Name each design's front by its key in the faces' memory (`keys`, by the names of
        `resolved`), as it is not walked: first-jihad's one-card rebuild walked its card and
        token faces for its job keys in 70 ms. A back is still walked: most backs are the same
        for every card, and named by its card's key would be drawn again with the card. Not
        while a font names glyphs in the order they are shaped (a face's codes would then mean
        other glyphs in another process)."""
        if named_in_shaping_order():
            return
        for name, key in keys.items():
            found = resolved.get(name)
            if found is not None:
                self.name(found[0], key)

    def page_key(self, *values: Any) -> str:
        """The digest of what a page draws; Uncacheable when one of its faces draws a glyph
        through a private-use character only this process names."""
        self._met_private = False
        key = self(*values)
        if self._met_private:
            raise Uncacheable("a face draws a glyph only this process names")
        return key

    def _walk(self, out: list[bytes], value: Any) -> None:
        start = len(out)
        super()._walk(out, value)
        if (
            isinstance(value, Face)
            and named_in_shaping_order()
            and PRIVATE_USE.search(b"".join(out[start:]))
        ):
            self._private.add(id(value))

    def _remembered(self, value: Any) -> bytes:
        found = super()._remembered(value)
        self._met_private = self._met_private or id(value) in self._private
        return found


_ACTIVE: list[PageDigests | None] = [None]


def shared_digests(digests: PageDigests) -> AbstractContextManager[None]:
    """Inside this block, every `PageStore` made in this process takes its page keys with
    `digests` (those the build took its job keys with)."""
    return activated(_ACTIVE, digests)


def page_digests() -> PageDigests:
    """The build's shared digests when there are (see `shared_digests`), else new ones."""
    return _ACTIVE[0] or PageDigests()


@dataclass(frozen=True)
class PageStore:
    """The kept pages of a cache folder, and the digests of what the documents drawn with it
    show (a job's card sheets and print-shop PDF draw the same faces)."""

    root: Path  # the cache folder, as `Store` takes it
    digests: PageDigests = field(default_factory=page_digests, compare=False)

    def recall(self, key: str) -> dict[str, KeptPage]:
        """The pages a document kept under `key` (none when gone or damaged)."""
        pages = Store(self.root).unpickled(SHEET_PAGES, key)
        return pages if isinstance(pages, dict) else {}

    def keep(self, key: str, pages: dict[str, KeptPage]) -> None:
        """Keep a document's pages under `key` (written at the build's flush)."""
        with suppress(OSError):  # a cache that cannot be written only slows the next build
            Store(self.root).put(SHEET_PAGES, key, pickle.dumps(pages, pickle.HIGHEST_PROTOCOL))


class PageReuse:
    """One document's pages: each drawn, or taken from an earlier page of the document (a
    print-shop copy) or from the document's last build (`store`) when found there."""

    def __init__(self, store: PageStore | None, name: tuple, symbols: Any, folder: Path) -> None:
        self.store = store
        start = digest(SHEET_PAGES, code_version(), symbols, asset_files(folder))
        self.key = digest(start, name)  # the document: where its pages are kept
        self.kept = store.recall(self.key) if store else {}
        self.made: dict[str, KeptPage] = {}
        self.state: str | None = start  # None once a page had no stable key
        self.drawn: list[tuple] = []  # with no store: what pages drew, kept alive

    def page(self, canvas: Any, drawn: tuple, draw: Callable[[], None]) -> None:
        """The next page of `canvas`, which `draw` draws reading nothing but `drawn`."""
        key = self._key(drawn)
        found = (self.made.get(key) or self.kept.get(key)) if key else None
        if found is not None and _registered(found):
            _replay(canvas, found)
        else:
            before = snapshot(canvas)
            draw()
            canvas.showPage()
            found = _kept(canvas, before, self.state) if self.state else None
        if found is None:  # it changed the document in a way not replayed: named by its key
            self.state = digest(key) if key else None
            return
        self.state = found.after
        if key:
            self.made[key] = found

    def finish(self) -> None:
        """Keep the pages this build made, when they differ from those it found."""
        if self.store and self.made and self.made.keys() != self.kept.keys():
            self.store.keep(self.key, self.made)

    def _key(self, drawn: tuple) -> str | None:
        """The key of a page drawing `drawn` from the current state; None when some face has
        no stable digest. With no store, pages are found in this document alone: the same
        objects drawn (kept alive, so no other takes their ids) draw the same page."""
        if self.state is None:
            return None
        if self.store is None:
            self.drawn.append(drawn)
            return " ".join([self.state, *(str(id(value)) for value in drawn)])
        try:
            return self.store.digests.page_key(self.state, *drawn)
        except Uncacheable:
            return None


def snapshot(canvas: Any) -> Snapshot:
    """The state of the canvas's document that a page may change."""
    doc = canvas._doc
    return Snapshot(
        {name: len(state.assignments) for name, state in _font_states(doc)},
        len(doc.fontMapping),
        doc.objectcounter,
        doc.shadingCounter,
        len(canvas.art_forms),
        doc._pdfVersion,
    )


def _font_states(doc: Any) -> list[tuple[str, Any]]:
    """Every TrueType font's glyph codes in the document, by font name."""
    return [
        (name, state)
        for name, font in pdfmetrics._fonts.items()
        if isinstance(font, TTFont) and (state := font.state.get(doc)) is not None
    ]


def _kept(canvas: Any, before: Snapshot, start: str) -> KeptPage | None:
    """The page just closed, with what it added to the document from the state `start` (the
    same state when it added nothing); None when it changed the document in another way,
    which replaying would not repeat."""
    doc = canvas._doc
    same = (doc.objectcounter, doc.shadingCounter, len(canvas.art_forms)) == (
        before.objects + 1,
        before.shadings,
        before.forms,
    )
    named = tuple(list(doc.fontMapping)[before.named :])
    fonts = dict(_font_states(doc))
    if not same or any(name not in fonts for name in named):
        return None
    glyphs = []
    for name, state in fonts.items():
        known = before.glyphs.get(name)
        if known == len(state.assignments):
            continue
        codes = list(state.assignments)
        if known is None:
            fresh = _fresh(name)
            if codes[: len(fresh)] != fresh:
                return None  # not made the way replaying makes it
            known = len(fresh)
        glyphs.append((name, "".join(map(chr, codes[known:]))))
    page = dict(doc.Pages.pages[-1].__dict__)
    page.pop("__InternalName__", None)  # each use is a page of its own
    page["Contents"] = page["Contents"].content  # as SheetCanvas compressed it; made anew
    version = doc._pdfVersion
    changed = glyphs or named or version != before.version
    after = digest(start, glyphs, named, version) if changed else start
    return KeptPage(page, tuple(glyphs), named, version, after)


def _fresh(name: str) -> list[int]:
    """The codes a font's state starts with in a document, as ReportLab makes it for text."""
    font = pdfmetrics.getFont(name)
    return list(TTFont.State(font._asciiReadable, font).assignments)


def _registered(kept: KeptPage) -> bool:
    """Whether this process knows every font the kept page adds to its document."""
    return all(name in pdfmetrics._fonts for name, _ in kept.glyphs) and all(
        name in pdfmetrics._fonts for name in kept.named
    )


def _replay(canvas: Any, kept: KeptPage) -> None:
    """Add a kept page to the canvas's document as drawing it would."""
    doc = canvas._doc
    for name, characters in kept.glyphs:
        pdfmetrics.getFont(name).splitString(characters, doc)
    for name in kept.named:
        pdfmetrics.getFont(name).getSubsetInternalName(0, doc)
    doc._pdfVersion = kept.version
    page = PDFPage()
    page.__dict__.update(kept.page, Contents=encoded_stream(kept.page["Contents"]))
    doc.addPage(page)
    canvas._startPage()
