"""Card faces: each design's layout resolved against its data, text fitted, before any drawing."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.findings import Report
from generator.load.game import AssetError, LoadedGame, PieceFile, game_file
from generator.model import Deck, Layout, TokenSheet
from generator.model.base import COLOUR_PATTERN
from generator.model.game import is_placeholder, printed_value
from generator.model.layout import (
    EllipseElement,
    FieldsElement,
    ImageElement,
    LineElement,
    RectElement,
    RoseElement,
    TextElement,
)
from generator.render.fit import fit_text
from generator.render.items import IconItem, ImageItem, Item, Rect, ShapeItem, TextItem
from generator.render.rose import rose_items
from generator.render.text import TextError, game_context, piece_context, render_text
from generator.units import Size, parse_extent, parse_length, parse_size

SHARED_BACK = "back"
TOKEN_BACK = "token-back"
COLOUR = re.compile(COLOUR_PATTERN)


@dataclass(frozen=True)
class Face:
    """One side of one design, ready to draw at any position and bleed."""

    deck: str
    card: str
    side: str
    size: Size
    background: str | None
    items: tuple[Item, ...]


@dataclass(frozen=True)
class PieceFaces:
    """A deck's or token sheet's designs resolved: fronts, backs (if any) and copies of each."""

    owner: Deck | TokenSheet
    size: Size
    bleed: float
    shape: str
    fronts: tuple[Face, ...]
    backs: tuple[Face, ...] | None
    quantities: tuple[int, ...]
    shared_back: bool

    @property
    def count(self) -> int:
        """How many pieces the deck or sheet prints."""
        return sum(self.quantities)


def back_layout_name(pieces: PieceFile) -> str | None:
    """The back layout: named, else the shared one when backs exist (back text, two sides)."""
    owner = pieces.owner
    if owner.back_layout:
        return owner.back_layout
    if isinstance(owner, TokenSheet):
        return TOKEN_BACK if owner.sides == 2 else None
    has_text = owner.back or any(piece.back for piece in pieces.pieces)
    return SHARED_BACK if has_text else None


def piece_faces(loaded: LoadedGame, pieces: PieceFile, report: Report) -> PieceFaces:
    """Resolve every design of a deck or token sheet; text that cannot fit is reported, not drawn."""
    fronts, backs = design_faces(loaded, pieces, range(len(pieces.pieces)), report)
    return assembled(loaded, pieces, fronts, backs)


def assembled(
    loaded: LoadedGame, pieces: PieceFile, fronts: list[Face], backs: list[Face]
) -> PieceFaces:
    """The faces record of a deck or token sheet from its rendered designs."""
    owner = pieces.owner
    front = loaded.layouts[owner.layout]
    size = token_size(owner) if isinstance(owner, TokenSheet) else parse_size(front.size)
    return PieceFaces(
        owner,
        size,
        front.bleed,
        owner.shape if isinstance(owner, TokenSheet) else "card",
        tuple(fronts),
        tuple(backs) if back_layout_name(pieces) else None,
        tuple(piece.quantity for piece in pieces.pieces),
        not any(piece.back for piece in pieces.pieces),
    )


def design_faces(
    loaded: LoadedGame, pieces: PieceFile, indexes: range, report: Report
) -> tuple[list[Face], list[Face]]:
    """Fronts (and backs, when the set has them) of some of its designs, in order."""
    owner = pieces.owner
    front = loaded.layouts[owner.layout]
    back_name = back_layout_name(pieces)
    back = loaded.layouts[back_name] if back_name else None
    size = token_size(owner) if isinstance(owner, TokenSheet) else parse_size(front.size)
    shared = game_context(loaded)
    _art_path.cache_clear()
    front_boxes = _boxes(front, size)
    back_boxes = _boxes(back, size) if back is not None else []
    fronts, backs = [], []
    for index in indexes:
        piece = pieces.pieces[index]
        context = piece_context(shared, owner, piece)
        where = pieces.position(index)
        fronts.append(
            _face(loaded, front, front_boxes, context, (owner, piece, "front", where, size), report)
        )
        if back is not None:
            backs.append(
                _face(
                    loaded, back, back_boxes, context, (owner, piece, "back", where, size), report
                )
            )
    return fronts, backs


def token_size(sheet: TokenSheet) -> Size:
    """The square a token's face is laid out in: its size across, and a hex's height point to point."""
    across = parse_length(sheet.size)
    return Size(across, across * 2 / math.sqrt(3)) if sheet.shape == "hex" else Size(across, across)


def _boxes(layout: Layout, size: Size) -> list[tuple[Any, Rect]]:
    """Each element of a layout with its box in mm, worked out once per deck."""
    return [(element, element_box(element, size)) for element in layout.elements]


def _face(
    loaded: LoadedGame, layout: Layout, boxes: list, context: dict, who: tuple, report: Report
) -> Face:
    deck, piece, side, where, size = who
    items: list[Item] = []
    for element, box in boxes:
        if not _shown(element, context):
            continue
        if isinstance(element, RoseElement):
            items.extend(rose_items(element, box, lambda name: _value(context, name)))
            continue
        item = element_item(loaded, element, box, context, (deck, piece, where), report)
        if item is not None:
            items.append(item)
    return Face(deck.id, piece.id, side, size, layout.background, tuple(items))


def element_item(
    loaded, element, box: Rect, context: dict, who: tuple, report: Report
) -> Item | None:
    """One element resolved for one card, or None when it has nothing to show."""
    if isinstance(element, RectElement | EllipseElement | LineElement):
        kind = {RectElement: "rect", EllipseElement: "ellipse", LineElement: "line"}[type(element)]
        return ShapeItem(
            kind,
            box,
            _fill(element, context),
            element.stroke,
            element.stroke_width,
            getattr(element, "radius", 0.0),
            getattr(element, "ink_heavy", False),
            element.bleed,
        )
    if isinstance(element, TextElement | FieldsElement):
        return _text_item(loaded, element, box, context, who, report)
    if isinstance(element, ImageElement):
        source = element.src or _value(context, element.field or "")
        if not isinstance(source, str) or not source:
            return None
        try:
            path = _art_path(loaded.folder, source)
        except AssetError as exc:
            report.error(exc.code, who[2], exc.message)
            return None
        return ImageItem(box, path, element.fit, element.bleed)
    key = element.symbol or _value(context, element.field or "")
    if not key or is_placeholder(key):
        return None
    known = sorted(symbol.key for symbol in loaded.game.symbols)
    if key not in known:
        report.error(
            "unknown-symbol",
            who[2],
            f"deck '{who[0].id}', card '{who[1].id}': expected an icon from the glossary ({', '.join(known) or 'none defined'}), found '{key}'",
        )
        return None
    return IconItem(box, str(key))


def _fill(element: Any, context: dict) -> str | None:
    """A shape's fill: the colour a card field names (when set and valid), else the layout's."""
    field = getattr(element, "fill_field", None)
    value = _value(context, field) if field else None
    if isinstance(value, str) and COLOUR.match(value):
        return value
    return getattr(element, "fill", None)


@lru_cache(maxsize=1024)
def _art_path(folder: Path, relative: str) -> Path:
    """Resolve an art path once per deck, however many of its cards show it."""
    return game_file(folder, relative)


def _text_item(
    loaded, element, box: Rect, context: dict, who: tuple, report: Report
) -> TextItem | None:
    deck, piece, where = who
    label = getattr(element, "field", None) or element.name or element.type
    try:
        text = _element_text(element, context)
    except TextError as exc:
        report.error("template", where, f"deck '{deck.id}', card '{piece.id}', {label}: {exc}")
        return None
    if not text.strip():
        return None
    symbols = frozenset(symbol.key for symbol in loaded.game.symbols)
    colour_field = getattr(element, "colour_field", None)
    colour = _value(context, colour_field) if colour_field else None
    if isinstance(colour, str) and COLOUR.match(colour):
        element = element.model_copy(update={"colour": colour})
    fitted = fit_text(text, element, box, symbols)
    if fitted is None:
        report.error(
            "text-overflow",
            where,
            f"deck '{deck.id}', card '{piece.id}', field '{label}': text does not fit its "
            f"{box.width:g}x{box.height:g} mm box even at the minimum size {element.min_size:g} pt",
        )
        return None
    return TextItem(box, fitted, element)


def _element_text(element: TextElement | FieldsElement, context: dict) -> str:
    if isinstance(element, FieldsElement):
        names = element.fields if element.fields is not None else list(context["card"]["fields"])
        lines = [
            f"**{name.replace('_', ' ')}**: {printed_value(_value(context, name))}"
            for name in names
            if _is_set(_value(context, name))
        ]
        return "\n".join(lines)
    if element.template is not None:
        return render_text(element.template, context)
    value = _value(context, element.field or "")
    return render_text(value, context) if isinstance(value, str) else printed_value(value)


def _value(context: dict, name: str) -> Any:
    """A card value by field name: designer fields first, then the card's own keys."""
    if name in context["card"]["fields"]:
        return context["card"]["fields"][name]
    return context["card"].get(name)


def _shown(element: Any, context: dict) -> bool:
    """`when` needs its field set, `unless` needs its field unset."""
    if element.when and not _is_set(_value(context, element.when)):
        return False
    return not (element.unless and _is_set(_value(context, element.unless)))


def _is_set(value: Any) -> bool:
    """Whether a field has a value to show: 0 does, an empty string or list does not."""
    if value is None or value is False:
        return False
    return not (isinstance(value, str | list | dict) and not value)


def element_box(element: Any, card: Size) -> Rect:
    """The element's box in mm on the card, inset applied."""
    box = element.box
    x, y = parse_extent(box.x, card.width), parse_extent(box.y, card.height)
    width, height = parse_extent(box.width, card.width), parse_extent(box.height, card.height)
    inset = element.inset
    return Rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset)
