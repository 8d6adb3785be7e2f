"""Writes back.svg, the Mamluk deck's shared back: an eight-pointed star-and-cross lattice.

This script made art/back.svg; run it again (python art/girih.py) after changing a number.
The back covers the poker card and its 3 mm bleed (69 x 94 mm), one unit a tenth of a mm.
"""

from __future__ import annotations

import math
from pathlib import Path

WIDTH, HEIGHT = 690, 940  # poker card plus bleed, in tenths of a millimetre
SPACING = 115  # distance between star centres
GROUND, GOLD, INK = "#1d3557", "#c9a227", "#10223d"


def star(cx: float, cy: float, outer: float, inner: float) -> str:
    """An eight-pointed star (two squares) as a closed path of sixteen corners."""
    corners = []
    for i in range(16):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 8 * i
        corners.append(f"{cx + radius * math.cos(angle):.1f} {cy + radius * math.sin(angle):.1f}")
    return "M" + " L".join(corners) + " Z"


def lattice() -> list[str]:
    """Stars on a square lattice centred on the card, so the pattern is symmetric."""
    paths = []
    columns = math.ceil(WIDTH / SPACING / 2) + 1
    rows = math.ceil(HEIGHT / SPACING / 2) + 1
    outer = SPACING / 2
    inner = outer * math.cos(math.pi / 4) / math.cos(math.pi / 8)
    for row in range(-rows, rows + 1):
        for column in range(-columns, columns + 1):
            cx, cy = WIDTH / 2 + column * SPACING, HEIGHT / 2 + row * SPACING
            paths.append(f'<path fill="{GOLD}" d="{star(cx, cy, outer, inner)}"/>')
            paths.append(f'<path fill="{INK}" d="{star(cx, cy, outer * 0.72, inner * 0.72)}"/>')
            paths.append(f'<path fill="{GOLD}" d="{star(cx, cy, outer * 0.3, inner * 0.3)}"/>')
    return paths


def svg() -> str:
    """The whole back: ground, lattice and a frame band inside the trim."""
    frame = (
        f'<path fill="{GOLD}" fill-rule="evenodd" d="M60 60 H{WIDTH - 60} V{HEIGHT - 60} H60 Z '
        f'M78 78 V{HEIGHT - 78} H{WIDTH - 78} V78 Z"/>'
    )
    body = "\n  ".join(lattice())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}">\n'
        "  <!-- written by art/girih.py: edit the script, not this file -->\n"
        f'  <rect fill="{GROUND}" x="0" y="0" width="{WIDTH}" height="{HEIGHT}"/>\n'
        f"  {body}\n  {frame}\n</svg>\n"
    )


if __name__ == "__main__":
    Path(__file__).with_name("back.svg").write_text(svg())
