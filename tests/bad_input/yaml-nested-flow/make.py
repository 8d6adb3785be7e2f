"""Append a value nested 100,000 flow sequences deep to game.yaml."""

from pathlib import Path


def make(folder: Path) -> None:
    """Write the deep value (about 100 KB, so it is made rather than committed)."""
    game = folder / "demo" / "game.yaml"
    game.write_text(game.read_text() + "deep: " + "[" * 100_000 + "\n", encoding="utf-8")
