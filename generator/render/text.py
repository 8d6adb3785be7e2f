"""Card text: Jinja templates rendered in a sandbox over the game data."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from generator.load.game import LoadedGame
from generator.model import Piece

SYMBOL = re.compile(r":([A-Za-z0-9][A-Za-z0-9_.-]*):")


class TextError(Exception):
    """A card's text template could not be rendered."""


@cache
def environment() -> ImmutableSandboxedEnvironment:
    """One sandboxed environment where any undefined name is an error, not an empty string."""
    return ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False)


def piece_context(loaded: LoadedGame, piece: Piece) -> dict[str, Any]:
    """What a card's text may quote: its own fields, the rule parameters, tables and the game."""
    game = loaded.game
    return {
        **piece.fields,
        "card": piece.model_dump(),
        "params": {name: param.model_dump() for name, param in game.parameters.items()},
        "tables": {name: table.model_dump() for name, table in game.tables.items()},
        "game": {"id": game.id, "title": game.title, "players": game.players.model_dump()},
    }


def render_text(template: str, context: dict[str, Any]) -> str:
    """Render one text template, turning Jinja's errors into a TextError with its reason."""
    try:
        return environment().from_string(template).render(context)
    except TemplateError as exc:
        raise TextError(f"{type(exc).__name__}: {exc.message}") from exc
