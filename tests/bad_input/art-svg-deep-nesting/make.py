"""An SVG nested 5,000 groups deep."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "picture.svg").write_text(hostile_art.deep_svg(), encoding="utf-8")
