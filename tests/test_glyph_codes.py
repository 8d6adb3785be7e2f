"""Glyphs without a character of their own get the same private-use character in every process,
so a rebuild takes golden-age's Arabic faces from the cache instead of fitting them again."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from generator.fonts import glyph_codes, resolve_family
from generator.fonts.glyph_codes import FIRST, LAST, name_unmapped_glyphs
from generator.render.lines import set_paragraphs

KING, CASTLE = "شاه", "رخ"  # golden-age's Shah and Rukh


def _amiri(name: str) -> TTFont:
    """Amiri's regular face as a fresh ReportLab font (its glyphs not named yet)."""
    return TTFont(name, str(resolve_family("Amiri", None).face("regular").path))


def test_every_glyph_without_a_character_gets_one_in_the_private_use_area():
    font = _amiri("AmiriNamingTest")
    before = {gid for gid in range(font.face.numGlyphs) if gid not in font.face.glyphToChar}
    assert name_unmapped_glyphs(font) == len(before) > 5000
    codes = [font.face.glyphToChar[gid][0] for gid in sorted(before)]
    assert codes == sorted(codes) and codes[0] >= FIRST and codes[-1] <= LAST
    assert all(
        font.face.charToGlyph[code] == gid for gid, code in zip(sorted(before), codes, strict=True)
    )
    assert name_unmapped_glyphs(font) == 0  # once per face


def test_a_named_glyph_is_as_wide_as_its_advance_in_thousandths_of_an_em():
    font = TTFont("InterNamingTest", str(resolve_family("Inter", None).face("regular").path))
    unmapped = [gid for gid in range(font.face.numGlyphs) if gid not in font.face.glyphToChar]
    units = font.face.unitsPerEm
    assert units != 1000 and name_unmapped_glyphs(font) == len(unmapped) > 0  # scaled, then
    for gid in unmapped:
        (code,) = font.face.glyphToChar[gid]
        assert font.face.charWidths[code] == pytest.approx(
            font.face.hmetrics[gid][0] * 1000 / units
        )


def test_shaping_in_another_order_draws_through_the_same_characters():
    # ReportLab numbered these glyphs in the order a process shaped them: a face kept by one
    # build named other glyphs in the next
    from reportlab.pdfbase import pdfmetrics

    orders = []
    for name, words in (("AmiriOrderA", (KING, CASTLE)), ("AmiriOrderB", (CASTLE, KING))):
        font = _amiri(name)
        name_unmapped_glyphs(font)
        pdfmetrics.registerFont(font)
        faces = {"regular": name, "bold": name}
        shaped = {word: set_paragraphs(word, faces, 12, 200) for word in words}
        orders.append({word: _characters(lines) for word, lines in shaped.items()})
    assert orders[0] == orders[1]
    assert any(FIRST <= ord(c) <= LAST for c in orders[0][KING])  # a joined form is among them


def _characters(lines) -> str:
    """The characters a shaped line draws, left to right."""
    return "".join(
        cluster.glyphs for line in lines for piece in line.pieces for cluster in piece.clusters
    )


def test_a_font_with_more_such_glyphs_than_the_area_holds_is_left_to_reportlab(monkeypatch):
    monkeypatch.setattr(glyph_codes, "_IN_SHAPING_ORDER", set())
    face = SimpleNamespace(numGlyphs=LAST - FIRST + 3, glyphToChar={}, charToGlyph={})
    font = SimpleNamespace(face=face, fontName="Huge")
    assert name_unmapped_glyphs(font) == 0
    assert face.glyphToChar == {} and glyph_codes.named_in_shaping_order()
