"""The rulebook benchmark's baseline: the same rulebook written by hand as a platypus document.

What it sets is what ours sets, in our type (the style sheet, faces, margins and page size
imported from generator/write/rulebook.py): a cover (the title and subtitle on a band of the
game's colour, stripes of its colours, the player count); a contents page whose entries link
to their chapters (ours leaves the sections out of a contents longer than two pages, as at
this length); the chapters and sections, each heading numbered `[1.2]` with a link anchor and
an outline entry; in every section a paragraph with a link to the first chapter followed by
its page `(p. 3)` and a numbered reference `(1.1, p. 3)` that is itself a link, a bulleted
list and a table; running heads (the title and the chapter) and page numbers on every page
after the cover; and an index of the glossary terms with linked page numbers.
Page references print the page the previous pass found, as ours does; `multiBuild` repeats
the passes until the contents are stable.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    ListFlowable,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents

from generator.render.cover import PLAIN
from generator.write.cover import BAND, STRIPE_MM
from generator.write.rulebook import (
    BODY_SIZE,
    HEADING_ROOM_MM,
    INK,
    MARGIN_MM,
    book_faces,
    styles,
)

LINK = "#1f4e8c"
SECTIONS = 4
PAGE = re.compile(r"\{page:([^}]+)\}")


@dataclass(frozen=True)
class Content:
    """What both sides print: the book's title, cover lines and the repeated section text."""

    title: str
    subtitle: str
    players: str
    sentence: str
    terms: tuple[str, ...]
    hand_limit: int
    chapters: int


class Book(BaseDocTemplate):
    """A4 pages with our margins: the cover, then body pages with a running head."""

    def __init__(self, buffer: io.BytesIO, title: str, faces: dict[str, str]) -> None:
        super().__init__(
            buffer,
            pagesize=(210 * mm, 297 * mm),
            invariant=1,
            title=title,
            leftMargin=MARGIN_MM * mm,
            rightMargin=MARGIN_MM * mm,
            topMargin=MARGIN_MM * mm,
            bottomMargin=MARGIN_MM * mm,
        )
        self.faces, self.book_title = faces, title
        self.chapter, self.head, self.fresh = "", "", True
        self.pages: dict[str, int] = {}
        self.last_pages: dict[str, int] = {}
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height)
        self.addPageTemplates(
            [
                PageTemplate("cover", [frame]),
                PageTemplate("body", [frame], onPageEnd=self.running_head),
            ]
        )

    def beforeDocument(self) -> None:
        """Each pass prints the pages the previous pass found."""
        self.chapter, self.last_pages, self.pages = "", self.pages, {}

    def beforePage(self) -> None:
        """A page is headed by the chapter in force at its top, unless one starts right there."""
        self.head, self.fresh = self.chapter, True

    def afterFlowable(self, flowable) -> None:
        """A chapter heads its pages; a heading's page goes to the contents, the outline and
        the page references."""
        self.chapter = getattr(flowable, "chapter", self.chapter)
        if self.fresh:
            self.head = self.chapter
        self.fresh = self.fresh and isinstance(flowable, (CondPageBreak, ActionFlowable))
        key = getattr(flowable, "key", None)
        if key is None:
            return
        text, level = flowable.outline, flowable.level
        if level == 0:
            self.notify("TOCEntry", (0, text, self.page, key))
        self.pages.setdefault(key, self.page)
        self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)

    def running_head(self, canvas, doc) -> None:
        """The title and the page's chapter at the head, the page number at the foot."""
        canvas.saveState()
        canvas.setFont(self.faces["italic"], 7.5)
        canvas.setFillColor(INK)
        top = doc.pagesize[1] - MARGIN_MM * mm / 2
        canvas.drawString(doc.leftMargin, top, self.book_title)
        canvas.drawRightString(doc.pagesize[0] - doc.rightMargin, top, self.head)
        canvas.setFont(self.faces["regular"], 8)
        canvas.drawCentredString(doc.pagesize[0] / 2, MARGIN_MM * mm / 2, str(doc.page))
        canvas.restoreState()


class Cover(Flowable):
    """The whole front page: a band with the title and subtitle, stripes, the player count."""

    def __init__(self, content: Content, faces: dict[str, str]) -> None:
        super().__init__()
        self.content, self.faces = content, faces

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = available_width, available_height - 1
        return self.width, self.height

    def draw(self) -> None:
        canvas, top = self.canv, self.height * (1 - BAND)
        canvas.setFillColor(HexColor(PLAIN[0]))
        canvas.rect(0, top, self.width, self.height * BAND, stroke=0, fill=1)
        for y, colours in ((top - STRIPE_MM * mm, PLAIN[1:]), (0, PLAIN)):
            for index, colour in enumerate(colours):
                canvas.setFillColor(HexColor(colour))
                step = self.width / len(colours)
                canvas.rect(index * step, y, step + 0.2, STRIPE_MM * mm, stroke=0, fill=1)
        lines = [
            (self.content.title, self.faces["heading"], min(44.0, self.width / 9), "#ffffff"),
            (self.content.subtitle, self.faces["italic"], 13, "#ffffff"),
        ]
        y = top + self.height * BAND * 0.6
        for text, font, size, ink in lines:
            paragraph = Paragraph(text, _centred(font, size, ink))
            _, height = paragraph.wrapOn(canvas, self.width * 0.86, self.height)
            paragraph.drawOn(canvas, self.width * 0.07, y - height)
            y -= height + 8
        players = Paragraph(self.content.players, _centred(self.faces["bold"], 20, PLAIN[0]))
        players.wrapOn(canvas, self.width, self.height)
        players.drawOn(canvas, 0, self.height * 0.09)


class PageRef(Paragraph):
    """A paragraph whose `{page:key}` fields print the page the previous pass found."""

    def __init__(self, template: str, style: ParagraphStyle) -> None:
        self.template = template
        self.printed = _pages(template, {})
        super().__init__(self.printed, style)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        printed = _pages(self.template, self._doctemplateAttr("last_pages") or {})
        if printed != self.printed:
            self.printed = printed
            Paragraph.__init__(self, printed, self.style)
        return super().wrap(available_width, available_height)


def _pages(template: str, pages: dict[str, int]) -> str:
    """The template with each `{page:key}` as the key's page, `00` before it is known."""
    return PAGE.sub(lambda match: str(pages.get(match[1], "00")), template)


def baseline_pdf(content: Content) -> tuple[bytes, int]:
    """The whole rulebook by hand: (PDF bytes, pages)."""
    faces = book_faces()
    style = styles(faces)
    buffer = io.BytesIO()
    document = Book(buffer, content.title, faces)
    contents = TableOfContents(
        levelStyles=[style["toc0"], style["toc1"], style["toc2"]],
        dotsMinLevel=0,
        tableStyle=TableStyle([("FONT", (0, 0), (-1, -1), faces["regular"], BODY_SIZE)]),
    )
    index = SimpleIndex(style=style["index"], headers=True)
    story = [
        Cover(content, faces),
        NextPageTemplate("body"),
        PageBreak(),
        _unnumbered("Contents", style["h1"]),
        contents,
        PageBreak(),
    ]
    for chapter in range(content.chapters):
        story += _chapter(content, chapter, style)
    story += [PageBreak(), _unnumbered("Index", style["h1"]), index]
    document.multiBuild(story, canvasmaker=index.getCanvasMaker())
    return buffer.getvalue(), document.page


def _unnumbered(title: str, style: ParagraphStyle) -> Paragraph:
    """A title that heads its pages like a chapter but is not numbered (contents, index)."""
    paragraph = Paragraph(title, style)
    paragraph.chapter = title
    return paragraph


def _chapter(content: Content, chapter: int, style: dict[str, ParagraphStyle]) -> list:
    """One chapter: its heading, then its sections; a run of headings (the chapter's and its
    first section's) moves on to the next page unless a start of its text fits."""
    story = [
        CondPageBreak(HEADING_ROOM_MM * mm),
        _heading(f"Chapter {chapter}", f"chapter-{chapter}", f"{chapter + 1}", 0, style),
    ]
    for section in range(SECTIONS):
        number = f"{chapter + 1}.{section + 1}"
        key = f"section-{chapter}-{section}"
        if section:
            story.append(CondPageBreak(HEADING_ROOM_MM * mm))
        story.append(_heading(f"Section {chapter}.{section}", key, number, 1, style))
        story += _section(content, chapter * SECTIONS + section, style)
    return story


def _heading(
    title: str, key: str, number: str, level: int, style: dict[str, ParagraphStyle]
) -> Paragraph:
    """A numbered heading with its link anchor."""
    paragraph = Paragraph(f'<a name="{key}"/>[{number}] {title}', style[f"h{level + 1}"])
    paragraph.key, paragraph.level, paragraph.outline = key, level, f"{number} {title}"
    if level == 0:
        paragraph.chapter = title
    return paragraph


def _section(content: Content, position: int, style: dict[str, ParagraphStyle]) -> list:
    """A section's paragraph (indexed in the first six sections), list and table."""
    sentence = content.sentence
    if position < 6:  # ours indexes each term in the first six sections that use it
        for term in content.terms:
            sentence = sentence.replace(term, f'{term}<index item="{term}"/>', 1)
    text = (
        " ".join([sentence] + [content.sentence] * 5)
        + f" You may hold {content.hand_limit} cards."
        + f' See <a href="#chapter-0" color="{LINK}">chapter 0</a>\u00a0(p.\u00a0{{page:chapter-0}}).'
        + f' Battles follow <a href="#section-0-0" color="{LINK}">(1.1, p.\u00a0{{page:section-0-0}})</a>.'
    )
    items = [Paragraph(f"Point {i}: {content.sentence}", style["body"]) for i in range(4)]
    bullets = ListFlowable(
        items,
        bulletType="bullet",
        start="•",
        bulletFontName=style["body"].fontName,
        bulletFontSize=BODY_SIZE,
        leftIndent=12,
    )
    return [PageRef(text, style["body"]), bullets, _table(content, style)]


def _table(content: Content, style: dict[str, ParagraphStyle]) -> Table:
    """The section's two-column table, its header shaded and repeated on a new page."""
    rows = [["Step", "Action"]] + [[str(i), content.sentence] for i in range(4)]
    cells = [[Paragraph(cell, style["cell"]) for cell in row] for row in rows]
    width = 210 * mm - 2 * MARGIN_MM * mm
    table = Table(cells, colWidths=[width / 2] * 2, repeatRows=1)
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


def _centred(font: str, size: float, ink: str) -> ParagraphStyle:
    return ParagraphStyle(
        f"cover-{size}",
        fontName=font,
        fontSize=size,
        leading=size * 1.15,
        alignment=1,
        textColor=HexColor(ink),
    )
