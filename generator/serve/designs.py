"""Faces for the preview, rendered by the build's own functions and reused while nothing they
are drawn from has changed: a one-row edit re-renders one design. Designs are named by the
build cache's keys (generator/cache/faces.py) and kept in its store too, so the preview of a
game built before fits nothing, and a later build finds what the preview fitted."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from generator.build import Rendered
from generator.cache.faces import kept, recalled, remembering, stored_faces
from generator.cache.store import Store
from generator.findings import Report
from generator.limits import applied
from generator.load.game import LoadedGame
from generator.render.boards import board_face
from generator.render.faces import Face, piece_faces
from generator.serve.previews import face_digest


class Designs:
    """Each design's resolved faces by its key: those of the last refresh in memory, any other
    in the cache `store` (when there is one)."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.kept: dict[str, Any] = {}
        self.used: dict[str, Any] = {}
        self.rendered: set[str] = set()  # the designs the last refresh had to render
        self.digests: dict[int, tuple[Face, str]] = {}

    @contextmanager
    def refreshing(self) -> Iterator[None]:
        """Check and render one refresh through these designs (the check fits every face)."""
        self.used, self.rendered = {}, set()
        with remembering(self):
            yield
        self.kept = self.used

    def recall(self, key: str) -> Any:
        """A design resolved in the last refresh, or kept in the store; None when neither."""
        found = self.used.get(key) or self.kept.get(key)
        if found is None and self.store is not None:
            found = recalled(self.store, key)
        if found is not None:
            self.used[key] = found
        return found

    def keep(self, key: str, resolved: Any) -> None:
        """A design rendered now: kept for the next refresh, and in the store at once."""
        self.used[key] = resolved
        self.rendered.add(key)
        if self.store is not None:
            kept(self.store, key, resolved)

    def faces(self, loaded: LoadedGame, report: Report) -> Rendered:
        """Every deck's, token sheet's and board's faces as `rendered_game` resolves them (the
        rulebook is left to its own view); findings go to `report`."""
        game = loaded.game
        with applied(game.limits), stored_faces(loaded):
            decks, sheets = (
                tuple(piece_faces(loaded, loaded.piece_files[s.id], report) for s in sets)
                for sets in (game.decks, game.token_sheets)
            )
            boards = tuple(
                (board, board_face(loaded, board, loaded.source.at("boards", i), report))
                for i, board in enumerate(game.boards)
            )
        return Rendered(decks, sheets, boards, None, {})

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
