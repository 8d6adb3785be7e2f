"""Card text's own markup read into spans: **bold**, *italic*, line breaks, lists and icons.

A designer writes `**bold**`, `*italic*` (`***both***`), `- ` or `* ` list items and `:key:` for
a glossary symbol. Each line of the text becomes spans of one emphasis each, an icon its own
span; a run of blank lines keeps one. Bold and italics may cross (`**a *b** c*`): each character
is bold inside `**...**` and italic inside `*...*`, whatever else it is inside.
"""

from __future__ import annotations

import base64
import io
import re
from dataclasses import dataclass
from functools import cache
from xml.sax.saxutils import escape, unescape

from PIL import Image, PngImagePlugin

from generator.render.text import SYMBOL

BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
BULLET = re.compile(r"^\s*[-*•]\s+")
BULLET_MARK = "•\u00a0"  # a no-break space keeps the bullet with the item's first word
# Emphasis marks found, and icons, in a line whose own `<`, `>` and `&` are escaped.
TAG = re.compile(r"<(/?)([bi])>|<icon ([^>]+)>")
ICON_SCALE = 1.2  # an icon in text stands taller than the letters so its own letter stays legible
ICON_DROP = 0.12  # how far an icon's foot sits below the baseline, as a share of the type size


@dataclass(frozen=True, slots=True)
class Span:
    """Text of one emphasis, or an icon (its `text` then the symbol's key)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: bool = False


def card_lines(text: str, symbols: frozenset[str]) -> list[list[Span]]:
    """The text's lines as spans (none for blank text); `:key:` of a symbol in `symbols` is an
    icon, else text."""
    lines: list[list[Span]] = []
    if not text.strip():
        return lines
    blank = False
    for line in text.strip().split("\n"):
        marked = _marked(line, symbols)
        if not marked and blank:
            continue  # a run of blank lines keeps one
        blank = not marked
        lines.append(_spans(marked))
    return lines


def _marked(line: str, symbols: frozenset[str]) -> str:
    """The line escaped, with `<b>`, `<i>` and `<icon key>` tags where its marks stand."""
    line = escape(line.strip())
    if BULLET.match(line):
        line = BULLET_MARK + BULLET.sub("", line)
    line = ITALIC.sub(r"<i>\1</i>", BOLD.sub(r"<b>\1</b>", line))
    return SYMBOL.sub(lambda m: f"<icon {m[1]}>" if m[1] in symbols else m[0], line)


def _spans(marked: str) -> list[Span]:
    """A marked line as spans: a closing tag ends its own emphasis only."""
    spans: list[Span] = []
    bold = italic = False
    last = 0
    for match in TAG.finditer(marked):
        if match.start() > last:
            spans.append(Span(unescape(marked[last : match.start()]), bold, italic))
        last = match.end()
        if match[3] is not None:
            spans.append(Span(match[3], bold, italic, icon=True))
        elif match[2] == "b":
            bold = not match[1]
        else:
            italic = not match[1]
    if last < len(marked):
        spans.append(Span(unescape(marked[last:]), bold, italic))
    return spans


@cache
def symbol_uri(key: str) -> str:
    """A tiny transparent PNG naming the symbol, as a data URI unique to that key: the
    rulebook's paragraphs place it as an image, and its canvas draws the symbol there."""
    info = PngImagePlugin.PngInfo()
    info.add_text("symbol", key)
    buffer = io.BytesIO()
    Image.new("RGBA", (1, 1), (0, 0, 0, 0)).save(buffer, "PNG", pnginfo=info)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def glyph_size(glyph: str, icon: float) -> float:
    """The type size of the letter inside a symbol `icon` points tall: one character fills more
    of the shape than two."""
    return icon * (0.72 if len(glyph) == 1 else 0.5)
