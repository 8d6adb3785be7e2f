"""Save game.yaml as UTF-16 (with its byte-order mark)."""

from pathlib import Path


def make(folder: Path) -> None:
    """Re-encode game.yaml as UTF-16."""
    game = folder / "demo" / "game.yaml"
    game.write_bytes(game.read_text(encoding="utf-8").encode("utf-16"))
