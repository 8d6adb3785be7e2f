"""Font files ReportLab can embed: variable fonts pinned to one instance, cached on disk."""

from __future__ import annotations

import hashlib
import io
import logging
import os
from functools import cache
from pathlib import Path

from fontTools import version as FONTTOOLS_VERSION
from fontTools.ttLib import TTFont, TTLibError
from reportlab.pdfbase.ttfonts import TTFontFile

from generator.limits import MEGABYTE, active, megabytes, raise_hint

CACHE_ENV = "PNP_CACHE_DIR"
# GPOS pair kerning makes instancing 10x slower; ReportLab does not kern, and HarfBuzz keeps
# the mark and cursive positioning that Arabic needs, so only pair adjustments are dropped.
PAIR_POS, EXTENSION = 2, 9


class FontFileError(Exception):
    """A font file that cannot be read or embedded; the message says what was found."""


def cache_dir() -> Path:
    """Where pinned instances live: $PNP_CACHE_DIR, else the user's cache folder."""
    root = os.environ.get(CACHE_ENV) or os.environ.get("XDG_CACHE_HOME")
    base = Path(root) if root else Path.home() / ".cache"
    return (base if os.environ.get(CACHE_ENV) else base / "pnp") / "fonts"


def open_font(path: Path) -> TTFont:
    """A font read into memory (the file is closed); anything not a font is a FontFileError."""
    size, most = path.stat().st_size, active().font_file_mb * MEGABYTE
    if size > most:
        raise FontFileError(
            f"expected a font file of at most {megabytes(most)}{raise_hint('font_file_mb')}, "
            f"found {megabytes(size)}"
        )
    try:
        font = TTFont(io.BytesIO(path.read_bytes()), lazy=True, fontNumber=0)
        font["cmap"]
        font["head"]
    except (TTLibError, OSError, KeyError, AssertionError, ValueError, IndexError) as exc:
        raise FontFileError(f"expected a TrueType or OpenType font, found {_reason(exc)}") from exc
    return font


def check_outlines(path: Path) -> None:
    """Read the font as the PDF writer will and subset every character it maps, so a damaged
    glyph table is a finding of `pnp check` rather than a failure while a PDF is written."""
    try:
        face = TTFontFile(str(path))
        face.makeSubset(sorted(face.charToGlyph))
    except Exception as exc:  # ReportLab's parser fails on damage in many ways
        raise FontFileError(
            f"expected a font whose glyph tables can be read, found a damaged table ({_reason(exc)})"
        ) from exc


def _reason(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) < 120 else text[:117] + "..."


def embeddable(path: Path, location: dict[str, float] | None, name: str) -> Path:
    """A file ReportLab can embed for this face: the file itself, or a pinned instance `name`d."""
    font = open_font(path)
    if "glyf" not in font:
        raise FontFileError(
            f"expected TrueType outlines (glyf), found PostScript (CFF) outlines in {path.name}; "
            "use the family's TTF files"
        )
    if "fvar" not in font:
        return path
    axes = {axis.axisTag: axis.defaultValue for axis in font["fvar"].axes}
    pinned = {**axes, **{tag: value for tag, value in (location or {}).items() if tag in axes}}
    if pinned == axes:
        return path
    return _instance(path, tuple(sorted(pinned.items())), name)


@cache
def _instance(path: Path, location: tuple[tuple[str, float], ...], name: str) -> Path:
    """The variable font pinned at `location`, made once per machine and kept in the cache."""
    key = hashlib.sha256(path.read_bytes())
    key.update(repr((location, name, FONTTOOLS_VERSION)).encode())
    target = cache_dir() / f"{path.stem.split('[')[0]}-{key.hexdigest()[:16]}.ttf"
    if target.exists():
        return target
    from fontTools.varLib import instancer  # slow to import; needed once per machine and face

    font = TTFont(io.BytesIO(path.read_bytes()))
    _drop_pair_kerning(font)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    pinned = instancer.instantiateVariableFont(
        font, dict(location), optimize=False, updateFontNames=False
    )
    family, _, style = name.partition("-")
    pinned["name"].setName(name, 6, 3, 1, 0x409)
    pinned["name"].setName(f"{family} {style}", 4, 3, 1, 0x409)
    buffer = io.BytesIO()
    pinned.save(buffer)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_bytes(buffer.getvalue())
    temporary.replace(target)
    return target


def _drop_pair_kerning(font: TTFont) -> None:
    """Empty the GPOS pair-adjustment lookups (see PAIR_POS)."""
    if "GPOS" not in font or font["GPOS"].table.LookupList is None:
        return
    for lookup in font["GPOS"].table.LookupList.Lookup:
        kind = lookup.LookupType
        if kind == EXTENSION and lookup.SubTable:
            kind = lookup.SubTable[0].ExtensionLookupType
        if kind == PAIR_POS:
            lookup.LookupType, lookup.SubTable, lookup.SubTableCount = 2, [], 0
