"""Fonts: families named by designers, registered once so every PDF embeds and subsets them.

Cards default to Inter: a large x-height, open shapes and distinct I/l/1 keep 6-8 pt card text
legible, and it draws arrows, stars, triangles and Latin Extended. Rulebooks default to Source
Serif 4, a book face cut for running text at 9-10 pt.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.fonts.families import (
    FONT_SUFFIXES,
    STYLES,
    Family,
    FontError,
    file_family_name,
    game_families,
    installed_families,
    packaged_family,
    slug,
)
from generator.fonts.glyph_codes import name_unmapped_glyphs
from generator.fonts.instances import FontFileError, embeddable, font_facts

CARD_FAMILY = "Inter"
BOOK_FAMILY = "Source Serif 4"
# Marks that shape or order text but draw nothing, so no font needs a glyph for them.
INVISIBLE = {"Cc", "Cf", "Zl", "Zp"}

__all__ = [
    "BOOK_FAMILY",
    "CARD_FAMILY",
    "STYLES",
    "Family",
    "FontError",
    "face_name",
    "family_faces",
    "missing_characters",
    "register_fonts",
    "resolve_family",
]


def resolve_family(name: str | None, folder: Path | None, default: str = CARD_FAMILY) -> Family:
    """The family a designer named (a family name or a font file in the game), or the default."""
    wanted = name or default
    if folder is not None:
        families, _ = game_families(folder)
        if wanted.lower().endswith(FONT_SUFFIXES):
            wanted = _family_of_file(folder, wanted)
        if slug(wanted) in families:
            return families[slug(wanted)]
    packaged = _packaged(wanted)
    if packaged is None:
        raise FontError(
            f"expected an installed font family ({', '.join(installed_families())}) or TTF/OTF "
            f"files of it in the game folder, found no family '{wanted}' "
            f"(pip install fontpkg-{slug(wanted)} adds it from PyPI if it exists there)"
        )
    return packaged


def _family_of_file(folder: Path, relative: str) -> str:
    """The family name inside a font file the designer named by path."""
    path = (folder / relative).resolve()
    if not path.is_relative_to(folder.resolve()) or not path.is_file():
        raise FontError(f"expected a font file inside the game folder, found no file '{relative}'")
    try:
        return file_family_name(path)
    except FontFileError as exc:
        raise FontError(f"{relative}: {exc}") from exc


@cache
def _packaged(name: str) -> Family | None:
    """An installed family by name, found once a process."""
    return packaged_family(name)


def face_name(family: Family, style: str = "regular") -> str:
    """The ReportLab font name of one face, registering the family on first use."""
    faces = family_faces(family)
    if style not in faces:
        family.face(style)  # raises the FontError that names what the family has
    return faces[style]


@cache
def family_faces(family: Family) -> dict[str, str]:
    """Register every face a family has; `<b>` and `<i>` in paragraphs map to them."""
    names = {}
    for style, face in family.faces:
        name = registered_name(family, style)
        try:
            path = embeddable(face.path, dict(face.location), name)
        except FontFileError as exc:
            raise FontError(f"font family '{family.name}' ({family.origin}): {exc}") from exc
        font = TTFont(name, str(path))
        name_unmapped_glyphs(font)  # before any text is shaped in it, in every process
        pdfmetrics.registerFont(font)
        names[style] = name
    regular = names.get("regular") or next(iter(names.values()))
    for style, name in names.items():
        addMapping(regular, style.startswith("bold"), style.endswith("italic"), name)
    return names


def registered_name(family: Family, style: str) -> str:
    """`Inter-BoldItalic`: the name a face is registered (and embedded) by; a game's own family
    adds the end of its key, as families of one name may come from several games."""
    stem = family.name.replace(" ", "")
    suffix = "" if family.origin.startswith("fontpkg-") else "-" + family.key.rsplit("-", 1)[-1]
    return f"{stem}-{style.title().replace('-', '')}{suffix}"


def missing_characters(family: Family, style: str, text: str) -> list[str]:
    """The distinct characters of `text` that the face cannot draw, in order of appearance."""
    covered = _cmap(family.face(style).path)
    absent = {char for char in set(text) if ord(char) not in covered}
    drawn = {
        char
        for char in absent
        if not char.isspace() and char != "\ufffc" and unicodedata.category(char) not in INVISIBLE
    }
    return sorted(drawn, key=text.index)


@cache
def _cmap(path: Path) -> frozenset[int]:
    return font_facts(path).characters


def describe_characters(chars: list[str], limit: int = 5) -> str:
    """`'★' (U+2605 BLACK STAR), ...` for a finding."""
    shown = [f"'{c}' (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})" for c in chars[:limit]]
    more = f" and {len(chars) - limit} more" if len(chars) > limit else ""
    return ", ".join(shown) + more


@cache
def register_fonts() -> str:
    """Register the default card family and return its regular face's name."""
    return face_name(resolve_family(None, None), "regular")


def _default_faces() -> dict[str, str]:
    register_fonts()
    return family_faces(resolve_family(None, None))


FACES = {
    "regular": "Inter-Regular",
    "bold": "Inter-Bold",
    "italic": "Inter-Italic",
    "bold-italic": "Inter-BoldItalic",
}
BODY, BOLD, ITALIC, BOLD_ITALIC = FACES.values()
