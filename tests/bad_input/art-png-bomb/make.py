"""A decompression bomb: 30,000 x 30,000 one-bit pixels in 110 KB."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "map.png").write_bytes(hostile_art.blank_png(30_000, 30_000, bits=1))
