"""Faces for the preview, rendered by the build's own functions one design at a time and reused
while nothing they are drawn from has changed: a one-row edit re-renders one design."""

from __future__ import annotations

import hashlib
import pickle
from dataclasses import dataclass
from pathlib import Path

from generator.build import Rendered
from generator.findings import Finding, Report
from generator.limits import applied
from generator.load.game import LoadedGame, PieceFile
from generator.render.backs import back_layout_name, own_back
from generator.render.boards import board_face
from generator.render.faces import Face, PieceFaces, assembled, design_faces
from generator.render.text import placeholder_mode
from generator.serve.previews import face_digest

# Data files are compared as loaded (their rows); any other file (art, fonts) may change any face.
# Parts of game.yaml no card or token face draws; layouts are compared per design instead.
NOT_ON_FACES = {
    "layouts",
    "components",
    "setup",
    "invariants",
    "errata",
    "rulebook",
    "guides",
    "boards",
}
DATA_SUFFIXES = {".yaml", ".yml", ".csv", ".tsv", ".txt", ".xlsx", ".ods", ".md", ".markdown"}


@dataclass(frozen=True)
class Design:
    """One design's faces and what rendering it reported."""

    front: Face
    back: Face | None
    findings: tuple[Finding, ...]


class Designs:
    """Each design's faces by a hash of everything they are rendered from."""

    def __init__(self) -> None:
        self.kept: dict[str, Design] = {}
        self.rendered: set[str] = set()  # the designs the last `faces` call had to render
        self.digests: dict[int, tuple[Face, str]] = {}

    def faces(self, loaded: LoadedGame, report: Report) -> Rendered:
        """Every deck's, token sheet's and board's faces as `rendered_game` resolves them (the
        rulebook is left to its own view); findings go to `report`."""
        game, used = loaded.game, {}
        with applied(game.limits):
            shared = _shared_key(loaded)
            decks, sheets = (
                tuple(
                    self._set(loaded, loaded.piece_files[s.id], shared, used, report) for s in sets
                )
                for sets in (game.decks, game.token_sheets)
            )
            boards = tuple(
                (board, board_face(loaded, board, loaded.source.at("boards", i), report))
                for i, board in enumerate(game.boards)
            )
        self.rendered = set(used) - set(self.kept)
        self.kept = used
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

    def _set(
        self, loaded: LoadedGame, pieces: PieceFile, shared: bytes, used: dict, report: Report
    ) -> PieceFaces:
        """A deck's or token sheet's faces, rendering only the designs not seen before."""
        fronts, backs = [], []
        back = back_layout_name(pieces)
        for index, piece in enumerate(pieces.pieces):
            names = sorted({pieces.owner.layout, back or "", own_back(piece)[0] or ""} - {""})
            layouts = [loaded.layouts.get(name) for name in names]
            content = (shared, pieces.owner, piece, pieces.position(index), layouts)
            key = hashlib.sha256(pickle.dumps(content)).hexdigest()
            design = used.get(key) or self.kept.get(key) or _design(loaded, pieces, index)
            used[key] = design
            report.findings.extend(design.findings)
            fronts.append(design.front)
            if design.back is not None:
                backs.append(design.back)
        return assembled(loaded, pieces, fronts, backs)


def _design(loaded: LoadedGame, pieces: PieceFile, index: int) -> Design:
    """Render one design as the build does, keeping what it reports."""
    found = Report()
    fronts, backs = design_faces(loaded, pieces, range(index, index + 1), found)
    return Design(fronts[0], backs[0] if backs else None, tuple(found.findings))


def _shared_key(loaded: LoadedGame) -> bytes:
    """What any face may depend on beyond its own row and layouts: the game's settings but for
    the parts no face draws, how placeholders print, and the art and font files (by size and
    time)."""
    files = sorted(
        (str(path), path.stat().st_size, path.stat().st_mtime_ns)
        for path in Path(loaded.folder).rglob("*")
        if path.is_file() and path.suffix.lower() not in DATA_SUFFIXES
    )
    game = loaded.game.model_dump(exclude=NOT_ON_FACES)
    return hashlib.sha256(pickle.dumps((game, placeholder_mode(), files))).digest()
