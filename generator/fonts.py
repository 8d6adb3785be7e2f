"""Fonts: open-licence TrueType faces registered once, so every PDF embeds and subsets them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(reportlab.__file__).parent / "fonts"
BODY, BOLD, ITALIC, BOLD_ITALIC = "Vera", "Vera-Bold", "Vera-Italic", "Vera-BoldItalic"
_FILES = {BODY: "Vera.ttf", BOLD: "VeraBd.ttf", ITALIC: "VeraIt.ttf", BOLD_ITALIC: "VeraBI.ttf"}


@cache
def register_fonts() -> str:
    """Register Bitstream Vera (shipped with ReportLab) and return the body family name."""
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    for bold, italic, name in ((0, 0, BODY), (1, 0, BOLD), (0, 1, ITALIC), (1, 1, BOLD_ITALIC)):
        addMapping(BODY, bold, italic, name)
    return BODY


FACES = {"regular": BODY, "bold": BOLD, "italic": ITALIC, "bold-italic": BOLD_ITALIC}
