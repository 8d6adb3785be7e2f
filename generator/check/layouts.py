"""Rules about layouts: text and icons kept inside the safe zone the layout declares."""

from __future__ import annotations

from generator.check.registry import rule
from generator.findings import Report
from generator.load.game import LoadedGame
from generator.model.layout import FieldsElement, IconElement, TextElement
from generator.render.backs import own_back
from generator.units import parse_extent, parse_size

TOLERANCE_MM = 0.01


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
    "Text or an icon reaches past the layout's safe zone, where cutting may clip it.",
)
def text_inside_safe_zone(loaded: LoadedGame, report: Report) -> None:
    for name in used_layouts(loaded):
        layout = loaded.layouts[name]
        card, safe = parse_size(layout.size), layout.safe
        for element in layout.elements:
            if not isinstance(element, TextElement | FieldsElement | IconElement):
                continue
            box = element.box
            left = parse_extent(box.x, card.width) + element.inset
            top = parse_extent(box.y, card.height) + element.inset
            right = left + parse_extent(box.width, card.width) - 2 * element.inset
            bottom = top + parse_extent(box.height, card.height) - 2 * element.inset
            if (
                min(left, top) < safe - TOLERANCE_MM
                or right > card.width - safe + TOLERANCE_MM
                or bottom > card.height - safe + TOLERANCE_MM
            ):
                label = element.name or element.type
                report.warning(
                    "outside-safe-zone",
                    loaded.layout_positions[name],
                    f"layout '{name}' element '{label}' spans {left:g}-{right:g} x {top:g}-{bottom:g} mm; "
                    f"expected it inside the {safe:g} mm safe zone of a {card.label} card",
                )
