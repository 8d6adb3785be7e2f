"""Faces for the preview, rendered by the build's own functions and reused while nothing they
are drawn from has changed: a one-row edit re-renders one design. Designs are named by the
build's memo (generator/render/memo.py) and kept in its cache store too, so the preview of a
game built before fits nothing, and a later build finds what the preview fitted."""

from __future__ import annotations

from generator.build import Rendered
from generator.cache.store import Store
from generator.check.registry import run_rendered_rules
from generator.context import BuildContext
from generator.findings import Report
from generator.limits import applied
from generator.load.game import LoadedGame
from generator.render.boards import board_face
from generator.render.faces import Face, piece_faces
from generator.render.memo import FaceMemo
from generator.serve.previews import face_digest


class Designs:
    """Each design's resolved faces by its key (the build's memo, kept in the cache `store` at
    once when there is one), and each face's digest."""

    def __init__(self, store: Store | None = None) -> None:
        self.memo = FaceMemo(store, at_flush=False)
        self.digests: dict[int, tuple[Face, str]] = {}

    @property
    def rendered(self) -> set[str]:
        """The designs the last refresh had to fit."""
        return self.memo.fitted

    def faces(self, loaded: LoadedGame, report: Report) -> Rendered:
        """Every deck's, token sheet's and board's faces as `rendered_game` resolves them (the
        rulebook is left to its own view); findings go to `report`."""
        game = loaded.game
        self.memo.start_round()
        context = BuildContext(memo=self.memo)
        with applied(game.limits):
            decks, sheets = (
                tuple(piece_faces(loaded, loaded.piece_files[s.id], report, context) for s in sets)
                for sets in (game.decks, game.token_sheets)
            )
            boards = tuple(
                (board, board_face(loaded, board, loaded.source.at("boards", i), report))
                for i, board in enumerate(game.boards)
            )
            rendered = Rendered(decks, sheets, boards, None, {})
            run_rendered_rules(loaded, rendered, report)  # as `pnp check` finds them
        return rendered

    def digest(self, face: Face, loaded: LoadedGame) -> str:
        """The face's content hash (see `face_digest`), worked out once per rendered face."""
        known = self.digests.get(id(face))
        if known is None or known[0] is not face:
            known = (face, face_digest(face, loaded.game.symbols, loaded.folder))
            self.digests[id(face)] = known
        return known[1]

    def forget_unused(self, shown: list[Face]) -> None:
        """Keep digests only of the faces shown now, so a freed face's id is never mistaken."""
        alive = {id(face) for face in shown}
        self.digests = {k: v for k, v in self.digests.items() if k in alive}
