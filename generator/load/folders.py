"""Which folder is a game: found without loading anything, so a build whose kit is cached starts
without importing the loader."""

from __future__ import annotations

from pathlib import Path

from generator.errors import UsageError

GAME_FILE = "game.yaml"


def find_game_folder(spec: str, root: Path = Path("card_data")) -> Path:
    """A game folder from a path or a game id under card_data/."""
    for candidate in (Path(spec), root / spec):
        if (candidate / GAME_FILE).is_file():
            return candidate
    raise UsageError(
        f"'{spec}' is not a game: expected a folder holding {GAME_FILE} or a game id under {root}/"
    )
