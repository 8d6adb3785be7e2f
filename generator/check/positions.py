"""Rules about board positions: every row of a table the rulebook stands on a board (with
`position()`) names a token and a side it prints, and a cell or area the board has."""

from __future__ import annotations

from generator.check.registry import rule
from generator.findings import Report
from generator.load.game import AssetError, LoadedGame, game_file
from generator.load.sources import SourceError
from generator.render.positions import POSITION, placements
from generator.render.rulebook import RULEBOOK_FILE, has_rulebook, rulebook_text
from generator.render.text import TextError


@rule(
    "board-position",
    "error",
    "A row of a board position's table (`position()` in the rulebook) naming a token or side "
    "the kit does not print, or a cell or area the board does not have.",
)
def positions_stand(loaded: LoadedGame, report: Report) -> None:
    for board, table in dict.fromkeys(_positions(loaded)):
        for index, problem in placements(loaded, board, table)[1]:
            where = loaded.source.at("tables", table, "rows", index)
            report.error("board-position", where, problem)


def _positions(loaded: LoadedGame) -> list[tuple[str, str]]:
    """(board, table) of every position the rulebook and guides draw, in order; a document
    that does not render is reported by the rulebook rules."""
    files = [RULEBOOK_FILE] if has_rulebook(loaded.folder) else []
    found = []
    for file in files + [guide.file for guide in loaded.game.guides]:
        try:
            game_file(loaded.folder, file)
            text = rulebook_text(loaded, file)
        except (AssetError, SourceError, TextError):
            continue
        found += [(match[1], match[2]) for match in POSITION.finditer(text)]
    return found
