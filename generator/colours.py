"""Colours as designers write them (CSS names, #rgb, #rrggbb, #rrggbbaa), read in one place."""

from __future__ import annotations

import re
from functools import cache

from PIL import ImageColor
from reportlab.lib.colors import Color, HexColor

EXPECTED = "a colour such as #8b1a1a, #fc0 or a CSS name like gold"
NO_COLOUR = ("", "none")
_HEX = re.compile(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")

# The 148 named colours of CSS Color Module 4 (Pillow's table is CSS's), plus `transparent`.
CSS_NAMES: dict[str, str] = {
    **{
        name: "#{:02x}{:02x}{:02x}".format(*ImageColor.getrgb(name)) for name in ImageColor.colormap
    },
    "transparent": "#00000000",
}


def parse_colour(value: object) -> str:
    """A colour as lower-case `#rrggbb`, or `#rrggbbaa` when it is see-through.

    Opaque colours keep the six-digit form whatever way they were written, so a kit's bytes
    do not depend on the spelling.
    """
    text = value.strip().lower() if isinstance(value, str) else ""
    text = CSS_NAMES.get(text, text)
    match = _HEX.fullmatch(text)
    if match is None:
        raise ValueError(f"expected {EXPECTED}, found {_found(value)}")
    digits = match[1]
    if len(digits) <= 4:
        digits = "".join(digit * 2 for digit in digits)
    return "#" + (digits[:6] if digits[6:] == "ff" else digits)


def parse_optional_colour(value: object) -> str | None:
    """A colour, or None where the data leaves it empty or says `none`."""
    if value is None or (isinstance(value, str) and value.strip().lower() in NO_COLOUR):
        return None
    return parse_colour(value)


def _found(value: object) -> str:
    """What was written, with a hint for the YAML trap of an unquoted `#` starting a comment."""
    if value is None:
        return 'nothing (quote a colour in YAML, "#8b1a1a": an unquoted # starts a comment)'
    return repr(value)


@cache
def reportlab_colour(colour: str) -> Color:
    """The ReportLab colour of a parsed colour, its alpha (if any) drawn as fill or stroke alpha."""
    return HexColor(colour, hasAlpha=len(colour) == 9)
