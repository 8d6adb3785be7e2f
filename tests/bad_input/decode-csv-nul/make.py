"""Put a NUL byte into the third line of the deck CSV."""

from pathlib import Path


def make(folder: Path) -> None:
    """Rewrite decks/actions.csv with a NUL inside a cell of line 3."""
    deck = folder / "demo" / "decks" / "actions.csv"
    lines = deck.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"Swap", b"Sw\x00ap")
    deck.write_bytes(b"\n".join(lines))
