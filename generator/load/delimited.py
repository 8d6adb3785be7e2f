"""CSV as spreadsheets and editors write it: comma, semicolon, tab or bar between cells,
quoted cells over several lines, and the line and column of every cell."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from generator.findings import Position, Report
from generator.limits import active
from generator.load.sources import SourceError, SourceMap, read_text
from generator.load.tables import Record, TableCell, Value, rows_from_records

DELIMITERS = ",;\t|"
QUOTED = re.compile(r'"((?:[^"]++|"")*+)"')  # possessive: no backtracking state per quote
QUOTED_PARTS = re.compile(r'"(?:[^"]++|"")*+"?')
NEWLINE = re.compile(r"\r\n|\r|\n")


def read_csv(path: Path, report: Report) -> tuple[list[dict[str, Value]], SourceMap]:
    """Read a CSV whose header row names the fields; cells stay text, blank cells are dropped."""
    text = read_text(path)
    source = SourceMap(path)
    records = _records(text, path)
    return rows_from_records(records, "csv-syntax", report, source, whole_rows=True), source


def delimiter(text: str) -> str:
    """The one of `, ; tab |` found most often outside quotes on the header line (comma on a tie)."""
    header = QUOTED_PARTS.sub("", NEWLINE.split(text, maxsplit=1)[0])
    return max(DELIMITERS, key=lambda d: (header.count(d), -DELIMITERS.index(d)))


class _Lines:
    """Line and column of offsets, counted as the reader moves forward (no index of the file)."""

    def __init__(self, text: str, path: Path) -> None:
        self.text, self.path = text, path
        self.line, self.line_start, self.seen = 1, 0, 0

    def at(self, offset: int) -> Position:
        """Where `offset` stands; offsets come in increasing order."""
        text, seen = self.text, self.seen
        if offset > seen:
            breaks = text.count("\n", seen, offset) + text.count("\r", seen, offset)
            self.line += breaks - text.count("\r\n", seen, offset)
            last = max(text.rfind("\n", seen, offset), text.rfind("\r", seen, offset))
            self.line_start = last + 1 if last >= 0 else self.line_start
            self.seen = offset
        return Position(self.path, self.line, offset - self.line_start + 1)


def _records(text: str, path: Path) -> Iterator[Record]:
    """Every record with each cell's value and the line and column where it starts.

    Runs of blank lines are skipped in one step, and a record stops one cell past the column
    limit, so no file within the byte limit takes long or much memory.
    """
    split = delimiter(text)
    plain = re.compile(f"[^{re.escape(split)}\r\n]*")
    blank_lines = re.compile(f"[ \t{re.escape(split)}\r\n]*[\r\n]")  # one run, no nesting
    lines, offset, cells = _Lines(text, path), 0, []
    most = active().table_columns
    while True:
        if not cells:
            blank = blank_lines.match(text, offset)
            offset = blank.end() if blank else offset
            if offset >= len(text):
                return
        position = lines.at(offset)
        value, offset = _cell(text, offset, plain, position)
        cells.append(TableCell(value, position))
        if offset < len(text) and text[offset] == split and len(cells) <= most:
            offset += 1
            continue
        yield cells[0].position, cells
        if len(cells) > most:
            return
        cells = []
        offset += 2 if text.startswith("\r\n", offset) else 1


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
