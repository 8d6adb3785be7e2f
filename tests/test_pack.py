"""Token packing: no overlaps or gap violations, everything inside the sheet, density and determinism.

Overlap checks use exact geometry: circles are circles, squares and hexes are convex polygons
(pointy-top hexes, `size` across the vertical flats), and the distance between two outlines is
computed exactly (separating-axis test, then vertex-to-edge distances; circle to polygon by the
centre's distance to the polygon's edges). Rounded squares are checked as their full square,
which is conservative: the rounded outline lies inside it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from generator.impose.grid import ImposeError
from generator.impose.pack import PackItem, Placement, outline_area, pack
from generator.units import PAPERS, Size

INCH = 25.4
DEFAULT_MARGIN = 9.0  # MIN_MARGIN_MM + MARK_SPACE_MM, written out to check the default
TOLERANCE = 1e-6  # mm


def usable(page: Size, margin: float = DEFAULT_MARGIN) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) of the area A4 and Letter share less the margin, centred on `page`."""
    width = min(210.0, 215.9) - 2 * margin
    height = min(297.0, 279.4) - 2 * margin
    left, bottom = (page.width - width) / 2, (page.height - height) / 2
    return left, bottom, left + width, bottom + height


def polygon(p: Placement) -> list[tuple[float, float]]:
    """The cut outline's vertices, anticlockwise: a square, or a pointy-top hex."""
    if p.shape == "hex":
        radius = p.size / math.sqrt(3)
        return [
            (p.x + radius * math.cos(a), p.y + radius * math.sin(a))
            for a in (math.radians(90 + 60 * k) for k in range(6))
        ]
    h = p.size / 2
    return [(p.x - h, p.y - h), (p.x + h, p.y - h), (p.x + h, p.y + h), (p.x - h, p.y + h)]


def circumradius(p: Placement) -> float:
    """The radius of the circle through the outline's farthest points."""
    if p.shape == "round":
        return p.size / 2
    if p.shape == "hex":
        return p.size / math.sqrt(3)
    return p.size / math.sqrt(2)


def point_segment(px: float, py: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    """Euclidean distance from a point to a closed segment."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((px - a[0]) * dx + (py - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - a[0] - t * dx, py - a[1] - t * dy)


def edges(poly: list[tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Consecutive vertex pairs, closing the polygon."""
    return list(zip(poly, poly[1:] + poly[:1], strict=True))


def inside_convex(px: float, py: float, poly: list[tuple[float, float]]) -> bool:
    """Whether a point is strictly inside an anticlockwise convex polygon."""
    return all(
        (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]) > TOLERANCE
        for a, b in edges(poly)
    )


def separated(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> bool:
    """Separating-axis test for convex polygons; touching counts as separated."""
    for a, b in edges(p) + edges(q):
        nx, ny = b[1] - a[1], a[0] - b[0]
        length = math.hypot(nx, ny)
        ps = [(x * nx + y * ny) / length for x, y in p]
        qs = [(x * nx + y * ny) / length for x, y in q]
        if max(ps) <= min(qs) + TOLERANCE or max(qs) <= min(ps) + TOLERANCE:
            return True
    return False


def distance(a: Placement, b: Placement) -> float:
    """The exact distance between two cut outlines; negative when they overlap (-1 if polygonal)."""
    if a.shape == b.shape == "round":
        return math.hypot(a.x - b.x, a.y - b.y) - a.size / 2 - b.size / 2
    if b.shape == "round":
        a, b = b, a
    if a.shape == "round":
        poly = polygon(b)
        if inside_convex(a.x, a.y, poly):
            return -1.0
        return min(point_segment(a.x, a.y, u, v) for u, v in edges(poly)) - a.size / 2
    p, q = polygon(a), polygon(b)
    if not separated(p, q):
        return -1.0
    return min(
        min(point_segment(x, y, u, v) for u, v in edges(q) for x, y in p),
        min(point_segment(x, y, u, v) for u, v in edges(p) for x, y in q),
    )


def assert_valid(
    items: list[PackItem], placements: list[Placement], page: Size, margin: float = DEFAULT_MARGIN
) -> None:
    """Every item placed once, sheets contiguous, outlines inside, gaps kept between all pairs."""
    by_key = {item.key: item for item in items}
    assert len(by_key) == len(items), "test items need distinct keys"
    assert sorted(Counter(p.key for p in placements).items()) == sorted((key, 1) for key in by_key)
    sheets = sorted({p.sheet for p in placements})
    assert sheets == list(range(len(sheets)))
    left, bottom, right, top = usable(page, margin)
    for p in placements:
        item = by_key[p.key]
        assert (p.shape, p.size) == (item.shape, item.size)
        if p.shape == "round":
            xs, ys = [p.x - p.size / 2, p.x + p.size / 2], [p.y - p.size / 2, p.y + p.size / 2]
        else:
            xs, ys = [x for x, _ in polygon(p)], [y for _, y in polygon(p)]
        half_gap = item.gap / 2
        assert min(xs) - half_gap >= left - TOLERANCE, p
        assert max(xs) + half_gap <= right + TOLERANCE, p
        assert min(ys) - half_gap >= bottom - TOLERANCE, p
        assert max(ys) + half_gap <= top + TOLERANCE, p
    for sheet in sheets:
        on_sheet = [p for p in placements if p.sheet == sheet]
        for i, a in enumerate(on_sheet):
            for b in on_sheet[i + 1 :]:
                needed = (by_key[a.key].gap + by_key[b.key].gap) / 2
                reach = math.hypot(a.x - b.x, a.y - b.y)
                if reach >= circumradius(a) + circumradius(b) + needed + 1.0:
                    continue  # too far apart for their outlines to come near
                assert distance(a, b) >= needed - TOLERANCE, (a, b, needed)


def mixed_items() -> list[PackItem]:
    """Counters and tokens of every shape, interleaved, with gaps 0, 1 and 2 mm."""
    kinds = [
        ("square", INCH / 2, 0.0),
        ("rounded", INCH * 5 / 8, 0.0),
        ("round", INCH * 5 / 8, 2.0),
        ("round", INCH, 2.0),
        ("hex", 16.0, 1.0),
        ("hex", 20.0, 1.5),
        ("square", 30.0, 3.0),
    ]
    counts = [90, 60, 70, 40, 50, 35, 12]
    items = []
    for n in range(max(counts)):
        for (shape, size, gap), count in zip(kinds, counts, strict=True):
            if n < count:
                items.append(PackItem(f"{shape}-{size:g}-{n}", shape, size, gap))
    return items


def test_outline_area_matches_the_formulas():
    assert outline_area("round", 10.0) == pytest.approx(math.pi * 25.0)
    assert outline_area("square", 10.0) == pytest.approx(100.0)
    assert outline_area("rounded", 10.0) == pytest.approx(100.0)
    assert outline_area("hex", 10.0) == pytest.approx(
        6 * (10.0 / math.sqrt(3)) ** 2 * math.sqrt(3) / 4
    )


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_mixed_tokens_never_overlap_and_stay_inside_the_usable_area(paper):
    items = mixed_items()
    placements = pack(items, PAPERS[paper])
    assert_valid(items, placements, PAPERS[paper])
    assert len({p.sheet for p in placements}) > 1


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_round_squares_and_hexes_of_different_sizes_keep_their_gaps(paper):
    items = [PackItem("big", "round", INCH, 2.0)]
    items += [PackItem(f"sq{n}", "square", INCH / 2, 0.0) for n in range(23)]
    items += [PackItem(f"hex{n}", "hex", 16.0, 1.0) for n in range(17)]
    placements = pack(items, PAPERS[paper])
    assert_valid(items, placements, PAPERS[paper])
    assert {p.sheet for p in placements} == {0}


def test_a_smaller_margin_is_honoured_and_used():
    items = [PackItem(n, "square", 12.0, 0.0) for n in range(400)]
    placements = pack(items, PAPERS["a4"], margin=5.0)
    assert_valid(items, placements, PAPERS["a4"], margin=5.0)
    # (210 - 10) // 12 = 16 columns and (279.4 - 10) // 12 = 22 rows fit with a 5 mm margin.
    assert Counter(p.sheet for p in placements)[0] == 16 * 22


def test_honeycomb_fits_round_tokens_densely():
    d, gap = INCH * 5 / 8, 2.0
    items = [PackItem(n, "round", d, gap) for n in range(200)]
    placements = pack(items, PAPERS["a4"])
    assert_valid(items, placements, PAPERS["a4"])
    left, bottom, right, top = usable(PAPERS["a4"])
    width, height, pitch = right - left, top - bottom, d + gap
    sheets = len({p.sheet for p in placements})
    # The outline-area bound (200 pi d^2/4 over the usable area, about 0.79 sheet) cannot be met
    # when tokens keep a 2 mm gap. Oler's inequality for points at least `pitch` apart in the
    # (width - pitch) x (height - pitch) rectangle of possible centres shows one sheet holds
    # at most 177 of them, so two sheets is optimal.
    w, h = width - pitch, height - pitch
    most_per_sheet = 2 / math.sqrt(3) * w * h / pitch**2 + (w + h) / pitch + 1
    assert most_per_sheet < 200
    assert sheets == 2
    # Against the bound that charges each token its honeycomb cell, (sqrt(3)/2)(d + gap)^2:
    cell_bound = 200 * math.sqrt(3) / 2 * pitch**2 / (width * height)
    assert sheets <= math.ceil(1.15 * cell_bound)
    # The full first sheet is within 15% of perfect honeycomb density and beats a plain grid.
    first = Counter(p.sheet for p in placements)[0]
    assert first * 1.15 >= width * height / (math.sqrt(3) / 2 * pitch**2)
    assert first > (width // pitch) * (height // pitch)


def test_honeycomb_neighbours_sit_exactly_one_pitch_apart():
    d, gap = 19.05, 2.0
    placements = pack([PackItem(n, "round", d, gap) for n in range(30)], PAPERS["letter"])
    nearest = min(
        math.hypot(a.x - b.x, a.y - b.y)
        for i, a in enumerate(placements)
        for b in placements[i + 1 :]
    )
    assert nearest == pytest.approx(d + gap, abs=1e-9)


def test_hexes_tessellate_with_exactly_the_gap_between_flats():
    items = [PackItem(n, "hex", 16.0, 1.0) for n in range(40)]
    placements = pack(items, PAPERS["a4"])
    assert_valid(items, placements, PAPERS["a4"])
    gaps = [
        distance(a, b)
        for i, a in enumerate(placements)
        for b in placements[i + 1 :]
        if math.hypot(a.x - b.x, a.y - b.y) < 17.5
    ]
    # In an offset-row tiling each inner hex has six neighbours, all exactly 1 mm away.
    assert len(gaps) > 40
    assert all(g == pytest.approx(1.0, abs=1e-9) for g in gaps)


def test_squares_with_no_gap_share_cut_lines():
    items = [PackItem(n, "square", 20.0, 0.0) for n in range(4)]
    placements = pack(items, PAPERS["a4"])
    assert_valid(items, placements, PAPERS["a4"])
    xs = sorted(p.x for p in placements)
    assert {p.y for p in placements} == {placements[0].y}
    assert [b - a for a, b in itertools.pairwise(xs)] == pytest.approx([20.0] * 3, abs=1e-9)
    assert distance(placements[0], placements[1]) == pytest.approx(0.0, abs=1e-9)


def test_rounded_squares_pack_like_squares_and_keep_their_shape():
    items = [PackItem(n, "rounded", 15.0, 0.0) for n in range(30)]
    placements = pack(items, PAPERS["a4"])
    assert_valid(items, placements, PAPERS["a4"])
    assert {p.shape for p in placements} == {"rounded"}
    assert Counter(round(p.y, 6) for p in placements).most_common(1)[0][1] == 192 // 15


def test_packing_is_deterministic():
    items = mixed_items()
    first = pack(items, PAPERS["a4"])
    second = pack(list(items), PAPERS["a4"])
    assert first == second
    assert pack([], PAPERS["a4"]) == []


def test_bad_tokens_are_rejected():
    with pytest.raises(ValueError, match="shape"):
        pack([PackItem(1, "star", 10.0, 0.0)], PAPERS["a4"])
    with pytest.raises(ValueError, match="gap"):
        pack([PackItem(1, "round", 10.0, -1.0)], PAPERS["a4"])
    with pytest.raises(ImposeError):
        pack([PackItem(1, "round", 200.0, 0.0)], PAPERS["a4"])
