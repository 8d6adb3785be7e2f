"""Lengths, card sizes and papers: every unit in the data is parsed here and nowhere else."""

from __future__ import annotations

import re
from dataclasses import dataclass

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, '"': 25.4, "pt": 25.4 / 72}
PT_PER_MM = 72 / 25.4

_NUMBER = r"\d+(?:\.\d+)?(?:/\d+)?"
_LENGTH = re.compile(rf"^\s*(-?{_NUMBER})\s*(mm|cm|in|pt|\")?\s*$")
_SIZE = re.compile(rf"^\s*({_NUMBER})\s*[x\u00d7]\s*({_NUMBER})\s*(mm|cm|in|pt|\")?\s*$")


@dataclass(frozen=True)
class Size:
    """A width and height in millimetres; the unit every geometry function works in."""

    width: float
    height: float

    def rotated(self) -> Size:
        """The same size turned a quarter, for landscape placement."""
        return Size(self.height, self.width)

    @property
    def label(self) -> str:
        """A short file-name-safe label such as `63.5x88.9mm`."""
        return f"{self.width:g}x{self.height:g}mm"


CARD_SIZES: dict[str, Size] = {
    "poker": Size(63.5, 88.9),
    "bridge": Size(57.15, 88.9),
    "tarot": Size(70.0, 120.0),
    "mini-us": Size(41.0, 63.0),
    "mini-euro": Size(45.0, 68.0),
    "square": Size(70.0, 70.0),
}

PAPERS: dict[str, Size] = {
    "a4": Size(210.0, 297.0),
    "letter": Size(215.9, 279.4),
}


def parse_length(value: float | int | str) -> float:
    """Read `3`, `3mm`, `0.5in`, `5/8in` or `9pt` as millimetres; a bare number is millimetres."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 3mm or 0.25in, found {value!r}")
    if isinstance(value, int | float):
        return float(value)
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"expected a length such as 3mm or 0.25in, found {value!r}")
    number, unit = match.groups()
    return _number(number) * MM_PER_UNIT[unit or "mm"]


def parse_size(value: str | list | tuple) -> Size:
    """Read a named size (`poker`), `63x88mm`, `2.5x3.5in` or `[63, 88]` as a Size in mm."""
    if isinstance(value, list | tuple):
        if len(value) != 2:
            raise ValueError(f"expected [width, height], found {len(value)} values")
        return Size(parse_length(value[0]), parse_length(value[1]))
    text = str(value).strip().lower()
    if text in CARD_SIZES:
        return CARD_SIZES[text]
    match = _SIZE.match(text)
    if not match:
        names = ", ".join(CARD_SIZES)
        raise ValueError(f"expected a size name ({names}) or WxH such as 63x88mm, found {value!r}")
    width, height, unit = match.groups()
    factor = MM_PER_UNIT[unit or "mm"]
    return Size(_number(width) * factor, _number(height) * factor)


def _number(text: str) -> float:
    """A decimal or a fraction such as `5/8`."""
    top, _, bottom = text.partition("/")
    return float(top) / float(bottom) if bottom else float(top)


def common_paper_area() -> Size:
    """The area every supported paper shares, so one default layout prints on all of them."""
    return Size(min(p.width for p in PAPERS.values()), min(p.height for p in PAPERS.values()))


def size_name(size: Size) -> str:
    """The conventional name of a card size, or its dimensions when it has none."""
    for name, known in CARD_SIZES.items():
        if known == size:
            return name
    return size.label


def parse_font_size(value: float | int | str) -> float:
    """Read a type size in points: `9`, `9pt` or `3mm`; a bare number is points."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return parse_length(value) * PT_PER_MM


def parse_extent(value: float | int | str, whole: float) -> float:
    """A box coordinate in mm: a length, or a percentage of `whole` such as `50%`."""
    if isinstance(value, str) and value.strip().endswith("%"):
        return whole * float(value.strip()[:-1]) / 100
    return parse_length(value)
