"""21 MB of plain text."""

from pathlib import Path


def make(folder: Path) -> None:
    line = b"The player with the most points at the end of the game wins the game.\n"
    (folder / "rules.md").write_bytes(line * (21 * 1024 * 1024 // len(line) + 1))
