"""Append a list of 1,100,000 numbers to game.yaml."""

from pathlib import Path


def make(folder: Path) -> None:
    """Write the long list (4.4 MB, so it is made rather than committed)."""
    game = folder / "demo" / "game.yaml"
    game.write_text(game.read_text() + "big:\n" + "- 1\n" * 1_100_000, encoding="utf-8")
