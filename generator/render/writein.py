"""Write-in blanks: what a placeholder prints by default, a label and light ruled lines to write on."""

from __future__ import annotations

from typing import Any

from generator.render.fit import fit_text
from generator.render.items import Item, Rect, ShapeItem, TextItem
from generator.render.text import label

RULE = "#a9a9a9"  # light enough to write over, dark enough to see on a band
LABEL_INK = "#8a8a8a"
RULE_PT = 0.5
PITCH_MM = 6.0  # handwriting line spacing
LABEL_MM = 3.6
LABEL_PT = 6.5


def write_in_items(element: Any, box: Rect, named: bool, family: Any) -> list[Item]:
    """The field's label (when `named`) at the top of its box and ruled lines filling the rest."""
    items: list[Item] = []
    top = box.y
    if named and element.field:
        label_box = Rect(box.x, box.y, box.width, min(LABEL_MM, box.height))
        style = element.model_copy(
            update={
                "size": LABEL_PT, "min_size": 6.0, "font": "italic", "align": "left",
                "valign": "top", "colour": LABEL_INK, "leading": 1.2,
            }
        )  # fmt: skip
        fitted = fit_text(f"{label(element.field)}:", style, label_box, frozenset(), family)
        if fitted is not None:
            items.append(TextItem(label_box, fitted, style))
            top = box.y + LABEL_MM
    return items + [_rule(box, y) for y in rule_heights(top, box)]


def rule_heights(top: float, box: Rect) -> list[float]:
    """Where the ruled lines sit: every PITCH_MM below `top`, at least one near the bottom."""
    bottom = box.y + box.height - 0.6
    heights = []
    y = top + PITCH_MM
    while y <= bottom:
        heights.append(y)
        y += PITCH_MM
    return heights or [bottom]


def _rule(box: Rect, y: float) -> ShapeItem:
    """One light horizontal line across the box."""
    return ShapeItem("line", Rect(box.x, y, box.width, 0), None, RULE, RULE_PT, 0.0, False, False)
