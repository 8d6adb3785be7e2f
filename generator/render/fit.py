"""Text fitting: the largest type size at which a text fits its box in width and height."""

from __future__ import annotations

import re

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.fonts import Family, family_faces, resolve_family
from generator.model.layout import TextStyle
from generator.render.bidi import has_rtl
from generator.render.fitted import FittedText, Run, RunStyle, TextLine
from generator.render.lines import shaped_text
from generator.render.markup import Span, card_lines
from generator.render.wrap import ROUNDING_PT, Words, run_styles, set_lines, text_words

STEP_PT = 0.25
LEGIBLE_PT = 6.0  # the smallest type a player reads without a second look
NEEDS_MARKUP = re.compile(r"[*<>&:\n]")  # what plain one-line text never holds
EMPHASES = {
    (False, False): "regular",
    (True, False): "bold",
    (False, True): "italic",
    (True, True): "bold-italic",
}


def fit_text(
    text: str, style: TextStyle, box, symbols: frozenset[str], family: Family | None = None
) -> FittedText | None:
    """The text at the largest size that fits its box, or None when even min_size does not."""
    faces = family_faces(family or resolve_family(None, None))
    base = style.font if style.font in faces else next(iter(faces))
    width, height = box.width * mm, box.height * mm
    if has_rtl(text):
        return _fit_shaped(text, style, faces, width, height)
    if not NEEDS_MARKUP.search(text) and style.align != "justify":
        line = _plain_line(text.strip(), style, faces[base], width, height)
        if line is not None:
            return line
    words = text_words(card_lines(text, symbols), lambda span: _face(faces, base, span))
    for size in _sizes(style.size, smallest_size(style)):
        fitted = _attempt(words, style, round(size, 2), width, height)
        if fitted is not None:
            return fitted
    return None


def _face(faces: dict[str, str], base: str, span: Span) -> str:
    """The face of a span: the text's own face made bold or italic as the span asks (the text's
    own face where the family has no such face)."""
    bold = span.bold or base.startswith("bold")
    italic = span.italic or base.endswith("italic")
    return faces.get(EMPHASES[bold, italic], faces[base])


def _attempt(
    words: Words, style: TextStyle, size: float, width: float, height: float
) -> FittedText | None:
    """The words set at `size`, or None when they do not fit."""
    styles = run_styles(words.keys, size, style.colour)
    lines = set_lines(words, styles, width, style.align)
    leading = size * style.leading
    if lines is None or len(lines) * leading > height + ROUNDING_PT:
        return None
    return FittedText(size, leading, len(lines) * leading, styles, lines)


def _fit_shaped(
    text: str, style: TextStyle, faces: dict[str, str], width: float, height: float
) -> FittedText | None:
    """Right-to-left or mixed text, shaped and set line by line at the largest size that fits."""
    regular = faces.get(style.font, faces["regular"])
    faces = {"regular": regular, "bold": faces.get("bold", regular)}
    for size in _sizes(style.size, smallest_size(style)):
        size = round(size, 2)
        fitted = shaped_text(text, faces, size, size * style.leading, width, style)
        if fitted is not None and fitted.height <= height + ROUNDING_PT:
            return fitted
    return None


def smallest_size(style: TextStyle) -> float:
    """How far fitting may shrink text: a layout element's `min_size`, but never below the
    legible floor (nor below its largest size) unless it opts in with `allow_small`; the
    generator's own labels (plain styles, no opt-in field) keep their `min_size`."""
    if getattr(style, "allow_small", True):
        return style.min_size
    return min(style.size, max(style.min_size, LEGIBLE_PT))


def _sizes(largest: float, smallest: float) -> list[float]:
    """Sizes to try, largest first, in fixed steps: wrapping is not monotonic in size (a word
    that moves to the next line can make a larger size fit where a smaller one did not), so a
    bisection could settle below a size that fits."""
    steps = int((largest - smallest) / STEP_PT + 1e-9)
    return [largest - i * STEP_PT for i in range(steps + 1)] + [smallest]


def _plain_line(
    text: str, style: TextStyle, font: str, width: float, height: float
) -> FittedText | None:
    """One line of plain text, measured whole: no markup to read, when it fits at full size."""
    used = stringWidth(text, font, style.size)
    leading = style.size * style.leading
    if used > width or leading > height:
        return None
    spare = width - used
    x = {"center": spare / 2, "right": spare}.get(style.align, 0.0)
    line = TextLine((Run(0, x, text),), spare)
    return FittedText(
        style.size, leading, leading, (RunStyle(font, style.size, style.colour),), (line,)
    )
