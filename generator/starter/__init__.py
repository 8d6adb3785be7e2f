"""`pnp new`: copy a small working game, so a designer starts from data that checks and builds."""

from __future__ import annotations

from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from generator.errors import UsageError
from generator.model.base import Id

STARTER = Path(__file__).resolve().parent / "game"
_ID = TypeAdapter(Id)


def starter_folder(name: str, games_root: Path) -> Path:
    """Where `pnp new NAME` writes: card_data/NAME, or NAME itself when it is a path."""
    return Path(name) if "/" in name or "\\" in name else games_root / name


def title_of(game_id: str) -> str:
    """A readable title from an id: `river-trade` becomes `River Trade`."""
    return " ".join(word.capitalize() for word in game_id.replace("_", "-").split("-") if word)


def new_game(name: str, games_root: Path) -> Path:
    """Write the starter game for NAME and return its folder; refuse a bad id or a used folder."""
    folder = starter_folder(name, games_root)
    game_id = folder.name
    try:
        _ID.validate_python(game_id)
    except ValidationError:
        raise UsageError(
            f"'{game_id}' is not a valid game id: expected a letter or digit, then letters, "
            "digits, '-', '_' or '.'"
        ) from None
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UsageError(
            f"'{folder}' already exists and is not an empty folder: expected a new game folder; "
            "nothing was written"
        )
    title = title_of(game_id)
    try:
        for source in sorted(STARTER.rglob("*")):
            if source.is_file():
                target = folder / source.relative_to(STARTER)
                target.parent.mkdir(parents=True, exist_ok=True)
                text = source.read_text(encoding="utf-8")
                target.write_text(
                    text.replace("__ID__", game_id).replace("__TITLE__", title), encoding="utf-8"
                )
    except OSError as exc:
        raise UsageError(f"cannot write the starter game into '{folder}': {exc.strerror}") from None
    return folder
