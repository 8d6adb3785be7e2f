"""The rulebook: Jinja over the game data, then Markdown, then numbered blocks ready to typeset.

Stages stay inspectable: `rulebook_text` is the Markdown after Jinja, `rulebook_blocks` the
numbered headings, paragraphs, lists, tables and boxes with cross-references resolved.

Jinja escapes `&`, `<` and `>` in every value it fills in, so a title, a card's text or a name
prints as it is written (its Markdown, `**bold**`, still works); the rulebook's own Markdown
keeps its HTML entities (`&mdash;`, `&#233;`), an unknown one printing as the text it is.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import cache, lru_cache
from html import escape, unescape
from html.entities import html5
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Template
from markupsafe import Markup

from generator.load.game import LoadedGame
from generator.load.sources import read_text
from generator.render.positions import BoardPosition, position_block
from generator.render.rulebook_data import rulebook_context
from generator.render.sandbox import BoundedSandbox
from generator.render.text import RENDER_ERRORS, TextError, error_text

if TYPE_CHECKING:
    from generator.render.cover import Cover

RULEBOOK_FILE = "rulebook.md"
BOOKLET_RULEBOOK = "rulebook"
NUMBERED_REF = re.compile(r"\((\d+(?:\.\d+)+)\)")
EXPLICIT_NUMBER = re.compile(r"^\[(\d+(?:\.\d+)*)\]\s*")
PIECE = re.compile(r"\[\[(card|token|board) ([A-Za-z0-9][A-Za-z0-9_.-]*)(?: ([\d.]+))?\]\]")
HEADING_LINK = re.compile(
    r'(\((?:(?!\)|<a ).)*)?(<a href="#([^"]+)" color="#1f4e8c">(?:(?!</a>).)*</a>)(?(1)\))'
)
PAGE_REF = re.compile(r'<page key="([^"]*)"/>')
# An entity as Python-Markdown leaves it in its HTML (its serializer keeps `&name;` as it is)
ENTITY = re.compile(r"&(#[0-9]+|#[xX][0-9a-fA-F]+|[0-9A-Za-z]+);")
XML_ENTITIES = frozenset({"amp", "lt", "gt", "quot", "apos"})
UNSAFE_IN_KEY = re.compile(r"[\"'<>&\s]")  # a heading's key is written into markup attributes
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")  # characters XML forbids
INLINE = {"strong": "b", "b": "b", "em": "i", "i": "i", "code": "i"}


@dataclass(frozen=True)
class Heading:
    """A numbered heading; `key` names its link target and bookmark."""

    level: int
    number: str
    key: str
    title: str


@dataclass(frozen=True)
class Para:
    """A paragraph of ReportLab markup with a style name."""

    markup: str
    style: str = "body"


@dataclass(frozen=True)
class ListBlock:
    """A bullet or numbered list."""

    items: tuple[str, ...]
    ordered: bool


@dataclass(frozen=True)
class TableBlock:
    """A table; the first row is the header."""

    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Box:
    """An example of play or a designer's note, set apart in a box."""

    kind: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Definitions:
    """A definition list: (term, definition) pairs."""

    items: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Figure:
    """An image from the game folder with its caption."""

    src: str
    caption: str


@dataclass(frozen=True)
class Piece:
    """A card, token or board from the data drawn in the text, at a scale of its true size."""

    kind: str
    ident: str
    scale: float


Block = Heading | Para | ListBlock | TableBlock | Box | Definitions | Figure | Piece | BoardPosition


@dataclass
class Rulebook:
    """The rulebook as blocks, with every heading by number and by key; a game's rulebook has
    a cover (a guide has a plain title page). Its title is text as written, not markup."""

    title: str
    blocks: list[Block] = field(default_factory=list)
    by_number: dict[str, Heading] = field(default_factory=dict)
    by_key: dict[str, Heading] = field(default_factory=dict)
    cover: Cover | None = None
    html_text: tuple[str, ...] = ()  # raw HTML printed as text, in the order it stands
    unknown_entities: tuple[str, ...] = ()  # `&bogus;` printed as text, in the order they stand


@cache
def rulebook_environment() -> BoundedSandbox:
    """A sandbox like the cards', with Jinja comments as `{%# #%}` so Markdown's `{#id}` passes;
    what it fills in is escaped (see the module), what a macro makes is not escaped again."""
    return BoundedSandbox(
        comment_start_string="{%#", comment_end_string="#%}", autoescape=True, finalize=_as_text
    )


def _as_text(value: Any) -> Markup:
    """A value filled into the Markdown: `&`, `<` and `>` as entities, quotes as they are
    (Markdown reads them as text)."""
    if isinstance(value, Markup):
        return value
    return Markup(escape(str(value), quote=False))


def rulebook_text(loaded: LoadedGame, file: str = RULEBOOK_FILE) -> str:
    """The Markdown after Jinja has filled in the data; TextError names the line that failed."""
    source = read_text(loaded.folder / file)
    try:
        return rulebook_environment().render(_template(source), rulebook_context(loaded))
    except RENDER_ERRORS as exc:
        raise TextError(error_text(exc), template_line(exc)) from exc


@lru_cache(maxsize=16)
def _template(source: str) -> Template:
    """Compile a rulebook once a process: the check and the build both render it."""
    return rulebook_environment().from_string(source)


def template_line(exc: BaseException) -> int:
    """The template line an error came from: Jinja's own, or the deepest template frame."""
    line = getattr(exc, "lineno", None)
    traceback = exc.__traceback__
    while traceback is not None:
        if traceback.tb_frame.f_code.co_filename == "<template>":
            line = traceback.tb_lineno
        traceback = traceback.tb_next
    return line or 1


@lru_cache(maxsize=8)
def rulebook_blocks(
    text: str, title: str, terms: tuple[str, ...] = (), html: bool = False
) -> Rulebook:
    """Markdown to numbered blocks, with (7.2) references and #id links made into links; raw
    HTML prints as text unless `html` (a Markdown file outside a game, read as GitHub would)."""
    from generator.render.book_markdown import HTML_TEXT, book_html  # a rebuild finds blocks kept

    readable, unknown = _readable(book_html(text, title, html))
    root = ET.fromstring(f"<root>{readable}</root>")
    typed = tuple(span.text or "" for span in root.iter("span") if span.get("class") == HTML_TEXT)
    book = Rulebook(title, html_text=typed, unknown_entities=unknown)
    counters = [0, 0, 0, 0, 0, 0]
    for element in root:
        block = _block(element, counters, book)
        if block is not None:
            book.blocks.append(block)
    from generator.render.book_index import index_terms  # it reads this module's blocks

    book.blocks = index_terms([_linked(block, book) for block in book.blocks], terms)
    return book


def has_rulebook(folder: Path) -> bool:
    """Whether the game folder holds a rulebook to build."""
    return (folder / RULEBOOK_FILE).is_file()


def booklet_ids(loaded: LoadedGame) -> list[str]:
    """The booklets the build typesets: `rulebook` when there is a rulebook.md, and each guide."""
    rulebook = [BOOKLET_RULEBOOK] if has_rulebook(loaded.folder) else []
    return rulebook + [guide.id for guide in loaded.game.guides]


def _readable(html: str) -> tuple[str, tuple[str, ...]]:
    """The XHTML as XML reads it: each HTML5 entity as its character, an unknown one as the text
    it is (also returned, in order), characters XML forbids as spaces."""
    unknown: list[str] = []

    def character(match: re.Match[str]) -> str:
        name = match[1]
        if name in XML_ENTITIES:
            return match[0]
        if name.startswith("#") or f"{name};" in html5:
            return escape(NOT_XML.sub(" ", unescape(match[0])))
        unknown.append(match[0])
        return f"&amp;{name};"

    return ENTITY.sub(character, NOT_XML.sub(" ", html)), tuple(unknown)


def _block(element: ET.Element, counters: list[int], book: Rulebook) -> Block | None:
    tag = element.tag
    if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
        return _heading(element, int(tag[1]), counters, book)
    if tag == "p":
        return _paragraph(element)
    if tag in ("ul", "ol"):
        return ListBlock(tuple(_inline(item) for item in element.findall("li")), tag == "ol")
    if tag == "table":
        return TableBlock(tuple(tuple(_inline(cell) for cell in row) for row in element.iter("tr")))
    if tag == "dl":
        terms = [_inline(item) for item in element.findall("dt")]
        definitions = [_inline(item) for item in element.findall("dd")]
        return Definitions(tuple(zip(terms, definitions, strict=False)))
    if tag == "div" and "admonition" in element.get("class", ""):
        kind = element.get("class", "").replace("admonition", "").strip() or "note"
        title_element = element.find("p[@class='admonition-title']")
        title = _inline(title_element) if title_element is not None else kind.title()
        inner = [_block(child, counters, book) for child in element if child is not title_element]
        return Box(kind, title, tuple(b for b in inner if b is not None))
    return Para(_inline(element)) if (element.text or len(element)) else None


def _paragraph(element: ET.Element) -> Block:
    """A paragraph, or a figure when it holds only an image, or a piece when it names one."""
    image = element.find("img")
    if image is not None and not (element.text or "").strip() and len(element) == 1:
        return Figure(image.get("src", ""), escape(image.get("alt", ""), quote=False))
    markup = _inline(element)
    piece = PIECE.fullmatch(markup)
    if piece:
        return Piece(piece[1], piece[2], float(piece[3] or 1))
    return position_block(markup) or Para(markup, element.get("class") or "body")


def _heading(element: ET.Element, level: int, counters: list[int], book: Rulebook) -> Heading:
    text = _inline(element)
    explicit = EXPLICIT_NUMBER.match(text)
    if explicit:
        number, text = explicit[1], text[explicit.end() :]
        parts = [int(p) for p in number.split(".")]
        counters[: len(parts)] = parts
        counters[len(parts) :] = [0] * (len(counters) - len(parts))
    else:
        counters[level - 1] += 1
        counters[level:] = [0] * (len(counters) - level)
        number = ".".join(str(n) for n in counters[:level])
    key = UNSAFE_IN_KEY.sub("-", element.get("id", "")) or _slug(text)
    heading = Heading(level, number, key, text)
    book.by_number.setdefault(number, heading)
    book.by_key.setdefault(key, heading)
    return heading


def _slug(text: str) -> str:
    plain = re.sub(r"<[^>]+>", "", text).lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


def _inline(element: ET.Element) -> str:
    """An element's content as ReportLab paragraph markup."""
    parts = [escape(element.text or "", quote=False)]
    for child in element:
        inner = _inline(child)
        if child.tag in INLINE:
            parts.append(f"<{INLINE[child.tag]}>{inner}</{INLINE[child.tag]}>")
        elif child.tag == "a":
            parts.append(f'<a href="{escape(child.get("href", ""))}" color="#1f4e8c">{inner}</a>')
        elif child.tag == "br":
            parts.append("<br/>")
        else:
            parts.append(inner)
        parts.append(escape(child.tail or "", quote=False))
    return "".join(parts).strip()


def _linked(block: Block, book: Rulebook) -> Block:
    """Turn (7.2) into a link to section 7.2, and a link to a heading's id into one with its page."""
    if isinstance(block, Para):
        return Para(_number_links(block.markup, book), block.style)
    if isinstance(block, ListBlock):
        return ListBlock(tuple(_number_links(item, book) for item in block.items), block.ordered)
    if isinstance(block, Box):
        return Box(block.kind, block.title, tuple(_linked(child, book) for child in block.blocks))
    return block


def page_ref(key: str) -> str:
    """Where the typesetter prints the page a heading lands on (it knows only from its first pass)."""
    return f'<page key="{key}"/>'


def _number_links(markup: str, book: Rulebook) -> str:
    """(7.2) becomes a link printed `(7.2, p. 12)`; a #id link to a heading gets `(p. 12)` after it."""

    def link(match: re.Match[str]) -> str:
        heading = book.by_number.get(match[1])
        if heading is None:
            return match[0]
        where = f"{match[1]}, p.\u00a0{page_ref(heading.key)}"
        return f'<a href="#{heading.key}" color="#1f4e8c">({where})</a>'

    def paged(match: re.Match[str]) -> str:
        heading = book.by_key.get(match[3])
        if heading is None:
            return match[0]
        page = f"p.\u00a0{page_ref(heading.key)}"
        if match[1]:  # "(see the rules)" becomes "(see the rules, p. 12)", not nested brackets
            return f"{match[1]}{match[2]}, {page})"
        return f"{match[2]}\u00a0({page})"

    return NUMBERED_REF.sub(link, HEADING_LINK.sub(paged, markup))
