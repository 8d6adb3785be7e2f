"""CSV as spreadsheets and editors write it: comma, semicolon, tab or bar between cells,
quoted cells over several lines, and the line and column of every cell."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from pathlib import Path

from generator.findings import Position, Report
from generator.load.sources import SourceError, SourceMap, read_text
from generator.load.tables import Record, TableCell, Value, rows_from_records

DELIMITERS = ",;\t|"
QUOTED = re.compile(r'"([^"]*(?:""[^"]*)*)"')
QUOTED_PARTS = re.compile(r'"[^"]*(?:""[^"]*)*"?')
NEWLINE = re.compile(r"\r\n|\r|\n")


def read_csv(path: Path, report: Report) -> tuple[list[dict[str, Value]], SourceMap]:
    """Read a CSV whose header row names the fields; cells stay text, blank cells are dropped."""
    text = read_text(path)
    source = SourceMap(path)
    records = _records(text, path)
    return rows_from_records(records, "csv-syntax", report, source), source


def delimiter(text: str) -> str:
    """The one of `, ; tab |` found most often outside quotes on the header line (comma on a tie)."""
    header = QUOTED_PARTS.sub("", NEWLINE.split(text, maxsplit=1)[0])
    return max(DELIMITERS, key=lambda d: (header.count(d), -DELIMITERS.index(d)))


def _records(text: str, path: Path) -> Iterator[Record]:
    """Every record with each cell's value and the line and column where it starts."""
    lines = [0] + [match.end() for match in NEWLINE.finditer(text)]

    def at(offset: int) -> Position:
        line = bisect.bisect_right(lines, offset)
        return Position(path, line, offset - lines[line - 1] + 1)

    split = delimiter(text)
    plain = re.compile(f"[^{re.escape(split)}\r\n]*")
    offset, cells = 0, []
    while True:
        position = at(offset)
        value, offset = _cell(text, offset, plain, position)
        cells.append(TableCell(value, position))
        if offset < len(text) and text[offset] == split:
            offset += 1
            continue
        yield cells[0].position, cells
        cells = []
        if offset >= len(text):
            return
        offset += 2 if text.startswith("\r\n", offset) else 1
        if offset >= len(text):
            return


def _cell(text: str, offset: int, plain: re.Pattern[str], where: Position) -> tuple[str, int]:
    """The value of the cell starting at `offset` and the offset just past it."""
    if not text.startswith('"', offset):
        match = plain.match(text, offset)
        return match.group(), match.end()
    quoted = QUOTED.match(text, offset)
    if quoted is None:
        raise SourceError(
            "csv-syntax",
            where,
            "expected a closing quote for the cell that opens here, found the end of the file",
        )
    rest = plain.match(text, quoted.end())  # text after the closing quote, kept as CSV readers do
    value = quoted.group(1).replace('""', '"') + rest.group()
    return NEWLINE.sub("\n", value), rest.end()
