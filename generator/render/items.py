"""What a face is made of: boxes in mm and the shapes, text, images and icons placed in them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.fonts import Family
from generator.model.layout import TextStyle
from generator.render.fit import fit_text
from generator.render.fitted import FittedText


@dataclass(frozen=True, slots=True)
class Rect:
    """A box in mm measured from the trim's top-left corner, y growing downwards."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class ShapeItem:
    """A rectangle, ellipse, polygon (diamond, hexagon, crown) or line to draw."""

    kind: str
    box: Rect
    fill: str | None
    stroke: str | None
    stroke_width: float
    radius: float
    ink_heavy: bool
    bleed: bool
    dash: bool = False


@dataclass(frozen=True, slots=True)
class TextItem:
    """Fitted text and where it goes."""

    box: Rect
    fitted: FittedText
    style: TextStyle
    rotate: int = 0  # clockwise; fitted to the box turned with it


@dataclass(frozen=True, slots=True)
class ImageItem:
    """Art placed in a box."""

    box: Rect
    path: Path
    fit: str
    bleed: bool
    rotate: int = 0
    flip: str = "none"
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class IconItem:
    """A glossary symbol placed in a box."""

    box: Rect
    symbol: str
    rotate: int = 0
    flip: str = "none"
    opacity: float = 1.0


Item = ShapeItem | TextItem | ImageItem | IconItem


def turned_box(box: Rect, rotate: int) -> Rect:
    """The box content is laid out in before a quarter turn swaps its width and height."""
    return Rect(box.x, box.y, box.height, box.width) if rotate in (90, 270) else box


def art_footprint(box: Rect, natural: tuple[float, float], fit: str, rotate: int) -> Rect:
    """Where art lands once turned: stretched over the box (fill), or centred and scaled to
    show all of it (fit) or to cover the box (crop, trimmed by the box when drawn)."""
    if fit == "fill":
        return box
    width, height = natural[::-1] if rotate in (90, 270) else natural
    scale = (min if fit == "fit" else max)(box.width / width, box.height / height)
    width, height = width * scale, height * scale
    return Rect(box.x + (box.width - width) / 2, box.y + (box.height - height) / 2, width, height)


def label_item(
    text: str,
    box: Rect,
    size: float,
    colour: str = "#222222",
    font: str = "bold",
    symbols: frozenset[str] = frozenset(),
    family: Family | None = None,
) -> TextItem | None:
    """Centred text shrunk to its box (down to 3 pt), `:symbol:` drawn as an icon when known;
    None when even 3 pt cannot fit."""
    style = TextStyle(
        font=font, size=size, min_size=3, align="center", valign="middle", colour=colour
    )
    fitted = fit_text(text, style, box, symbols, family)
    return TextItem(box, fitted, style) if fitted else None
