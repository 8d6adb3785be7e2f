"""Board positions in the rulebook: tokens named in a table of the data, standing on a board's
cells (chess notation on its first grid) or areas (of its map), drawn at the board's scale."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jinja2.exceptions import UndefinedError

from generator.findings import Report
from generator.load.game import LoadedGame
from generator.load.schema import listed
from generator.model.board import Board, GridElement, MapElement
from generator.render.backs import back_layout_name
from generator.render.boards import board_face, cell_name, map_positions
from generator.render.faces import Face, PieceFaces, element_box
from generator.units import parse_size

POSITION = re.compile(r"\[\[position ([A-Za-z0-9][A-Za-z0-9_.-]*) (\S+) ([\d.]+)\]\]")
CELL = re.compile(r"^([a-z]+)([1-9][0-9]*)$")
SIDES = ("front", "back")
Spots = Callable[[str], tuple[float, float]]


@dataclass(frozen=True)
class BoardPosition:
    """A rulebook block: a board with the tokens of a table standing on it, at a scale."""

    board: str
    table: str
    scale: float

    @property
    def key(self) -> tuple[str, str]:
        """Where the build keeps the drawn figure among the pieces the rulebook shows."""
        return ("position", f"{self.board}/{self.table}")


@dataclass(frozen=True)
class Placement:
    """One row of a position table: a token's side, centred at (x, y) mm on the board."""

    token: str
    side: str
    x: float
    y: float


@dataclass(frozen=True)
class PlacedToken:
    """A token's face as drawn on the board, its centre in mm from the board's top-left."""

    face: Face
    shape: str
    x: float
    y: float


@dataclass(frozen=True)
class PositionFigure:
    """A board's face and the token faces standing on it, ready for the typesetter."""

    board: Face
    tokens: tuple[PlacedToken, ...]


def position_block(markup: str) -> BoardPosition | None:
    """The position a paragraph stands for, when it is only a `position()` marker."""
    found = POSITION.fullmatch(markup)
    return BoardPosition(found[1], found[2], float(found[3])) if found else None


def position_marker(loaded: LoadedGame, board: str, table: str, scale: float = 1) -> str:
    """The rulebook's `position(board, table, scale)`: an unknown board or table is an error at
    the rulebook's line; the rows are checked where they stand (see `placements`)."""
    if _board(loaded, board) is None:
        known = listed(b.id for b in loaded.game.boards)
        raise UndefinedError(
            f"no board '{board}'; expected `position(board, table)` naming one ({known})"
        )
    if table not in loaded.game.tables or re.search(r"\s", table):
        known = listed(loaded.game.tables)
        raise UndefinedError(
            f"no table '{table}'; expected `position(board, table)` naming one ({known})"
        )
    return f"\n\n[[position {board} {table} {scale:g}]]\n\n"


def placements(
    loaded: LoadedGame, board_id: str, table: str
) -> tuple[list[Placement], list[tuple[int, str]]]:
    """Each row's token and where it stands, and the rows that cannot be placed (row index and
    why): an unknown token or side, a cell off the board or an area it does not have."""
    board = _board(loaded, board_id)
    assert board is not None, board_id  # position_marker let only known boards through
    tokens = _token_sides(loaded)
    spots = _spots(board)
    found, problems = [], []
    for index, row in enumerate(loaded.game.tables[table].rows):
        token, side, at = (_cell_text(row.get(key)) for key in ("token", "side", "at"))
        side = side or "front"
        problem = _token_problem(token, side, tokens) or _spot_problem(at, spots, board)
        if problem:
            problems.append((index, f"table '{table}', row {index + 1}: {problem}"))
        else:
            found.append(Placement(token, side, *spots(at)))
    return found, problems


def position_figure(
    loaded: LoadedGame, block: BoardPosition, faces: dict[str, PieceFaces], report: Report
) -> PositionFigure:
    """The board and its placed tokens; rows the check reported are left out."""
    index, board = next((i, b) for i, b in enumerate(loaded.game.boards) if b.id == block.board)
    face = board_face(loaded, board, loaded.source.at("boards", index), report)
    placed = []
    for placement in placements(loaded, block.board, block.table)[0]:
        pieces = next(p for p in faces.values() if placement.token in _ids(p))
        position = _ids(pieces).index(placement.token)
        sides = pieces.fronts if placement.side == "front" else pieces.backs or ()
        placed.append(PlacedToken(sides[position], pieces.shape, placement.x, placement.y))
    return PositionFigure(face, tuple(placed))


def _cell_text(value: Any) -> str:
    """A table cell as text; an empty cell is empty, not `None`."""
    return "" if value is None else str(value).strip()


def _ids(pieces: PieceFaces) -> list[str]:
    return [face.card for face in pieces.fronts]


def _board(loaded: LoadedGame, ident: str) -> Board | None:
    return next((b for b in loaded.game.boards if b.id == ident), None)


def _token_sides(loaded: LoadedGame) -> dict[str, tuple[str, ...]]:
    """Every token design id with the sides it prints (a sheet without backs prints a front)."""
    sides: dict[str, tuple[str, ...]] = {}
    for sheet in loaded.game.token_sheets:
        pieces = loaded.piece_files.get(sheet.id)
        if pieces is not None:
            printed = SIDES if back_layout_name(pieces) else SIDES[:1]
            sides.update({piece.id: printed for piece in pieces.pieces})
    return sides


def _token_problem(token: str, side: str, tokens: dict[str, tuple[str, ...]]) -> str | None:
    if token not in tokens:
        return f"expected `token` naming a token design ({listed(tokens)}), found '{token}'"
    if side not in tokens[token]:
        sides = " or ".join(f"`{s}`" for s in tokens[token])
        return f"expected `side` {sides} for token '{token}', found '{side}'"
    return None


def _spot_problem(at: str, spots: Spots, board: Board) -> str | None:
    try:
        spots(at)
    except KeyError as exc:
        return f"expected `at` {exc.args[0]} of board '{board.id}', found '{at}'"
    return None


def _spots(board: Board) -> Spots:
    """A function from `at` to its centre in mm on the board; KeyError says what it expects."""
    size = parse_size(board.size)
    grid = next((e for e in board.elements if isinstance(e, GridElement)), None)
    maps = [e for e in board.elements if isinstance(e, MapElement)]
    areas = {k: v for m in maps for k, v in map_positions(m, element_box(m, size)).items()}

    def centre(at: str) -> tuple[float, float]:
        cell = CELL.match(at.lower())
        if grid is not None and cell:
            return _cell_centre(grid, element_box(grid, size), *cell.groups())
        if at in areas:
            return areas[at]
        wanted = [_cells(grid)] if grid else []
        wanted += [f"an area ({listed(areas)})"] if maps else []
        raise KeyError(" or ".join(wanted) or "a cell or area (the board has no grid or map)")

    return centre


def _cell_centre(grid: GridElement, box: Any, letters: str, number: str) -> tuple[float, float]:
    """A chess cell's centre: columns a, b, ... from the left, rows 1, 2, ... from the bottom."""
    column, row = _column_index(letters), int(number) - 1
    if not (0 <= column < grid.columns and 0 <= row < grid.rows):
        raise KeyError(_cells(grid))
    width, height = box.width / grid.columns, box.height / grid.rows
    return box.x + (column + 0.5) * width, box.y + box.height - (row + 0.5) * height


def _column_index(letters: str) -> int:
    """`a` is 0, `z` 25, `aa` 26, as spreadsheet columns count."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("a") + 1
    return index - 1


def _cells(grid: GridElement) -> str:
    """The grid's cells in words, e.g. `a cell from a1 to h8`."""
    return f"a cell from a1 to {cell_name(grid.columns - 1, grid.rows - 1)}"
