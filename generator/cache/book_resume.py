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

A pass also ends early, where it meets the last pass given the same (`Converged`): at one of
that pass's kept page starts, when the blocks still to come are the same and it stands there as
that pass stood, but for what its pages show (their content streams; compared with nothing
shared and sets in order, `book_likeness`). Each flowable to come then sets what it set in that
pass, so the book is the one that pass left after its last page (kept in `book-documents/`),
its pages before the meeting showing this pass's. Only a single pass meets one, and only the
last of its build: what it found is what it was given, so it is this build's last pass too. A
proving pass meets one only after the last page that pass read what it was given on: from a
page start on, a sketch pass finds what this pass finds only while nothing reads it.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from generator.cache.books import (
    REFUSED,
    BookPages,
    book_likeness,
    book_state,
    kept_likeness,
    restored_book,
)
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


class Converged(Exception):
    """A pass met, at a page start, the last pass given the same where that pass stood alike
    and the blocks still to come are the same: the rest of its book is that pass's. `found` is
    what that pass had found at its end (`_found`); `canvas`, when that pass was the last of its
    build (so is this one: it finds what it was given), is that pass's book as it was left
    after its last page, showing this pass's pages before the meeting, ready to save."""

    def __init__(self, found: tuple, canvas: Any = None) -> None:
        super().__init__("the pass met the last one given the same")
        self.found, self.canvas = found, canvas

    def taken_by(self, doc: Any) -> None:
        """The pass `doc` ends as that pass ended: what it found, and its book."""
        doc.page, _, doc.heading_pages, found = self.found
        for flowable, kept in zip(doc._indexingFlowables, found, strict=True):
            flowable.__dict__.update(kept)
        if self.canvas is not None:
            doc.canv = self.canvas


@dataclass(frozen=True)
class PassRecord:
    """What a pass left for later passes given the same: its kept page starts, whether it was
    its build's last pass, the key its book is kept under as it left it (`BookPages.document`),
    the pages where it read what it was given and what it had found at its end (`_found`)."""

    kept: list[tuple[int, int, bytes]]  # (flowable, blocks, note)
    last: bool
    end: str | None
    reads_given: tuple[int, ...]
    found: bytes


@dataclass
class ResumePoints:
    """The kept page starts of a book's passes: where this build's passes resume, and the page
    starts they keep (`root` is the cache folder, `layout` the key of all but the blocks)."""

    root: Path
    layout: str
    prefixes: list[str]  # prefixes[m]: the digest of the book's first m blocks
    tails: list[str]  # tails[m]: the digest of the book's blocks from the m-th on
    end: str | None = None  # the key the build keeps its book under as its last pass leaves it
    # this pass's (flowable, blocks, what it had found there, pickled)
    kept: list[tuple[int, int, bytes]] = field(default_factory=list)
    given: str = ""  # the key of what this pass was given
    due: int = EVERY  # the first page whose start this pass keeps
    resumed: int | None = None  # the flowable this pass resumed at, if it did
    reads_given: list[int] = field(default_factory=list)  # pages it read what it was given on
    previous: PassRecord | None = None  # the last pass given the same
    # the page starts that pass kept, by page: (the blocks still to come there, its state's key)
    meetings: dict[int, list[tuple[str, str]]] = field(default_factory=dict)

    def start(self, doc: Any, kind: type) -> None:
        """At the start of a pass: resume it from its last kept page start whose blocks are
        this book's, if any (a `proving` pass: only where the sketch pass stood alike)."""
        self.given = digest(BOOK_RESUME, self.layout, _given(doc, doc.sketching))
        self.kept, self.due, self.resumed, self.reads_given = [], EVERY, None, []
        reads = _reads(doc.story)
        store = Store(self.root)
        self.previous = _record(store, self.given)
        self.meetings = self._meetings(doc)
        known = self.previous.kept if self.previous else []
        sketched = None
        if getattr(doc, "proving", False):
            sketch = _record(store, digest(BOOK_RESUME, self.layout, _given(doc, True)))
            sketch = sketch.kept if sketch else []
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
        """At a page start: keep the pass's state when the page is due one; meet the last pass
        given the same where it stood alike (`Converged`)."""
        place = _place(doc)
        if place is None:
            return
        if doc.page >= self.due:
            self._keep(doc, place)
        meeting = self._meeting(doc, place)
        if meeting is not None:
            self._meet(doc, place, *meeting)

    def finish(self, doc: Any, last: bool) -> None:
        """At the end of a pass (the `last` of its build, or not): its kept page starts are the
        ones a later pass may take."""
        given = tuple(sorted(set(self.reads_given)))
        found = pickle.dumps(_found(doc), pickle.HIGHEST_PROTOCOL)
        record = PassRecord(sorted(self.kept), last, self.end, given, found)
        with suppress(OSError):
            Store(self.root).put(
                BOOK_RESUME, self.given, pickle.dumps(record, pickle.HIGHEST_PROTOCOL)
            )

    def _keep(self, doc: Any, place: int) -> None:
        """Keep the state at this page start, with a note of where the pass stands."""
        blocks = _reads(doc.story)[place]
        try:
            state = _state(doc, place)
        except Exception:  # a flowable still to come, or something pickle cannot take: none kept
            return
        note = (self.prefixes[blocks], self.tails[_first_block(doc, place)], _found(doc))
        found = pickle.dumps(note, pickle.HIGHEST_PROTOCOL)
        with suppress(OSError):
            Store(self.root).put(BOOK_RESUME, self._key(place, blocks), state)
            self.kept.append((place, blocks, found))
        self.due = _next_due(doc.page)

    def _meetings(self, doc: Any) -> dict[int, list[tuple[str, int, str]]]:
        """Where a pass may meet the last pass given the same: that pass's kept page starts
        (when that was the last of its build, only if its book was kept as it left it); a
        proving pass, only after the last page that pass read what it was given on."""
        previous = self.previous
        if previous is None or (previous.last and not previous.end):
            return {}
        after = max(previous.reads_given, default=0) if doc.proving else 0
        meetings: dict[int, list[tuple[str, int, str]]] = {}
        for place, _, note in previous.kept:
            with suppress(Exception):  # a damaged note is no meeting
                prefix, tail, (page, *_) = pickle.loads(note)
                if page > after:
                    key = digest(BOOK_RESUME, self.given, place, prefix)
                    meetings.setdefault(page, []).append((tail, place, key))
        return meetings

    def _meeting(self, doc: Any, place: int) -> tuple[int, str] | None:
        """Where the last pass kept its state at this page start (its place in its story and
        the state's key), when the blocks still to come there were these."""
        tail = self.tails[_first_block(doc, place)]
        kept = [(at, key) for t, at, key in self.meetings.get(doc.page, ()) if t == tail]
        return kept[0] if kept and not doc.unproven else None

    def _meet(self, doc: Any, place: int, kept_place: int, key: str) -> None:
        """Raise `Converged` when the last pass stood here as this one does, but for what the
        pages before show (each flowable to come then sets what it set in that pass)."""
        previous = self.previous
        kept = Store(self.root).get(BOOK_RESUME, key)
        if kept is None or previous is None:
            return
        try:
            found = pickle.loads(previous.found)
            alike = kept_likeness(kept, _names(doc, kept_place)) == _state(
                doc, place, book_likeness
            )
        except Exception:  # a flowable still to come, or something pickle cannot take
            return
        canvas = self._book(doc) if alike and previous.last else None  # else no page is kept
        if not alike or (previous.last and canvas is None):
            return
        self.reads_given += [page for page in previous.reads_given if page >= doc.page]
        raise Converged(found, canvas)

    def _book(self, doc: Any) -> Any:
        """The last pass's book as it left it, showing this pass's pages so far; None when it
        is not kept or cannot be read back."""
        end = self.previous and self.previous.end
        state = BookPages(self.root).document(end) if end else None
        shown = [page.stream for page in doc.canv._doc.Pages.pages]
        found = (
            restored_book(state, type(doc.canv), doc.canv._filename, shown=shown) if state else None
        )
        if found is None:
            return None
        canvas, placed = found
        canvas.folder, canvas.shown = doc.canv.folder, doc.canv.shown  # this build's
        canvas.shown.placed = placed
        return canvas

    def _key(self, place: int, blocks: int) -> str:
        return digest(BOOK_RESUME, self.given, place, self.prefixes[blocks])


def _next_due(page: int) -> int:
    """The first page after `page` whose start a pass keeps."""
    return page + max(EVERY, page // 4)


def block_digests(blocks: list) -> tuple[list[str], list[str]] | None:
    """The digest of each run of a book's first blocks (none, one, two...), and of each run of
    its last blocks (from the first, the second... none); None when a block has no stable
    digest."""
    digests = Digests()
    try:
        parts = [digests.encoded(block) for block in blocks]
    except Uncacheable:
        return None
    return _running(parts), _running(parts[::-1])[::-1]


def _running(parts: list[bytes]) -> list[str]:
    """The digest of none, the first, the first two... of `parts`."""
    running = hashlib.sha256(BOOK_RESUME.encode())
    digests = [running.hexdigest()]
    for part in parts:
        running.update(part)
        digests.append(running.hexdigest())
    return digests


def _record(store: Store, given: str) -> PassRecord | None:
    """What the last pass given `given` left, if anything."""
    found = store.unpickled(BOOK_RESUME, given)
    return found if isinstance(found, PassRecord) else None


def _first_block(doc: Any, place: int) -> int:
    """The first block the flowables from `place` on are made from."""
    return getattr(doc.story[place], "blocks_from", 0)


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


def _state(doc: Any, place: int, write: Callable[..., bytes] = book_state) -> bytes:
    """The pass as it stands at a page start: its document, canvas and indexing flowables, as
    `write` writes them (`book_likeness`: holding no flowable of the story, whose blocks before
    the page start may be another pass's)."""
    indexing = doc._indexingFlowables
    refused = doc.story[place:] if write is book_state else doc.story  # still to come
    named: dict[int, Any] = {id(f): REFUSED for f in refused}
    names = _names(doc, place if write is book_state else 0)
    named.update({id(f): name for name, f in names.items()})
    canvas = doc.canv
    dots = canvas._namedCB.pop(CONTENTS_DOTS, None)
    try:
        document = {k: v for k, v in doc.__dict__.items() if k not in DOCUMENT_LEFT_OUT}
        found = [{k: v for k, v in vars(f).items() if k in INDEXING_KEPT} for f in indexing]
        extra = (document, found, canvas.shown.placed)
        return write(canvas, extra, named, keep=("_namedCB",))
    finally:
        if dots is not None:
            canvas._namedCB[CONTENTS_DOTS] = dots


def _names(doc: Any, place: int) -> dict[Any, Any]:
    """What a state at `place` names rather than holds: the flowables set before it, the
    indexing flowables and the document."""
    named: dict[Any, Any] = {("story", i): f for i, f in enumerate(doc.story[:place])}
    named.update({("indexing", i): f for i, f in enumerate(doc._indexingFlowables)})
    named[("document",)] = doc
    return named


def _restore(doc: Any, state: bytes, kind: type, place: int) -> bool:
    """Take a kept state into the pass at its start; False when it cannot be read back."""
    found = restored_book(state, kind, doc.canv._filename, _names(doc, place))
    if found is None:
        return False
    canvas, (document, indexing, placed) = found
    canvas.shown, canvas.shown.placed = doc.canv.shown, placed  # this build's shown faces
    doc.__dict__.update(document)
    for flowable, kept in zip(doc._indexingFlowables, indexing, strict=True):
        flowable.__dict__.update(kept)
    doc.remaining[:] = doc.story[place:]
    return True
