"""The rulebook's paragraph markup parsed without ReportLab's HTML parser.

The rulebook (`write/book_paragraphs.py`) writes a small known grammar: text, `&amp;` `&lt;`
`&gt;`, `<b>`, `<i>`, `<br/>`, the icon's `<img src width height valign/>`, links, anchors and
index entries: `<a href="..." color="...">`, `<a name="..."/>` and `<index item="..."/>`,
attribute values without `&` (which HTMLParser would unescape). Python's HTMLParser spent a
third of every paragraph's setup finding those tags; here a regular expression finds them and
ReportLab's own parser handlers build the fragments, so they are the very fragments its parser
makes. Anything outside the grammar (or badly nested) goes through ReportLab's parser as before.
"""

from __future__ import annotations

import re

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus.paragraph import cleanBlockQuotedText, textTransformFrags
from reportlab.platypus.paraparser import ParaFrag, ParaParser

TOKEN = re.compile(
    r"(?P<data>[^<&]+)"
    r"|<(?P<close>/?)(?P<tag>[bia])>"
    r"|(?P<br><br/>)"
    r'|<img src="(?P<src>[^"<>&]*)" width="(?P<width>[0-9.]+)"'
    r' height="(?P<height>[0-9.]+)" valign="(?P<valign>-?[0-9.]+)"/>'
    r'|<(?P<book>a|index)(?P<attributes>(?: [a-z]+="[^"<>&]*")+)(?P<empty>/?)>'
    r"|&(?P<entity>amp|lt|gt);"
)
ATTRIBUTE = re.compile(r' ([a-z]+)="([^"]*)"')


class _Outside(ValueError):
    """The markup leaves the grammar the rulebook writes."""


ENTITIES = {"amp": "&", "lt": "<", "gt": ">"}
_SHAPES: dict[tuple, list[tuple[type, dict, bool]]] = {}  # fragments by style and shape
SHAPES_AT_MOST = 4096  # beyond this many, a paragraph is parsed as it is (bounded memory)


def parsed_markup(markup: str, style: ParagraphStyle) -> tuple[str, list[ParaFrag]] | None:
    """The text and fragments `Paragraph(markup, style)` keeps, or None for markup outside the
    grammar (or that a handler objects to)."""
    text = cleanBlockQuotedText(markup)
    try:
        frags = _fragments(text, style)
    except Exception:
        return None
    textTransformFrags(frags, style)
    return text, frags


def _fragments(text: str, style: ParagraphStyle) -> list[ParaFrag]:
    """ReportLab's fragments of `text`: made again from the fragments of the first paragraph
    of its shape (its tags, and where text stands between them) in this style, each text piece
    in its place; a deck's texts differ in their words, rarely in their shape."""
    shape, texts = _shape(text)
    key = (style, shape)
    made = _SHAPES.get(key)
    if made is not None:
        pieces = iter(texts)
        return [
            _fragment(cls, attributes, pieces if takes else None) for cls, attributes, takes in made
        ]
    frags, made = _parsed(text, style, texts)
    # a link's, anchor's or index entry's fragments are never made again for another paragraph:
    # ReportLab gives each paragraph its own link lists and callbacks, so ours do too
    linked = any(tag is not None and tag.startswith(("<a", "<index")) for tag in shape)
    if made is not None and not linked and len(_SHAPES) < SHAPES_AT_MOST:
        _SHAPES[key] = made
    return frags


def _shape(text: str) -> tuple[tuple[str | None, ...], list[str]]:
    """The markup's tags in order, None where a piece of text stands, and those pieces' text
    (an entity is a piece of the character it names, as ReportLab's parser hands it on)."""
    shape: list[str | None] = []
    texts = []
    position = 0
    for match in TOKEN.finditer(text):
        if match.start() != position:
            raise _Outside
        position = match.end()
        kind = match.lastgroup
        if kind in ("data", "entity"):
            shape.append(None)
            texts.append(match["data"] if kind == "data" else ENTITIES[match["entity"]])
        else:
            shape.append(match[0])
    if position != len(text):
        raise _Outside
    return tuple(shape), texts


def _fragment(cls: type, attributes: dict, pieces) -> ParaFrag:
    """One fragment of a known shape, given the next piece of text when it holds one."""
    frag = object.__new__(cls)
    frag.__dict__.update(attributes)
    if pieces is not None:
        frag.text = next(pieces)
    return frag


def _parsed(
    text: str, style: ParagraphStyle, texts: list[str]
) -> tuple[list[ParaFrag], list | None]:
    """The fragments ReportLab's parser handlers make of `text`, called as its HTMLParser
    would, and what each was made from (None when a piece of text did not make exactly one
    fragment holding it)."""
    parser = ParaParser()  # one a paragraph, as `Paragraph` makes (safe in any thread)
    parser.caseSensitive = 1
    parser._setup_for_parse(style)
    parser.start_para({})
    open_tags: list[str] = []
    takes: list[bool] = []
    faithful, pieces = True, iter(texts)
    for match in TOKEN.finditer(text):
        before = len(parser.fragList)
        _token(parser, match, open_tags)
        made = len(parser.fragList) - before
        holds = match.lastgroup in ("data", "entity")
        if holds:
            piece = next(pieces)
            faithful = faithful and made == 1 and parser.fragList[-1].text == piece
        takes.extend([holds] * made)
    if open_tags:
        raise _Outside
    parser.end_para()
    _, frags, bullet_frags = parser._complete_parse()
    if frags is None or bullet_frags:
        raise _Outside
    if not faithful or len(takes) != len(frags):
        return frags, None
    return frags, [(type(f), dict(vars(f)), take) for f, take in zip(frags, takes, strict=True)]


def _token(parser: ParaParser, match: re.Match[str], open_tags: list[str]) -> None:
    """Hand one piece of markup to the parser's handler for it."""
    kind = match.lastgroup
    if kind == "data":
        parser.handle_data(match["data"])
    elif kind == "entity":
        parser.handle_entityref(match["entity"])
    elif kind == "br":
        parser.start_br({})
        parser.end_br()
    elif match["book"] is not None:
        tag = match["book"]
        getattr(parser, f"start_{tag}")(dict(ATTRIBUTE.findall(match["attributes"])))
        if match["empty"]:
            getattr(parser, f"end_{tag}")()
        else:
            open_tags.append(tag)
    elif match["src"] is not None:
        names = ("src", "width", "height", "valign")
        parser.start_img({name: match[name] for name in names})
        parser.end_img()
    elif match["close"]:
        if not open_tags or open_tags.pop() != match["tag"]:
            raise _Outside
        getattr(parser, f"end_{match['tag']}")()
    else:
        open_tags.append(match["tag"])
        getattr(parser, f"start_{match['tag']}")({})
