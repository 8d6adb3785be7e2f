"""Right-to-left and mixed-direction text: shaped by HarfBuzz, ordered by the bidi algorithm.

A paragraph is resolved into embedding levels once, cut into runs of one level and face,
shaped run by run, broken into lines at spaces in logical order and then each line is put
into visual order. Each cluster of glyphs keeps the characters it stands for, so the PDF can
carry them as ActualText, and copying or extracting it gives the words in reading order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import groupby

import uharfbuzz as hb
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapeData

from generator.model.layout import TextStyle
from generator.render.bidi import base_level, levels, visual_order
from generator.render.fitted import FittedText, Run, RunStyle, TextLine

BOLD_MARK = re.compile(r"\*\*(.+?)\*\*")


@dataclass(frozen=True)
class Cluster:
    """Glyphs that stand for some characters together: where they start, the glyphs (as
    characters of their font) and how each is placed, and those characters."""

    x: float
    glyphs: str
    shape: tuple[ShapeData, ...]
    text: str


@dataclass(frozen=True)
class Glyphs:
    """Shaped glyphs of one run on one line, as clusters in reading (logical) order."""

    font: str
    clusters: tuple[Cluster, ...]
    width: float
    start: int


@dataclass(frozen=True)
class Line:
    """One line: its pieces left to right, its width in points, and its logical text."""

    pieces: tuple[Glyphs, ...]
    width: float
    text: str
    rtl: bool


@dataclass
class _Run:
    """Characters [start, end) of one level and face, with HarfBuzz's glyphs for them."""

    start: int
    end: int
    level: int
    font: str
    glyphs: list[tuple[int, int, ShapeData]]  # (cluster, gid, data) in visual order


def shaped_text(
    text: str, faces: dict[str, str], size: float, leading: float, width: float, style: TextStyle
) -> FittedText | None:
    """`text` shaped and set at `size` within `width` points, each cluster a run placed as the
    style aligns it (`left` is the paragraph's start: right for right-to-left text); None when
    a word is wider than that."""
    lines = set_paragraphs(text, faces, size, width)
    if lines is None:
        return None
    fonts = list(dict.fromkeys(faces.values()))
    styles = tuple(RunStyle(font, size, style.colour) for font in fonts)
    placed = tuple(_placed(line, fonts, width, style.align) for line in lines)
    return FittedText(size, leading, len(placed) * leading, styles, placed)


def _placed(line: Line, fonts: list[str], width: float, align: str) -> TextLine:
    """A shaped line's clusters as runs at their places, pieces in reading order."""
    spare = width - line.width
    x = {"center": spare / 2}.get(align, 0.0)
    if align == "right" or (line.rtl and align in ("left", "justify")):
        x = spare
    starts = []
    for piece in line.pieces:
        starts.append((piece.start, x, piece))
        x += piece.width
    runs = tuple(
        Run(
            fonts.index(piece.font),
            left + cluster.x,
            cluster.glyphs,
            _plain(cluster.shape),
            cluster.text,
        )
        for _, left, piece in sorted(starts, key=lambda item: item[0])
        for cluster in piece.clusters
    )
    return TextLine(runs, spare)


def _plain(shape: tuple[ShapeData, ...]) -> tuple[tuple[float, ...], ...]:
    """Glyph placements as plain tuples, for a record that holds plain values only."""
    return tuple(tuple(data) for data in shape)


def set_paragraphs(
    text: str, faces: dict[str, str], size: float, width: float
) -> list[Line] | None:
    """Lines of `text` at `size` within `width` points; None when a word is wider than that."""
    lines: list[Line] = []
    for paragraph in text.strip().split("\n"):
        plain, bold = _bold_spans(paragraph.strip())
        if not plain:
            lines.append(Line((), 0.0, "", False))
            continue
        set_lines = _paragraph(plain, bold, faces, size, width)
        if set_lines is None:
            return None
        lines.extend(set_lines)
    return lines


def _bold_spans(text: str) -> tuple[str, list[bool]]:
    """The text without `**` marks, and which characters were inside them."""
    plain, bold, last = [], [], 0
    for match in BOLD_MARK.finditer(text):
        plain.append(text[last : match.start()])
        bold.extend([False] * (match.start() - last))
        plain.append(match[1])
        bold.extend([True] * len(match[1]))
        last = match.end()
    plain.append(text[last:])
    bold.extend([False] * (len(text) - last))
    return "".join(plain), bold


def _paragraph(
    text: str, bold: list[bool], faces: dict[str, str], size: float, width: float
) -> list[Line] | None:
    base = base_level(text)
    char_levels = levels(text, base)
    runs = _runs(text, char_levels, bold, faces, size)
    advance = [0.0] * len(text)
    for run in runs:
        for cluster, _, data in run.glyphs:
            advance[run.start + cluster] += data.x_advance * size / 1000
    lines = []
    for start, end in _breaks(text, advance, width):
        if end < 0:
            return None
        lines.append(_line(text, char_levels, base, runs, start, end, advance, size))
    return lines


def _runs(text: str, char_levels: list[int], bold: list[bool], faces, size) -> list[_Run]:
    """Maximal runs of one level and one face, each shaped in its direction."""
    runs, start = [], 0
    for i in range(1, len(text) + 1):
        if i == len(text) or (char_levels[i], bold[i]) != (char_levels[start], bold[start]):
            font = faces["bold" if bold[start] else "regular"]
            runs.append(_shaped(text, start, i, char_levels[start], font, size))
            start = i
    return runs


def _shaped(text: str, start: int, end: int, level: int, font: str, size: float) -> _Run:
    """HarfBuzz glyphs of one run, as ReportLab shaped characters of its font."""
    face = pdfmetrics.getFont(font)
    buffer = hb.Buffer()
    buffer.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS
    buffer.add_str(text[start:end])
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if level % 2 else "ltr"
    hb_font = face.hbFont(size)
    hb.shape(hb_font, buffer, {"kern": True, "liga": True})
    glyphs = []
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        gid = info.codepoint
        chars = face.face.glyphToChar.get(gid)
        char = (
            chars[0]
            if chars
            else face.hbAddPrivate(hb_font.glyph_to_string(gid), gid, pos.x_advance)
        )
        data = ShapeData(
            info.cluster,
            face.pdfScale(pos.x_advance),
            face.pdfScale(pos.y_advance),
            face.pdfScale(pos.x_offset),
            face.pdfScale(pos.y_offset),
            face.face.charWidths.get(char, 0),
        )
        glyphs.append((info.cluster, char, data))
    return _Run(start, end, level, font, glyphs)


def _breaks(text: str, advance: list[float], width: float) -> list[tuple[int, int]]:
    """Greedy line breaks at spaces in logical order; (start, -1) marks a word too wide."""
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
    lines, line_start, line_end = [], None, 0
    for start, end in words:
        word = sum(advance[start:end])
        if word > width + 0.01:
            return [(start, -1)]
        if line_start is not None and sum(advance[line_start:end]) > width + 0.01:
            lines.append((line_start, line_end))
            line_start = None
        if line_start is None:
            line_start = start
        line_end = end
    if line_start is not None:
        lines.append((line_start, line_end))
    return lines


def _line(text, char_levels, base, runs, start, end, advance, size) -> Line:
    """The characters [start, end) in visual order, grouped into pieces of one run."""
    order = [start + i for i in visual_order(text[start:end], char_levels[start:end], base)]
    pieces: list[Glyphs] = []
    index = 0
    while index < len(order):
        run = next(r for r in runs if r.start <= order[index] < r.end)
        stop = index
        while stop < len(order) and run.start <= order[stop] < run.end:
            stop += 1
        chars = set(order[index:stop])
        glyphs = [(c, g, d) for c, g, d in run.glyphs if run.start + c in chars]
        clusters = _clusters(text, run, glyphs, size, max(chars) + 1)
        pieces.append(Glyphs(run.font, clusters, sum(advance[i] for i in chars), min(chars)))
        index = stop
    return Line(tuple(pieces), sum(p.width for p in pieces), text[start:end], bool(base % 2))


def _clusters(text: str, run: _Run, glyphs: list, size: float, limit: int) -> tuple[Cluster, ...]:
    """Group glyphs by the characters they stand for, placed left to right, listed logically."""
    placed, x = [], 0.0
    for cluster, group in groupby(glyphs, key=lambda glyph: glyph[0]):
        group = list(group)
        placed.append((cluster, x, group))
        x += sum(d.x_advance for *_, d in group) * size / 1000
    starts = sorted(cluster for cluster, _, _ in placed)
    ends = dict(zip(starts, [*starts[1:], None], strict=True))
    result = []
    for cluster, x, group in sorted(placed, key=lambda item: item[0]):
        stop = limit if ends[cluster] is None else run.start + ends[cluster]
        glyphs = "".join(chr(g) for _, g, _ in group)
        result.append(
            Cluster(x, glyphs, tuple(d for *_, d in group), text[run.start + cluster : stop])
        )
    return tuple(result)
