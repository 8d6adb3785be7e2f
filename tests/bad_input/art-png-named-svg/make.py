"""A PNG under an SVG name."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "knight.svg").write_bytes(hostile_art.noisy_png(8))
