"""The designs of a deck or token sheet from the file it names: YAML, CSV or one sheet of a
workbook, with the same value types whichever the designer chose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.findings import Position, Report
from generator.limits import MAX_NUMBER
from generator.load.delimited import read_csv
from generator.load.sources import SourceError, SourceMap, read_yaml
from generator.load.spreadsheets import SPREADSHEET_SUFFIXES, read_sheet
from generator.load.tables import Value
from generator.model import Piece

UNREAD_FORMATS = {
    ".xls": "an old .xls workbook",
    ".xlsb": "a binary .xlsb workbook",
    ".numbers": "a Numbers document",
}


def read_designs(
    path: Path, sheet: str | None, kind: type[Piece], named_at: Position, report: Report
) -> tuple[Any, SourceMap]:
    """The raw designs of a file and where each value stands; `named_at` is where it is named."""
    suffix = path.suffix.lower()
    if suffix in UNREAD_FORMATS:
        raise SourceError(
            "spreadsheet",
            named_at,
            f"expected a .yaml, .csv, .xlsx or .ods file, found {UNREAD_FORMATS[suffix]}; "
            "save it as .xlsx",
        )
    if suffix == ".csv":
        rows, source = read_csv(path, report)
        return [_numbers_in_fields(row, kind) for row in rows], source
    if suffix in SPREADSHEET_SUFFIXES:
        rows, source = read_sheet(path, sheet, named_at, report)
        return [_text_in_model_fields(row, kind) for row in rows], source
    return read_yaml(path, report)


def _numbers_in_fields(row: dict[str, Value], kind: type[Piece]) -> dict[str, Any]:
    """CSV cells are text; designer fields that read as numbers become numbers."""
    return {
        key: value if key in kind.model_fields else _number(value) for key, value in row.items()
    }


def _number(text: Value) -> Any:
    """The number a cell reads as, within MAX_NUMBER (`1e999` or `nan` stay text)."""
    for convert in (int, float):
        try:
            number = convert(text)
        except ValueError:
            continue
        return number if abs(number) <= MAX_NUMBER else text  # NaN compares false: text
    return text


def _text_in_model_fields(row: dict[str, Value], kind: type[Piece]) -> dict[str, Value]:
    """Sheet cells are typed; the piece's own keys get the text a CSV would hold, so both
    formats pass or fail validation alike (designer fields keep their numbers and yes/no)."""
    return {
        key: _as_text(value) if key in kind.model_fields else value for key, value in row.items()
    }


def _as_text(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
