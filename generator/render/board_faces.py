"""Board faces drawn once a build: the check draws every board to measure its text, and the build
that follows takes those faces instead of drawing them again (belaad's 14 boards took 12-15 ms,
first-jihad's map 12-13 ms, each time they were drawn)."""

from __future__ import annotations

from generator.findings import Report
from generator.load.art import replayed
from generator.load.game import LoadedGame
from generator.render.boards import board_face
from generator.render.faces import Face
from generator.render.text import placeholder_mode


def drawn_board(loaded: LoadedGame, index: int, report: Report) -> Face:
    """The face of the game's board at `index`, drawn now or by the check before; what drawing
    it found is added to `report` each time, as drawing it into `report` would add it."""
    key = (index, placeholder_mode())
    if key not in loaded.boards:
        board, found = loaded.game.boards[index], Report()
        face = board_face(loaded, board, loaded.source.at("boards", index), found)
        loaded.boards[key] = (face, tuple(found.findings))
    face, findings = loaded.boards[key]
    replayed(report, findings)
    return face
