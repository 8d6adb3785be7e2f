"""A 201 MB file that takes no disk space."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    with (art / "knight.png").open("wb") as file:
        file.write(hostile_art.PNG_SIGNATURE)
        file.truncate(201 * 1024 * 1024)
