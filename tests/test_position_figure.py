"""Board positions in the rulebook: tokens from a table stand on the board's cells, drawn at its scale."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from generator.build import rendered_game
from generator.render.positions import BoardPosition, PositionFigure, placements
from generator.write.raster import pdf_pages_to_png
from tests.kits import checked
from tests.printing import colour_centre, colour_mask

DPI = 100
PX = DPI / 25.4
BOARD, RED, BLUE, GREEN = "#f0dca0", "#c0392b", "#1f5fbf", "#27ae60"
SCALE = 0.5
CELL_MM = 20 * SCALE  # a 160 mm board of 8 columns, drawn at half size

GAME = """\
id: chess
title: Chess Positions
players: {min: 2, max: 2}
layouts:
  disc:
    extends: token
    elements:
      - {name: fill, type: rect, fill_field: colour, bleed: true}
  disc-back:
    extends: token
    elements:
      - {name: fill, type: rect, fill_field: back, bleed: true}
token_sheets:
  - id: men
    name: Men
    file: tokens/men.csv
    shape: round
    size: 16mm
    sides: 2
    layout: disc
    back_layout: disc-back
boards:
  - id: chessboard
    name: Chessboard
    size: 160x160mm
    background: "#f0dca0"
    elements:
      - {type: grid, columns: 8, rows: 8}
tables:
  opening:
    title: An opening
    columns: [token, side, at]
    rows:
      - {token: red, at: b2}
      - {token: blue, side: front, at: g7}
      - {token: red, side: back, at: AT}
components:
  - {id: men, name: Men, kind: token, count: 2, provided_by: men}
  - {id: chessboard, name: Chessboard, kind: board, count: 1, provided_by: chessboard}
"""
MEN = "id,name,colour,back\nred,Red,#c0392b,#27ae60\nblue,Blue,#1f5fbf,#1f5fbf\n"
RULEBOOK = "# Setup\n\nSet the men out as shown.\n\n{{ position('chessboard', 'TABLE', 0.5) }}\n"


def _write(root: Path, at: str = "e5", table: str = "opening") -> Path:
    folder = root / "chess"
    (folder / "tokens").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.replace("AT", at), encoding="utf-8")
    (folder / "tokens" / "men.csv").write_text(MEN, encoding="utf-8")
    (folder / "rulebook.md").write_text(RULEBOOK.replace("TABLE", table), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def figure_page(tmp_path_factory) -> Image.Image:
    """The rulebook page that shows the board, built by the command line."""
    from click.testing import CliRunner

    from generator.cli import cli

    root = tmp_path_factory.mktemp("position")
    folder = _write(root)
    result = CliRunner().invoke(
        cli, ["build", str(folder), "-o", str(root / "out"), "--only", "rulebook"]
    )
    assert result.exit_code == 0, result.output
    pdf = (root / "out" / "chess" / "rulebook.pdf").read_bytes()
    pages = [Image.open(io.BytesIO(png)).convert("RGB") for png in pdf_pages_to_png(pdf, DPI)]
    with_board = [page for page in pages if colour_mask(page, BOARD, 6).getbbox()]
    assert len(with_board) == 1
    return with_board[0]


def test_the_rulebook_keeps_the_position_with_its_board_and_tokens(tmp_path):
    loaded, report = checked(_write(tmp_path))
    assert not report.errors, report.sorted()
    rendered = rendered_game(loaded)
    figure = rendered.shown[BoardPosition("chessboard", "opening", SCALE).key]
    assert isinstance(figure, PositionFigure)
    assert figure.board.size.width == 160
    placed = [(t.face.card, t.face.side, t.x, t.y, t.shape) for t in figure.tokens]
    assert placed == [
        ("red", "front", 30, 130, "round"),
        ("blue", "front", 130, 30, "round"),
        ("red", "back", 90, 70, "round"),
    ]


def test_tokens_print_on_their_cells_measured_from_the_board_corner(figure_page):
    board = colour_mask(figure_page, BOARD, 6).getbbox()
    assert board is not None
    left, top, right, bottom = (v / PX for v in board)  # inside its outer lines
    assert right - left == pytest.approx(160 * SCALE, abs=1.0)
    assert bottom - top == pytest.approx(160 * SCALE, abs=1.0)
    mm_x, mm_y = 160 * SCALE / (right - left), 160 * SCALE / (bottom - top)
    expected = {RED: ("b", 2), BLUE: ("g", 7), GREEN: ("e", 5)}
    for colour, (column, row) in expected.items():
        centre = colour_centre(figure_page, colour, tolerance=16)
        assert centre is not None, colour
        x, y = (centre[0] / PX - left) * mm_x, (centre[1] / PX - top) * mm_y
        cell_x = (ord(column) - ord("a") + 0.5) * CELL_MM
        cell_y = (8 - row + 0.5) * CELL_MM
        assert (x, y) == (pytest.approx(cell_x, abs=0.8), pytest.approx(cell_y, abs=0.8)), colour
        size = colour_mask(figure_page, colour, 16).getbbox()
        assert (size[2] - size[0]) / PX == pytest.approx(16 * SCALE, abs=0.8)  # at board scale


def test_a_cell_off_the_board_is_an_error_at_its_table_row(tmp_path, pnp, monkeypatch):
    folder = _write(tmp_path, at="i9")
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(folder))
    line = GAME.splitlines().index("      - {token: red, side: back, at: AT}") + 1
    assert result.exit_code == 1
    assert (
        f"chess/game.yaml:{line}:9: error board-position: table 'opening', row 3: expected `at` "
        "a cell from a1 to h8 of board 'chessboard', found 'i9'" in result.stdout
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "{token: blue, side: front,",
            "{token: green, side: front,",
            "row 2: expected `token` naming a token design (blue, red), found 'green'",
        ),
        (
            "{token: blue, side: front,",
            "{token: blue, side: top,",
            "row 2: expected `side` `front` or `back` for token 'blue', found 'top'",
        ),
    ],
)
def test_an_unknown_token_or_side_is_an_error_at_its_row(
    tmp_path, pnp, monkeypatch, old, new, message
):
    folder = _write(tmp_path)
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(folder))
    line = GAME.splitlines().index("      - {token: blue, side: front, at: g7}") + 1
    assert f"chess/game.yaml:{line}:9: error board-position: table 'opening', {message}" in (
        result.stdout
    )


def test_an_unknown_table_is_an_error_at_the_rulebook_line(tmp_path, pnp, monkeypatch):
    folder = _write(tmp_path, table="middlegame")
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(folder))
    assert result.exit_code == 1
    assert (
        "chess/rulebook.md:5:1: error rulebook-data: expected data the game defines, found "
        "UndefinedError: "
        "no table 'middlegame'; expected `position(board, table)` naming one (opening)"
        in result.stdout
    )


MAP_BOARD = """\
  - id: oasis
    name: Oasis
    size: 200x100mm
    elements:
      - type: map
        areas:
          - {id: well, name: Well, at: [25%, 50%]}
          - {id: palms, name: Palms, at: [150mm, 20mm]}
tables:
  caravan:
    title: The caravan
    columns: [token, at]
    rows:
      - {token: red, at: palms}
      - {token: blue, at: well}
      - {token: blue, at: dunes}
"""


def test_tokens_stand_on_map_areas_and_an_unknown_area_is_named(tmp_path):
    folder = _write(tmp_path)
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("tables:\n", MAP_BOARD, 1), encoding="utf-8")
    loaded, _ = checked(folder)
    found, problems = placements(loaded, "oasis", "caravan")
    assert [(p.token, p.side, p.x, p.y) for p in found] == [
        ("red", "front", 150, 20),
        ("blue", "front", 50, 50),
    ]
    assert problems == [
        (
            2,
            "table 'caravan', row 3: expected `at` an area (palms, well) of board 'oasis', found 'dunes'",
        )
    ]
