"""Card text to ReportLab paragraph markup: **bold**, *italic*, line breaks, lists and icons.

An icon becomes an `<img>` whose source is a per-symbol data URI, so ReportLab lays it out as
one unbreakable piece sitting on the baseline; the sheet canvas draws the vector symbol where
ReportLab would draw that image.
"""

from __future__ import annotations

import base64
import io
import re
from functools import cache
from xml.sax.saxutils import escape

from PIL import Image, PngImagePlugin
from reportlab.lib.utils import ImageReader
from reportlab.platypus import paraparser

from generator.render.text import SYMBOL

BOLD = re.compile(r"\*\*(.+?)\*\*")
ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
BULLET = re.compile(r"^\s*[-*•]\s+")
EMPHASIS_TAG = re.compile(r"<(/?)([bi])>")
EMPTY_EMPHASIS = re.compile(r"<([bi])></\1>")
ICON_SCALE = 1.2  # an icon in text stands taller than the letters so its own letter stays legible


MARKERS: dict[str, ImageReader] = {}


@cache
def symbol_uri(key: str) -> str:
    """A tiny transparent PNG naming the symbol, as a data URI unique to that key."""
    info = PngImagePlugin.PngInfo()
    info.add_text("symbol", key)
    buffer = io.BytesIO()
    Image.new("RGBA", (1, 1), (0, 0, 0, 0)).save(buffer, "PNG", pnginfo=info)
    uri = "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
    MARKERS[uri] = ImageReader(uri)
    return uri


def glyph_size(glyph: str, icon: float) -> float:
    """The type size of the letter inside a symbol `icon` points tall: one character fills more
    of the shape than two."""
    return icon * (0.72 if len(glyph) == 1 else 0.5)


def icons_in(markup: str, keys: list[str]) -> list[str]:
    """The symbols (of `keys`) that a paragraph's markup draws."""
    return [key for key in keys if symbol_uri(key) in markup]


def _shared_marker_reader(source: object, *args: object, **kwargs: object) -> ImageReader:
    """ReportLab decodes the image behind every <img> it parses; a marker is decoded once."""
    if isinstance(source, str) and source in MARKERS:
        return MARKERS[source]
    return ImageReader(source, *args, **kwargs)


paraparser.ImageReader = _shared_marker_reader


def to_markup(text: str, symbols: frozenset[str], icon_size: float) -> str:
    """Paragraph markup for `text`; icons are `icon_size` points square on the baseline."""
    lines = []
    for line in text.strip().split("\n"):
        line = escape(line.strip())
        if BULLET.match(line):
            line = "•\u00a0" + BULLET.sub("", line)
        lines.append(_inline(line, symbols, icon_size))
    return re.sub(r"(<br/>){3,}", "<br/><br/>", "<br/>".join(lines))


def _inline(line: str, symbols: frozenset[str], icon_size: float) -> str:
    line = ITALIC.sub(r"<i>\1</i>", BOLD.sub(r"<b>\1</b>", line))
    if "<b>" in line and "<i>" in line:
        line = _nested(line)

    def icon(match: re.Match[str]) -> str:
        if match[1] not in symbols:
            return match[0]
        size = f"{icon_size * ICON_SCALE:.3f}"
        drop = f"{-0.12 * icon_size:.3f}"  # sits a little below the baseline, as digits' bowls do
        return f'<img src="{symbol_uri(match[1])}" width="{size}" height="{size}" valign="{drop}"/>'

    return SYMBOL.sub(icon, line)


def _nested(line: str) -> str:
    """Bold and italics that cross (`***x***` makes `<b><i>x</b></i>`, `**a *b** c*` too) closed
    and opened again inside each other, as ReportLab's parser needs them."""
    parts: list[str] = []
    opened: list[str] = []
    last = 0
    for match in EMPHASIS_TAG.finditer(line):
        parts.append(line[last : match.start()])
        last, tag = match.end(), match[2]
        if not match[1]:
            opened.append(tag)
            parts.append(match[0])
            continue
        inner = opened[opened.index(tag) + 1 :]  # each </b> or </i> closes one opened before it
        del opened[opened.index(tag) :]
        parts += [f"</{t}>" for t in reversed(inner)] + [match[0]] + [f"<{t}>" for t in inner]
        opened += inner
    parts.append(line[last:])
    return EMPTY_EMPHASIS.sub("", "".join(parts))
