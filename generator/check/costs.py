"""Declared cost classes: every item costs what its class costs, unless listed as an exception."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.check.registry import rule
from generator.check.structure import unknown
from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.model import CostClass, Table
from generator.model.game import is_placeholder


@dataclass(frozen=True)
class Item:
    """One design of a deck or sheet, or one table row, as a cost class sees it."""

    key: str
    label: str
    values: dict[str, Any]
    position: Callable[[str], Position]


@rule(
    "cost-class",
    "error",
    "An item's value differs from what its class gives in a declared cost class, or its class "
    "is missing from the class table.",
)
def cost_classes(loaded: LoadedGame, report: Report) -> None:
    """A value repeated per item can drift from its class; compare each item with the table."""
    for index, declared in enumerate(loaded.game.cost_classes):
        at = ("cost_classes", index)
        values = _class_values(loaded, declared, at, report)
        keys = set()
        for item in _items(loaded, declared, at, report):
            keys.add(item.key)
            if values is not None and item.key not in declared.exceptions:
                _check_item(declared, item, values, report)
        for k, name in enumerate(declared.exceptions):
            if name not in keys:
                report.error(
                    "unknown-reference",
                    loaded.source.at(*at, "exceptions", k),
                    unknown(f"item of cost class '{declared.id}'", name, keys),
                )


def _class_values(
    loaded: LoadedGame, declared: CostClass, at: tuple, report: Report
) -> dict[Any, Any] | None:
    """Class -> value from the class table; None (and reported) when the table cannot be read."""
    table = loaded.game.tables.get(declared.classes)
    if table is None:
        report.error(
            "unknown-reference",
            loaded.source.at(*at, "classes"),
            unknown("table", declared.classes, loaded.game.tables),
        )
        return None
    class_column = declared.class_column or declared.class_field
    value_column = declared.value_column or declared.value_field
    missing = False
    for key, column in (("class_column", class_column), ("value_column", value_column)):
        if column not in _columns(table):
            missing = True
            report.error(
                "unknown-reference",
                loaded.source.at(*at, key),
                f"expected a column of table {declared.classes} ({', '.join(_columns(table))}), "
                f"found '{column}'",
            )
    if missing:
        return None
    return {row[class_column]: row.get(value_column) for row in table.rows if class_column in row}


def _columns(table: Table) -> list[str]:
    """A table's declared columns, or every key its rows use when none are declared."""
    return table.columns or list(dict.fromkeys(key for row in table.rows for key in row))


def _items(loaded: LoadedGame, declared: CostClass, at: tuple, report: Report) -> Iterator[Item]:
    """Every design or row the cost class names; unknown names are reported."""
    game = loaded.game
    sets = {owner.id for group in (game.decks, game.token_sheets) for owner in group}
    for k, name in enumerate(declared.items):
        if name in loaded.piece_files:
            pieces = loaded.piece_files[name]
            for i, piece in enumerate(pieces.pieces):
                yield Item(
                    piece.id,
                    f"'{piece.id}' ({piece.name})",
                    piece.model_dump(),
                    lambda field, i=i, pieces=pieces: pieces.position(i, field),
                )
        elif name in game.tables:
            for i, row in enumerate(game.tables[name].rows):
                key = str(row.get("id", row.get("name", i + 1)))
                yield Item(
                    key,
                    f"'{key}' (table {name})",
                    row,
                    lambda field, i=i, name=name: loaded.source.at(
                        "tables", name, "rows", i, field
                    ),
                )
        elif name not in sets:  # a deck or sheet whose file failed is reported where it is read
            report.error(
                "unknown-reference",
                loaded.source.at(*at, "items", k),
                unknown("deck, token sheet or table", name, [*sets, *game.tables]),
            )


def _check_item(declared: CostClass, item: Item, values: dict[Any, Any], report: Report) -> None:
    """Compare one item's value with its class's value."""
    kind, value = item.values.get(declared.class_field), item.values.get(declared.value_field)
    if _unset(kind) or _unset(value):
        return
    if kind not in values:
        listing = ", ".join(str(known) for known in values)
        report.error(
            "cost-class",
            item.position(declared.class_field),
            f"{item.label}: expected a {declared.class_field} from table {declared.classes} "
            f"({listing}), found {kind}",
        )
        return
    expected = values[kind]
    if not _unset(expected) and value != expected:
        report.error(
            "cost-class",
            item.position(declared.value_field),
            f"{item.label} is listed under {declared.class_field} {kind}, whose "
            f"{declared.value_field} is {expected} (table {declared.classes}), but its "
            f"{declared.value_field} is {value}; list it in exceptions of cost class "
            f"'{declared.id}' if that is intended",
        )


def _unset(value: Any) -> bool:
    """Nothing to compare: a missing value or a `{placeholder: reason}`."""
    return value is None or is_placeholder(value)
