"""A family of our own fonts, its regular face cut short."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    hostile_art.font_family(folder / "demo", hostile_art.tiny_font()[:2000])
