"""Decks and token sheets kept in a workbook (.xlsx or .ods): one sheet, first row the header,
every value at its cell (`Cards!B7`)."""

from __future__ import annotations

import datetime
import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

from python_calamine import CalamineError, CalamineWorkbook

from generator.findings import Position, Report
from generator.limits import active, raise_hint
from generator.load.sources import SourceError, SourceMap, read_data
from generator.load.tables import Record, TableCell, Value, rows_from_records
from generator.load.workbook_xml import (
    SheetScan,
    TooFar,
    Workbook,
    WorkbookError,
    column_letters,
    open_workbook,
)

SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".ods")
EXPECTED = {".ods": "an .ods spreadsheet"}
DAMAGE = (
    CalamineError,
    ElementTree.ParseError,
    EOFError,
    KeyError,
    NotImplementedError,
    OSError,
    RuntimeError,
    ValueError,
    zipfile.BadZipFile,
    zlib.error,
)
PLAIN_SHEET_NAME = re.compile(r"[^\W\d]\w*")
MAX_FLAGS_SHOWN = 20


def split_sheet(file: str) -> tuple[str, str | None]:
    """`decks/cards.xlsx#Heroes` -> ('decks/cards.xlsx', 'Heroes'); other paths stay whole."""
    path, hash_sign, sheet = file.rpartition("#")
    if hash_sign and path.lower().endswith(SPREADSHEET_SUFFIXES):
        return path, sheet
    return file, None


def cell_label(sheet: str, row: int, column: int) -> str:
    """A cell as spreadsheets write it: `Cards!B7`, `'Hero cards'!B7`."""
    shown = sheet if PLAIN_SHEET_NAME.fullmatch(sheet) else "'" + sheet.replace("'", "''") + "'"
    return f"{shown}!{column_letters(column)}{row}"


def read_sheet(
    path: Path, sheet: str | None, named_at: Position, report: Report
) -> tuple[list[dict[str, Value]], SourceMap]:
    """The rows of one sheet (`sheet`, or the first); `named_at` is where the data names it."""
    data = read_data(path)
    expected = EXPECTED.get(path.suffix.lower(), "an .xlsx workbook")
    try:
        book = open_workbook(data, expected)
        name = _sheet_name(book, sheet, path, named_at)
        _check_cells(book.scan(name), path)
        with CalamineWorkbook.from_filelike(io.BytesIO(data)) as workbook:
            values = workbook.get_sheet_by_name(name).to_python(skip_empty_area=False)
    except TooFar as exc:
        raise _too_far(exc, path) from exc
    except WorkbookError as exc:
        raise SourceError("spreadsheet", Position(path), str(exc)) from exc
    except DAMAGE as exc:
        raise SourceError(
            "spreadsheet", Position(path), f"expected {expected}, found a damaged one ({exc})"
        ) from exc
    source = SourceMap(path)
    source.values[()] = _position(path, name, 1, 1)
    return rows_from_records(_records(values, path, name), "spreadsheet", report, source), source


def _sheet_name(book: Workbook, sheet: str | None, path: Path, named_at: Position) -> str:
    """The sheet asked for, or the first one when none is named."""
    found = book.sheets
    if sheet is None and found:
        return found[0]
    if sheet in found:
        return sheet
    listed = ", ".join(f"'{name}'" for name in found) or "none"
    wanted = f"a sheet named '{sheet}'" if sheet is not None else "a sheet"
    raise SourceError(
        "spreadsheet", named_at, f"expected {wanted} in {path.name}, found sheets: {listed}"
    )


def _check_cells(scan: SheetScan, path: Path) -> None:
    """Formulas never calculated and error results are errors, each at its cell (a few shown)."""
    problems = [
        (
            _position(path, scan.name, flag.row, flag.column),
            f"expected a value, found {flag.problem}",
        )
        for flag in scan.flags
    ]
    if not problems:
        return
    shown = problems[:MAX_FLAGS_SHOWN]
    if len(problems) > MAX_FLAGS_SHOWN:
        last, message = shown[-1]
        shown[-1] = (last, f"{message} (and {len(problems) - MAX_FLAGS_SHOWN} more cells like it)")
    (first, message), *rest = shown
    raise SourceError("spreadsheet", first, message, tuple(rest))


def _too_far(exc: TooFar, path: Path) -> SourceError:
    """A filled cell beyond the limits, reported at that cell."""
    limits = active()
    what = (
        f"at most {limits.table_rows:,} rows after the header{raise_hint('table_rows')}"
        if exc.row > limits.table_rows + 1
        else f"at most {limits.table_columns:,} columns in a sheet{raise_hint('table_columns')}"
    )
    label = cell_label(exc.sheet, exc.row, exc.column)
    return SourceError(
        "too-large",
        _position(path, exc.sheet, exc.row, exc.column),
        f"expected {what}, found a filled cell at {label}",
    )


def _position(path: Path, sheet: str, row: int, column: int) -> Position:
    return Position(path, row, column, cell_label(sheet, row, column))


def _records(values: list[list[object]], path: Path, sheet: str) -> Iterator[Record]:
    """Each row as cells with positions, empty cells at its end left out."""
    for row, cells in enumerate(values, start=1):
        filled = [
            TableCell(_value(value), _position(path, sheet, row, column))
            for column, value in enumerate(cells, start=1)
        ]
        while filled and filled[-1].blank:
            filled.pop()
        if filled:
            yield filled[0].position, filled


def _value(value: object) -> Value:
    """A cell as the data model reads it: whole numbers as int, dates and times as ISO text."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ", timespec="minutes" if not value.second else "seconds")
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    if isinstance(value, str | int | float | bool):
        return value
    return str(value)
