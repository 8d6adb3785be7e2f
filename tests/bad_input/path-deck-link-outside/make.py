"""Link decks/linked.csv to a CSV outside the game folder."""

from pathlib import Path


def make(folder: Path) -> None:
    """Write the outside CSV beside the game folder and link to it."""
    outside = folder / "outside.csv"
    outside.write_text("id,name\nsecret,Secret\n", encoding="utf-8")
    (folder / "demo" / "decks" / "linked.csv").symlink_to(outside)
