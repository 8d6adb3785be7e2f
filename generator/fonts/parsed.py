"""ReportLab's reading of a font file, kept in the font cache so a build does not parse it again.

`TTFont(name, path)` parses the file's tables (metrics, character map, glyph offsets) each time
a process registers a face: ~6 ms for an Inter face, 0.072 s CPU for golden-age's 14 faces,
which a build registers before its first card. Reading back the attributes that parse set is
0.019 s for the same 14. They are kept by the file's content and path (ReportLab reads its
name), the face's name and the ReportLab release, each entry behind its own SHA-256 (a damaged
one is parsed again), and only under the release whose TTFont was compared with a parsed one
(`RELEASE`): under any other, every face is parsed.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from contextlib import suppress
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from generator.fonts.instances import cache_dir

RELEASE = "4.5.1"  # the ReportLab release whose TTFont and TTFontFace attributes this restores
PARSED = "parsed"  # the folder of kept parses, in the font cache
# ReportLab's settings that its TTFont reads when it is made.
SETTINGS = ("allowTTFSubsetting", "ttfAsciiReadable", "unShapedFontGlob")
# Attributes that are not the parse's result: made anew for each font (see `_restored`).
FRESH_FONT = {"face", "state"}  # the face, read back; each document's glyph codes
FRESH_FACE = {"_ttf_data", "_pdfScale"}  # the file's bytes; a function of unitsPerEm


def parsed_font(name: str, path: Path) -> TTFont:
    """ReportLab's TTFont `name` of the file at `path`, as `TTFont(name, str(path))` makes it."""
    if reportlab.Version != RELEASE:
        return TTFont(name, str(path))
    data = path.read_bytes()
    key = hashlib.sha256(data)
    key.update(repr((name, str(path), RELEASE, *(vars(rl_config)[k] for k in SETTINGS))).encode())
    kept = cache_dir() / PARSED / f"{key.hexdigest()}.pickle"
    font = _recalled(kept, data)
    if font is None:
        font = TTFont(name, str(path))
        _keep(kept, font)
    return font


def _recalled(kept: Path, data: bytes) -> TTFont | None:
    """The font kept before, with the file's bytes; None when none is kept or it is damaged."""
    try:
        entry = kept.read_bytes()
    except OSError:
        return None
    checksum, pickled = entry[:32], entry[32:]
    if hashlib.sha256(pickled).digest() != checksum:
        return None
    try:
        font_state, face_state = pickle.loads(pickled)
        return _restored(font_state, face_state, data)
    except Exception:  # written by this module, so only a changed class makes it fail
        return None


def _restored(font_state: dict[str, Any], face_state: dict[str, Any], data: bytes) -> TTFont:
    """A TTFont with the attributes a parse gave it, and the fresh ones it makes for itself."""
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(face_state, _ttf_data=data, _pdfScale=_scale(face_state["unitsPerEm"]))
    font = TTFont.__new__(TTFont)
    font.__dict__.update(font_state, face=face, state=WeakKeyDictionary())
    return font


def _scale(units_per_em: int) -> Any:
    """Font units to PDF text units (1000 an em), as ReportLab's parse defines it."""
    if units_per_em == 1000:
        return lambda x: x
    to_thousand = 1000 / units_per_em
    return lambda x: x * to_thousand


def _keep(kept: Path, font: TTFont) -> None:
    """Keep what the parse set, written whole (a temporary file renamed)."""
    font_state = {k: v for k, v in vars(font).items() if k not in FRESH_FONT}
    face_state = {k: v for k, v in vars(font.face).items() if k not in FRESH_FACE}
    temporary = kept.with_suffix(f".{os.getpid()}.tmp")
    with suppress(OSError, pickle.PicklingError, TypeError, AttributeError):
        pickled = pickle.dumps((font_state, face_state), pickle.HIGHEST_PROTOCOL)
        kept.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(hashlib.sha256(pickled).digest() + pickled)
        temporary.replace(kept)
