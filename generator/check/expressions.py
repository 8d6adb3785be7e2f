"""Expressions a designer writes in game.yaml (setup amounts, invariants), run in the sandbox.

Setup amounts and invariants see the same names, built here once, so a fact that holds in
one reads the same in the other.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from jinja2 import Undefined
from jinja2.exceptions import UndefinedError

from generator.load.game import LoadedGame
from generator.render.text import environment


class ExpressionError(Exception):
    """An expression that does not evaluate; the message is Jinja's (or Python's) reason."""


def data_context(loaded: LoadedGame) -> dict[str, Any]:
    """The names an expression may use: players, params, tables, components, pieces, count()."""
    game = loaded.game
    return {
        "players": game.players.model_dump(),
        "params": {name: parameter.value for name, parameter in game.parameters.items()},
        "tables": {name: table.rows for name, table in game.tables.items()},
        "components": {component.id: component.model_dump() for component in game.components},
        "decks": _pieces(loaded, {deck.id for deck in game.decks}),
        "token_sheets": _pieces(loaded, {sheet.id for sheet in game.token_sheets}),
        "count": _counter(counts(loaded)),
    }


def _pieces(loaded: LoadedGame, owners: set[str]) -> dict[str, list[dict[str, Any]]]:
    """Each deck or sheet as a list of its designs: id, name, quantity and the designer's fields."""
    return {
        owner: [piece.as_mapping() for piece in pieces.pieces]
        for owner, pieces in loaded.piece_files.items()
        if owner in owners
    }


def counts(loaded: LoadedGame) -> dict[str, int | None]:
    """A component's count, else what a deck, token sheet or board prints, by id."""
    known: dict[str, int | None] = {
        ident: p.expanded_count for ident, p in loaded.piece_files.items()
    }
    known |= {board.id: board.copies for board in loaded.game.boards}
    return known | {component.id: component.count for component in loaded.game.components}


def _counter(known: dict[str, int | None]) -> Callable[[str], int]:
    """`count(id)`: the count `counts` gives, or an error saying why there is none."""

    def count(ident: str) -> int:
        found = known.get(ident)
        if found is None:
            what = "a placeholder count" if ident in known else "nothing by that id"
            raise UndefinedError(
                f"count('{ident}'): expected a component, deck, token sheet or board, found {what}"
            )
        return found

    return count


@lru_cache(maxsize=1024)
def _compiled(expression: str) -> Callable[[dict[str, Any]], Any]:
    """Compile each expression once: setup entries are evaluated for every player count."""
    return environment().compile_expression(expression, undefined_to_none=False)


def evaluate(expression: str, context: dict[str, Any]) -> Any:
    """The value of one expression, or an ExpressionError saying why it has none."""
    try:
        result = environment().evaluate(_compiled(expression), context)
        if isinstance(result, Undefined):
            str(result)  # a StrictUndefined raises its UndefinedError once it is used
        return result
    except Exception as exc:  # a designer's expression can fail in any way Python can
        raise ExpressionError(f"{type(exc).__name__}: {exc}") from exc


def shown(expression: str) -> str:
    """An expression on one line, as a message quotes it."""
    return " ".join(expression.split())
