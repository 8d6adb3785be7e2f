"""Put the byte 0x81 (undefined in Windows-1252) on line 5 of errata.yaml."""

from pathlib import Path


def make(folder: Path) -> None:
    """Rewrite errata.yaml with the byte in a comment on its fifth line."""
    errata = folder / "demo" / "errata.yaml"
    lines = errata.read_bytes().split(b"\n")
    lines[4] = lines[4] + b" # \x81"
    errata.write_bytes(b"\n".join(lines))
