"""A PNG with a sound header and scrambled image data."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "knight.png").write_bytes(hostile_art.corrupt_png())
