"""One game's live preview: check and render it as the build does, keep the last good faces."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.build import Rendered, rendered_game
from generator.check import check_game
from generator.errors import DataError
from generator.findings import Finding, Report
from generator.load.game import GAME_FILE, LoadedGame
from generator.load.sources import SourceError, read_yaml
from generator.render.faces import Face, PieceFaces
from generator.serve.previews import FaceStore, face_digest, face_pngs, screen_dpi

# Rendering uses process-wide state (limits, placeholder mode, caches): one render at a time.
RENDER_LOCK = threading.Lock()


@dataclass(frozen=True)
class Tile:
    """One face in a grid: the piece, the side, the title a designer knows it by, its image."""

    owner: str
    piece: str
    side: str
    title: str
    digest: str

    @property
    def key(self) -> tuple[str, str, str]:
        """What the tile shows, whatever it looks like: (deck, piece, side)."""
        return (self.owner, self.piece, self.side)


@dataclass(frozen=True)
class Group:
    """A deck, token sheet or board as a grid of tiles."""

    kind: str  # "deck", "tokens" or "board"
    id: str
    name: str
    shape: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Snapshot:
    """What the pages show after one refresh; `stale` when the latest data did not render, so
    the groups are the last good ones."""

    version: int = 0
    title: str = ""
    findings: tuple[Finding, ...] = ()
    groups: tuple[Group, ...] = ()
    stale: bool = False
    problem: str = ""  # pnp itself failed on the data (an internal error), in one line
    loaded: LoadedGame | None = None
    rendered: Rendered | None = None
    redrawn: frozenset[str] = field(default_factory=frozenset)

    @property
    def ready(self) -> bool:
        """The game rendered at least once."""
        return self.rendered is not None


class GamePreview:
    """A game folder, its latest snapshot and the PNGs of the faces it shows."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.id = self.folder.name
        self.store = FaceStore()
        self.snapshot = Snapshot(title=_title(self.folder))

    def refresh(self) -> Snapshot:
        """Check and render the game again; draw only faces whose content changed."""
        with RENDER_LOCK:
            self.snapshot = self._refreshed(self.snapshot)
        return self.snapshot

    def _refreshed(self, before: Snapshot) -> Snapshot:
        version = before.version + 1
        try:
            loaded, report = check_game(self.folder)
            rendered = _rendered(loaded, report)
        except Exception as exc:  # a crash of pnp on this data must not stop the server
            problem = f"internal error: {type(exc).__name__}: {exc}"
            return replace(
                before, version=version, stale=True, problem=problem, redrawn=frozenset()
            )
        findings = tuple(report.sorted())
        if rendered is None or loaded is None:
            return replace(
                before,
                version=version,
                findings=findings,
                stale=True,
                problem="",
                redrawn=frozenset(),
            )
        groups = tuple(_groups(loaded, rendered))
        redrawn = self._draw(loaded, rendered, groups)
        return Snapshot(
            version, loaded.game.title, findings, groups, False, "", loaded, rendered, redrawn
        )

    def _draw(
        self, loaded: LoadedGame, rendered: Rendered, groups: tuple[Group, ...]
    ) -> frozenset[str]:
        """Rasterise the faces not drawn before, a batch per shape and resolution."""
        faces = dict(_faces_by_digest(loaded, rendered))
        missing = self.store.missing(faces)
        batches: dict[tuple[str, int], list[str]] = defaultdict(list)
        for digest in sorted(missing):
            face, shape = faces[digest]
            batches[(shape, screen_dpi(face))].append(digest)
        for (shape, dpi), digests in batches.items():
            drawn = [faces[d][0] for d in digests]
            pngs = face_pngs(drawn, shape, loaded.game.symbols, loaded.folder, dpi)
            self.store.pngs.update(zip(digests, pngs, strict=True))
        self.store.keep_only({tile.digest for group in groups for tile in group.tiles})
        return frozenset(missing)


def changed_tiles(before: Snapshot, after: Snapshot) -> list[tuple[str, str, str]]:
    """The (deck, piece, side) whose image differs between two snapshots, new ones included."""
    old = {tile.key: tile.digest for group in before.groups for tile in group.tiles}
    return [
        tile.key
        for group in after.groups
        for tile in group.tiles
        if old.get(tile.key) != tile.digest
    ]


def _title(folder: Path) -> str:
    """The game's title from game.yaml, or its folder name when that cannot be read."""
    try:
        data, _ = read_yaml(folder / GAME_FILE, Report())
    except SourceError:
        return folder.name
    title = data.get("title") if isinstance(data, dict) else None
    return str(title) if title else folder.name


def _rendered(loaded: LoadedGame | None, report: Report) -> Rendered | None:
    """The game's faces as the build renders them, or None when it has errors."""
    if loaded is None or report.errors:
        return None
    try:
        return rendered_game(loaded, report)
    except DataError:
        return None


def _groups(loaded: LoadedGame, rendered: Rendered) -> list[Group]:
    """Decks, then token sheets, then boards, each face with its digest."""
    symbols, folder = loaded.game.symbols, loaded.folder
    groups = [
        _piece_group(kind, pieces, loaded)
        for kind, sets in (("deck", rendered.decks), ("tokens", rendered.token_sheets))
        for pieces in sets
    ]
    groups += [
        Group(
            "board",
            board.id,
            board.name,
            "card",
            (Tile(board.id, board.id, "front", board.name, face_digest(face, symbols, folder)),),
        )
        for board, face in rendered.boards
    ]
    return groups


def _piece_group(kind: str, pieces: PieceFaces, loaded: LoadedGame) -> Group:
    """A deck's or token sheet's tiles: each design's front, then its back."""
    symbols, folder = loaded.game.symbols, loaded.folder
    names = {piece.id: piece.name for piece in loaded.piece_files[pieces.owner.id].pieces}
    tiles = []
    for index, front in enumerate(pieces.fronts):
        sides = [front] + ([pieces.backs[index]] if pieces.backs is not None else [])
        for face in sides:
            title = names.get(face.card, face.card) + (" (back)" if face.side == "back" else "")
            digest = face_digest(face, symbols, folder)
            tiles.append(Tile(pieces.owner.id, face.card, face.side, title, digest))
    owner = pieces.owner
    return Group(kind, owner.id, owner.name, pieces.shape, tuple(tiles))


def _faces_by_digest(loaded: LoadedGame, rendered: Rendered):
    """Every face shown, with the shape it is cut to, by digest."""
    symbols, folder = loaded.game.symbols, loaded.folder
    for pieces in rendered.decks + rendered.token_sheets:
        for face in pieces.fronts + (pieces.backs or ()):
            yield face_digest(face, symbols, folder), (face, pieces.shape)
    for _board, face in rendered.boards:
        yield face_digest(face, symbols, folder), (face, "card")


def face_of(snapshot: Snapshot, key: tuple[str, str, str]) -> tuple[Face, str] | None:
    """The face a tile shows (deck, piece, side), with the shape it is cut to."""
    if snapshot.rendered is None:
        return None
    owner, piece, side = key
    for pieces in snapshot.rendered.decks + snapshot.rendered.token_sheets:
        if pieces.owner.id == owner:
            for face in pieces.fronts + (pieces.backs or ()):
                if face.card == piece and face.side == side:
                    return face, pieces.shape
    for board, face in snapshot.rendered.boards:
        if (board.id, board.id, "front") == key:
            return face, "card"
    return None
