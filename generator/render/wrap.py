"""Card text broken into lines at one type size: greedily, at spaces; words are never split.

Words are measured with the fonts' own widths (`pdfmetrics.stringWidth`). A word joins the line
while it fits; the spaces of a line may shrink by `SHRINK` of their width to take one more word,
as ReportLab's paragraphs let them, but a line that then overruns its box by more than rounding
means the size does not fit (as does a word wider than the box). A space is measured, and drawn,
in the face of the text it stands in. An icon is a word of its own, `ICON_SCALE` times the type
size wide. Justified lines are stretched by their spaces to the box's width, but for the last
line of each paragraph (before a line break, or the text's end).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.render.fitted import Run, RunStyle, TextLine
from generator.render.markup import ICON_SCALE, Span

SHRINK = 0.05  # ReportLab's default `spaceShrinkage`: what the lines of today's kits were set by
ROUNDING_PT = 0.01  # an overrun this small is rounding, not text outside its box
# Spaces between words: any whitespace but the no-break space, which holds a bullet to its word.
BREAKABLE = re.compile(r"[^\S\u00a0]+")

Key = tuple[str, str]  # ("font", a registered face name) or ("icon", a symbol's key)


@dataclass(frozen=True, slots=True)
class Word:
    """A word: its pieces of one style each (an icon's text is empty), and the style of the
    space after it (None when none follows)."""

    pieces: tuple[tuple[int, str], ...]
    space: int | None


@dataclass(frozen=True, slots=True)
class Words:
    """A text's paragraphs (its lines between line breaks) as words, and the styles they use."""

    keys: tuple[Key, ...]
    paragraphs: tuple[tuple[Word, ...], ...]


def text_words(lines: list[list[Span]], face: Callable[[Span], str]) -> Words:
    """The words of `lines` (from `markup.card_lines`); `face(span)` names a span's font face."""
    keys: dict[Key, int] = {}
    paragraphs = []
    for spans in lines:
        words: list[Word] = []
        pieces: list[tuple[int, str]] = []
        for span in spans:
            if span.icon:
                if pieces:
                    words.append(Word(tuple(pieces), None))
                icon = keys.setdefault(("icon", span.text), len(keys))
                words.append(Word(((icon, ""),), None))
                pieces = []
                continue
            style = keys.setdefault(("font", face(span)), len(keys))
            for index, part in enumerate(BREAKABLE.split(span.text)):
                if index:  # whitespace stood before this part
                    if pieces:
                        words.append(Word(tuple(pieces), style))
                        pieces = []
                    elif words and words[-1].space is None:
                        words[-1] = Word(words[-1].pieces, style)
                if part:
                    pieces.append((style, part))
        if pieces:
            words.append(Word(tuple(pieces), None))
        paragraphs.append(tuple(words))
    return Words(tuple(keys), tuple(paragraphs))


def run_styles(keys: tuple[Key, ...], size: float, colour: str) -> tuple[RunStyle, ...]:
    """The styles of a text's runs at a type size."""
    return tuple(
        RunStyle("", size * ICON_SCALE, "", name)
        if kind == "icon"
        else RunStyle(name, size, colour)
        for kind, name in keys
    )


def set_lines(
    words: Words, styles: tuple[RunStyle, ...], width: float, align: str
) -> tuple[TextLine, ...] | None:
    """The lines of `words` in `styles` within `width` points, or None when a line overruns."""
    spaces = [0.0 if style.icon else stringWidth(" ", style.font, style.size) for style in styles]
    lines = []
    for paragraph in words.paragraphs:
        widths = [_widths(word, styles) for word in paragraph]
        broken = _broken(paragraph, widths, spaces, width)
        for number, (start, stop, used) in enumerate(broken):
            if used > width + ROUNDING_PT:
                return None
            stretch = align == "justify" and number < len(broken) - 1
            placed = _placed(paragraph, widths, spaces, start, stop)
            lines.append(_line(placed, styles, width - used, align, stretch))
    return tuple(lines)


def _widths(word: Word, styles: tuple[RunStyle, ...]) -> list[float]:
    """Each piece's width in points."""
    return [
        styles[style].size
        if styles[style].icon
        else stringWidth(text, styles[style].font, styles[style].size)
        for style, text in word.pieces
    ]


def _broken(
    paragraph: tuple[Word, ...], widths: list[list[float]], spaces: list[float], width: float
) -> list[tuple[int, int, float]]:
    """Greedy breaks: (first word, word after the last, width used) for each line; a paragraph
    without words is one empty line."""
    lines = []
    start, used, shrinkable, space = 0, 0.0, 0.0, 0.0
    for index, word in enumerate(paragraph):
        wide = sum(widths[index])
        longer = used + space + wide
        if index > start and longer > width + SHRINK * (shrinkable + space):
            lines.append((start, index, used))
            start, used, shrinkable = index, wide, 0.0
        elif index > start:
            used, shrinkable = longer, shrinkable + space
        else:
            used = wide
        space = 0.0 if word.space is None else spaces[word.space]
    lines.append((start, len(paragraph), used))
    return lines


def _placed(
    paragraph: tuple[Word, ...],
    widths: list[list[float]],
    spaces: list[float],
    start: int,
    stop: int,
) -> list[tuple[int, float, str, bool]]:
    """A line's pieces from its left: (style, x, text, a space) each, spaces between words."""
    placed = []
    x = 0.0
    for index in range(start, stop):
        before = paragraph[index - 1].space if index > start else None
        if before is not None:
            placed.append((before, x, " ", True))
            x += spaces[before]
        for (style, text), wide in zip(paragraph[index].pieces, widths[index], strict=True):
            placed.append((style, x, text, False))
            x += wide
    return placed


def _line(
    placed: list[tuple[int, float, str, bool]],
    styles: tuple[RunStyle, ...],
    spare: float,
    align: str,
    stretch: bool,
) -> TextLine:
    """A line's runs: pieces of one style joined (an icon stands alone; a stretched line starts
    a run after each space, at its place once the spaces take the spare room)."""
    count = sum(1 for *_, space in placed if space)
    extra = spare / count if stretch and count else 0.0
    offset = {"center": spare / 2, "right": spare}.get(align, 0.0)
    runs: list[Run] = []
    spaced, joins = 0, False
    for style, x, text, space in placed:
        if joins and runs[-1].style == style:
            last = runs[-1]
            runs[-1] = Run(style, last.x, last.text + text)
        else:
            runs.append(Run(style, offset + x + extra * spaced, text))
        spaced += space
        joins = not styles[style].icon and not (space and extra)
    return TextLine(tuple(runs), spare, bool(extra))
