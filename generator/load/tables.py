"""Rows of designs from a table whose first row names the fields: a CSV file or a sheet."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from generator.findings import Position, Report
from generator.limits import active, raise_hint
from generator.load.sources import ShortRow, SourceError, SourceMap, TableCells

Value = str | int | float | bool


@dataclass(frozen=True)
class TableCell:
    """One cell's value and where it stands."""

    value: Value
    position: Position

    @property
    def blank(self) -> bool:
        """An empty cell, or one holding only spaces."""
        return isinstance(self.value, str) and not self.value.strip()


Record = tuple[Position, list[TableCell]]


def rows_from_records(
    records: Iterable[Record],
    code: str,
    report: Report,
    source: SourceMap,
    whole_rows: bool = False,
) -> list[dict[str, Value]]:
    """One row per record after the header; blank records and blank cells are skipped.

    More cells than the header names is an error of `code` that stops the file; with
    `whole_rows` (CSV, where every row writes all its separators) a row with fewer is kept
    in `source.short_rows`, for the deck to refuse when it lacks a declared field.
    """
    rows: list[dict[str, Value]] = []
    names: list[str] | None = None
    for number, (where, cells) in enumerate(_filled(records), start=1):
        _check_size(number, cells)
        if names is None:
            names = _header(cells, report)
            source.cells = TableCells.of(source.file, names, where)
            continue
        if len(cells) > len(names):
            raise SourceError(
                code,
                cells[len(names)].position,
                f"expected {len(names)} cells as in the header, found {len(cells)}",
            )
        index = len(rows)
        if whole_rows and len(cells) < len(names):
            missing = tuple(names[len(cells) :])
            source.short_rows[index] = ShortRow(cells[-1].position, len(names), len(cells), missing)
        row: dict[str, Value] = {}
        placed: dict[str, Position] = {}
        for name, cell in zip(names, cells, strict=False):
            if cell.blank or not name:
                continue
            placed[name] = cell.position
            row[name] = cell.value.strip() if isinstance(cell.value, str) else cell.value
        _place(source, index, where, placed)
        rows.append(row)
    return rows


def _place(source: SourceMap, index: int, where: Position, cells: dict[str, Position]) -> None:
    """Record where row `index` and its filled cells stand (packed when the table allows)."""
    table = source.cells
    if table is not None and table.add(where, cells):
        return
    source.cells = None  # a row it cannot hold: the table's positions go to the dictionaries
    kept = [*table.positions()] if table is not None else []
    for path, position in [*kept, ((index,), where), *(((index, n), p) for n, p in cells.items())]:
        source.values[path] = position
        if len(path) == 2:
            source.keys[path] = position


def _filled(records: Iterable[Record]) -> Iterable[Record]:
    """The records with at least one filled cell."""
    return (record for record in records if not all(cell.blank for cell in record[1]))


def _header(cells: list[TableCell], report: Report) -> list[str]:
    """The field names of the header row; a name given twice is reported."""
    names = [str(cell.value).strip() for cell in cells]
    for i, (name, cell) in enumerate(zip(names, cells, strict=True)):
        if name and name in names[:i]:
            report.error(
                "duplicate-key",
                cell.position,
                f"expected each column name once in the header, found '{name}' again",
            )
    return names


def _check_size(number: int, cells: list[TableCell]) -> None:
    """Refuse a table too long or too wide, or a cell too large, to be a deck."""
    limits = active()
    if number > limits.table_rows + 1:  # the header is not one of the rows
        raise SourceError(
            "too-large",
            cells[0].position,
            f"expected at most {limits.table_rows:,} rows after the header"
            f"{raise_hint('table_rows')}, found more",
        )
    if len(cells) > limits.table_columns:
        raise SourceError(
            "too-large",
            cells[limits.table_columns].position,
            f"expected at most {limits.table_columns:,} columns in a table"
            f"{raise_hint('table_columns')}, found more",
        )
    for cell in cells:
        if isinstance(cell.value, str) and len(cell.value) > limits.cell_characters:
            raise SourceError(
                "too-large",
                cell.position,
                f"expected a cell of at most {limits.cell_characters:,} characters"
                f"{raise_hint('cell_characters')}, found {len(cell.value):,}",
            )
