"""Card text: Jinja templates rendered in a sandbox over the game data."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any

from jinja2 import Template, TemplateError

from generator.load.game import LoadedGame
from generator.model import Piece, PieceSet
from generator.model.game import is_placeholder, printed_value
from generator.render.sandbox import BoundedSandbox, TemplateLimit

JINJA_SYNTAX = re.compile(r"\{[{%#]")
SIMPLE = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}")
SYMBOL = re.compile(r":([A-Za-z0-9][A-Za-z0-9_.-]*):")
# A `?` standing alone (not ending a question): how templates print a placeholder value.
LONE_MARK = re.compile(r"(?<![\w?!])\?(?![\w?])")
WRITE_IN = "______"  # a short ruled blank a player writes the value on


def unmarked(text: str, mode: str) -> str:
    """Text with each lone `?` of a placeholder as a write-in blank, or gone when hidden (as
    `mode` says; marked, it stays)."""
    if mode == "mark":
        return text
    if mode == "blank":
        return LONE_MARK.sub(WRITE_IN, text)
    return LONE_MARK.sub("", text).replace("****", "")  # no empty bold left to print as stars


# Jinja's own errors, and what an expression raises at run time (adding text to a number,
# dividing by zero, a macro calling itself forever, memory a budget did not foresee): all are
# mistakes in the designer's
# template, reported at its line.
RENDER_ERRORS = (
    TemplateError, TypeError, ValueError, ArithmeticError, LookupError, RecursionError,
    MemoryError,
)  # fmt: skip


def error_reason(exc: Exception) -> str:
    """What went wrong, in the words of the error."""
    return getattr(exc, "message", None) or str(exc)


def error_text(exc: Exception) -> str:
    """A template error as a finding says it: the kind of error, then its reason."""
    if isinstance(exc, TemplateLimit):
        return f"a template that {error_reason(exc)}"
    return f"{type(exc).__name__}: {error_reason(exc)}"


class TextError(Exception):
    """A text template could not be rendered; `line` is the template line when known."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


def shown(value: Any) -> str:
    """A value as a player reads it, never as Python: `2, 3` for a list, yes/no, nothing for None."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(shown(item) for item in value if item is not None)
    if isinstance(value, dict) and not is_placeholder(value):
        return ", ".join(f"{label(key)} {shown(item)}" for key, item in value.items())
    return printed_value(value)


def label(name: Any) -> str:
    """A field's key as a printed label: `attack_strength` reads `Attack strength`."""
    text = str(name).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


@cache
def environment() -> BoundedSandbox:
    """One sandboxed environment where any undefined name is an error, not an empty string.

    Every `{{ value }}` prints as `shown` does, so a list or a flag never prints as Python.
    """
    return BoundedSandbox(finalize=_finalized)


def _finalized(value: Any) -> Any:
    """Text and numbers pass through; anything else is shown for a player."""
    if isinstance(value, str) or (isinstance(value, int | float) and not isinstance(value, bool)):
        return value
    return shown(value)


def game_context(loaded: LoadedGame) -> dict[str, Any]:
    """What any text may quote from the game: rule parameters, tables and metadata."""
    game = loaded.game
    return {
        "params": {name: param.model_dump() for name, param in game.parameters.items()},
        "tables": {name: table.model_dump() for name, table in game.tables.items()},
        "game": {"id": game.id, "title": game.title, "players": game.players.model_dump()},
    }


def piece_context(shared: dict[str, Any], owner: PieceSet, piece: Piece) -> dict[str, Any]:
    """What a card's text and layout may quote: its fields, the card, its deck and the game."""
    return {
        **shared,
        **piece.fields,
        "card": piece.as_mapping(),
        "deck": {"id": owner.id, "name": owner.name},
        "back": piece.back or getattr(owner, "back", None) or "",
    }


def render_text(template: str, context: dict[str, Any]) -> str:
    """Render one text template, turning Jinja's errors into a TextError with its reason."""
    if not JINJA_SYNTAX.search(template):
        return template
    quick = _substituted(template, context)
    if quick is not None:
        return quick
    try:
        return environment().render(compiled(template), context)
    except RENDER_ERRORS as exc:
        raise TextError(error_text(exc)) from exc


@lru_cache(maxsize=4096)
def compiled(template: str) -> Template:
    """Each distinct template is compiled once, however many cards share it."""
    return environment().from_string(template)


def _substituted(template: str, context: dict[str, Any]) -> str | None:
    """Templates made only of `{{ name.key }}` placeholders, filled without Jinja; None otherwise.

    Anything else, or a name that is not there, goes to Jinja, which renders it or says why not.
    """
    parts = SIMPLE.split(template)
    if any(JINJA_SYNTAX.search(text) for text in parts[::2]):
        return None
    for index in range(1, len(parts), 2):
        value: Any = context
        for key in parts[index].split("."):
            if not isinstance(value, dict) or key not in value:
                return None
            value = value[key]
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            return None
        parts[index] = str(value)
    if len(parts) == 3 and not parts[0] and not parts[2]:
        return parts[1]  # the value itself, which the design holds already (a big deck's titles)
    return "".join(parts)
