"""Expressions a designer writes in game.yaml (setup amounts, invariants), run in the sandbox.

Setup amounts and invariants see the same names, built here once, so a fact that holds in
one reads the same in the other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from jinja2 import Undefined
from jinja2.exceptions import UndefinedError

from generator.cache.keys import digest
from generator.load.game import LoadedGame
from generator.render.text import environment

# What follows a name read by one key: `['key']`, `["key"]` or `.key`.
ITEM = re.compile(
    r"""\s*(?:\[\s*(?P<quote>['"])(?P<quoted>[^'"]*)(?P=quote)\s*\]|\.\s*(?P<attribute>[A-Za-z_]\w*))"""
)


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


class DataReads:
    """The digest of each name of an expression's context it could read, for the key of what
    it finds: the context holds only these names, so one not written out is not read. A mapping
    the expression only ever indexes by a key it holds (`decks['id']`, `params.id`) is read at
    those keys alone, so a changed deck is not read by an invariant about another."""

    def __init__(self, loaded: LoadedGame, context: dict[str, Any]) -> None:
        self.values = {**context, "count": counts(loaded)}  # count() answers from its counts
        self.digests: dict[tuple[str, ...], str] = {}

    def __call__(self, expression: str) -> list[tuple[str, ...]]:
        """(name, digest of its value) of each name the expression spells out, or (name, key,
        digest of that item) for each item of a mapping it reads by key alone."""
        reads: list[tuple[str, ...]] = []
        for name in self.values:
            items = self._items(name, expression)
            if items is None:
                reads.append((name, self._digest(name)))
            else:
                reads += [(name, item, self._digest(name, item)) for item in sorted(items)]
        return reads

    def _items(self, name: str, expression: str) -> set[str] | None:
        """The keys `name` is read at, or None when it may be read whole (anything but a key
        it holds, by `[...]` or by an attribute a dict does not have)."""
        value, items = self.values[name], set()
        for match in re.finditer(rf"\b{name}\b", expression):
            item = ITEM.match(expression, match.end())
            key = None if item is None else item["quoted"] if item["quote"] else item["attribute"]
            if not isinstance(value, dict) or key not in value:
                return None
            if item["attribute"] and hasattr(dict, key):  # `.items` is the method, not the item
                return None
            items.add(key)
        return items

    def _digest(self, *path: str) -> str:
        if path not in self.digests:
            value = self.values[path[0]]
            self.digests[path] = digest(value if len(path) == 1 else value[path[1]])
        return self.digests[path]


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
            result._fail_with_undefined_error()
        return result
    except Exception as exc:  # a designer's expression can fail in any way Python can
        raise ExpressionError(f"{type(exc).__name__}: {exc}") from exc


def shown(expression: str) -> str:
    """An expression on one line, as a message quotes it."""
    return " ".join(expression.split())
