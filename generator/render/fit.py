"""Text fitting: the largest type size at which a paragraph fits its box in width and height."""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from generator.fonts import FACES, register_fonts
from generator.model.layout import TextStyle
from generator.render.markup import to_markup

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
PRECISION_PT = 0.1


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
    )


def fit_text(
    text: str, style: TextStyle, box, symbols: frozenset[str]
) -> tuple[Paragraph, float, float] | None:
    """(paragraph, size, used height in pt) at the largest size that fits, or None below min_size."""
    width, height = box.width * mm, box.height * mm
    best = _attempt(text, style, style.size, symbols, width, height)
    if best is not None:
        return best
    low, high, best = style.min_size, style.size, None
    while high - low > PRECISION_PT:
        middle = (low + high) / 2
        attempt = _attempt(text, style, middle, symbols, width, height)
        if attempt is None:
            high = middle
        else:
            low, best = middle, attempt
    return best or _attempt(text, style, style.min_size, symbols, width, height)


def _attempt(text: str, style: TextStyle, size: float, symbols, width: float, height: float):
    size = round(size, 2)
    markup = to_markup(text, symbols, size)
    paragraph = Paragraph(
        markup, paragraph_style(style.font, size, style.leading, style.align, style.colour)
    )
    _, used = paragraph.wrap(width, height)
    if used > height + 0.01 or paragraph.minWidth() > width + 0.01:
        return None
    return paragraph, size, used
