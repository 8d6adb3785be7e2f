"""Load a game folder into a Game plus its decks and token sheets, keeping every value's position."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from generator.findings import Position, Report
from generator.limits import Limits, applied
from generator.load.designs import read_designs
from generator.load.folders import GAME_FILE, find_game_folder  # noqa: F401 (re-exported)
from generator.load.layouts import resolve_layouts, shared_layouts
from generator.load.schema import listed, report_schema_errors
from generator.load.sources import ShortRow, SourceError, SourceMap, read_yaml
from generator.load.spreadsheets import split_sheet
from generator.model import Card, Deck, Erratum, Game, Layout, Piece, Token, TokenSheet

LIMITS_KEY = TypeAdapter(dict[str, Limits])  # errors located as `limits.copies`
ERRATA_FILE = "errata.yaml"
GAME_NEEDS = (
    "a game file: a mapping of keys, at least `id` (the folder name), `title` and "
    "`players: {min: 1, max: 4}`, and the decks, token_sheets and boards to print"
)


class AssetError(Exception):
    """A path in the data that points outside the game folder or at nothing."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def game_file(folder: Path, relative: str) -> Path:
    """Resolve a path named in the data, refusing anything outside the game folder (links
    included) and anything but a file."""
    root = folder.resolve()
    try:
        target = (root / relative).resolve()
        inside, is_file, is_folder = target.is_relative_to(root), target.is_file(), target.is_dir()
    except RuntimeError:  # Python 3.11 raises this for a loop of links
        raise AssetError(
            "missing-file", f"expected a file at '{relative}', found a loop of links"
        ) from None
    except (OSError, ValueError) as exc:  # a NUL byte in the name, or a name too long
        raise AssetError(
            "missing-file",
            f"expected a file at '{relative}', found a path the system refuses ({exc})",
        ) from None
    if not inside:
        link = Path(os.path.normpath(root / relative)).is_relative_to(root)
        raise AssetError(
            "path-outside-game",
            f"expected a path inside the game folder {folder.name}/, found '{relative}'"
            + (", a link that leads outside it" if link else ""),
        )
    if is_folder:
        raise AssetError("missing-file", f"expected a file at '{relative}', found a folder")
    if not is_file:
        raise AssetError("missing-file", f"expected a file at '{relative}', found none")
    return target


@dataclass
class PieceFile:
    """The designs of one deck or token sheet, with where each came from."""

    owner: Deck | TokenSheet
    defined_at: Position
    source: SourceMap
    pieces: list[Piece]
    paths: list[tuple[int]]
    complete: bool

    def position(self, index: int, *field: str) -> Position:
        """Where a design (or one of its fields) stands in the deck file."""
        return self.source.at(*self.paths[index], *field)

    @property
    def expanded_count(self) -> int:
        """How many pieces the file prints once quantities are expanded."""
        return sum(piece.quantity for piece in self.pieces)


@dataclass
class LoadedGame:
    """A validated game and the sources it was read from: the input of checks and builds."""

    folder: Path
    game: Game
    source: SourceMap
    errata_source: SourceMap | None
    piece_files: dict[str, PieceFile]
    layouts: dict[str, Layout]
    layout_positions: dict[str, Position]


def load_game(folder: Path, report: Report) -> LoadedGame | None:
    """Read and validate a whole game; None when game.yaml itself is unusable."""
    folder = folder.resolve()
    try:
        raw, source = read_yaml(folder / GAME_FILE, report)
    except SourceError as exc:
        exc.report_to(report)
        return None
    if not isinstance(raw, dict):
        report.error("schema", source.at(), f"expected {GAME_NEEDS}, found {_kind(raw)}")
        return None
    limits = _limits(raw, source, report)
    if limits is None:
        return None
    with applied(limits):
        return _load_rest(folder, raw, source, report)


def _limits(raw: dict, source: SourceMap, report: Report) -> Limits | None:
    """The game's own limits, read first: everything else is read within them."""
    given = raw.get("limits") or {}
    unknown = (
        [name for name in given if name not in Limits.model_fields]
        if isinstance(given, dict)
        else []
    )
    for name in unknown:
        report.error(
            "schema",
            source.key_at("limits", name),
            f"limits.{name}: expected one of the limits {listed(Limits.model_fields, most=30)}, "
            f"found '{name}'",
        )
    try:
        return None if unknown else LIMITS_KEY.validate_python({"limits": given})["limits"]
    except ValidationError as exc:
        report_schema_errors(exc, source, (), report)
        return None


def _load_rest(folder: Path, raw: dict, source: SourceMap, report: Report) -> LoadedGame | None:
    """Everything game.yaml names, read within the game's limits."""
    errata_raw, errata_source = None, None
    if (folder / ERRATA_FILE).is_file():
        errata_raw, errata_source = _read(folder / ERRATA_FILE, report, read_yaml)
    try:
        game = Game.model_validate(raw)
    except ValidationError as exc:
        report_schema_errors(exc, source, (), report)
        return None
    if errata_source is not None and errata_raw is not None:
        game = game.model_copy(update={"errata": _errata(errata_raw, errata_source, report)})
    piece_files = {}
    for group, kind in (("decks", Card), ("token_sheets", Token)):
        for index, owner in enumerate(getattr(game, group)):
            loaded = _load_pieces(folder, owner, kind, (source, (group, index)), report)
            if loaded is not None:
                piece_files[owner.id] = loaded
    defined = shared_layouts(report)
    defined.update(
        {name: (layout, source.key_at("layouts", name)) for name, layout in game.layouts.items()}
    )
    layouts = resolve_layouts(defined, report)
    positions = {name: position for name, (_, position) in defined.items()}
    return LoadedGame(folder, game, source, errata_source, piece_files, layouts, positions)


def _kind(raw: Any) -> str:
    """What a YAML file holds instead of a mapping, in a designer's words."""
    if raw is None:
        return "an empty file"
    if isinstance(raw, list):
        return "a list"
    return f"the single value {str(raw)[:40]!r}"


def _read(
    path: Path, report: Report, reader: Callable[..., tuple[Any, SourceMap]]
) -> tuple[Any, SourceMap]:
    """Run a reader, turning a file it cannot read into one finding."""
    try:
        return reader(path, report)
    except SourceError as exc:
        exc.report_to(report)
        return None, SourceMap(path)


def _errata(raw: Any, source: SourceMap, report: Report) -> list[Erratum]:
    try:
        return TypeAdapter(list[Erratum]).validate_python(raw)
    except ValidationError as exc:
        report_schema_errors(exc, source, (), report)
        return []


def _load_pieces(
    folder: Path,
    owner: Deck | TokenSheet,
    kind: type[Piece],
    entry: tuple[SourceMap, tuple[str, int]],
    report: Report,
) -> PieceFile | None:
    game_source, path_in_game = entry
    named_at = game_source.at(*path_in_game, "file")
    file, sheet = split_sheet(owner.file)
    try:
        path = game_file(folder, file)
    except AssetError as exc:
        report.error(exc.code, named_at, exc.message)
        return None
    try:
        raw, source = read_designs(path, sheet, kind, named_at, report)
    except SourceError as exc:
        exc.report_to(report)
        return None
    if raw is not None and not isinstance(raw, list):
        report.error(
            "schema", source.at(), f"expected a list of designs, found {type(raw).__name__}"
        )
        return None
    if not raw:
        report.error(
            "empty-deck",
            source.at(),
            f"expected at least one {kind.__name__.lower()} design in {owner.file}, found none",
        )
        return None
    pieces, paths, complete = [], [], True
    for index, row in enumerate(raw):
        if index in source.short_rows and not _whole(source.short_rows[index], owner, report):
            complete = False
            continue
        try:
            pieces.append(kind.model_validate(row))
            paths.append((index,))
        except ValidationError as exc:
            report_schema_errors(exc, source, (index,), report)
            complete = False
    return PieceFile(owner, game_source.at(*path_in_game), source, pieces, paths, complete)


def _whole(short: ShortRow, owner: Deck | TokenSheet, report: Report) -> bool:
    """A CSV row cut short is whole unless it lacks a field the deck declares (a lost
    separator shifts every later cell); an optional column left off at the end is fine."""
    lacking = [name for name in short.missing if name in (owner.fields or ())]
    if not lacking:
        return True
    report.error(
        "csv-syntax",
        short.position,
        f"expected {short.expected} cells as in the header, found {short.found} "
        f"(no {', '.join(lacking)}, declared in fields)",
    )
    return False
