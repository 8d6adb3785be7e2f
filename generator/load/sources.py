"""Data files within limits, as UTF-8 text, and YAML that remembers where each value stands."""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.findings import Position, Report
from generator.limits import (
    MAX_NUMBER,
    MAX_YAML_ALIAS_VALUES,
    MAX_YAML_DEPTH,
    MEGABYTE,
    active,
    megabytes,
    raise_hint,
)
from generator.load.encodings import EncodingProblem, decode_utf8

Path_ = tuple[str | int, ...]

# libyaml parses the same YAML several times faster; PyYAML wheels ship it on every platform.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class ShortRow:
    """A CSV row with fewer cells than its header: where its last cell stands, the counts, and
    the header names of the cells it lacks."""

    position: Position
    expected: int
    found: int
    missing: tuple[str, ...]


class TableCells:
    """Where each row of a table and each filled cell in it stands, kept as numbers: a big
    deck's source map held a position and two dictionary entries a cell (1 KB a card)."""

    def __init__(self, file: Path, names: list[str]) -> None:
        self.file = file
        self.columns: dict[str, int] = {}
        for name in names:
            self.columns.setdefault(name, len(self.columns) + 1)
        self.stride = 2 * (len(self.columns) + 1)  # line and column of the row, then each cell
        self.numbers = array("q")
        self.rows = 0

    @classmethod
    def of(cls, file: Path, names: list[str], header: Position) -> TableCells | None:
        """A table's cells kept as numbers, when its header stands at a line and column of
        `file` (not at a spreadsheet's cell label)."""
        return cls(file, names) if header.file == file and not header.cell else None

    def positions(self) -> Iterator[tuple[Path_, Position]]:
        """Every row's and cell's path and position, rows first, as `at` finds them."""
        for index in range(self.rows):
            for path in ((index,), *((index, name) for name in self.columns)):
                position = self.at(path)
                if position is not None:
                    yield path, position

    def add(self, where: Position, cells: dict[str, Position]) -> bool:
        """Keep row number `rows` (its position, its filled cells by name); False when some
        position is not a plain line and column of this file (a spreadsheet's cell label)."""
        row = [0] * self.stride
        for slot, position in ((0, where), *((self.columns[n], p) for n, p in cells.items())):
            if position.file != self.file or position.cell:
                return False
            row[2 * slot], row[2 * slot + 1] = position.line, position.column
        self.numbers.extend(row)
        self.rows += 1
        return True

    def at(self, path: Path_) -> Position | None:
        """Where row `(index,)` or cell `(index, name)` stands, if kept here."""
        if not 1 <= len(path) <= 2 or type(path[0]) is not int or not 0 <= path[0] < self.rows:
            return None
        slot = self.columns.get(path[1]) if len(path) == 2 else 0  # type: ignore[arg-type]
        if slot is None:
            return None
        start = path[0] * self.stride + 2 * slot
        line, column = self.numbers[start], self.numbers[start + 1]
        return Position(self.file, line, column) if line else None


@dataclass
class SourceMap:
    """Where each value of a loaded file stands, keyed by its path of keys and indexes; a
    table's rows and cells are kept in `cells`, a YAML file's values and keys in `places` and
    `key_places` as (line, column): a Position is made only for a place asked for (a game's
    YAML files hold thousands of places, few of which a finding ever names)."""

    file: Path
    values: dict[Path_, Position] = field(default_factory=dict)
    keys: dict[Path_, Position] = field(default_factory=dict)
    short_rows: dict[int, ShortRow] = field(default_factory=dict)
    cells: TableCells | None = None
    places: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_places: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def at(self, *path: str | int) -> Position:
        """Position of the value at `path`, or of its nearest recorded parent."""
        for end in range(len(path), -1, -1):
            at = path[:end]
            found = self.values.get(at) or self._position(self.places, at) or self._cell(at)
            if found:
                return found
        return Position(self.file)

    def holds(self, path: Path_) -> bool:
        """Whether the file gives a value at `path`."""
        return path in self.values or path in self.places or self._cell(path) is not None

    def _position(self, places: dict[Path_, tuple[int, int]], path: Path_) -> Position | None:
        place = places.get(path)
        return None if place is None else Position(self.file, *place)

    def _cell(self, path: Path_) -> Position | None:
        return None if self.cells is None else self.cells.at(path)

    def key_at(self, *path: str | int) -> Position:
        """Position of the key that introduces `path` (falls back to the value)."""
        return self.keys.get(path) or self._position(self.key_places, path) or self.at(*path)


class SourceError(Exception):
    """A file could not be read at all; carries the position of the damage (and of any more)."""

    def __init__(
        self,
        code: str,
        position: Position,
        message: str,
        also: tuple[tuple[Position, str], ...] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.position = position
        self.message = message
        self.also = also

    def report_to(self, report: Report) -> None:
        """Record the damage, and every further place of the same kind, as errors."""
        for position, message in ((self.position, self.message), *self.also):
            report.error(self.code, position, message)


def read_data(path: Path) -> bytes:
    """A data file's bytes, refused when larger than any designer's data file should be."""
    try:
        size, most = path.stat().st_size, active().data_file_mb * MEGABYTE
        if size > most:
            raise SourceError(
                "too-large",
                Position(path),
                f"expected a data file of at most {megabytes(most)}{raise_hint('data_file_mb')}, "
                f"found {megabytes(size)}",
            )
        return path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise SourceError(
            "missing-file", Position(path), f"expected a readable file, found: {reason}"
        ) from exc


def read_text(path: Path) -> str:
    """A data file's text; a byte-order mark is dropped and anything but UTF-8 is an error."""
    try:
        return decode_utf8(read_data(path))
    except EncodingProblem as exc:
        raise SourceError("encoding", Position(path, exc.line, exc.column), exc.message) from exc


def read_yaml(path: Path, report: Report) -> tuple[Any, SourceMap]:
    """Load YAML safely, recording positions: nesting, aliases and numbers within the limits,
    duplicate keys reported as errors."""
    return _parsed_yaml(path, read_text(path), report)


def _parsed_yaml(path: Path, text: str, report: Report) -> tuple[Any, SourceMap]:
    """The YAML text parsed, within the limits, with its source map."""
    loader = LOADER(text)
    try:
        _within_limits(LOADER(text), path)
        node = loader.get_single_node()
    except yaml.MarkedYAMLError:
        _raise_syntax_error(path, text)
    finally:
        loader.dispose()
    source = SourceMap(path)
    if node is None:
        return None, source
    return _build(node, (), source, loader, report), source


def _within_limits(parser: Any, path: Path) -> None:
    """Walk the parser's events, refusing nesting and alias repeats beyond the limits before
    anything recursive (composing, building) sees the document."""
    open_anchors: list[tuple[str | None, int]] = []  # per open collection: anchor, values before
    sizes: dict[str, int] = {}  # values each finished anchor stands for
    values = repeated = 0
    most = active().yaml_values
    try:
        while (event := parser.get_event()) is not None:
            kind = type(event)
            if kind is yaml.ScalarEvent:  # the most frequent event first
                values += 1
                if values > most:
                    _too_many_values(event, path)
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                if len(open_anchors) >= MAX_YAML_DEPTH:
                    raise _too_deep(_at(event, path))
                open_anchors.append((event.anchor, values))
                values += 1
                if values > most:
                    _too_many_values(event, path)
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                anchor, before = open_anchors.pop()
                if anchor is not None:
                    sizes[anchor] = values - before
            elif kind is yaml.AliasEvent:
                values, repeated = _alias(event, path, open_anchors, sizes, values, repeated)
    except yaml.MarkedYAMLError as exc:
        # libyaml (PyYAML 6.0.3 and later) stops at 1,000 levels while it scans ahead through
        # a line of flow brackets, before the events reach our limit
        if "nesting depth" not in (exc.problem or "") or exc.problem_mark is None:
            raise
        mark = exc.problem_mark
        raise _too_deep(Position(path, mark.line + 1, mark.column + 1)) from None
    finally:
        parser.dispose()


def _too_deep(where: Position) -> SourceError:
    return SourceError(
        "too-large",
        where,
        f"expected YAML nested at most {MAX_YAML_DEPTH} levels deep, found deeper here",
    )


def _too_many_values(event: yaml.Event, path: Path) -> None:
    """Refuse a file holding more keys and values than any honest YAML file."""
    raise SourceError(
        "too-large",
        _at(event, path),
        f"expected a YAML file of at most {active().yaml_values:,} keys and values, aliases "
        f"counted as what they repeat{raise_hint('yaml_values')}, found more; a deck this "
        "large reads faster as CSV",
    )


def _alias(
    event: yaml.AliasEvent,
    path: Path,
    open_anchors: list[tuple[str | None, int]],
    sizes: dict[str, int],
    values: int,
    repeated: int,
) -> tuple[int, int]:
    """The counts of values once an alias is written out; refused when it names a value still
    open (a recursive document) or repeats more than the limit."""
    if any(anchor == event.anchor for anchor, _ in open_anchors):
        raise SourceError(
            "yaml-syntax",
            _at(event, path),
            f"expected an alias to name a finished value, found '*{event.anchor}' "
            f"inside the value '&{event.anchor}' it names (a recursive document)",
        )
    size = sizes.get(event.anchor, 0)  # an undefined alias is the composer's error
    if repeated + size > MAX_YAML_ALIAS_VALUES:
        raise SourceError(
            "too-large",
            _at(event, path),
            f"expected aliases to repeat at most {MAX_YAML_ALIAS_VALUES:,} values "
            f"in one file, found more by '*{event.anchor}' (it repeats {size:,})",
        )
    return values + size, repeated + size


def _at(event: yaml.Event, file: Path) -> Position:
    return Position(file, event.start_mark.line + 1, event.start_mark.column + 1)


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
    return Position(file, *_place(node))


def _place(node: yaml.Node) -> tuple[int, int]:
    """A node's line and column, 1-based, as a source map keeps them."""
    return node.start_mark.line + 1, node.start_mark.column + 1


def _build(node: yaml.Node, path: Path_, source: SourceMap, loader: Any, report: Report) -> Any:
    source.places[path] = _place(node)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise SourceError(
                    "schema",
                    _mark(key_node, source.file),
                    "expected a key, found the merge key '<<', which pnp does not read; "
                    "write the keys out (layouts share elements through `extends`)",
                )
            if not isinstance(key_node, yaml.ScalarNode):
                raise SourceError(
                    "schema",
                    _mark(key_node, source.file),
                    f"expected a key that is a name or a number, found a {_NODE_KINDS[type(key_node)]}",
                )
            key = _scalar(key_node, source.file, loader)
            key_path = (*path, key)
            if key in result:
                first_line = source.key_places[key_path][0]
                report.error(
                    "duplicate-key",
                    _mark(key_node, source.file),
                    f"expected each key once per mapping, found '{key}' again "
                    f"(first at line {first_line})",
                )
                continue
            source.key_places[key_path] = _place(key_node)
            result[key] = _build(value_node, key_path, source, loader, report)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(item, (*path, i), source, loader, report) for i, item in enumerate(node.value)
        ]
    return _scalar(node, source.file, loader)


_NODE_KINDS = {yaml.MappingNode: "mapping", yaml.SequenceNode: "list"}
STR_TAG = "tag:yaml.org,2002:str"


def _scalar(node: yaml.Node, file: Path, loader: Any) -> Any:
    """A scalar's value; one its tag cannot read (`!!float abc`) is a finding, not a crash."""
    if node.tag == STR_TAG:
        return node.value  # what the constructor returns for text, most of a deck's values
    try:
        value = loader.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError, TypeError, AttributeError) as exc:  # !!timestamp abc
        problem = getattr(exc, "problem", None)
        raise SourceError(
            "yaml-syntax",
            _mark(node, file),
            f"expected a value its tag {node.tag} can read, found {node.value[:40]!r}"
            + (f" ({problem})" if problem else ""),
        ) from exc
    return _finite(value, node, file)


def _finite(value: Any, node: yaml.Node, file: Path) -> Any:
    """A number within MAX_NUMBER: larger ones overflow floats (`1.0e+999` reads as infinity)."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return value
    if value == value and abs(value) <= MAX_NUMBER:  # NaN is the one value unequal to itself
        return value
    text = node.value if len(node.value) <= 30 else f"a number of {len(node.value):,} characters"
    quoted = text if text.startswith("a number") else f"'{text}'"
    raise SourceError(
        "schema",
        _mark(node, file),
        f"expected a number between -{MAX_NUMBER:,} and {MAX_NUMBER:,}, found {quoted}",
    )
