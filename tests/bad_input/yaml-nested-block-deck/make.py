"""Write a YAML deck whose card holds a field nested 500 mappings deep."""

from pathlib import Path


def make(folder: Path) -> None:
    """Write decks/actions.yaml (125 KB of indentation, so it is made)."""
    nested = "".join(" " * (2 * depth + 4) + f"k{depth}:\n" for depth in range(500))
    deck = "- id: gather\n  name: Gather\n  deep:\n" + nested + " " * 1004 + "x: 1\n"
    (folder / "demo" / "decks" / "actions.yaml").write_text(deck, encoding="utf-8")
