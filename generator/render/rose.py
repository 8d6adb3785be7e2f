"""The hits-and-actions rose: hexes around a centre hex, each printing one card field."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from generator.model.game import printed_value
from generator.model.layout import RoseElement
from generator.render.items import Item, Rect, ShapeItem, label_item

SQRT3 = math.sqrt(3)
GAP = 0.92  # a hex drawn at this share of its cell, so neighbours keep a thin gap
INK = "#222222"
RED = "#c0392b"


def rose_items(element: RoseElement, box: Rect, value: Callable[[str], Any]) -> list[Item]:
    """The centre hex and the outer hexes, counter-clockwise from the top, with their values."""
    radius = min(box.width / 5, box.height / (3 * SQRT3))
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    centre = "/".join(_printed(value(name))[0] for name in element.centre)
    items = _hex(element, cx, cy, radius, INK, centre, INK)
    for index, name in enumerate(element.outer):
        angle = math.radians(90 + 60 * index)
        x, y = cx + SQRT3 * radius * math.cos(angle), cy - SQRT3 * radius * math.sin(angle)
        outline = element.colours[index] if index < len(element.colours) else INK
        text, colour = _printed(value(name))
        items += _hex(element, x, y, radius, outline, text, colour)
        if index == 0 and element.crown:
            crown = Rect(x - 0.3 * radius, y - 0.8 * radius, 0.6 * radius, 0.3 * radius)
            items.append(ShapeItem("crown", crown, outline, None, 0, 0, False, False))
    return items


def _hex(
    element: RoseElement, x: float, y: float, radius: float, outline: str, text: str, colour: str
) -> list[Item]:
    """One flat-topped hex centred on (x, y) mm with its text."""
    r = radius * GAP
    shape = ShapeItem(
        "hexagon",
        Rect(x - r, y - SQRT3 * r / 2, 2 * r, SQRT3 * r),
        element.fill,
        outline,
        max(0.6, radius / 5),
        0,
        False,
        False,
    )
    label = label_item(
        text, Rect(x - 0.62 * r, y - 0.42 * r, 1.24 * r, 0.84 * r), element.size, colour
    )
    return [shape, label] if label else [shape]


def _printed(value: Any) -> tuple[str, str]:
    """A rose value as printed, and its colour: `r3` is a red 3, a placeholder a `?`."""
    if isinstance(value, float | int) and not isinstance(value, bool):
        return f"{value:g}", INK
    text = printed_value(value).strip()
    if len(text) > 1 and text[0] in "rR" and text[1:].isdigit():
        return text[1:], RED
    return text, INK
