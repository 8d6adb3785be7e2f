"""A family whose regular face is text."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    hostile_art.font_family(folder / "demo", b"not a font, only words\n" * 8)
