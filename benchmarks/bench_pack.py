"""Token-packing benchmark: sheets used for 1,000 mixed counters and tokens against the area bound.

The mix is the kinds of pieces our bundled games print, scaled to 1,000 and shuffled with a
fixed seed: wargame counters (300 x 5/8" and 200 x 1/2" squares, sharing cut lines), euro
tokens (250 x 3/4" and 100 x 1" round) and 150 x 1" hex building tokens. Gaps and margins are
the build's own: `cut_gap` with the shared token layout's bleed, and the token sheet margin.

Target (reported as PASS/MISS; never asserted, and the exit status is always 0):
  sheets used <= 1.15 x (total outline area / usable area per sheet).
For context it also prints the footprint bound: each token charged the area it needs in a
perfect gap-respecting tiling, (sqrt(3)/2)(d + gap)^2 for round and hex tokens and (d + gap)^2
for squares, the densest each group tiles on its own.

Usage: python benchmarks/bench_pack.py
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from generator.impose.pack import PackItem, outline_area, pack, usable_rect
from generator.impose.tokens import TOKEN_MARGIN_MM, cut_gap
from generator.units import PAPERS

RATIO_TARGET = 1.15
SEED = 20240601
INCH = 25.4
TOKEN_BLEED = 0.5  # the shared `token` layout's bleed (templates/layouts/tokens.yaml)
MIX: tuple[tuple[str, float, float, int], ...] = tuple(
    (shape, size, cut_gap(shape, TOKEN_BLEED), count)
    for shape, size, count in (
        ("square", INCH * 5 / 8, 300),
        ("square", INCH / 2, 200),
        ("round", INCH * 3 / 4, 250),
        ("round", INCH, 100),
        ("hex", INCH, 150),
    )
)


def build_items() -> list[PackItem]:
    """The fixed mix, one PackItem per token, in a seeded shuffled order."""
    items = [
        PackItem(f"{shape}-{size:g}-{n}", shape, size, gap)
        for shape, size, gap, count in MIX
        for n in range(count)
    ]
    random.Random(SEED).shuffle(items)
    return items


def footprint_area(shape: str, size: float, gap: float) -> float:
    """The area one token needs in a perfect tiling that keeps its gap to every neighbour."""
    pitch = size + gap
    return pitch * pitch if shape in ("square", "rounded") else math.sqrt(3) / 2 * pitch * pitch


def verdict(ok: bool) -> str:
    """PASS or MISS."""
    return "PASS" if ok else "MISS"


def row(label: str, *cells: str) -> str:
    """One table line."""
    return f"  {label:<44}" + "".join(f"{cell:>14}" for cell in cells)


def report() -> None:
    """Pack the mix once, then print the mix, the bounds, the result and the verdict."""
    items = build_items()
    page = PAPERS["a4"]
    start = time.perf_counter()
    placements = pack(items, page, TOKEN_MARGIN_MM)
    seconds = time.perf_counter() - start
    usable = usable_rect(page, TOKEN_MARGIN_MM)
    sheet_area = usable.width * usable.height
    total = sum(outline_area(i.shape, i.size) for i in items)
    needed = sum(footprint_area(i.shape, i.size, i.gap) for i in items)
    sheets = max(p.sheet for p in placements) + 1
    bound = total / sheet_area
    footprint_bound = needed / sheet_area
    print("Token-packing benchmark: A4, default margin, area A4 and Letter share")
    print()
    print(row("Mix", "count", "gap (mm)", "area (mm2)"))
    for shape, size, gap, count in MIX:
        area = count * outline_area(shape, size)
        print(row(f"{shape} {size:g} mm", f"{count}", f"{gap:g}", f"{area:,.0f}"))
    print()
    print(row("tokens", f"{len(items):,}"))
    print(row("tokens placed", f"{len(placements):,}"))
    print(row("total outline area (mm2)", f"{total:,.0f}"))
    print(
        row(
            "usable area per sheet (mm2)",
            f"{sheet_area:,.0f}",
            f"{usable.width:g}x{usable.height:g}",
        )
    )
    print(row("area lower bound (sheets)", f"{bound:.3f}"))
    print(row("footprint bound incl. gaps (sheets)", f"{footprint_bound:.3f}"))
    print(row("sheets used", f"{sheets}"))
    print(row("sheets used / area bound", f"{sheets / bound:.3f}"))
    print(row("sheets used / footprint bound", f"{sheets / footprint_bound:.3f}"))
    print(row("outline area / sheets used x usable", f"{total / (sheets * sheet_area):.1%}"))
    print(row("time (ms)", f"{seconds * 1000:.1f}"))
    print()
    print("Target")
    ratio = sheets / bound
    print(
        row(
            f"sheets <= {RATIO_TARGET} x area bound",
            f"{ratio:.3f}x",
            verdict(ratio <= RATIO_TARGET),
        )
    )


def main() -> int:
    """Run the benchmark; the exit status is always 0."""
    report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
