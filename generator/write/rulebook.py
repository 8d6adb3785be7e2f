"""Typesetting the rulebook with platypus: title page, contents, outline, running heads, index."""

from __future__ import annotations

import io
import re
from contextlib import suppress
from dataclasses import dataclass, replace
from itertools import groupby
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents

from generator.cache.book_resume import Converged, ResumePoints, block_digests
from generator.cache.books import (
    BookPages,
    book_state,
    document_key,
    pages_key,
    restored_book,
)
from generator.fonts import BOOK_FAMILY, Family, family_faces, resolve_family
from generator.load.art import read_art
from generator.load.game import game_file
from generator.model import Symbol
from generator.render.book_index import has_index_entries
from generator.render.markup import symbol_uri
from generator.render.positions import BoardPosition
from generator.render.rulebook import (
    Box,
    Definitions,
    Figure,
    Heading,
    ListBlock,
    Para,
    Piece,
    Rulebook,
    TableBlock,
)
from generator.render.text import SYMBOL
from generator.units import Size
from generator.write.art import ArtFlowable
from generator.write.book_paragraphs import Unproven, book_paragraph, parsed_when_read
from generator.write.book_pieces import FRAME_PADDING, PieceFlowable, ShownForms, side_by_side
from generator.write.book_positions import PositionFlowable
from generator.write.booklet import impose_booklet
from generator.write.cover import CoverFlowable
from generator.write.draw import SymbolCanvas
from generator.write.headings import HeadingRoom, keep_headings

MARGIN_MM = 16.0
GUTTER_MM = 6.0
INK = HexColor("#222222")
LINK = HexColor("#1f4e8c")
BOX_FILL = {"example": HexColor("#eef3f9"), "note": HexColor("#f7f1e3")}
BODY_SIZE = 9.5
HEADING_ROOM_MM = 25.0  # a heading moves on to the next column rather than sit in less room
CONTENTS_PAGES = 2  # the contents drops its deepest levels until it fits in this many pages


@dataclass(frozen=True)
class RulebookPdf:
    """A typeset rulebook and its page count."""

    data: bytes
    pages: int


def _style(name: str, font: str, size: float, **extra) -> ParagraphStyle:
    return ParagraphStyle(
        name, fontName=font, fontSize=size, leading=size * 1.3, textColor=INK, **extra
    )


def book_faces(family: Family | None = None, heading: Family | None = None) -> dict[str, str]:
    """The rulebook's faces: its family's, or the book face's, a missing style using regular;
    `heading` is the face of titles and headings: the display family's bold, else the book's."""
    faces = family_faces(family or resolve_family(None, None, BOOK_FAMILY))
    chosen = {style: faces.get(style, faces["regular"]) for style in ("regular", "bold", "italic")}
    display = family_faces(heading) if heading else {}
    chosen["heading"] = display.get("bold", display.get("regular", chosen["bold"]))
    return chosen


def styles(faces: dict[str, str] | None = None) -> dict[str, ParagraphStyle]:
    """Every paragraph style the rulebook uses, all in the embedded book family."""
    faces = faces or book_faces()
    BODY, BOLD, ITALIC = faces["regular"], faces["bold"], faces["italic"]
    HEAD = faces.get("heading", BOLD)
    return {
        "body": _style("body", BODY, BODY_SIZE, spaceAfter=4),
        "h1": _style("h1", HEAD, 16, spaceBefore=10, spaceAfter=6),
        "h2": _style("h2", HEAD, 12.5, spaceBefore=8, spaceAfter=4),
        "h3": _style("h3", HEAD, 10.5, spaceBefore=6, spaceAfter=3),
        "h4": _style("h4", HEAD, 9.5, spaceBefore=4, spaceAfter=2),
        "title": _style("title", HEAD, 28, alignment=1, spaceAfter=12),
        "subtitle": _style("subtitle", ITALIC, 12, alignment=1),
        "cell": _style("cell", BODY, BODY_SIZE - 1),
        "box-title": _style("box-title", BOLD, BODY_SIZE),
        "toc0": _style("toc0", BOLD, 10, leftIndent=0),
        "toc1": _style("toc1", BODY, 9, leftIndent=12),
        "toc2": _style("toc2", BODY, 8.5, leftIndent=24),
        "index": _style("index", BODY, 8.5),
    }


class RulebookDocument(BaseDocTemplate):
    """Pages in one or two columns; headings feed the contents, the outline and the running head.

    A document given placements `once` is typeset in one pass, which raises `Unproven` when
    they come back changed; a `proving` one also resumes only where the sketch pass stood alike
    (cache/book_resume.py) and raises `Unproven` as soon as it would read what it was given."""

    def __init__(
        self,
        buffer: io.BytesIO,
        page: Size,
        title: str,
        columns: int,
        faces: dict[str, str],
        sketch: bool = False,
        resume: ResumePoints | None = None,
        once: bool = False,
        proving: bool = False,
    ) -> None:
        self.faces, self.resume = faces, resume
        self.sketch, self.sketching = sketch, False
        self.once, self.proving, self.unproven = once or proving, proving, False
        super().__init__(
            buffer,
            pagesize=(page.width * mm, page.height * mm),
            invariant=1,
            title=title,
            creator="pnp print-and-play generator",
            leftMargin=MARGIN_MM * mm,
            rightMargin=MARGIN_MM * mm,
            topMargin=MARGIN_MM * mm,
            bottomMargin=MARGIN_MM * mm,
        )
        self.book_title, self.section, self.outline_level = title, "", -1
        self.page_head, self.page_fresh, self.page_begun = "", True, False
        self.known_pages: dict[str, int] = {}
        self.heading_pages: dict[str, int] = {}
        width, height = self.width, self.height
        column = (width - (columns - 1) * GUTTER_MM * mm) / columns
        frames = [
            Frame(
                self.leftMargin + i * (column + GUTTER_MM * mm),
                self.bottomMargin,
                column,
                height,
                id=f"c{i}",
            )
            for i in range(columns)
        ]
        whole = Frame(self.leftMargin, self.bottomMargin, width, height, id="whole")
        self.addPageTemplates(
            [
                PageTemplate("front", [whole]),
                PageTemplate("body", frames, onPageEnd=self._running_head),
            ]
        )

    def build(self, flowables: list, **kwargs) -> None:
        """A pass, its whole story kept to name its flowables by their place; resumed at a kept
        page start where the blocks before it are the same (cache/book_resume.py)."""
        self.story, self.remaining = list(flowables), flowables
        try:
            super().build(flowables, **kwargs)
        except Converged as met:  # the rest of the pass is the last one's given the same
            met.taken_by(self)

    def _startBuild(self, *args, **kwargs) -> None:
        super()._startBuild(*args, **kwargs)
        if self.resume:
            self.resume.start(self, type(self.canv))
        if self.proving and (self.resume is None or self.resume.resumed is None):
            raise Unproven("no page start where the sketch pass stood alike")

    def given_read(self) -> None:
        """A flowable sets what the pass was given (a page reference, the contents): noted for
        later passes, which may take this pass's pages after it only where none did; a proving
        pass cannot show its bytes are a build from scratch's (noted too, should ReportLab catch
        the error on its way out)."""
        if self.resume:
            self.resume.reads_given.append(self.page)
        if self.proving:
            self.unproven = True
            raise Unproven("a page reference or the contents set again")

    def handle_flowable(self, flowables: list) -> None:
        """A page's first flowable from the story is where a pass may keep its state."""
        if self.page_begun and flowables is not self._hanging:
            self.page_begun = False
            if self.resume:
                self.resume.reached(self)
        super().handle_flowable(flowables)

    def beforeDocument(self) -> None:
        """Each build pass starts with no running head and an empty outline; page references
        print where the previous pass placed their headings."""
        self.section, self.outline_level = "", -1
        self.known_pages, self.heading_pages = self.heading_pages, {}
        self.sketching, self.sketch = self.sketch, False

    def _allSatisfied(self) -> int:
        """A sketch, the first pass of a book with headings, lays out the pages without
        their text: it is never the last (its headings' pages are new to the references). A
        pass given placements `once` stops the build: its placements came back, or it raises."""
        if self.sketching:
            self._finished(last=False)
            return 0
        happy = super()._allSatisfied() and self.heading_pages == self.known_pages
        self._finished(last=bool(happy) and not self.unproven)
        if self.once and not (happy and not self.unproven):
            raise Unproven("the placements given came back changed")
        return happy

    def _finished(self, last: bool) -> None:
        """A pass ended: what it kept is left for later passes given the same."""
        if self.resume:
            self.resume.finish(self, last)

    def beforePage(self) -> None:
        """A page is headed by the chapter in force at its top, unless one starts right there."""
        self.page_head, self.page_fresh, self.page_begun = self.section, True, True

    def afterFlowable(self, flowable) -> None:
        """Headings go into the contents and the outline; chapters become the running head."""
        chapter: str | None = getattr(flowable, "chapter", None)
        heading: Heading | None = getattr(flowable, "heading", None)
        if heading is not None and heading.level == 1:
            chapter = _plain(heading.title)
        if chapter is not None:
            self.section = chapter
            if self.page_fresh:
                self.page_head = chapter
        if not isinstance(flowable, (Spacer, ActionFlowable, PageNumbers)):
            self.page_fresh = False
        if heading is None:
            return
        self.heading_pages.setdefault(heading.key, self.page)
        text = f"{heading.number} {_plain(heading.title)}"
        level = min(heading.level - 1, self.outline_level + 1)
        self.outline_level = level
        # the contents set each entry as paragraph markup; the outline takes plain text
        self.notify("TOCEntry", (min(level, 2), escape(text), self.page, heading.key))
        self.canv.addOutlineEntry(text, heading.key, level=level, closed=level > 0)

    def _running_head(self, canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(self.faces["italic"], 7.5)
        canvas.setFillColor(INK)
        top = doc.pagesize[1] - MARGIN_MM * mm / 2
        canvas.drawString(doc.leftMargin, top, self.book_title)
        canvas.drawRightString(doc.pagesize[0] - doc.rightMargin, top, self.page_head)
        canvas.setFont(self.faces["regular"], 8)
        canvas.drawCentredString(doc.pagesize[0] / 2, MARGIN_MM * mm / 2, str(doc.page))
        canvas.restoreState()


class PageNumbers(Flowable):
    """Invisible; keeps the build going until every heading lands where page references say."""

    def __init__(self) -> None:
        super().__init__()
        self.placed: dict[str, int] = {}
        self.before: dict[str, int] | None = None

    def isIndexing(self) -> int:
        return 1

    def beforeBuild(self) -> None:
        self.before, self.placed = self.placed, {}

    def afterBuild(self) -> None:
        """The pages stay for the next pass to compare with."""

    def isSatisfied(self) -> int:
        return int(self.before == self.placed)

    def notify(self, kind: str, stuff) -> None:
        if kind == "TOCEntry" and len(stuff) > 3 and stuff[3]:
            self.placed.setdefault(stuff[3], stuff[2])

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        """Nothing to draw."""


class ShortContents(TableOfContents):
    """The contents down to the deepest level that still fits in `room` points (the outline keeps
    every level)."""

    def __init__(self, room: float, **kwargs) -> None:
        super().__init__(**kwargs)
        self.room = room

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """A level is dropped without setting the table when its entries, a line each at the
        least, could not fit anyway."""
        given_read = self._doctemplateAttr("given_read")
        if given_read:  # the sketch pass sets it with no lines
            given_read()
        every = self._lastEntries
        try:
            for depth in range(len(self.levelStyles) - 1, -1, -1):
                self._lastEntries = [entry for entry in every if entry[0] <= depth]
                if depth and self._least_height(self._lastEntries) > self.room:
                    continue
                size = super().wrap(available_width, available_height)
                if size[1] <= self.room:
                    break
        finally:
            self._lastEntries = every
        return size

    def _least_height(self, entries: list[tuple]) -> float:
        """The contents can be no shorter than a line of its level's leading for every entry."""
        return sum(self.getLevelStyle(entry[0]).leading for entry in entries)


def rulebook_pdf(
    book: Rulebook,
    page: Size,
    columns: int,
    symbols: list[Symbol],
    folder: Path,
    subtitle: str,
    pieces: dict | None = None,
    front_matter: bool = True,
    family: Family | None = None,
    heading: Family | None = None,
    pages: BookPages | None = None,
    booklet: bool = False,
) -> RulebookPdf:
    """The whole rulebook, built twice over so the contents and index know their page numbers;
    once when `pages` kept where its headings fell in a build of the same book, or when one
    pass given where they fell in its layout's last build shows it sets the bytes of a build
    from scratch; not at all when `pages` kept the book as it stood after its last page (only
    the shown faces drawn). A `booklet` is imposed for saddle stitching (its page count is
    still the book's)."""
    pieces = pieces or {}
    faces = book_faces(family, heading)
    args = (book, page, columns, symbols, folder, subtitle, pieces, front_matter, faces, booklet)
    inputs = (book, page, columns, symbols, subtitle, front_matter, family, heading)
    key = pages_key(folder, pieces, *inputs) if pages else None
    whole = document_key(key, pieces) if pages and key else None
    if pages and whole:
        kind = _canvas_class(symbols, folder, faces, pieces, booklet)
        found = _restored(pages, whole, kind, folder, pieces)
        if found is not None:
            return found
    kept: list[bytes] | None = [] if whole else None  # the book after its last page, to keep
    resume = _resume_points(pages, whole, folder, pieces, *inputs) if pages and whole else None
    known = pages.recall(key) if pages and key else None
    last = pages.recall(resume.layout) if pages and resume else None
    lazily = isinstance(last, Placed)  # its layout was typeset before: a pass may resume late
    for given, proving in ((known, False), (last, True)):
        if isinstance(given, Placed):
            with suppress(Unproven):  # else the same last pass as a build from scratch
                pdf, placed = _typeset(*args, given, kept, resume, proving, lazily)
                _keep(pages, key, resume, placed, whole, kept)
                return pdf
    pdf, placed = _typeset(*args, None, kept, resume, lazily=lazily)
    _keep(pages, key, resume, placed, whole, kept)
    return pdf


def _keep(
    pages: BookPages | None,
    key: str | None,
    resume: ResumePoints | None,
    placed: Placed,
    whole: str | None,
    kept: list[bytes] | None,
) -> None:
    """Keep where the book's headings fell, under its key and as the last its layout placed,
    and the book as its last pass left it after its last page."""
    if pages and key:
        pages.keep(key, placed)
        if resume:
            pages.keep(resume.layout, placed)
        _keep_document(pages, whole, kept)


def _restored(
    pages: BookPages, key: str, kind: type, folder: Path, pieces: dict
) -> RulebookPdf | None:
    """The book kept under `key` as it stood after its last page, its shown faces drawn and
    saved; None when none is kept, or it cannot be read back or saved (typesetting the book
    then raises any error drawing its faces raises)."""
    state = pages.document(key)
    output = io.BytesIO()
    found = restored_book(state, kind, output) if state else None
    if found is None:
        return None
    canvas, placed = found
    canvas.folder, canvas.shown = folder, ShownForms(pieces, placed)  # the game's folder now
    pages_drawn = len(canvas._doc.Pages.pages)
    try:
        canvas.save()
    except Exception:  # a kept state this ReportLab cannot finish: typeset the book instead
        return None
    return RulebookPdf(output.getvalue(), pages_drawn)


def _resume_points(
    pages: BookPages, whole: str, folder: Path, pieces: dict, book: Rulebook, *inputs
) -> ResumePoints | None:
    """Where the book's passes may resume: kept under the key of all that places its pages but
    its blocks (the book itself is kept under `whole`); None when some of it has no stable
    digest."""
    blockless = replace(  # what the check reads of the text goes with the blocks
        book, blocks=[], by_number={}, by_key={}, html_text=(), unknown_entities=()
    )
    layout = pages_key(folder, pieces, blockless, *inputs)
    layout = layout and document_key(layout, pieces)
    digests = block_digests(book.blocks)
    if not layout or digests is None:
        return None
    return ResumePoints(pages.root, layout, *digests, end=whole)


def _keep_document(pages: BookPages | None, key: str | None, kept: list[bytes] | None) -> None:
    """Keep the book as its last pass left it after its last page."""
    if pages and key and kept:
        pages.keep_document(key, kept[-1])


@dataclass(frozen=True)
class Placed:
    """Where a book's headings, contents lines and index entries fell: what its last pass was
    given by the pass before, and found again."""

    headings: dict[str, int]
    numbers: dict[str, int]
    contents: list
    index: dict


def _typeset(
    book: Rulebook,
    page: Size,
    columns: int,
    symbols: list[Symbol],
    folder: Path,
    subtitle: str,
    pieces: dict,
    front_matter: bool,
    faces: dict[str, str],
    booklet: bool,
    known: Placed | None,
    kept: list[bytes] | None,
    resume: ResumePoints | None = None,
    proving: bool = False,
    lazily: bool = False,
) -> tuple[RulebookPdf, Placed]:
    """The rulebook and where its headings fell: from a sketch pass when its headings' pages
    are not `known`, else in one pass from them (`Unproven` when they come back changed, or
    a `proving` pass cannot show it sets a build from scratch's bytes); each pass's book as
    it stood after its last page is added to `kept` (when given); paragraphs made `lazily`
    parse their markup when first read."""
    style = styles(faces)
    buffer = io.BytesIO()
    sketch = known is None and any(isinstance(block, Heading) for block in book.blocks)
    once = known is not None
    document = RulebookDocument(
        buffer, page, book.title, columns, faces, sketch, resume, once, proving
    )
    in_body_font = TableStyle(
        [
            ("FONT", (0, 0), (-1, -1), faces["regular"], BODY_SIZE),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
    )
    contents = ShortContents(
        _contents_room(document, columns, style),
        levelStyles=[style["toc0"], style["toc1"], style["toc2"]],
        dotsMinLevel=0,
        tableStyle=in_body_font,
    )
    index = SimpleIndex(style=style["index"], headers=True, tableStyle=in_body_font)
    numbers = PageNumbers()
    front = (
        [CoverFlowable(book.title, subtitle, book.cover, pieces, faces, folder)]
        if book.cover
        else [
            Spacer(1, 60 * mm),
            book_paragraph(escape(book.title), style["title"]),
            book_paragraph(escape(subtitle), style["subtitle"]),
        ]
    )
    title_and_contents = [
        *front,
        NextPageTemplate("body"),
        PageBreak(),
        _chapter("Contents", style["h1"]),
        contents,
        numbers,
        PageBreak(),
    ]
    title_only = [
        book_paragraph(escape(book.title), style["h1"]),
        NextPageTemplate("body"),
        numbers,
    ]
    with parsed_when_read(lazily):
        blocks = _flowables(
            book, style, document.width / columns, (folder, pieces, document.height)
        )
    story = [*(title_and_contents if front_matter else title_only), *blocks]
    if has_index_entries(book.blocks):
        story += _read([PageBreak(), _chapter("Index", style["h1"]), index], len(book.blocks), 0)
    if known is not None:  # as a sketch pass would have left them
        document.heading_pages, numbers.placed = known.headings, known.numbers
        contents._entries, index._entries = known.contents, known.index
    kind = _canvas_class(symbols, folder, faces, pieces, booklet, kept)
    canvas = index.getCanvasMaker(canvasmaker=kind)
    document.multiBuild(story, canvasmaker=canvas)
    placed = Placed(
        document.known_pages, numbers.before or {}, contents._lastEntries, index._lastEntries
    )
    return RulebookPdf(buffer.getvalue(), document.page), placed


def _contents_room(document: RulebookDocument, columns: int, style: dict) -> float:
    """The height the contents table may take: CONTENTS_PAGES pages of columns, less its title
    and a row or two lost where the table breaks."""
    column = document.height - FRAME_PADDING
    title = style["h1"].leading + style["h1"].spaceAfter
    return CONTENTS_PAGES * columns * column - title - 2 * style["toc0"].leading


def _chapter(title: str, style: ParagraphStyle) -> Paragraph:
    """A title that heads its pages like a chapter (contents, index) but is not numbered."""
    paragraph = book_paragraph(title, style)
    paragraph.chapter = title
    return paragraph


def _canvas_class(
    symbols: list[Symbol],
    folder: Path,
    faces: dict[str, str],
    pieces: dict,
    booklet: bool,
    kept: list[bytes] | None = None,
) -> type[SymbolCanvas]:
    class RulebookCanvas(SymbolCanvas):
        """The rulebook's canvas: embedded fonts, symbols drawn inline, printing at 100 %, the
        shown faces drawn after the last page (the book as it stood then added to `kept`), a
        `booklet` imposed then."""

        def __init__(self, *args, **kwargs) -> None:
            kwargs["initialFontName"] = faces["regular"]
            super().__init__(*args, **kwargs)
            self.setViewerPreference("PrintScaling", "None")
            self.know(symbols, folder)
            self.shown = ShownForms(pieces)

        def save(self) -> None:
            if kept is not None:
                kept.append(book_state(self, self.shown.placed))
            self.shown.draw(self)
            if booklet:
                impose_booklet(self)
            super().save()

    return RulebookCanvas


def _plain(markup: str) -> str:
    """A heading as plain text, for the outline and running head, which take no markup."""
    return (
        re.sub(r"<[^>]+>", "", markup)
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
    )


def _icons(markup: str, size: float) -> str:
    return SYMBOL.sub(
        lambda m: (
            f'<img src="{symbol_uri(m[1])}" width="{size:.2f}" height="{size:.2f}" valign="baseline"/>'
        ),
        markup,
    )


def _flowables(book: Rulebook, style: dict[str, ParagraphStyle], width: float, art: tuple) -> list:
    """The blocks' flowables, each with `blocks_read`: how many of the book's first blocks
    what it sets depends on, and `blocks_from`: the first block it is made from
    (cache/book_resume.py)."""
    story = []
    for is_piece, run in groupby(
        enumerate(book.blocks), key=lambda pair: isinstance(pair[1], Piece)
    ):
        flowables, first = [], None
        for index, block in run:
            first = index if first is None else first
            flowables += _read(_block(block, style, width, art), index, index + 1)
        if is_piece:
            side = side_by_side(flowables, width, style["body"].fontName, BODY_SIZE)
            flowables = _read(side, first, index + 1)
        story.extend(flowables)
    story = keep_headings(story, HEADING_ROOM_MM * mm)
    for room in story:
        if isinstance(room, HeadingRoom):  # it looks ahead to the text after its headings
            parts = [f for f in [*room.headings, room.text] if f]
            room.blocks_read = max(f.blocks_read for f in parts)
            room.blocks_from = min(f.blocks_from for f in parts)
    return story


def _read(flowables: list, first: int, blocks: int) -> list:
    """The flowables, marked as made from the book's block `first` on and depending on its
    first `blocks` blocks."""
    for flowable in flowables:
        flowable.blocks_from, flowable.blocks_read = first, blocks
    return flowables


def _block(block, style: dict[str, ParagraphStyle], width: float, art: tuple | None = None) -> list:
    """Flowables for one block."""
    folder, pieces, room = art or (Path("."), {}, float("inf"))
    if isinstance(block, Figure):
        return _figure(block, style, width, folder)
    if isinstance(block, Piece):
        face, shape = pieces[(block.kind, block.ident)]
        return [PieceFlowable((block.kind, block.ident), face, shape, block.scale, room)]
    if isinstance(block, BoardPosition):
        return [PositionFlowable(pieces[block.key], block.scale, room)]
    if isinstance(block, Heading):
        paragraph = book_paragraph(
            f'<a name="{block.key}"/>[{block.number}] {block.title}',
            style[f"h{min(block.level, 4)}"],
        )
        paragraph.heading = block
        return [paragraph]
    if isinstance(block, Para):
        return [book_paragraph(_icons(block.markup, BODY_SIZE), style["body"])]
    if isinstance(block, ListBlock):
        items = [book_paragraph(_icons(item, BODY_SIZE), style["body"]) for item in block.items]
        kind = "1" if block.ordered else "bullet"
        return [
            ListFlowable(
                items,
                bulletType=kind,
                start=None if block.ordered else "•",
                bulletFontName=style["body"].fontName,
                bulletFontSize=BODY_SIZE,
                leftIndent=12,
            )
        ]
    if isinstance(block, TableBlock):
        return [_table(block, style, width)]
    if isinstance(block, Definitions):
        story = []
        for term, definition in block.items:
            story += [
                book_paragraph(f"<b>{term}</b>", style["body"]),
                book_paragraph(
                    _icons(definition, BODY_SIZE),
                    ParagraphStyle("dd", parent=style["body"], leftIndent=12),
                ),
            ]
        return story
    return [_box(block, style, width, art)]


def _table(block: TableBlock, style: dict[str, ParagraphStyle], width: float) -> Table:
    columns = max(len(row) for row in block.rows)
    rows = [
        [book_paragraph(_icons(cell, BODY_SIZE - 1), style["cell"]) for cell in row]
        + [""] * (columns - len(row))
        for row in block.rows
    ]
    table = Table(rows, colWidths=[width / columns] * columns, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), style["cell"].fontName, BODY_SIZE - 1),
                ("GRID", (0, 0), (-1, -1), 0.4, HexColor("#9a9a9a")),
                ("BACKGROUND", (0, 0), (-1, 0), HexColor("#e4e0d6")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    return table


def _box(block: Box, style: dict[str, ParagraphStyle], width: float, art: tuple | None) -> Table:
    """A shaded, framed box that may break between its paragraphs, never right after its title."""
    parts = [_block(child, style, width - 12, art) for child in block.blocks]
    first = parts[0] if parts else []
    rows = [[[book_paragraph(block.title, style["box-title"]), *first]]]
    rows += [[flowable] for part in parts[1:] for flowable in part]
    table = Table(rows, colWidths=[width])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), style["body"].fontName, BODY_SIZE),
                ("BACKGROUND", (0, 0), (-1, -1), BOX_FILL.get(block.kind, BOX_FILL["note"])),
                ("BOX", (0, 0), (-1, -1), 0.6, HexColor("#8a8a8a")),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("RIGHTPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return table


def _figure(block: Figure, style: dict[str, ParagraphStyle], width: float, folder: Path) -> list:
    """An image from the game folder (SVG as vectors), as wide as the column allows, captioned;
    the caption never goes on to the next page without it."""
    path = game_file(folder, block.src)
    art = read_art(path)
    scale = min(width / art.width, 90 * mm / art.height)
    figure = ArtFlowable(path, art.width * scale, art.height * scale)
    if not block.caption:
        return [figure]
    return [KeepTogether([figure, book_paragraph(f"<i>{block.caption}</i>", style["body"])])]
