"""One game's live preview: check and render it as the build does, keep the last good faces."""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.build import Rendered
from generator.cache import keys
from generator.cache.store import Store
from generator.check import check_game
from generator.findings import Finding, Report
from generator.load.game import GAME_FILE, LoadedGame
from generator.load.sources import SourceError, read_yaml
from generator.render.faces import Face, PieceFaces
from generator.serve.designs import Designs
from generator.serve.previews import FaceStore, face_pngs, screen_dpi

PREVIEWS = "previews"  # the cache store's kind for preview PNGs


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

    def __init__(self, folder: Path, cache: Path | None = None) -> None:
        self.folder = folder.resolve()
        self.id = self.folder.name
        self.store = FaceStore()
        self.cache = Store(cache) if cache else None  # the build's: faces and PNGs kept there
        self.designs = Designs(self.cache)
        self.snapshot = Snapshot(title=_title(self.folder))
        self.refreshing = threading.Lock()  # one refresh of this game at a time; games apart

    def refresh(self) -> Snapshot:
        """Check the game again and render what changed; draw only faces whose content changed."""
        with self.refreshing:
            self.snapshot = self._refreshed(self.snapshot)
        return self.snapshot

    def _refreshed(self, before: Snapshot) -> Snapshot:
        stale = replace(before, version=before.version + 1, stale=True, redrawn=frozenset())
        try:
            loaded, report = check_game(self.folder)
            rendered = self._rendered(loaded, report)
        except Exception as exc:  # a crash of pnp on this data must not stop the server
            return replace(stale, problem=f"internal error: {type(exc).__name__}: {exc}")
        findings = tuple(report.sorted())
        if rendered is None or loaded is None:
            return replace(stale, findings=findings, problem="")
        shown = list(shown_faces(rendered))
        groups = tuple(self._groups(loaded, rendered))
        redrawn = self._draw(loaded, shown)
        self.designs.forget_unused([face for face, _shape in shown])
        return Snapshot(
            stale.version, loaded.game.title, findings, groups, False, "", loaded, rendered, redrawn
        )

    def _rendered(self, loaded: LoadedGame | None, report: Report) -> Rendered | None:
        """The game's faces, or None when it has errors (as the build would stop)."""
        if loaded is None or report.errors:
            return None
        rendered = self.designs.faces(loaded, report)
        return None if report.errors else rendered

    def _draw(self, loaded: LoadedGame, shown: list[tuple[Face, str]]) -> frozenset[str]:
        """Rasterise the faces not drawn before, a batch per shape and resolution; a PNG the
        cache holds (drawn by an earlier preview) is taken from it."""
        faces = {self.designs.digest(face, loaded): (face, shape) for face, shape in shown}
        missing = self.store.missing(faces)
        named = self._png_keys(loaded, faces, missing)
        batches: dict[tuple[str, int], list[str]] = defaultdict(list)
        for digest in sorted(missing):
            png = self.cache.get(PREVIEWS, named[digest]) if self.cache else None
            if png is not None:
                self.store.pngs[digest] = png
                continue
            face, shape = faces[digest]
            batches[(shape, screen_dpi(face))].append(digest)
        for (shape, dpi), digests in batches.items():
            drawn = [faces[d][0] for d in digests]
            pngs = face_pngs(drawn, shape, loaded.game.symbols, loaded.folder, dpi)
            self.store.pngs.update(zip(digests, pngs, strict=True))
            for digest, png in zip(digests, pngs, strict=True):
                if self.cache is not None:
                    self.cache.put(PREVIEWS, named[digest], png)
        self.store.keep_only(set(faces))
        return frozenset(missing)

    def _png_keys(
        self, loaded: LoadedGame, faces: dict[str, tuple[Face, str]], missing: set[str]
    ) -> dict[str, str]:
        """The cache key of each missing face's PNG: its digest (what it draws), its cut and
        resolution, the game's art and fonts, and pnp's version (none without a cache)."""
        if self.cache is None or not missing:
            return {}
        common = keys.digest(PREVIEWS, keys.code_version(), keys.asset_files(loaded.folder))
        return {d: keys.digest(common, d, faces[d][1], screen_dpi(faces[d][0])) for d in missing}

    def _groups(self, loaded: LoadedGame, rendered: Rendered) -> list[Group]:
        """Decks, then token sheets, then boards, each face with its digest."""
        groups = [
            self._piece_group(kind, pieces, loaded)
            for kind, sets in (("deck", rendered.decks), ("tokens", rendered.token_sheets))
            for pieces in sets
        ]
        return groups + [
            Group(
                "board",
                board.id,
                board.name,
                "card",
                (Tile(board.id, board.id, "front", board.name, self.designs.digest(face, loaded)),),
            )
            for board, face in rendered.boards
        ]

    def _piece_group(self, kind: str, pieces: PieceFaces, loaded: LoadedGame) -> Group:
        """A deck's or token sheet's tiles: each design's front, then its back."""
        names = {piece.id: piece.name for piece in loaded.piece_files[pieces.owner.id].pieces}
        tiles = []
        for index, front in enumerate(pieces.fronts):
            for face in [front] + ([pieces.backs[index]] if pieces.backs is not None else []):
                title = names.get(face.card, face.card) + (" (back)" if face.side == "back" else "")
                digest = self.designs.digest(face, loaded)
                tiles.append(Tile(pieces.owner.id, face.card, face.side, title, digest))
        owner = pieces.owner
        return Group(kind, owner.id, owner.name, pieces.shape, tuple(tiles))


def changed_tiles(before: Snapshot, after: Snapshot) -> list[tuple[str, str, str]]:
    """The (deck, piece, side) whose image differs between two snapshots, new ones included."""
    old = {tile.key: tile.digest for group in before.groups for tile in group.tiles}
    return [
        tile.key
        for group in after.groups
        for tile in group.tiles
        if old.get(tile.key) != tile.digest
    ]


def shown_faces(rendered: Rendered) -> Iterator[tuple[Face, str]]:
    """Every face the grids show, with the shape it is cut to."""
    for pieces in rendered.decks + rendered.token_sheets:
        for face in pieces.fronts + (pieces.backs or ()):
            yield face, pieces.shape
    for _board, face in rendered.boards:
        yield face, "card"


def face_of(snapshot: Snapshot, key: tuple[str, str, str]) -> tuple[Face, str] | None:
    """The face a tile shows (deck, piece, side), with the shape it is cut to."""
    if snapshot.rendered is None:
        return None
    boards = {board.id: face for board, face in snapshot.rendered.boards}
    for face, shape in shown_faces(snapshot.rendered):
        if (face.deck, face.card, face.side) == key or boards.get(key[0]) is face:
            return face, shape
    return None


def _title(folder: Path) -> str:
    """The game's title from game.yaml, or its folder name when that cannot be read."""
    try:
        data, _ = read_yaml(folder / GAME_FILE, Report())
    except SourceError:
        return folder.name
    title = data.get("title") if isinstance(data, dict) else None
    return str(title) if title else folder.name
