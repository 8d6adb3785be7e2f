"""Characters for the glyphs a font maps no character to (an Arabic letter's joined forms, a
ligature), the same in every process.

Shaped text is drawn character by character, so such a glyph needs a private-use character.
ReportLab hands them out in the order a process first shapes each glyph, so a face fitted in one
build named other glyphs in the next, and no face holding one could be kept in the cache.
Here every such
glyph of a font is named when the font is registered: in glyph order, from U+E000 on, skipping
the private-use characters the font maps itself.
"""

from __future__ import annotations

from reportlab.pdfbase.ttfonts import TTFont

FIRST, LAST = 0xE000, 0xF8FF  # the Basic Multilingual Plane's private-use area
_NAMED = "_pnp_glyph_codes"  # set on a font face once its glyphs are named
_IN_SHAPING_ORDER: set[str] = set()  # fonts with too many such glyphs: ReportLab names them


def name_unmapped_glyphs(font: TTFont) -> int:
    """Give each glyph of `font` that no character maps to a private-use character, with the
    glyph's own advance width; returns how many were named (0 when done before, or when the
    font has more such glyphs than the area has characters: then ReportLab names them as it
    shapes, and faces drawing them are not kept)."""
    face = font.face
    if getattr(face, _NAMED, False):
        return 0
    setattr(face, _NAMED, True)
    unmapped = [gid for gid in range(face.numGlyphs) if gid not in face.glyphToChar]
    free = (code for code in range(FIRST, LAST + 1) if code not in face.charToGlyph)
    codes = [code for code, _ in zip(free, unmapped, strict=False)]
    if len(codes) < len(unmapped):
        _IN_SHAPING_ORDER.add(font.fontName)
        return 0
    advances = face.hmetrics
    for gid, code in zip(unmapped, codes, strict=True):
        face.charToGlyph[code] = gid
        face.glyphToChar[gid] = [code]
        face.charWidths[code] = font.pdfScale(advances[gid][0])
    return len(codes)


def named_in_shaping_order() -> bool:
    """Whether some font registered in this process names its glyphs in the order they are
    shaped (see `name_unmapped_glyphs`), so a private-use character may mean another glyph in
    another process."""
    return bool(_IN_SHAPING_ORDER)
