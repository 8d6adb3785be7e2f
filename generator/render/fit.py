"""Text fitting: the largest type size at which a paragraph fits its box in width and height."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from generator.colours import reportlab_colour
from generator.fonts import Family, family_faces, resolve_family
from generator.model.layout import TextStyle
from generator.render.bidi import has_rtl
from generator.render.breaks import wrapped
from generator.render.kept import KeptParagraph, kept
from generator.render.lines import Line, set_paragraphs
from generator.render.markup import to_markup
from generator.render.paragraphs import card_paragraph
from generator.render.slotted import by_fields

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
STEP_PT = 0.25
LEGIBLE_PT = 6.0  # the smallest type a player reads without a second look
NEEDS_PARAGRAPH = re.compile(r"[*<>&:\n]")


@cache
def paragraph_style(
    font: str, size: float, leading: float, align: str, colour: str
) -> ParagraphStyle:
    """One style object per distinct setting, shared by every card that uses it; `font` is a
    registered face name."""
    return ParagraphStyle(
        f"{font}-{size:g}-{align}",
        fontName=font,
        fontSize=size,
        leading=size * leading,
        alignment=ALIGN[align],
        textColor=reportlab_colour(colour),
        splitLongWords=0,
    )


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text set at the size that fits: a single plain line, or a wrapped paragraph."""

    __reduce__ = by_fields

    size: float
    used_height: float
    font: str
    line: str | None = None
    kept: Paragraph | KeptParagraph | None = None  # the wrapped paragraph, as a deck holds it
    lines: tuple[Line, ...] | None = None

    @property
    def paragraph(self) -> Paragraph | None:
        """The wrapped paragraph, as ReportLab laid it out."""
        if isinstance(self.kept, KeptParagraph):
            return self.kept.unpacked()
        return self.kept

    def spare_spaces(self) -> tuple[float, ...]:
        """The room each line of the wrapped paragraph leaves (points), read without unpacking
        a kept one."""
        if isinstance(self.kept, KeptParagraph):
            return self.kept.spare_spaces()
        return () if self.kept is None else line_spaces(self.kept)


def fit_text(
    text: str, style: TextStyle, box, symbols: frozenset[str], family: Family | None = None
) -> Fitted | None:
    """The text at the largest size that fits its box, or None when even min_size does not."""
    faces = family_faces(family or resolve_family(None, None))
    font = faces.get(style.font) or next(iter(faces.values()))
    width, height = box.width * mm, box.height * mm
    if has_rtl(text):
        return _fit_lines(text, style, faces, width, height)
    if not NEEDS_PARAGRAPH.search(text) and style.align != "justify":
        line = _plain_line(text.strip(), style, font, width, height)
        if line is not None:
            return line
    for size in _sizes(style.size, smallest_size(style)):
        attempt = _attempt(text, style, font, size, symbols, width, height)
        if attempt is not None:
            return attempt
    return None


def _fit_lines(
    text: str, style: TextStyle, faces: dict[str, str], width: float, height: float
) -> Fitted | None:
    """Right-to-left or mixed text, shaped and set line by line at the largest size that fits."""
    regular = faces.get(style.font, faces["regular"])
    faces = {"regular": regular, "bold": faces.get("bold", regular)}
    for size in _sizes(style.size, smallest_size(style)):
        size = round(size, 2)
        lines = set_paragraphs(text, faces, size, width)
        used = len(lines or ()) * size * style.leading
        if lines is not None and used <= height + 0.01:
            return Fitted(size, used, faces["regular"], lines=tuple(lines))
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
) -> Fitted | None:
    """One line of plain text drawn as a string: no parsing, when it fits at full size."""
    if stringWidth(text, font, style.size) > width or style.size * style.leading > height:
        return None
    return Fitted(style.size, style.size * style.leading, font, line=text)


def _attempt(
    text: str, style: TextStyle, font: str, size: float, symbols, width: float, height: float
) -> Fitted | None:
    size = round(size, 2)
    markup = to_markup(text, symbols, size)
    paragraph = card_paragraph(
        markup, paragraph_style(font, size, style.leading, style.align, style.colour)
    )
    _, used = wrapped(paragraph, width, height)
    if used > height + 0.01 or _overflows(paragraph):
        return None
    del paragraph.frags  # the lines hold their words
    return Fitted(size, used, font, kept=kept(paragraph))


def _overflows(paragraph: Paragraph) -> bool:
    """A word wider than the box leaves a line with negative spare space (words are never split)."""
    return any(space < -0.01 for space in line_spaces(paragraph))


def line_spaces(paragraph: Paragraph) -> tuple[float, ...]:
    """The room each line of a laid-out paragraph leaves (points)."""
    lines = paragraph.blPara.lines
    return tuple(line[0] if isinstance(line, tuple) else line.extraSpace for line in lines)
