"""Move the decks folder outside the game and link it back in."""

from pathlib import Path


def make(folder: Path) -> None:
    """Replace demo/decks with a link to a folder beside the game folder."""
    decks = folder / "demo" / "decks"
    decks.rename(folder / "outside-decks")
    decks.symlink_to(folder / "outside-decks", target_is_directory=True)
