"""A 13,000 px square PNG in 20 KB."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "picture.png").write_bytes(hostile_art.blank_png(13_000, 13_000, bits=1))
