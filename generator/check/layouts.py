"""Rules about layouts: every element but bleed art kept inside the safe zone the layout declares."""

from __future__ import annotations

from typing import Any

from generator.check.registry import rule
from generator.findings import Report
from generator.load.game import LoadedGame
from generator.model.layout import FieldsElement, RectElement, TextElement
from generator.render.backs import own_back
from generator.units import Size, parse_extent, parse_size

TOLERANCE_MM = 0.01
BLEED_HINT = " (or `bleed: true` when it is art meant to run off the edge)"


def used_layouts(loaded: LoadedGame) -> list[str]:
    """Names of the layouts some deck or card prints with, in order of first use."""
    names = [name for deck in loaded.game.decks for name in (deck.layout, deck.back_layout) if name]
    names += [
        name
        for pieces in loaded.piece_files.values()
        for piece in pieces.pieces
        if (name := own_back(piece)[0])
    ]
    return [name for name in dict.fromkeys(names) if name in loaded.layouts]


@rule(
    "outside-safe-zone",
    "warning",
    "Text, a shape, a badge, an icon or an image that is not bleed art reaches past the "
    "layout's safe zone, where cutting may clip it.",
)
def inside_safe_zone(loaded: LoadedGame, report: Report) -> None:
    for name in used_layouts(loaded):
        layout = loaded.layouts[name]
        card, safe = parse_size(layout.size), layout.safe
        for element in layout.elements:
            if _bleed_art(element):
                continue
            left, top, right, bottom = _edges(element, card)
            if (
                min(left, top) < safe - TOLERANCE_MM
                or right > card.width - safe + TOLERANCE_MM
                or bottom > card.height - safe + TOLERANCE_MM
            ):
                label = element.name or element.type
                art = "" if isinstance(element, TextElement | FieldsElement) else BLEED_HINT
                report.warning(
                    "outside-safe-zone",
                    loaded.layout_positions[name],
                    f"layout '{name}' element '{label}' spans {left:g}-{right:g} x "
                    f"{top:g}-{bottom:g} mm; expected it inside the {safe:g} mm safe zone of a "
                    f"{card.label} card{art}",
                )


def _bleed_art(element: Any) -> bool:
    """Art meant to reach the trim: marked `bleed`, or a rectangle over the whole card (a
    background, or a border that a cut a little off still leaves whole on three sides)."""
    return bool(element.bleed) or _whole_card(element)


def _whole_card(element: Any) -> bool:
    """A rectangle over the whole card, inset or not: a background or a border, not a badge."""
    box = element.box
    whole = (box.x, box.y, box.width, box.height) in ((0, 0, "100%", "100%"),)
    return isinstance(element, RectElement) and whole


def _edges(element: Any, card: Size) -> tuple[float, float, float, float]:
    """Left, top, right and bottom of an element's box in mm from the trim, inset applied."""
    box = element.box
    left = parse_extent(box.x, card.width) + element.inset
    top = parse_extent(box.y, card.height) + element.inset
    right = left + parse_extent(box.width, card.width) - 2 * element.inset
    bottom = top + parse_extent(box.height, card.height) - 2 * element.inset
    return left, top, right, bottom
