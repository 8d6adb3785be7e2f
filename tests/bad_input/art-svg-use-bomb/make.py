"""Twelve levels of groups that each use the one before four times."""

from __future__ import annotations

from pathlib import Path

from tests import hostile_art


def make(folder: Path) -> None:
    """Write the hostile file into the copied case."""
    art = folder / "demo" / "art"
    art.mkdir()
    (art / "table.svg").write_text(hostile_art.use_bomb_svg(), encoding="utf-8")
