"""A small GIF under a PNG name."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    picture = Image.new("P", (16, 16))
    (art / "table.png").write_bytes(hostile_art.encoded(picture, "GIF"))
