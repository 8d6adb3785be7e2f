"""A family whose regular face has no sound outlines."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    hostile_art.font_family(folder / "demo", hostile_art.broken_glyf_font())
