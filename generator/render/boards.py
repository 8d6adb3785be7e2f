"""Boards and mats: tracks, grids, maps and slots reduced to the shapes and text cards use."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial

from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.model import Board
from generator.model.board import GridElement, MapElement, SlotElement, TrackElement
from generator.render.faces import Face, Whose, element_box, element_item
from generator.render.items import Item, Rect, ShapeItem, label_item
from generator.render.text import game_context
from generator.render.typefaces import text_family
from generator.units import Size, parse_extent, parse_size

# Shapes items draw for a slot's or a map area's outline.
SLOT_KINDS = {"rect": "rect", "round": "ellipse", "diamond": "diamond"}
AREA_KINDS = {"round": "ellipse", "square": "rect", "hex": "hexagon"}
Labeller = Callable[..., Item | None]
NO_FIELDS = "mark"  # a board has no fields, so nothing on it is a placeholder to print


def board_face(loaded: LoadedGame, board: Board, where: Position, report: Report) -> Face:
    """A board's face at true size; each element becomes shapes and fitted text."""
    size = parse_size(board.size)
    context = {
        **game_context(loaded),
        "card": {"fields": {}, "id": board.id, "name": board.name},
        "deck": {"id": board.id, "name": board.name},
        "back": "",
    }
    items: list[Item] = []
    label = partial(label_item, family=text_family(loaded.game.font_family, loaded.folder))
    symbols = frozenset(s.key for s in loaded.game.symbols)
    index = loaded.game.boards.index(board)
    for number, element in enumerate(board.elements):
        box = element_box(element, size)
        if isinstance(element, TrackElement):
            items.extend(_track(element, box, label))
        elif isinstance(element, GridElement):
            items.extend(_grid(element, box, label))
        elif isinstance(element, MapElement):
            items.extend(_map(element, box, label))
        elif isinstance(element, SlotElement):
            items.extend(_slots(element, box, symbols, label))
        else:
            at = loaded.source.at("boards", index, "elements", number)
            who = Whose(board, board, at)
            item = element_item(loaded, element, box, context, who, report, NO_FIELDS)
            if item is not None:
                items.append(item)
    background = board.background
    kept = tuple(_into_bleed(i, size) for i in items if i is not None)
    return Face(board.id, board.id, "front", size, background, kept)


def _into_bleed(item: Item, size: Size) -> Item:
    """A square-cornered fill touching the trim runs on into the bleed, so an off cut shows no sliver."""
    if not isinstance(item, ShapeItem) or item.bleed or not item.fill or item.kind != "rect":
        return item
    if item.radius or not _touches_trim(item.box, size):
        return item
    return replace(item, bleed=True)


def _touches_trim(box: Rect, size: Size) -> bool:
    edge = 0.01
    return (
        box.x <= edge
        or box.y <= edge
        or box.x + box.width >= size.width - edge
        or box.y + box.height >= size.height - edge
    )


def _shape(
    kind: str,
    box: Rect,
    fill: str | None,
    stroke: str | None,
    width: float = 0.6,
    dash: bool = False,
    radius: float = 0.0,
) -> ShapeItem:
    return ShapeItem(kind, box, fill, stroke, width, radius, False, False, dash)


def _track(element: TrackElement, box: Rect, label: Labeller) -> Iterator[Item | None]:
    """One numbered space per value from `first` to `last`."""
    numbers = list(range(element.first, element.last + 1))
    for number, cell in zip(numbers, _track_cells(element, box, len(numbers)), strict=True):
        yield _shape("rect", cell, element.fill, element.stroke)
        yield label(str(number), _shrink(cell, 0.12), element.size, element.colour)


def _track_cells(element: TrackElement, box: Rect, count: int) -> list[Rect]:
    if element.path == "grid":
        columns = element.columns or math.ceil(math.sqrt(count))
        rows = math.ceil(count / columns)
        w, h = box.width / columns, box.height / rows
        cells = []
        for i in range(count):
            row, column = divmod(i, columns)
            column = column if row % 2 == 0 else columns - 1 - column
            cells.append(Rect(box.x + column * w, box.y + row * h, w, h))
        return cells
    if element.path == "loop":
        return _loop_cells(box, count)
    if box.width >= box.height:
        w = box.width / count
        return [Rect(box.x + i * w, box.y, w, box.height) for i in range(count)]
    h = box.height / count
    return [Rect(box.x, box.y + i * h, box.width, h) for i in range(count)]


def _loop_cells(box: Rect, count: int) -> list[Rect]:
    """Cells clockwise around the box's edge from its top-left corner."""
    across = max(2, round(count * box.width / (2 * (box.width + box.height))) + 1)
    down = max(2, (count - 2 * across) // 2 + 2)
    w, h = box.width / across, box.height / down
    ring = [(c, 0) for c in range(across)] + [(across - 1, r) for r in range(1, down)]
    ring += [(c, down - 1) for c in range(across - 2, -1, -1)] + [
        (0, r) for r in range(down - 2, 0, -1)
    ]
    return [Rect(box.x + c * w, box.y + r * h, w, h) for c, r in ring[:count]]


def _grid(element: GridElement, box: Rect, label: Labeller) -> Iterator[Item | None]:
    w, h = box.width / element.columns, box.height / element.rows
    for c in range(element.columns + 1):
        yield _shape("line", Rect(box.x + c * w, box.y, 0, box.height), None, element.stroke)
    for r in range(element.rows + 1):
        yield _shape("line", Rect(box.x, box.y + r * h, box.width, 0), None, element.stroke)
    if element.labels:
        for r in range(element.rows):
            for c in range(element.columns):
                cell = Rect(box.x + c * w, box.y + r * h, w, h * 0.3)
                yield label(cell_name(c, element.rows - 1 - r), cell, 6, element.stroke, "regular")


def cell_name(column: int, row: int) -> str:
    """A grid cell in chess notation, as printed labels and rulebook positions both read it:
    columns a, b, ... z, aa, ... from the left, rows 1, 2, ... from the bottom (both from 0)."""
    name, index = "", column + 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(97 + rest) + name
    return f"{name}{row + 1}"


def map_positions(element: MapElement, box: Rect) -> dict[str, tuple[float, float]]:
    """Each area's centre in mm on the board: given by `at`, or radiating from the centre along its path."""
    positions = {
        area.id: (
            box.x + parse_extent(area.at[0], box.width),
            box.y + parse_extent(area.at[1], box.height),
        )
        for area in element.areas
        if area.at is not None
    }
    if element.centre is not None and element.paths:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        positions[element.centre] = (cx, cy)
        reach = min(box.width, box.height) / 2 - element.area_size / 2
        step = reach / max(len(path) for path in element.paths)
        for k, path in enumerate(element.paths):
            angle = -math.pi / 2 + 2 * math.pi * k / len(element.paths)
            for i, area in enumerate(path, start=1):
                positions[area] = (cx + math.cos(angle) * step * i, cy + math.sin(angle) * step * i)
    return positions


def _map(element: MapElement, box: Rect, label: Labeller) -> Iterator[Item | None]:
    """Crossings first (under the areas), then each area's disc and name."""
    at = map_positions(element, box)
    for connection in element.connections:
        a, b = (at.get(end) for end in connection.between)
        if a is None or b is None:
            continue
        style = element.styles.get(connection.kind)
        colour, width, dash = (
            (style.colour, style.width, style.dash) if style else ("#444444", 2.0, False)
        )
        yield _shape(
            "line",
            Rect(a[0], a[1], b[0] - a[0], b[1] - a[1]),
            None,
            colour,
            width,
            dash or bool(connection.placeholder),
        )
        if connection.placeholder:
            mid = Rect((a[0] + b[0]) / 2 - 3, (a[1] + b[1]) / 2 - 3, 6, 6)
            yield _shape("ellipse", mid, "#ffffff", colour, 0.6)
            yield label("?", mid, 9, colour)
        if connection.note:
            beside = Rect((a[0] + b[0]) / 2 - 12, (a[1] + b[1]) / 2 + 3.5, 24, 4)
            yield label(connection.note, beside, 6, colour, "italic")
    radius = element.area_size / 2
    for area in element.areas:
        if area.id not in at:
            continue
        x, y = at[area.id]
        disc = Rect(x - radius, y - radius, 2 * radius, 2 * radius)
        yield _shape(
            AREA_KINDS[area.shape],
            disc,
            area.colour,
            area.border,
            area.border_width,
            dash=bool(area.placeholder),
        )
        yield label(area.name, _area_band(disc, -0.24, 0.26, area.shape), 10)
        if area.note:  # two lines under the name, so a short note stays at a legible size
            yield label(area.note, _area_band(disc, 0.04, 0.36, area.shape), 7, font="italic")


def _area_band(disc: Rect, top: float, height: float, shape: str) -> Rect:
    """A band of an area from `top` (a fraction of its size below the centre, negative above),
    as wide as the shape allows there: a round area is narrower away from its middle."""
    far = min(max(abs(top), abs(top + height)), 0.45)
    edge = {"round": 0.5 - (0.25 - far**2) ** 0.5, "hex": far / 2}.get(shape, 0.0)
    inset = edge + 0.03
    x = disc.x + inset * disc.width
    y = disc.y + (0.5 + top) * disc.height
    return Rect(x, y, (1 - 2 * inset) * disc.width, height * disc.height)


def _slots(
    element: SlotElement, box: Rect, symbols: frozenset[str], label: Labeller
) -> Iterator[Item | None]:
    n, gap = element.count, element.gap
    if element.direction == "row":
        w = (box.width - gap * (n - 1)) / n
        cells = [Rect(box.x + i * (w + gap), box.y, w, box.height) for i in range(n)]
    else:
        h = (box.height - gap * (n - 1)) / n
        cells = [Rect(box.x, box.y + i * (h + gap), box.width, h) for i in range(n)]
    for cell in cells:
        kind = SLOT_KINDS[element.shape]
        yield _shape(
            kind, cell, None, element.stroke, 0.8, dash=True, radius=2.0 if kind == "rect" else 0
        )
        if element.label:
            yield label(element.label, _shrink(cell, 0.15), 8, element.stroke, "italic", symbols)


def _shrink(box: Rect, fraction: float) -> Rect:
    dx, dy = box.width * fraction, box.height * fraction
    return Rect(box.x + dx, box.y + dy, box.width - 2 * dx, box.height - 2 * dy)
