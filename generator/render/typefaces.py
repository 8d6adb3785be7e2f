"""Which font family each text is set in, and what that family cannot draw."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.fonts import (
    Family,
    FontError,
    describe_characters,
    missing_characters,
    resolve_family,
)
from generator.fonts.families import article
from generator.model import Game, Layout
from generator.model.layout import FieldsElement, TextElement
from generator.render.markup import BOLD, ITALIC


def with_families(layout: Layout, game: Game) -> Layout:
    """The layout with every text element naming its family: its own, the layout's or the game's."""
    inherited = layout.font_family or game.font_family
    if not inherited:
        return layout
    elements = [
        element.model_copy(update={"font_family": inherited})
        if isinstance(element, TextElement | FieldsElement) and not element.font_family
        else element
        for element in layout.elements
    ]
    return layout.model_copy(update={"elements": elements})


@lru_cache(maxsize=256)
def text_family(name: str | None, folder: Path) -> Family | None:
    """The family a text is set in; None when it cannot be found (the font rule reports that)."""
    try:
        return resolve_family(name, folder)
    except FontError:
        return None


def styles_used(text: str, font: str) -> list[str]:
    """The faces a text needs: the element's own, plus bold or italic for its markup."""
    italic, bold = font.endswith("italic"), font.startswith("bold")
    needed = [font]
    if BOLD.search(text):
        needed.append("bold-italic" if italic else "bold")
    if ITALIC.search(BOLD.sub("", text)):
        needed.append("bold-italic" if bold else "italic")
    return list(dict.fromkeys(needed))


def font_problems(family: Family, font: str, text: str) -> list[str]:
    """What the family cannot do for this text: a missing face, or characters it has no glyph for."""
    problems = []
    for style in styles_used(text, font):
        if style not in family.styles:
            problems.append(
                f"expected font family '{family.name}' to have {article(style)} {style} face, "
                f"found only {', '.join(family.styles)}"
            )
    style = font if font in family.styles else family.styles[0]
    missing = missing_characters(family, style, text)
    if missing:
        problems.append(
            f"font '{family.name}' {style} cannot draw {describe_characters(missing)}; "
            "expected a font_family that has them (on the element, its layout or the game)"
        )
    return problems
