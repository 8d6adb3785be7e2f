"""Font families by name: open-licence fontpkg packages from PyPI, or TTF/OTF files in a game."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import fontpkg

from generator.fonts.instances import FontFileError, check_outlines, open_font

STYLES = ("regular", "bold", "italic", "bold-italic")
FONT_SUFFIXES = (".ttf", ".otf")
MAX_GAME_FONTS = 64
WEIGHTS = {"regular": 400, "bold": 700}


class FontError(Exception):
    """A font family that cannot be found, or lacks a face the text needs."""


@dataclass(frozen=True)
class FontFile:
    """One file of a family: its path, italic or not, and its weight or weight range."""

    path: Path
    italic: bool
    weights: tuple[float, float]
    variable: bool


@dataclass(frozen=True)
class Face:
    """Where one style of a family comes from: a file, pinned at a weight if it is variable."""

    path: Path
    location: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Family:
    """A named family and the faces it has; `key` is unique across games and packages."""

    name: str
    key: str
    origin: str
    faces: tuple[tuple[str, Face], ...]

    @cached_property
    def styles(self) -> tuple[str, ...]:
        """The styles this family can draw, in the usual order."""
        return tuple(style for style, _ in self.faces)

    def face(self, style: str) -> Face:
        """The face for `style`, or a FontError naming what the family has."""
        for name, face in self.faces:
            if name == style:
                return face
        raise FontError(
            f"expected font family '{self.name}' to have {article(style)} {style} face, "
            f"found only {', '.join(self.styles)}"
        )


def article(word: str) -> str:
    """`an` before a vowel sound (an italic face), else `a`."""
    return "an" if word[:1] in "aeiou" else "a"


def slug(name: str) -> str:
    """Family names compare without case, spaces, hyphens or underscores."""
    return re.sub(r"[\s_-]+", "-", name.strip().lower())


def packaged_family(name: str) -> Family | None:
    """A family installed from PyPI as a fontpkg package, or None."""
    try:
        found = fontpkg.family(name)
    except fontpkg.FontpkgError:
        return None
    files = tuple(
        FontFile(
            file.path,
            file.style == "italic",
            (file.wght_min, file.wght_max) if file.variable else (file.weight, file.weight),
            file.variable,
        )
        for file in found.files
    )
    return _family(found.name, found.slug, f"fontpkg-{found.slug}", files)


def installed_families() -> list[str]:
    """Names of every fontpkg family installed, for messages."""
    return sorted(fontpkg.family(slug_).name for slug_ in fontpkg.families())


@cache
def game_families(folder: Path) -> tuple[dict[str, Family], tuple[tuple[Path, str], ...]]:
    """The families of the TTF/OTF files in a game folder, and each unreadable file's problem."""
    grouped: dict[str, list[FontFile]] = {}
    names: dict[str, str] = {}
    problems: list[tuple[Path, str]] = []
    for path in game_font_files(folder):
        try:
            name, file = _describe(path)
        except FontFileError as exc:
            problems.append((path, str(exc)))
            continue
        grouped.setdefault(slug(name), []).append(file)
        names.setdefault(slug(name), name)
    families = {}
    for key, files in grouped.items():
        digest = hashlib.sha256(b"".join(f.path.read_bytes()[:4096] for f in files)).hexdigest()
        origin = ", ".join(sorted(str(f.path.relative_to(folder)) for f in files))
        families[key] = _family(names[key], f"{key}-{digest[:8]}", origin, tuple(files))
    return families, tuple(problems)


def game_font_files(folder: Path) -> list[Path]:
    """Font files anywhere in the game folder, in a stable order, at most MAX_GAME_FONTS."""
    found = sorted(p for p in folder.rglob("*") if p.suffix.lower() in FONT_SUFFIXES)
    return [p for p in found if p.is_file()][:MAX_GAME_FONTS]


def file_family_name(path: Path) -> str:
    """The family a font file belongs to, as its name table says."""
    return _describe(path)[0]


def _describe(path: Path) -> tuple[str, FontFile]:
    """A font file's family name, italic flag and weight, read from its own tables."""
    font = open_font(path)
    try:
        names = font["name"]
        family = names.getDebugName(16) or names.getDebugName(1)
        subfamily = (names.getDebugName(17) or names.getDebugName(2) or "").lower()
        os2 = font.get("OS/2")
        italic = (
            bool(os2 and os2.fsSelection & 1) or "italic" in subfamily or "oblique" in subfamily
        )
        weight = float(os2.usWeightClass) if os2 else (700.0 if "bold" in subfamily else 400.0)
        weights = (weight, weight)
        if "fvar" in font:
            axes = {a.axisTag: (a.minValue, a.maxValue) for a in font["fvar"].axes}
            weights = axes.get("wght", weights)
    except Exception as exc:  # a damaged table can fail in many ways inside fontTools
        raise FontFileError(f"expected a TrueType or OpenType font, found {exc}") from exc
    if not family:
        raise FontFileError("expected a font with a family name, found none in its name table")
    if "glyf" in font:  # CFF outlines are refused when the face is embedded
        check_outlines(path)
    return family, FontFile(path, italic, weights, "fvar" in font)


def _family(name: str, key: str, origin: str, files: tuple[FontFile, ...]) -> Family:
    """Match the four styles to the files a family has."""
    faces = []
    for style in STYLES:
        face = _pick(files, italic=style.endswith("italic"), bold=style.startswith("bold"))
        if face is not None:
            faces.append((style, face))
    return Family(name, key, origin, tuple(faces))


def _pick(files: tuple[FontFile, ...], italic: bool, bold: bool) -> Face | None:
    """The file nearest the wanted weight among those of the wanted slant; bold needs >= 600."""
    want = WEIGHTS["bold" if bold else "regular"]
    best: tuple[float, Face] | None = None
    for file in files:
        low, high = file.weights
        if file.italic != italic or (bold and high < 600) or (not bold and low >= 600):
            continue
        weight = min(max(want, low), high)
        location = (("wght", weight),) if file.variable else ()
        distance = abs(weight - want)
        if best is None or distance < best[0]:
            best = (distance, Face(file.path, location))
    return best[1] if best else None
