"""A book's passes resumed at a kept page start: a rebuild after a block changed typesets, in
each pass, only the pages from the last kept page start before the change.

What a pass has set up to a page start is a function of:
- the layout: everything that places a book's pages but its blocks (paper, columns, faces, the
  game's art and fonts, cover, glossary, each shown piece's size and board positions, pnp);
- what the pass was given: the pages the pass before found for its headings, contents lines
  and index entries (nothing, in a sketch pass);
- the blocks read so far: those of each flowable set or begun before the page start, and of
  any flowable one of them looked ahead to (a heading's room looks at the text after it).

So every few pages, at the start of a page that no flowable runs onto, a pass keeps its
document, canvas and indexing flowables as they stand (`book-resume/`, under those three); a
later pass with the same layout and given placements, whose blocks start the same, takes the
last such state and typesets on from there. The story's flowables before it are named by their
place, the contents, index and page references by theirs among the indexing flowables; a
state that would hold a flowable still to come is not kept.

With each state a pass notes where it stands and what it has found so far (the page, its
template, the headings' pages, the contents lines, index entries and placements). A single
pass given the placements of the last build (a `proving` pass, write/rulebook.py) resumes only
at a page start where the sketch pass stood alike: from there on, until the index, only a page
reference or the contents reads what a pass was given, so while neither is set again the
sketch would find what this pass finds.
"""

from __future__ import annotations

import hashlib
import pickle
from contextlib import suppress
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from generator.cache.books import book_state, restored_book
from generator.cache.keys import Digests, Uncacheable, digest
from generator.cache.store import Store

BOOK_RESUME = "book-resume"
# A pass keeps its state at the start of page 4, then every fourth page or fourth of the pages
# so far, whichever is more: a state holds every page before it, so keeping one costs more the
# later it is, and a change is as likely to be anywhere in the book.
EVERY = 4
CONTENTS_DOTS = "drawTOCEntryEnd"  # the contents' callback, no longer called once it is drawn
# What an indexing flowable has found so far in a pass, and was given by the pass before (the
# rest it is made with, or makes when it is set: the contents' table, the index's).
INDEXING_KEPT = ("_entries", "_lastEntries", "placed", "before")
# What of a document a state does not keep: the output, the pass's edits list, this pass's
# own bookkeeping (and the flowables it has yet to set).
DOCUMENT_LEFT_OUT = (
    "filename",
    "_multiBuildEdits",
    "resume",
    "story",
    "remaining",
    "once",
    "proving",
    "unproven",
)
# What names the page template a document takes next, when a flowable has named one.
NEXT_TEMPLATE = ("_nextPageTemplateIndex", "_nextPageTemplateCycle")
# What an indexing flowable has found so far in a pass (of `INDEXING_KEPT`).
INDEXING_FOUND = ("_entries", "placed")


class _Later(Exception):
    """A state that holds a flowable the pass has not reached: not kept."""


@dataclass
class ResumePoints:
    """The kept page starts of a book's passes: where this build's passes resume, and the page
    starts they keep (`root` is the cache folder, `layout` the key of all but the blocks)."""

    root: Path
    layout: str
    prefixes: list[str]  # prefixes[m]: the digest of the book's first m blocks
    # this pass's (flowable, blocks, what it had found there, pickled)
    kept: list[tuple[int, int, bytes]] = field(default_factory=list)
    given: str = ""  # the key of what this pass was given
    due: int = EVERY  # the first page whose start this pass keeps
    resumed: int | None = None  # the flowable this pass resumed at, if it did

    def start(self, doc: Any, kind: type) -> None:
        """At the start of a pass: resume it from its last kept page start whose blocks are
        this book's, if any (a `proving` pass: only where the sketch pass stood alike)."""
        self.given = digest(BOOK_RESUME, self.layout, _given(doc, doc.sketching))
        self.kept, self.due, self.resumed = [], EVERY, None
        reads = _reads(doc.story)
        store = Store(self.root)
        known = _kept(store, self.given)
        sketched = None
        if getattr(doc, "proving", False):
            sketch = _kept(store, digest(BOOK_RESUME, self.layout, _given(doc, True)))
            sketched = {(place, blocks): found for place, blocks, found in sketch}
        for place, blocks, found in sorted(known, reverse=True):
            if place >= len(reads) or reads[place] != blocks or blocks >= len(self.prefixes):
                continue
            notes = (found, sketched.get((place, blocks))) if sketched is not None else ()
            if notes and not _alike(*notes, self.prefixes[blocks]):
                continue
            state = store.get(BOOK_RESUME, self._key(place, blocks))
            if state is not None and _restore(doc, state, kind, place):
                self.kept = [(p, b, f) for p, b, f in known if p <= place and reads[p] == b]
                self.due, self.resumed = _next_due(doc.page), place
                return

    def reached(self, doc: Any) -> None:
        """At a page start: keep the pass's state when the page is due one."""
        if doc.page < self.due:
            return
        place = _place(doc)
        if place is None:
            return
        blocks = _reads(doc.story)[place]
        try:
            state = _state(doc, place)
        except Exception:  # a flowable still to come, or something pickle cannot take: none kept
            return
        found = pickle.dumps((self.prefixes[blocks], _found(doc)), pickle.HIGHEST_PROTOCOL)
        with suppress(OSError):
            Store(self.root).put(BOOK_RESUME, self._key(place, blocks), state)
            self.kept.append((place, blocks, found))
        self.due = _next_due(doc.page)

    def finish(self) -> None:
        """At the end of a pass: its kept page starts are the ones a later pass may take."""
        with suppress(OSError):
            data = pickle.dumps(sorted(self.kept), pickle.HIGHEST_PROTOCOL)
            Store(self.root).put(BOOK_RESUME, self.given, data)

    def _key(self, place: int, blocks: int) -> str:
        return digest(BOOK_RESUME, self.given, place, self.prefixes[blocks])


def _next_due(page: int) -> int:
    """The first page after `page` whose start a pass keeps."""
    return page + max(EVERY, page // 4)


def block_prefixes(blocks: list) -> list[str] | None:
    """The digest of each run of a book's first blocks (none, one, two...); None when a block
    has no stable digest."""
    digests = Digests()
    try:
        parts = [digests.encoded(block) for block in blocks]
    except Uncacheable:
        return None
    running = hashlib.sha256(BOOK_RESUME.encode())
    prefixes = [running.hexdigest()]
    for part in parts:
        running.update(part)
        prefixes.append(running.hexdigest())
    return prefixes


def _kept(store: Store, given: str) -> list[tuple[int, int, bytes]]:
    """The page starts the last pass given `given` kept: (flowable, blocks, what it found)."""
    known = store.unpickled(BOOK_RESUME, given)
    return known if isinstance(known, list) else []


def _found(doc: Any) -> tuple:
    """Where a pass stands at a page start and what it has found so far: all that places the
    pages after it, but for what the pass was given and the blocks still to come."""
    found = [
        {k: v for k, v in vars(f).items() if k in INDEXING_FOUND} for f in doc._indexingFlowables
    ]
    following = (getattr(doc, name, None) for name in NEXT_TEMPLATE)
    templates = (doc.pageTemplate.id, *following)
    return doc.page, templates, doc.heading_pages, found


def _alike(one: bytes, other: bytes | None, prefix: str) -> bool:
    """Whether two passes noted the same at a page start, after the blocks whose digest is
    `prefix` (compared as read back: a set's pickled order is its process's)."""
    if other is None:
        return False
    try:
        first, second = pickle.loads(one), pickle.loads(other)
    except Exception:  # a damaged note is no proof
        return False
    return first[0] == prefix and first == second


def _given(doc: Any, sketch: bool) -> list:
    """What a pass was given: its indexing flowables (a book has an index only once some block
    has an entry) and the pages the pass before found (nothing, in a `sketch`)."""
    indexing = [type(flowable).__name__ for flowable in doc._indexingFlowables]
    if sketch:
        return ["sketch", indexing]
    return [indexing, doc.known_pages, *(_given_to(f) for f in doc._indexingFlowables)]


def _given_to(flowable: Any) -> Any:
    """What the pass before left an indexing flowable: the contents' and index's entries, or
    the page references' placements."""
    kept = vars(flowable)
    return kept["_lastEntries"] if "_lastEntries" in kept else kept["before"]


def _reads(story: list) -> list[int]:
    """For each place in the story, how many of the book's blocks its flowables before it read."""
    return list(accumulate((getattr(f, "blocks_read", 0) for f in story), max, initial=0))


def _place(doc: Any) -> int | None:
    """Where in its story a pass stands at a page start: the first flowable not yet begun; None
    when the page starts with the rest of one a page break split (pickling what is left of a
    long list or table would cost as much as typesetting pages)."""
    if not doc.remaining:
        return None
    first = doc.remaining[0]
    return next((i for i, f in enumerate(doc.story) if f is first), None)


def _state(doc: Any, place: int) -> bytes:
    """The pass as it stands at a page start: its document, canvas and indexing flowables."""
    indexing = doc._indexingFlowables
    named: dict[int, Any] = {id(f): ("later", i) for i, f in enumerate(doc.story[place:])}
    named.update({id(f): ("story", i) for i, f in enumerate(doc.story[:place])})
    named.update({id(f): ("indexing", i) for i, f in enumerate(indexing)})
    named[id(doc)] = ("document",)
    canvas = doc.canv
    dots = canvas._namedCB.pop(CONTENTS_DOTS, None)
    try:
        document = {k: v for k, v in doc.__dict__.items() if k not in DOCUMENT_LEFT_OUT}
        found = [{k: v for k, v in vars(f).items() if k in INDEXING_KEPT} for f in indexing]
        extra = (document, found, canvas.shown.placed)
        return book_state(canvas, extra, _NoLater(named), keep=("_namedCB",))
    finally:
        if dots is not None:
            canvas._namedCB[CONTENTS_DOTS] = dots


def _restore(doc: Any, state: bytes, kind: type, place: int) -> bool:
    """Take a kept state into the pass at its start; False when it cannot be read back."""
    named: dict[Any, Any] = {("story", i): f for i, f in enumerate(doc.story[:place])}
    named.update({("indexing", i): f for i, f in enumerate(doc._indexingFlowables)})
    named[("document",)] = doc
    found = restored_book(state, kind, doc.canv._filename, named)
    if found is None:
        return False
    canvas, (document, indexing, placed) = found
    canvas.shown, canvas.shown.placed = doc.canv.shown, placed  # this build's shown faces
    doc.__dict__.update(document)
    for flowable, kept in zip(doc._indexingFlowables, indexing, strict=True):
        flowable.__dict__.update(kept)
    doc.remaining[:] = doc.story[place:]
    return True


class _NoLater(dict):
    """Names for a state's pickler that fail on a flowable the pass has not reached."""

    def get(self, key: Any, default: Any = None) -> Any:
        name = super().get(key, default)
        if name is not None and name[0] == "later":
            raise _Later
        return name
