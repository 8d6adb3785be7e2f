"""Font files ReportLab can embed: variable fonts pinned to one instance (shipped with pnp for
the families that come with it, else made once per machine and kept on disk), and what a build
reads of a font file (its outlines, axes and characters), kept by its content."""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fontTools import version as FONTTOOLS_VERSION
from reportlab.pdfbase.ttfonts import TTFontFile

from generator.limits import MEGABYTE, active, megabytes, raise_hint
from generator.user_cache import user_cache_dir

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

FACTS = "facts"  # the folder of kept font facts, in the font cache
SHIPPED = Path(__file__).parent / "pinned"  # instances made before pnp was packaged (ship.py)
# GPOS pair kerning makes instancing 10x slower; ReportLab does not kern, and HarfBuzz keeps
# the mark and cursive positioning that Arabic needs, so only pair adjustments are dropped.
PAIR_POS, EXTENSION = 2, 9


Location = tuple[tuple[str, float], ...]  # a variable font's axes and their values, sorted


class FontFileError(Exception):
    """A font file that cannot be read or embedded; the message says what was found."""


def cache_dir() -> Path:
    """Where instances pinned on this machine live: in the user's pnp cache folder."""
    return user_cache_dir() / "fonts"


def open_font(path: Path) -> TTFont:
    """A font read into memory (the file is closed); anything not a font is a FontFileError."""
    from fontTools.ttLib import TTFont, TTLibError  # slow to import; a rebuild reads facts

    _within_limit(path)
    try:
        font = TTFont(io.BytesIO(path.read_bytes()), lazy=True, fontNumber=0)
        font["cmap"]
        font["head"]
    except (TTLibError, OSError, KeyError, AssertionError, ValueError, IndexError) as exc:
        raise FontFileError(f"expected a TrueType or OpenType font, found {_reason(exc)}") from exc
    return font


def _within_limit(path: Path) -> None:
    """A FontFileError for a font file larger than the game's limit allows."""
    size, most = path.stat().st_size, active().font_file_mb * MEGABYTE
    if size > most:
        raise FontFileError(
            f"expected a font file of at most {megabytes(most)}{raise_hint('font_file_mb')}, "
            f"found {megabytes(size)}"
        )


@dataclass(frozen=True)
class FontFacts:
    """What a build reads of a font file, kept in the font cache: parsing them with fontTools
    (its cmap above all) costs far more than reading them back."""

    outlines: bool  # TrueType (glyf) outlines, the only ones ReportLab embeds
    axes: dict[str, float] | None  # a variable font's axes at their defaults; None if static
    characters: frozenset[int]  # the code points its best cmap maps


def font_facts(path: Path) -> FontFacts:
    """A font file's facts, kept under the SHA-256 of its content and fontTools' version (an
    edited file, or another reader, reads them again)."""
    _within_limit(path)
    key = _content(path)
    key.update(f"facts {FONTTOOLS_VERSION}".encode())
    kept = cache_dir() / FACTS / f"{key.hexdigest()}.json"
    facts = _recalled(kept)
    if facts is None:
        facts = _read_facts(path)
        _keep(kept, facts)
    return facts


def _read_facts(path: Path) -> FontFacts:
    font = open_font(path)
    outlines = "glyf" in font
    variable = outlines and "fvar" in font
    axes = {axis.axisTag: axis.defaultValue for axis in font["fvar"].axes} if variable else None
    return FontFacts(outlines, axes, frozenset(font.getBestCmap() or ()))


def _recalled(kept: Path) -> FontFacts | None:
    """Facts kept before, or None when there are none or they are not as `_keep` writes them."""
    try:
        data = json.loads(kept.read_bytes())
        outlines, axes, characters = data["outlines"], data["axes"], data["characters"]
    except (OSError, ValueError, TypeError, KeyError):
        return None
    if not isinstance(outlines, bool) or not _is_axes(axes) or not _is_codes(characters):
        return None
    return FontFacts(outlines, axes, frozenset(characters))


def _is_axes(axes: Any) -> bool:
    return axes is None or (
        isinstance(axes, dict)
        and all(type(value) in (int, float) for value in axes.values())  # keys are str in JSON
    )


def _is_codes(characters: Any) -> bool:
    return isinstance(characters, list) and all(type(code) is int for code in characters)


def _keep(kept: Path, facts: FontFacts) -> None:
    """Write facts whole (a temporary file renamed), so no reader meets half of them."""
    data = {"outlines": facts.outlines, "axes": facts.axes, "characters": sorted(facts.characters)}
    temporary = kept.with_suffix(f".{os.getpid()}.tmp")
    with suppress(OSError):  # a font cache that cannot be written only slows the next build
        kept.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(data))
        temporary.replace(kept)


def _content(path: Path) -> Any:
    """A running SHA-256 of the file's bytes, to name what is kept of it (a copy: go on with
    it freely); hashed once per process while its size and modification time stay the same."""
    stat = path.stat()
    return _hashed(path.resolve(), stat.st_size, stat.st_mtime_ns).copy()


@cache
def _hashed(path: Path, size: int, mtime: int) -> Any:
    return hashlib.sha256(path.read_bytes())


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
    pinned = pin_location(path, location)
    return path if pinned is None else _instance(path, pinned, name)


def pin_location(path: Path, location: dict[str, float] | None) -> Location | None:
    """Where a variable font is pinned for a face at `location` (every axis, the others at their
    defaults), or None when the file embeds as it is (a static font, or its default instance)."""
    facts = font_facts(path)
    if not facts.outlines:
        raise FontFileError(
            f"expected TrueType outlines (glyf), found PostScript (CFF) outlines in {path.name}; "
            "use the family's TTF files"
        )
    axes = facts.axes
    if axes is None:
        return None
    pinned = {**axes, **{tag: value for tag, value in (location or {}).items() if tag in axes}}
    return None if pinned == axes else tuple(sorted(pinned.items()))


def pinned_file_name(path: Path, location: Location, name: str) -> str:
    """The face's name and a digest of the font's content and the pin: an updated or edited
    font is pinned anew, and a shipped instance is found only for the font it was made from."""
    key = _content(path)
    key.update(repr((location, name)).encode())
    return f"{name}-{key.hexdigest()[:16]}.ttf"


@cache
def _instance(path: Path, location: Location, name: str) -> Path:
    """The variable font pinned at `location`: the instance shipped with pnp, else one made once
    per machine and kept in the font cache."""
    file_name = pinned_file_name(path, location, name)
    for folder in (SHIPPED, cache_dir()):
        if (folder / file_name).is_file():
            return folder / file_name
    return pin(path, location, name, cache_dir() / file_name)


def pin(path: Path, location: Location, name: str, target: Path) -> Path:
    """Write the variable font pinned at `location` as a static font `name`d, whole (a
    temporary file renamed), so no reader meets half of it."""
    from fontTools.ttLib import TTFont
    from fontTools.varLib import instancer  # slow to import; needed once per machine and face

    font = TTFont(io.BytesIO(path.read_bytes()), recalcTimestamp=False)  # its own date: same bytes
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
