"""Counts and sizes past the limits of generator/limits.py are findings at their line."""

import pytest

from tests.conftest import GAME_YAML, HEROES_CSV

BOARD = """\
boards:
  - id: map
    name: Map
    size: {size}
    copies: {copies}
    elements:
      - {{type: track, first: 0, last: {last}, box: [0, 0, 100%, 20mm]}}
      - {{type: grid, columns: {columns}, rows: 3, box: [0, 20mm, 100%, 50mm]}}
"""


def _board(size="180x120mm", copies=1, last=29, columns=4) -> str:
    return GAME_YAML + BOARD.format(size=size, copies=copies, last=last, columns=columns)


@pytest.mark.parametrize(
    ("files", "finding"),
    [
        (
            {"game.yaml": GAME_YAML.replace("max: 4", "max: 1000000000000")},
            "demo/game.yaml:5:8: error schema: players.max: expected a number of at most 100 "
            "(`limits: {players: ...}` in game.yaml raises it), found 1000000000000",
        ),
        (
            {"decks/heroes.csv": HEROES_CSV.replace("mage,Mage,1,", "mage,Mage,1000000000,")},
            "demo/decks/heroes.csv:3:11: error schema: quantity: expected a number of at most "
            "100,000 (`limits: {copies: ...}` in game.yaml raises it), found '1000000000'",
        ),
        (
            {"game.yaml": _board(last=100000)},
            "demo/game.yaml:28:9: error schema: boards[0].elements[0]: expected a track of at most "
            "1,000 spaces (`limits: {track_spaces: ...}` in game.yaml raises it), found 100,001 "
            "(0 to 100000)",
        ),
        (
            {"game.yaml": _board(columns=100000)},
            "demo/game.yaml:29:31: error schema: boards[0].elements[1].columns: expected a number "
            "of at most 500 (`limits: {grid_side: ...}` in game.yaml raises it), found 100000",
        ),
        (
            {"game.yaml": _board(copies=1000000)},
            "demo/game.yaml:26:13: error schema: boards[0].copies: expected a number of at most "
            "100 (`limits: {board_copies: ...}` in game.yaml raises it), found 1000000",
        ),
        (
            {"game.yaml": _board(size="100000x100000mm")},
            "demo/game.yaml:25:11: error schema: boards[0].size: expected sides of at most 2,000 mm "
            "(`limits: {side_mm: ...}` in game.yaml raises it), found '100000x100000mm'",
        ),
        (
            {"game.yaml": _board(size="0x120mm")},
            "demo/game.yaml:25:11: error schema: boards[0].size: expected sides longer than 0 mm, "
            "found '0x120mm'",
        ),
    ],
)
def test_a_count_or_size_past_its_limit_is_one_finding_at_its_line(game, pnp, files, finding):
    game(files)
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [finding]


def test_a_game_printing_more_pieces_than_the_limit_is_a_finding(game, pnp):
    many = HEROES_CSV.replace("knight,Knight,2,", "knight,Knight,100000,").replace(
        "mage,Mage,1,", "mage,Mage,100000,"
    )
    game({"decks/heroes.csv": many})
    assert "too-many-pieces" not in pnp("check", "demo").stdout  # 200,000 is within the limit
    game({"decks/heroes.csv": many + "rogue,Rogue,5,Hide.\n"})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/decks/heroes.csv:1:1: error too-many-pieces: expected a game of at most 200,000 "
        "cards and tokens, copies counted (`limits: {cards_and_tokens: ...}` in game.yaml raises "
        "it), found 200,005 by the end of 'heroes' (decks/heroes.csv)"
    ) in result.stdout.splitlines()
