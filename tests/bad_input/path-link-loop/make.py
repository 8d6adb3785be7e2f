"""Make two deck files that link to each other."""

from pathlib import Path


def make(folder: Path) -> None:
    """Link loop-a.csv and loop-b.csv to each other."""
    decks = folder / "demo" / "decks"
    (decks / "loop-a.csv").symlink_to("loop-b.csv")
    (decks / "loop-b.csv").symlink_to("loop-a.csv")
