"""Fixture pair for the board-position rule: a token set on a cell off the board, and on one."""

from __future__ import annotations

from tests.rule_cases import RuleCase
from tests.test_position_figure import GAME, MEN, RULEBOOK


def _position(at: str) -> dict[str, str]:
    """The chess-position game as the demo game, its third token standing at `at`."""
    return {
        "game.yaml": GAME.replace("id: chess\n", "id: demo\n", 1).replace("AT", at),
        "tokens/men.csv": MEN,
        "rulebook.md": RULEBOOK.replace("TABLE", "opening"),
    }


CASES = [RuleCase("board-position", _position("i9"), _position("h8"))]
