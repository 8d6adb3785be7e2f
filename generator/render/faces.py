"""Card faces: each design's layout resolved against its data, text fitted, before any drawing."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from generator import progress
from generator.colours import parse_colour
from generator.context import BuildContext
from generator.findings import Position, Report
from generator.load.art import read_art, report_art, report_once
from generator.load.game import AssetError, LoadedGame, PieceFile, game_file
from generator.model import Deck, Layout, TokenSheet
from generator.model.game import is_placeholder
from generator.model.layout import (
    EllipseElement,
    FieldsElement,
    ImageElement,
    LineElement,
    PipsElement,
    RectElement,
    RoseElement,
    TextElement,
)
from generator.render.backs import back_layout_name, crosswise, own_back, shares_back
from generator.render.fit import fit_text, smallest_size
from generator.render.items import (
    IconItem,
    ImageItem,
    Item,
    Rect,
    ShapeItem,
    TextItem,
    turned_box,
)
from generator.render.memo import Resolved, design_keys, register_families
from generator.render.pips import pip_count, pip_items
from generator.render.rose import rose_items
from generator.render.text import (
    TextError,
    game_context,
    label,
    piece_context,
    render_text,
    shown,
    unmarked,
)
from generator.render.typefaces import font_problems, text_family, with_families
from generator.render.writein import write_in_items
from generator.units import Size, parse_extent, parse_length, parse_size


@dataclass(frozen=True, slots=True)
class Face:
    """One side of one design, ready to draw at any position and bleed."""

    deck: str
    card: str
    side: str
    size: Size
    background: str | None
    items: tuple[Item, ...]
    turned: bool = False  # laid out across its trim and drawn a quarter turn round onto it

    @property
    def trim(self) -> Size:
        """The size the face covers on the sheet: its layout size, turned when it is."""
        return self.size.rotated() if self.turned else self.size


@dataclass(frozen=True)
class Whose:
    """Which design a face is resolved for and where its data stands, to place findings."""

    owner: Any
    piece: Any
    where: Position
    cell: Callable[..., Position] | None = None
    back: str | None = None  # the back layout's name, when resolving a back

    def at(self, field: str) -> Position:
        """Where one of the design's fields stands (the design itself when unknown)."""
        return self.cell(field) if self.cell else self.where

    def subject(self, element: Any) -> str:
        """How findings name the design and a text element: a back names its layout."""
        field = getattr(element, "field", None)
        if self.owner is self.piece:  # a board is its own only design; its line names the element
            words = element.name or field or " ".join(str(getattr(element, "template", "")).split())
            shown = words if len(words) <= 40 else words[:37] + "..."
            return f"board '{self.owner.id}', {element.type} '{shown}'"
        named = f"deck '{self.owner.id}', card '{self.piece.id}'"
        if self.back:
            return f"{named}, back layout '{self.back}', element '{element.name or field or element.type}'"
        return f"{named}, field '{field or element.name or element.type}'"


@dataclass(frozen=True)
class LaidOut:
    """A layout's elements with their boxes at the size one deck draws it."""

    name: str
    layout: Layout
    size: Size
    boxes: list[tuple[Any, Rect]]
    turned: bool
    placeholders: str  # how placeholders print: blank, mark or hide
    alike: dict[Any, Item] = field(default_factory=dict)  # items drawn alike, once a deck


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
    keys: tuple[str, ...] = ()  # each design's key in the faces' memo, when rendered through one

    @property
    def count(self) -> int:
        """How many pieces the deck or sheet prints."""
        return sum(self.quantities)


def piece_faces(
    loaded: LoadedGame, pieces: PieceFile, report: Report, context: BuildContext | None = None
) -> PieceFaces:
    """Resolve every design of a deck or token sheet; text that cannot fit is reported, not drawn."""
    context = context or BuildContext()
    keys = design_keys(loaded, pieces, context.placeholders) if context.memo else []
    indexes = range(len(pieces.pieces))
    resolved = design_faces(loaded, pieces, indexes, report, context, keys)
    return assembled(loaded, pieces, resolved, keys)


def assembled(
    loaded: LoadedGame, pieces: PieceFile, resolved: list[Resolved], keys: list[str]
) -> PieceFaces:
    """The faces record of a deck or token sheet from its resolved designs (and their keys in
    the faces' memo, when there is one), in order."""
    owner = pieces.owner
    front = loaded.layouts[owner.layout]
    size = token_size(owner) if isinstance(owner, TokenSheet) else parse_size(front.size)
    backs = tuple(back for _, back, _ in resolved if back is not None)
    return PieceFaces(
        owner,
        size,
        front.bleed,
        owner.shape if isinstance(owner, TokenSheet) else "card",
        tuple(front for front, _, _ in resolved),
        backs if back_layout_name(pieces) else None,
        tuple(piece.quantity for piece in pieces.pieces),
        shares_back(pieces),
        tuple(keys),
    )


def design_faces(
    loaded: LoadedGame,
    pieces: PieceFile,
    indexes: Sequence[int],
    report: Report,
    context: BuildContext,
    keys: list[str],
) -> list[Resolved]:
    """Front, back (when the set has backs) and findings of some of its designs, in order:
    taken from the context's memo (by the designs' `keys`) when it holds them, else fitted now
    (and kept there)."""
    memo = context.memo
    layouts = Layouts(loaded, pieces.owner, context.placeholders)
    _art_path.cache_clear()
    found: list[Resolved] = []
    recalled = False
    for index in indexes:
        kept = memo.recall(keys[index]) if memo is not None else None
        recalled = recalled or kept is not None
        if kept is None:
            kept = _resolved(loaded, pieces, index, layouts)
            if memo is not None:
                memo.keep(keys[index], kept)
        report.findings.extend(kept[2])
        found.append(kept)
        progress.advance(progress.FACES, 1 if kept[1] is None else 2)
    if recalled:
        register_families(loaded, pieces)  # faces from the memo draw with the fonts fitted
    return found


class Layouts:
    """The layouts one deck or token sheet draws, each laid out once at the set's size (so its
    faces share the items they draw alike)."""

    def __init__(self, loaded: LoadedGame, owner: Deck | TokenSheet, placeholders: str) -> None:
        self.loaded, self.owner, self.placeholders = loaded, owner, placeholders
        front = loaded.layouts[owner.layout]
        self.size = token_size(owner) if isinstance(owner, TokenSheet) else parse_size(front.size)
        self.laid: dict[str, LaidOut] = {}
        self.shared = game_context(loaded)  # what any of its texts may quote from the game

    def __call__(self, name: str) -> LaidOut:
        """The layout `name`, laid out at the set's size (turned when it stands the other way)."""
        if name not in self.laid:
            layout = with_families(self.loaded.layouts[name], self.loaded.game)
            turned = crosswise(self.size, parse_size(layout.size), self.owner)
            at = self.size.rotated() if turned else self.size
            self.laid[name] = LaidOut(
                name, layout, at, _boxes(layout, at), turned, self.placeholders
            )
        return self.laid[name]


def _resolved(loaded: LoadedGame, pieces: PieceFile, index: int, layouts: Layouts) -> Resolved:
    """One design's front, its back when the set has backs, and what resolving them found."""
    owner, piece = pieces.owner, pieces.pieces[index]
    context = piece_context(layouts.shared, owner, piece)
    who = Whose(owner, piece, pieces.position(index), partial(pieces.position, index))
    found = Report()
    front = _face(loaded, layouts(owner.layout), context, who, found)
    back_name = back_layout_name(pieces)
    back = None
    if back_name is not None:
        back = _back_face(loaded, layouts, back_name, context, who, found)
    return front, back, tuple(found.findings)


def _back_face(
    loaded: LoadedGame,
    laid_out: Callable[[str], LaidOut],
    deck_back: str,
    context: dict,
    who: Whose,
    report: Report,
) -> Face:
    """A design's back: its back layout (its own or the deck's) over its own back image, if any.

    A back image alone covers the card, turned when the picture stands the other way.
    """
    layout_name, image = own_back(who.piece)
    if image is None or layout_name is not None:
        laid = laid_out(layout_name or deck_back)
        face = _face(loaded, laid, context, replace(who, back=laid.name), report, "back")
    else:
        face = Face(who.owner.id, who.piece.id, "back", laid_out(who.owner.layout).size, None, ())
    art = _art(loaded.folder, image, who.at("back_image"), report) if image else None
    if art is None:
        return face
    if layout_name is None and crosswise(face.size, _picture_size(art), who.owner):
        face = replace(face, size=face.size.rotated(), turned=True)
    picture = ImageItem(Rect(0, 0, face.size.width, face.size.height), art, "crop", True)
    return replace(face, items=(picture, *face.items))


def _picture_size(path: Path) -> Size:
    """An art file's natural width and height: pixels, or an SVG's own units."""
    art = read_art(path)
    return Size(art.width, art.height)


def token_size(sheet: TokenSheet) -> Size:
    """The square a token's face is laid out in: its size across, and a hex's height point to point."""
    across = parse_length(sheet.size)
    return Size(across, across * 2 / math.sqrt(3)) if sheet.shape == "hex" else Size(across, across)


def _boxes(layout: Layout, size: Size) -> list[tuple[Any, Rect]]:
    """Each element of a layout with its box in mm, worked out once per deck."""
    return [(element, element_box(element, size)) for element in layout.elements]


def _face(
    loaded: LoadedGame,
    laid: LaidOut,
    context: dict,
    who: Whose,
    report: Report,
    side: str = "front",
) -> Face:
    items: list[Item] = []
    for element, box in laid.boxes:
        if not _shown(element, context):
            continue
        if isinstance(element, RoseElement):
            items.extend(rose_items(element, box, lambda name: _value(context, name)))
            continue
        if isinstance(element, PipsElement):
            items.extend(_pips(loaded, element, box, context, who, report))
            continue
        blank = _placeholder_items(loaded, element, box, context, laid)
        if blank is not None:
            items.extend(blank)
            continue
        item = element_item(loaded, element, box, context, who, report, laid.placeholders)
        if item is not None:
            items.append(_alike(laid, item, element))
    return Face(
        who.owner.id,
        who.piece.id,
        side,
        laid.size,
        laid.layout.background,
        tuple(items),
        laid.turned,
    )


def _alike(laid: LaidOut, item: Item, element: Any) -> Item:
    """The item, or an equal one an earlier face of the deck drew: a deck holds all its faces
    until its sheets are drawn, and most cards share their frame, bands, art and footer."""
    if isinstance(item, ShapeItem | ImageItem | IconItem):
        return laid.alike.setdefault(item, item)
    if isinstance(item, TextItem) and len(item.fitted.lines) == 1 and item.style is element:
        return laid.alike.setdefault((item.box, id(element), item.rotate, item.fitted), item)
    return item


def _placeholder_items(
    loaded: LoadedGame, element: Any, box: Rect, context: dict, laid: LaidOut
) -> list[Item] | None:
    """What a placeholder prints instead, unless marked: the note and a lone `?` give way to a
    write-in blank (or nothing when hidden); None for an element that prints as usual."""
    mode = laid.placeholders
    if mode == "mark" or not isinstance(element, TextElement):
        return None
    if element.when == "placeholder":
        return []  # the reason goes to the deck report and the errata, not on the card
    if element.field and is_placeholder(_value(context, element.field)):
        named = not _labelled(laid, element.field)
    elif _has_placeholder(context) and _only_mark(element, context):
        named = False
    else:
        return None
    if mode == "hide":
        return []
    family = text_family(element.font_family or loaded.game.font_family, loaded.folder)
    return write_in_items(element, box, named, family)


def _labelled(laid: LaidOut, field: str) -> bool:
    """Whether the layout already prints the field's label (e.g. `PRIMARY` over `primary`)."""
    wanted = label(field).lower()
    return any(
        (element.template or "").strip().rstrip(":").lower() == wanted
        for element, _ in laid.boxes
        if isinstance(element, TextElement)
    )


def _has_placeholder(context: dict) -> bool:
    """Whether any of the card's fields is a placeholder, so that a lone `?` stands for one."""
    return any(is_placeholder(value) for value in context["card"]["fields"].values())


def _only_mark(element: TextElement, context: dict) -> bool:
    """Whether the element's whole text is the `?` of a placeholder."""
    try:
        text = _element_text(element, context)
    except TextError:
        return False
    return text.replace("*", "").strip() == "?"


def element_item(
    loaded, element, box: Rect, context: dict, who: Whose, report: Report, placeholders: str
) -> Item | None:
    """One element resolved for one card (placeholders printed as `placeholders` says), or
    None when it has nothing to show."""
    if isinstance(element, RectElement | EllipseElement | LineElement):
        kind = {RectElement: "rect", EllipseElement: "ellipse", LineElement: "line"}[type(element)]
        fill = getattr(element, "fill", None)
        if getattr(element, "fill_field", None):
            fill = _field_colour(context, element.fill_field, who, report) or fill
        return ShapeItem(
            kind,
            box,
            fill,
            element.stroke,
            element.stroke_width,
            getattr(element, "radius", 0.0),
            getattr(element, "ink_heavy", False),
            element.bleed,
        )
    if isinstance(element, TextElement | FieldsElement):
        return _text_item(loaded, element, box, context, who, report, placeholders)
    if isinstance(element, ImageElement):
        source = element.src or _value(context, element.field or "")
        if not isinstance(source, str) or not source:
            return None
        where = who.at(element.field) if element.field else who.where
        where = _layout_at(loaded, who) if element.src else where
        if _without_area(loaded, box, who, report):
            return None
        path = _art(loaded.folder, source, where, report)
        if path is None:
            return None
        placing = (element.rotate, element.flip, element.opacity)
        return ImageItem(box, path, element.fit, element.bleed, *placing)
    key = element.symbol or _value(context, element.field or "")
    if not _known_symbol(loaded, key, who.where, who, report):
        return None
    return IconItem(box, str(key), element.rotate, element.flip, element.opacity)


def _pips(
    loaded: LoadedGame, element: PipsElement, box: Rect, context: dict, who: Whose, report: Report
) -> list[IconItem]:
    """A card's pips as icons; none for a card whose count is not 1 to 10 (a court card)."""
    count = pip_count(_value(context, element.field))
    key = element.symbol or _value(context, element.symbol_field or "")
    where = who.at(element.symbol_field) if element.symbol_field else who.where
    if count is None or not _known_symbol(loaded, key, where, who, report):
        return []
    return pip_items(count, str(key), box, element.size)


def _known_symbol(
    loaded: LoadedGame, key: Any, where: Position, who: Whose, report: Report
) -> bool:
    """Whether an icon has a glossary symbol to draw: no key (or a placeholder) draws nothing,
    an unknown key is reported."""
    if not key or is_placeholder(key):
        return False
    known = sorted(symbol.key for symbol in loaded.game.symbols)
    if key not in known:
        report.error(
            "unknown-symbol",
            where,
            f"deck '{who.owner.id}', card '{who.piece.id}': expected an icon from the glossary ({', '.join(known) or 'none defined'}), found '{key}'",
        )
        return False
    return True


def _field_colour(context: dict, field: str, who: Whose, report: Report) -> str | None:
    """The colour a card field holds, None when unset; anything else is reported at its cell."""
    value = _value(context, field)
    if not _is_set(value) or is_placeholder(value):
        return None
    try:
        return parse_colour(value)
    except ValueError as exc:
        named = f"deck '{who.owner.id}', card '{who.piece.id}', {field}"
        report.error("schema", who.at(field), f"{named}: {exc}")
        return None


def _without_area(loaded: LoadedGame, box: Rect, who: Whose, report: Report) -> bool:
    """An image box of no width or height (after its inset) is an error, once per layout."""
    if box.width > 0 and box.height > 0:
        return False
    layout = who.back or getattr(who.owner, "layout", None)
    named = f"layout '{layout}'" if layout else f"board '{who.owner.id}'"
    found = f"{box.width:g}x{box.height:g} mm"
    message = f"{named}: expected an image box of positive width and height, found {found}"
    report_once(report, "bad-art", _layout_at(loaded, who), message, error=True)
    return True


def _layout_at(loaded: LoadedGame, who: Whose) -> Position:
    """Where the layout a card is drawn with is defined (a board's element stands at who.where)."""
    layout = who.back or getattr(who.owner, "layout", None)
    return loaded.layout_positions.get(layout, who.where) if layout else who.where


def _art(folder: Path, relative: str, where: Position, report: Report) -> Path | None:
    """An art file inside the game folder that can be drawn; a problem with it is reported."""
    try:
        path = _art_path(folder, relative)
    except AssetError as exc:
        report.error(exc.code, where, exc.message)
        return None
    return path if report_art(report, path, relative, where) else None


@lru_cache(maxsize=1024)
def _art_path(folder: Path, relative: str) -> Path:
    """Resolve an art path once per deck, however many of its cards show it."""
    return game_file(folder, relative)


def _text_item(
    loaded, element, box: Rect, context: dict, who: Whose, report: Report, placeholders: str
) -> TextItem | None:
    label = (isinstance(element, TextElement) and element.field) or element.name or element.type
    try:
        text = _element_text(element, context)
    except TextError as exc:
        named = f"deck '{who.owner.id}', card '{who.piece.id}', {label}"
        report.error("template", who.where, f"{named}: {exc}")
        return None
    if _has_placeholder(context):
        text = unmarked(text, placeholders)
    if not text.strip():
        return None
    symbols = frozenset(symbol.key for symbol in loaded.game.symbols)
    if isinstance(element, TextElement) and element.colour_field:
        colour = _field_colour(context, element.colour_field, who, report)
        if colour is not None:
            element = element.model_copy(update={"colour": colour})
    family = text_family(element.font_family or loaded.game.font_family, loaded.folder)
    for problem in font_problems(family, element.font, text) if family else ():
        named = f"deck '{who.owner.id}', card '{who.piece.id}', field '{label}'"
        report.error("font", who.where, f"{named}: {problem}")
    rotate = getattr(element, "rotate", 0)
    fitted = fit_text(text, element, turned_box(box, rotate), symbols, family)
    if fitted is None:
        turn = f" turned {rotate}\u00b0" if rotate else ""
        report.error(
            "text-overflow",
            who.where,
            f"{who.subject(element)}: text does not fit its {box.width:g}x{box.height:g} mm "
            f"box{turn} even at the minimum size {smallest_size(element):g} pt",
        )
        return None
    return TextItem(box, fitted, element, rotate)


def _element_text(element: TextElement | FieldsElement, context: dict) -> str:
    if isinstance(element, FieldsElement):
        names = element.fields if element.fields is not None else list(context["card"]["fields"])
        lines = [
            f"**{label(name)}**: {shown(_value(context, name))}"
            for name in names
            if _is_set(_value(context, name))
        ]
        return "\n".join(lines)
    if element.template is not None:
        return render_text(element.template, context)
    value = _value(context, element.field or "")
    return render_text(value, context) if isinstance(value, str) else shown(value)


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
