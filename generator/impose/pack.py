"""Token packing: pure geometry in millimetres, measured from the page's bottom-left corner.

Tokens of one (shape, size, gap) form a group and tile as one lattice: squares and rounded
squares in a plain grid, round tokens in a honeycomb, hexes tessellated in offset rows. Every
token owns a *footprint*: its cut outline grown by half its gap. Footprints never overlap and
each lies inside a free rectangle of the sheet, so two tokens' cut lines are always at least
(gap_a + gap_b) / 2 apart, and squares with gap 0 share cut lines.

Hexes are pointy-top: `size` is the distance across the flats, which are vertical, so a hex is
`size` wide and 2 * size / sqrt(3) tall. Round tokens have no orientation, so their honeycomb
may run in rows or in columns, whichever holds more.

Groups go largest footprint first. Each block of rows lands in the first free rectangle (on the
earliest sheet, smallest rectangle first) that holds at least one token; a block splits that
rectangle into the strip below it and the pocket beside a partial last row, which later,
smaller groups fill. A new sheet starts only when no free rectangle holds the next token.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.impose.grid import MARK_SPACE_MM, MIN_MARGIN_MM, ImposeError
from generator.units import Size, common_paper_area

SHAPES = ("round", "square", "rounded", "hex")
SQRT3 = math.sqrt(3.0)
EPS = 1e-9  # mm; absorbs rounding so exact fits (e.g. 16 x 12 mm in 192 mm) still fit


@dataclass(frozen=True)
class PackItem:
    """One token to place: `key` is the caller's id, `shape` its outline, `size` in mm, `gap` the space it needs around its cut line."""

    key: object
    shape: str  # "round" | "square" | "rounded" | "hex"
    size: float  # mm: diameter, side, or hex across-flats
    gap: float  # mm of free space between this token's cut line and any neighbour's (0 = may share a cut line)


@dataclass(frozen=True)
class Placement:
    """Where a token's centre sits on its sheet, in mm from the page's bottom-left corner."""

    key: object
    sheet: int  # 0-based sheet index
    x: float  # centre x
    y: float  # centre y
    shape: str
    size: float


@dataclass(frozen=True)
class Rect:
    """A free axis-aligned rectangle on one sheet, in page millimetres."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """Extent along x."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """Extent along y."""
        return self.y1 - self.y0

    @property
    def area(self) -> float:
        """Width times height, to try small rectangles before large ones."""
        return self.width * self.height


@dataclass(frozen=True)
class Lattice:
    """How equal tokens tile in rows: pitches, stagger and the footprint around each centre."""

    pitch: float  # centre spacing along a row
    row_pitch: float  # centre spacing between rows
    half_width: float  # footprint half extent along the row
    half_height: float  # footprint half extent across the row
    stagger: bool  # odd rows shift by half a pitch

    def row_count(self, length: float, row: int) -> int:
        """Tokens that fit in row `row` of a strip `length` long."""
        offset = self.pitch / 2 if self.stagger and row % 2 else 0.0
        spare = length - offset - 2 * self.half_width
        return 0 if spare < -EPS else math.floor(spare / self.pitch + EPS) + 1

    def rows_in(self, depth: float) -> int:
        """Rows whose footprints fit in a strip `depth` deep."""
        spare = depth - 2 * self.half_height
        return 0 if spare < -EPS else math.floor(spare / self.row_pitch + EPS) + 1

    def depth(self, rows: int) -> float:
        """How deep a block of `rows` rows is, footprints included."""
        return 2 * self.half_height + (rows - 1) * self.row_pitch

    def used_length(self, count: int, row: int) -> float:
        """How far along its strip row `row` reaches when it holds `count` tokens."""
        offset = self.pitch / 2 if self.stagger and row % 2 else 0.0
        return offset + 2 * self.half_width + (count - 1) * self.pitch


@dataclass(frozen=True)
class Block:
    """Tokens of one group placed in one free rectangle, and the free space they leave."""

    centres: tuple[tuple[float, float], ...]
    leftovers: tuple[Rect, ...]
    used_area: float


def outline_area(shape: str, size: float) -> float:
    """Area inside the cut line in mm²: pi d²/4 for round, d² for square/rounded, (sqrt(3)/2) d² for hex (across flats)."""
    _check_shape(shape)
    if shape == "round":
        return math.pi * size * size / 4
    if shape == "hex":
        return SQRT3 / 2 * size * size
    return size * size


def usable_rect(page: Size, margin: float = MIN_MARGIN_MM + MARK_SPACE_MM) -> Rect:
    """The area A4 and Letter share, less `margin` a side, centred on `page`, so one layout prints on both."""
    common = common_paper_area()
    width, height = common.width - 2 * margin, common.height - 2 * margin
    if width <= 0 or height <= 0:
        raise ImposeError(
            f"expected a margin under {min(common.width, common.height) / 2:g} mm, found {margin:g}"
        )
    left, bottom = (page.width - width) / 2, (page.height - height) / 2
    return Rect(left, bottom, left + width, bottom + height)


def footprint_half_extents(shape: str, size: float, gap: float) -> tuple[float, float]:
    """Half width and half height of the outline grown by gap/2: what must fit inside the sheet."""
    _check_shape(shape)
    across = size / 2 + gap / 2
    return (across, size / SQRT3 + gap / 2) if shape == "hex" else (across, across)


def pack(
    items: list[PackItem],
    page: Size,
    margin: float = MIN_MARGIN_MM + MARK_SPACE_MM,
    area: Rect | None = None,
) -> list[Placement]:
    """Place every token on as few sheets as this shelf packer manages; sheets in order, each in placing order.

    The usable area is the area A4 and Letter share less `margin` on every side, centred on
    `page`, unless `area` gives the rectangle (half a sheet for fold-and-glue). Raises
    ValueError for an unknown shape or a negative size or gap, and ImposeError for a token
    whose footprint cannot fit on a sheet.
    """
    area = area or usable_rect(page, margin)
    groups = _groups(items)
    for (shape, size, gap), _ in groups:
        half_w, half_h = footprint_half_extents(shape, size, gap)
        if 2 * half_w > area.width + EPS or 2 * half_h > area.height + EPS:
            raise ImposeError(
                f"expected a token that fits within {area.width:g}x{area.height:g} mm with its gap, found {shape} {size:g} mm with gap {gap:g} mm"
            )
    sheets: list[list[Rect]] = []
    placed: list[Placement] = []
    for (shape, size, gap), members in groups:
        lattices = _lattices(shape, size, gap)
        queue = list(members)
        while queue:
            sheet, rect, block = _first_fit(sheets, lattices, len(queue))
            if block is None:
                if sheets and sheets[-1] == [area]:
                    raise ImposeError(f"expected {shape} {size:g} mm tokens to fit an empty sheet")
                sheets.append([area])
                continue
            sheets[sheet] = _replace(sheets[sheet], rect, block.leftovers)
            for (x, y), item in zip(block.centres, queue, strict=False):
                placed.append(Placement(item.key, sheet, x, y, item.shape, item.size))
            queue = queue[len(block.centres) :]
    return sorted(placed, key=lambda p: p.sheet)


def _check_shape(shape: str) -> None:
    """Reject an outline this packer does not know, naming the ones it does."""
    if shape not in SHAPES:
        raise ValueError(f"expected a token shape ({', '.join(SHAPES)}), found {shape!r}")


def _groups(
    items: list[PackItem],
) -> list[tuple[tuple[str, float, float], list[PackItem]]]:
    """Items grouped by (shape, size, gap), largest footprint first; input order kept within a group."""
    groups: dict[tuple[str, float, float], list[PackItem]] = {}
    for item in items:
        _check_shape(item.shape)
        if not item.size > 0 or not item.gap >= 0:
            raise ValueError(
                f"expected a positive size and a gap of 0 or more, found size {item.size!r} and gap {item.gap!r} for {item.key!r}"
            )
        groups.setdefault((item.shape, float(item.size), float(item.gap)), []).append(item)
    return sorted(groups.items(), key=lambda g: _group_order(*g[0]))


def _group_order(shape: str, size: float, gap: float) -> tuple[float, float, str, float, float]:
    """Sort key: tall footprints first (first-fit decreasing), then a total order on the group."""
    half_w, half_h = footprint_half_extents(shape, size, gap)
    return (-2 * half_h, -2 * half_w, shape, size, gap)


def _lattices(shape: str, size: float, gap: float) -> tuple[tuple[Lattice, bool], ...]:
    """The arrangements a group may use, each with whether it runs in columns instead of rows."""
    pitch = size + gap
    half_w, half_h = footprint_half_extents(shape, size, gap)
    grid = Lattice(pitch, 2 * half_h, half_w, half_h, stagger=False)
    if shape in ("square", "rounded"):
        return ((grid, False),)
    # Neighbouring centres in a honeycomb are one pitch apart: for circles that leaves exactly
    # `gap` between outlines; for hexes it is the gap-free tiling of hexes `pitch` across the
    # flats, each shrunk by gap/2 all round, so parallel flats stay exactly `gap` apart.
    honeycomb = Lattice(pitch, pitch * SQRT3 / 2, half_w, half_h, stagger=True)
    if shape == "hex":
        return ((honeycomb, False), (grid, False))
    return ((honeycomb, False), (honeycomb, True), (grid, False))


def _first_fit(
    sheets: list[list[Rect]], lattices: tuple[tuple[Lattice, bool], ...], wanted: int
) -> tuple[int, Rect | None, Block | None]:
    """The earliest sheet's smallest free rectangle that holds a token, and the best block there."""
    for index, free in enumerate(sheets):
        for rect in sorted(free, key=lambda r: (r.area, -r.y1, r.x0)):
            best = _best_block(rect, lattices, wanted)
            if best is not None:
                return index, rect, best
    return len(sheets), None, None


def _replace(free: list[Rect], used: Rect | None, leftovers: tuple[Rect, ...]) -> list[Rect]:
    """The sheet's free rectangles after a block fills `used`, dropping slivers too thin to matter."""
    kept = [r for r in free if r is not used]
    kept.extend(r for r in leftovers if r.width > EPS and r.height > EPS)
    return kept


def _best_block(
    rect: Rect, lattices: tuple[tuple[Lattice, bool], ...], wanted: int
) -> Block | None:
    """Of the group's arrangements, the one placing most tokens here, then using least area."""
    blocks = [_block(rect, lattice, transposed, wanted) for lattice, transposed in lattices]
    blocks = [b for b in blocks if b is not None]
    if not blocks:
        return None
    return min(blocks, key=lambda b: (-len(b.centres), b.used_area))


def _block(rect: Rect, lattice: Lattice, transposed: bool, wanted: int) -> Block | None:
    """Up to `wanted` tokens in rows from the rectangle's top-left, with the free space left over.

    Works in local coordinates: u runs along a row, v across rows away from the start corner.
    Untransposed rows run rightwards and stack downwards; transposed ones run downwards and
    stack rightwards (only for round tokens, which look the same turned a quarter).
    """
    length, depth = (rect.height, rect.width) if transposed else (rect.width, rect.height)
    rows = lattice.rows_in(depth)
    counts: list[int] = []
    for row in range(rows):
        if sum(counts) >= wanted:
            break
        count = lattice.row_count(length, row)
        if count == 0:
            break
        counts.append(min(count, wanted - sum(counts)))
    if not counts:
        return None
    local = []
    for row, count in enumerate(counts):
        v = lattice.half_height + row * lattice.row_pitch
        offset = lattice.pitch / 2 if lattice.stagger and row % 2 else 0.0
        local.extend((offset + lattice.half_width + i * lattice.pitch, v) for i in range(count))
    used_depth = lattice.depth(len(counts))
    last = len(counts) - 1
    reach = lattice.used_length(counts[last], last)
    pocket_top = used_depth - lattice.row_pitch if last else 0.0
    pocket_top = max(pocket_top, 0.0)
    spaces = ((0.0, length, used_depth, depth), (reach, length, pocket_top, used_depth))
    leftovers = tuple(_to_page(rect, transposed, *space) for space in spaces)
    centres = tuple(_point_to_page(rect, transposed, u, v) for u, v in local)
    used_area = length * used_depth - (length - reach) * (used_depth - pocket_top)
    return Block(centres, leftovers, used_area)


def _point_to_page(rect: Rect, transposed: bool, u: float, v: float) -> tuple[float, float]:
    """A local (along-row, across-rows) point as page mm, rows starting at the top-left corner."""
    return (rect.x0 + v, rect.y1 - u) if transposed else (rect.x0 + u, rect.y1 - v)


def _to_page(rect: Rect, transposed: bool, u0: float, u1: float, v0: float, v1: float) -> Rect:
    """A local rectangle as a page rectangle inside `rect`."""
    if transposed:
        return Rect(rect.x0 + v0, rect.y1 - u1, rect.x0 + v1, rect.y1 - u0)
    return Rect(rect.x0 + u0, rect.y1 - v1, rect.x0 + u1, rect.y1 - v0)
