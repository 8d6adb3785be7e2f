"""Text fitting: the largest type size at which a paragraph fits its box in width and height."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from generator.fonts import FACES, register_fonts
from generator.model.layout import TextStyle
from generator.render.markup import to_markup

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
STEP_PT = 0.25
NEEDS_PARAGRAPH = re.compile(r"[*<>&:\n]")


@cache
def paragraph_style(
    font: str, size: float, leading: float, align: str, colour: str
) -> ParagraphStyle:
    """One style object per distinct setting, shared by every card that uses it."""
    register_fonts()
    return ParagraphStyle(
        f"{font}-{size:g}-{align}",
        fontName=FACES[font],
        fontSize=size,
        leading=size * leading,
        alignment=ALIGN[align],
        textColor=HexColor(colour),
        splitLongWords=0,
    )


@dataclass(frozen=True)
class Fitted:
    """Text set at the size that fits: a single plain line, or a wrapped paragraph."""

    size: float
    used_height: float
    line: str | None = None
    paragraph: Paragraph | None = None


def fit_text(text: str, style: TextStyle, box, symbols: frozenset[str]) -> Fitted | None:
    """The text at the largest size that fits its box, or None when even min_size does not."""
    register_fonts()
    width, height = box.width * mm, box.height * mm
    if not NEEDS_PARAGRAPH.search(text) and style.align != "justify":
        line = _plain_line(text.strip(), style, width, height)
        if line is not None:
            return line
    for size in _sizes(style.size, style.min_size):
        attempt = _attempt(text, style, size, symbols, width, height)
        if attempt is not None:
            return attempt
    return None


def _sizes(largest: float, smallest: float) -> list[float]:
    """Sizes to try, largest first, in fixed steps: wrapping is not monotonic in size (a word
    that moves to the next line can make a larger size fit where a smaller one did not), so a
    bisection could settle below a size that fits."""
    steps = int((largest - smallest) / STEP_PT + 1e-9)
    return [largest - i * STEP_PT for i in range(steps + 1)] + [smallest]


def _plain_line(text: str, style: TextStyle, width: float, height: float) -> Fitted | None:
    """One line of plain text drawn as a string: no parsing, when it fits at full size."""
    if (
        stringWidth(text, FACES[style.font], style.size) > width
        or style.size * style.leading > height
    ):
        return None
    return Fitted(style.size, style.size * style.leading, line=text)


def _attempt(
    text: str, style: TextStyle, size: float, symbols, width: float, height: float
) -> Fitted | None:
    size = round(size, 2)
    markup = to_markup(text, symbols, size)
    paragraph = Paragraph(
        markup, paragraph_style(style.font, size, style.leading, style.align, style.colour)
    )
    _, used = paragraph.wrap(width, height)
    if used > height + 0.01 or _overflows(paragraph):
        return None
    return Fitted(size, used, paragraph=paragraph)


def _overflows(paragraph: Paragraph) -> bool:
    """A word wider than the box leaves a line with negative spare space (words are never split)."""
    lines = paragraph.blPara.lines
    spare = (line[0] if isinstance(line, tuple) else line.extraSpace for line in lines)
    return any(space < -0.01 for space in spare)
