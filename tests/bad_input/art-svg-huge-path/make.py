"""An SVG path of 300,000 lines."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "map.svg").write_text(hostile_art.long_path_svg(), encoding="utf-8")
