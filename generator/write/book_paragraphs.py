"""The rulebook's paragraphs: lines broken once per column width, page references from the
previous pass.

Platypus wraps one paragraph many times at the same width: in every layout pass, again when a
table draws its cells, and when a heading checks that the start of its text fits. The lines
come out the same each time, so a paragraph keeps them until its width or its text changes.
Its lines are broken by ReportLab's own `Paragraph.wrap`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.rl_config import _FUZZ

from generator.render.bidi import has_rtl
from generator.render.paragraphs import parsed_markup
from generator.render.rulebook import PAGE_REF

UNKNOWN_PAGE = "00"  # what a page reference prints before the first pass has placed its heading


class Unproven(Exception):
    """A single pass given the last build's placements that may not set the bytes a build from
    scratch sets (write/rulebook.py): the book is typeset as ever."""


# What a paragraph's markup sets up: read first, it is parsed (`SetParagraph._setup`).
SET_UP = ("text", "frags", "style", "bulletText", "debug", "_calls_back")


_WHEN_READ: ContextVar[bool] = ContextVar("parsed_when_read", default=False)


@contextmanager
def parsed_when_read(lazily: bool) -> Iterator[None]:
    """Inside this block, book paragraphs made `lazily` parse their markup when first read.
    Only worth it for a book that may resume at a late page: markup parsed as the passes run
    is young to the collector, which walks it again and again (3-5 % of a cold book)."""
    token = _WHEN_READ.set(lazily)
    try:
        yield
    finally:
        _WHEN_READ.reset(token)


class _SetUpOnRead:
    """What a paragraph's markup sets up, parsed when first read. A class attribute without a
    setter: once the paragraph holds the value, Python reads it there and never calls this (nor
    anything on the many attributes ReportLab looks for and a paragraph does not have)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, paragraph: SetParagraph | None, owner: type | None = None):
        if paragraph is None:
            return self
        if "_pending" not in paragraph.__dict__:
            raise AttributeError(self.name)
        paragraph._parse()
        return paragraph.__dict__[self.name]


class SetParagraph(Paragraph):
    """A paragraph that breaks its lines again only when its width or its text changed; made
    inside `parsed_when_read(True)`, it parses its markup only once something reads what the
    markup sets up: a book resumed at a late page (cache/book_resume.py) never parses the
    paragraphs before it."""

    text = _SetUpOnRead()
    frags = _SetUpOnRead()
    style = _SetUpOnRead()
    bulletText = _SetUpOnRead()
    debug = _SetUpOnRead()
    _calls_back = _SetUpOnRead()

    def _setup(
        self,
        text: str | None,
        style: ParagraphStyle,
        bullet: str | None,
        frags: list | None,
        cleaner: Callable[[str], str],
    ) -> None:
        """New text (a split part, or a page reference set again) forgets the lines and what
        the text before set up; markup is parsed when first read (`_parse`)."""
        self._set: tuple[float, object, float] | None = None
        for name in SET_UP:
            self.__dict__.pop(name, None)
        self._pending = (text, style, bullet, frags, cleaner)
        if frags is not None or not _WHEN_READ.get():  # a split part's are made already
            self._parse()

    def _parse(self) -> None:
        """Text that calls back as it is drawn (index entries, anchors, images) is drawn in
        every pass, as is a split part. Markup is parsed without ReportLab's HTML parser when
        it can be (`render/paragraphs.py`: the same fragments; first-jihad's 1873 book
        paragraphs are set up in 0.065 s CPU instead of 0.081)."""
        text, style, bullet, frags, cleaner = self.__dict__.pop("_pending")
        split_part = frags is not None
        parsed = None if split_part or text is None else parsed_markup(text, style)
        if parsed is not None:
            text, frags = parsed
        super()._setup(text, style, bullet, frags, cleaner)
        self._calls_back = split_part or any(hasattr(f, "cbDefn") for f in self.frags)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The lines of the last wrap when it had this width and they are still in place (a
        split that found no room drops them); right-to-left lines are reversed as they are
        drawn, so those are broken afresh."""
        kept = self._set
        lines = getattr(self, "blPara", None)
        if kept is not None and kept[0] == available_width and kept[1] is lines:
            self.width, self.height = available_width, kept[2]
            return available_width, kept[2]
        size = super().wrap(available_width, available_height)
        if available_width >= _FUZZ and not self.style.wordWrap:
            self._set = (available_width, self.blPara, self.height)
        return size

    def draw(self) -> None:
        """Nothing in the document's sketch pass, whose pages are thrown away."""
        if self._calls_back or not self._doctemplateAttr("sketching"):
            super().draw()


class PagedParagraph(SetParagraph):
    """A paragraph with `(7.2, p. 12)` references: the page comes from the previous pass."""

    def __init__(self, markup: str | None, style: ParagraphStyle, **kwargs) -> None:
        self.template = markup if not kwargs.get("frags") else None  # a split part is set already
        self.printed = PAGE_REF.sub(UNKNOWN_PAGE, markup or "")
        super().__init__(self.printed if self.template else markup, style, **kwargs)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """Re-set the text when the pages known to the document changed since the last wrap."""
        if self.template is None:
            return super().wrap(available_width, available_height)
        pages = self._doctemplateAttr("known_pages") or {}
        numbers = [str(pages.get(key, UNKNOWN_PAGE)) for key in PAGE_REF.findall(self.template)]
        given_read = self._doctemplateAttr("given_read")
        if given_read and not self._as_wide_as_unknown(numbers):
            given_read()  # it sets other lines than the sketch pass
        printed = PAGE_REF.sub(lambda m: str(pages.get(m[1], UNKNOWN_PAGE)), self.template)
        if printed != self.printed:
            self.printed = printed
            Paragraph.__init__(self, printed, self.style)
        return super().wrap(available_width, available_height)

    def _as_wide_as_unknown(self, numbers: list[str]) -> bool:
        """Whether every page number is as wide as UNKNOWN_PAGE in each face the paragraph
        sets (two digits of a face whose digits share one width, as most book faces' do), so
        its lines break where a sketch pass breaks them; unshaped text only (the answer for
        the last numbers asked about is kept: a paragraph is wrapped many times a pass)."""
        if all(number == UNKNOWN_PAGE for number in numbers):
            return True
        asked = getattr(self, "_wide", None)
        if asked is None or asked[0] != numbers:
            self._wide = (numbers, self._sets_as_wide(numbers))
        return self._wide[1]

    def _sets_as_wide(self, numbers: list[str]) -> bool:
        """`_as_wide_as_unknown`, worked out from the faces of the paragraph's fragments as
        it stands (its page numbers change no face, and wrapping it parses them anyway)."""
        if getattr(self.style, "shaping", 0):
            return False
        frags = self.frags
        if not all(hasattr(frag, "fontName") for frag in frags):
            return False
        faces = {(frag.fontName, frag.fontSize) for frag in frags}
        return all(
            stringWidth(number, name, size) == stringWidth(UNKNOWN_PAGE, name, size)
            for number in numbers
            for name, size in faces
        )


def book_paragraph(markup: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph; one with right-to-left words has them shaped (joined letter forms)."""
    if has_rtl(markup):
        style = ParagraphStyle(f"{style.name}-shaped", parent=style, shaping=1)
    return PagedParagraph(markup, style) if PAGE_REF.search(markup) else SetParagraph(markup, style)
