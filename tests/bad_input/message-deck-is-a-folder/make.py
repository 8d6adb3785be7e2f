"""Make the folder the deck names as its file."""

from pathlib import Path


def make(folder: Path) -> None:
    """Create decks/folder.csv as a folder."""
    (folder / "demo" / "decks" / "folder.csv").mkdir()
