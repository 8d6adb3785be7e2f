"""YAML and CSV readers that remember the file, line and column of every value."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.findings import Position, Report

Path_ = tuple[str | int, ...]

# libyaml parses the same YAML several times faster; PyYAML wheels ship it on every platform.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class SourceMap:
    """Where each value of a loaded file stands, keyed by its path of keys and indexes."""

    file: Path
    values: dict[Path_, Position] = field(default_factory=dict)
    keys: dict[Path_, Position] = field(default_factory=dict)

    def at(self, *path: str | int) -> Position:
        """Position of the value at `path`, or of its nearest recorded parent."""
        for end in range(len(path), -1, -1):
            found = self.values.get(path[:end])
            if found:
                return found
        return Position(self.file)

    def key_at(self, *path: str | int) -> Position:
        """Position of the key that introduces `path` (falls back to the value)."""
        return self.keys.get(path) or self.at(*path)


class SourceError(Exception):
    """A file could not be read at all; carries the position of the damage."""

    def __init__(self, code: str, position: Position, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.position = position
        self.message = message


def _read_text(path: Path) -> str:
    """A data file's text; a byte-order mark is dropped and anything but UTF-8 is an error."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError(
            "encoding", Position(path), f"expected UTF-8 text, found {exc.reason}"
        ) from exc


def read_yaml(path: Path, report: Report) -> tuple[Any, SourceMap]:
    """Load YAML safely, recording positions; duplicate keys are reported as errors."""
    text = _read_text(path)
    loader = LOADER(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError:
        _raise_syntax_error(path, text)
    finally:
        loader.dispose()
    source = SourceMap(path)
    if node is None:
        return None, source
    return _build(node, (), source, loader, report), source


def _raise_syntax_error(path: Path, text: str) -> None:
    """Parse again with PyYAML, whose messages also say what was found, and raise its error."""
    loader = yaml.SafeLoader(text)
    try:
        loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Position(path, mark.line + 1, mark.column + 1) if mark else Position(path)
        problem = exc.problem or "malformed YAML"
        context = f" {exc.context}" if exc.context else ""
        raise SourceError("yaml-syntax", where, f"malformed YAML: {problem}{context}") from exc
    finally:
        loader.dispose()
    raise SourceError("yaml-syntax", Position(path), "malformed YAML")


def _mark(node: yaml.Node, file: Path) -> Position:
    return Position(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _build(node: yaml.Node, path: Path_, source: SourceMap, loader: Any, report: Report) -> Any:
    source.values[path] = _mark(node, source.file)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            key_path = (*path, key)
            if key in result:
                first = source.keys[key_path]
                report.error(
                    "duplicate-key",
                    _mark(key_node, source.file),
                    f"expected each key once per mapping, found '{key}' again "
                    f"(first at line {first.line})",
                )
                continue
            source.keys[key_path] = _mark(key_node, source.file)
            result[key] = _build(value_node, key_path, source, loader, report)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(item, (*path, i), source, loader, report) for i, item in enumerate(node.value)
        ]
    return loader.construct_object(node, deep=True)


def read_csv(path: Path, report: Report) -> tuple[list[dict[str, Any]], SourceMap]:
    """Read a CSV whose header row names the fields; cells stay text, blank cells are dropped."""
    text = _read_text(path)
    source = SourceMap(path)
    rows: list[dict[str, Any]] = []
    records = _csv_records(text, path)
    header = next(records, None)
    if header is None:
        return rows, source
    header_line, header_cells = header
    names = [name.strip() for name, _ in header_cells]
    for i, (name, column) in enumerate(header_cells):
        if name.strip() and name.strip() in names[:i]:
            report.error(
                "duplicate-key",
                Position(path, header_line, column),
                f"expected each column name once in the header, found '{name.strip()}' again",
            )
    for line, cells in records:
        index = len(rows)
        source.values[(index,)] = Position(path, line, 1)
        row: dict[str, Any] = {}
        for name, (value, column) in zip(names, cells, strict=False):
            if value.strip() == "" or not name:
                continue
            source.values[(index, name)] = Position(path, line, column)
            source.keys[(index, name)] = Position(path, line, column)
            row[name] = value.strip()
        if len(cells) > len(names):
            raise SourceError(
                "csv-syntax",
                Position(path, line, cells[len(names)][1]),
                f"expected {len(names)} cells as in the header, found {len(cells)}",
            )
        rows.append(row)
    return rows, source


def _csv_records(text: str, path: Path) -> Iterator[tuple[int, list[tuple[str, int]]]]:
    """Yield (line, [(cell, column)]) for each non-blank record."""
    reader = csv.reader(io.StringIO(text))
    lines = text.splitlines()
    start = 1
    while True:
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise SourceError(
                "csv-syntax", Position(path, reader.line_num), f"malformed CSV: {exc}"
            ) from exc
        line = start
        start = reader.line_num + 1
        if not any(cell.strip() for cell in record):
            continue
        yield line, list(zip(record, _cell_columns(lines[line - 1]), strict=False))


def _cell_columns(line: str) -> list[int]:
    """1-based start column of each cell on a CSV line, honouring quotes."""
    columns, quoted = [1], False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            columns.append(i + 2)
    return columns
