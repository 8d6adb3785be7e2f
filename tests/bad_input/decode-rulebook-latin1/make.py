"""Put a Windows-1252 'e acute' on line 3 of the rulebook."""

from pathlib import Path


def make(folder: Path) -> None:
    """Rewrite rulebook.md with one byte that is not UTF-8 on its third line."""
    rulebook = folder / "demo" / "rulebook.md"
    lines = rulebook.read_bytes().split(b"\n")
    lines[2] = lines[2] + b" caf\xe9"
    rulebook.write_bytes(b"\n".join(lines))
