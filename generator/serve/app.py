"""The preview's routes: pages, their style and script, face images, printed pages and the event
stream. Only the preview's own pages and what it renders (PNG) are served, never a file of a game
folder as it is; anything else is a 404. Every answer goes through the Host check and carries
the security headers."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp

from generator.findings import Position
from generator.load.game import LoadedGame
from generator.render.backs import back_layout_name
from generator.serve import pages
from generator.serve.headers import SecurityHeaders
from generator.serve.hosts import HostCheck, Hosts
from generator.serve.session import GamePreview
from generator.serve.views import Pages, Views
from generator.serve.watch import Hub, follow

FOREVER = "public, max-age=31536000, immutable"  # a face image's URL names its content


class Preview:
    """The games served, by id, with their views and open pages; each route is a method."""

    def __init__(
        self, folders: list[Path], stopping: Callable[[], bool], cache: Path | None
    ) -> None:
        self.previews = {p.id: p for p in (GamePreview(folder, cache) for folder in folders)}
        self.views = {gid: Views(preview) for gid, preview in self.previews.items()}
        self.hub = Hub(stopping)

    def game_of(self, request: Request) -> GamePreview:
        """The game a request names, or a 404."""
        preview = self.previews.get(request.path_params["game"])
        if preview is None:
            raise HTTPException(404)
        return preview

    def home(self, _request: Request) -> HTMLResponse:
        """The list of games."""
        return HTMLResponse(pages.game_list(list(self.previews.values())))

    def game(self, request: Request) -> HTMLResponse:
        """A game's findings and grids."""
        return HTMLResponse(pages.game_page(self.game_of(request)))

    def face(self, request: Request) -> Response:
        """A face's grid image by digest (kept forever: a new face has a new digest), or its
        large image."""
        preview, name = self.game_of(request), request.path_params["name"]
        if name == "large.png":
            key = tuple(request.path_params[k] for k in ("owner", "piece", "side"))
            return _png(self.views[preview.id].large(preview.snapshot, key), 1)
        png = preview.store.pngs.get(name.removesuffix(".png")) if name.endswith(".png") else None
        if png is None:
            raise HTTPException(404)
        return Response(png, media_type="image/png", headers={"Cache-Control": FOREVER})

    def card(self, request: Request) -> HTMLResponse:
        """A design's card page: its faces at large size, data row, layouts and source line."""
        preview = self.game_of(request)
        owner, ident = request.path_params["owner"], request.path_params["piece"]
        snap = preview.snapshot
        tiles = [t for g in snap.groups for t in g.tiles if t.owner == owner and t.piece == ident]
        facts = card_facts(snap.loaded, owner, ident) if snap.loaded else None
        if not tiles or facts is None:
            raise HTTPException(404)
        row, layouts, where = facts
        row = {k: v for k, v in row.items() if v not in (None, "", [], {})}
        place = f"{os.path.relpath(where.file)}:{where.cell or where.line}"
        return HTMLResponse(pages.card_page(preview, tiles, row, layouts, place))

    def sheets(self, request: Request) -> HTMLResponse:
        """The printed pages of a deck, token sheet or board."""
        preview, wanted = self.game_of(request), request.path_params["group"]
        group = next((g for g in preview.snapshot.groups if g.id == wanted), None)
        drawn = self.views[preview.id].sheets(preview.snapshot, wanted)
        if group is None or drawn is None:
            raise HTTPException(404)
        return HTMLResponse(pages.sheets_page(preview, group, drawn))

    def sheet_png(self, request: Request) -> Response:
        """One printed page as PNG."""
        preview = self.game_of(request)
        drawn = self.views[preview.id].sheets(preview.snapshot, request.path_params["group"])
        return _png(drawn, request.path_params["page"])

    def rulebook(self, request: Request) -> HTMLResponse:
        """The rulebook's pages and outline."""
        preview = self.game_of(request)
        drawn = self.views[preview.id].rulebook(preview.snapshot)
        if drawn is None:
            raise HTTPException(404)
        return HTMLResponse(pages.rulebook_page(preview, drawn))

    def rulebook_png(self, request: Request) -> Response:
        """One rulebook page as PNG."""
        preview = self.game_of(request)
        return _png(self.views[preview.id].rulebook(preview.snapshot), request.path_params["page"])

    async def events(self, request: Request) -> StreamingResponse:
        """The game's versions as server-sent events, for its open pages to follow."""
        stream = self.hub.events(self.game_of(request))
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream, media_type="text/event-stream", headers=headers)

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        """Follow every game's folder while the server runs."""
        stop = asyncio.Event()
        hub, previews = self.hub, self.previews.values()
        followers = [asyncio.create_task(follow(p, hub, stop)) for p in previews]
        try:
            yield
        finally:
            stop.set()
            for task in followers:
                task.cancel()
            await asyncio.gather(*followers, return_exceptions=True)


def card_facts(loaded: LoadedGame, owner: str, ident: str) -> tuple[dict, str, Position] | None:
    """A design's data row, its layouts and where its row stands; for a board, its entry."""
    pieces = loaded.piece_files.get(owner)
    if pieces is not None:
        index = next((i for i, p in enumerate(pieces.pieces) if p.id == ident), None)
        if index is None:
            return None
        back = back_layout_name(pieces)
        layouts = pieces.owner.layout + (f", back: {back}" if back else "")
        return pieces.pieces[index].model_dump(), layouts, pieces.position(index)
    for i, board in enumerate(loaded.game.boards):
        if board.id == owner == ident:
            row = board.model_dump(exclude={"elements"})
            return row, "the board's own elements", loaded.source.at("boards", i)
    return None


def make_app(
    folders: list[Path],
    hosts: Hosts,
    stopping: Callable[[], bool] = lambda: False,
    cache: Path | None = None,
) -> ASGIApp:
    """The preview of the games in `folders`, answering requests addressed to `hosts` only;
    `stopping` says when open event streams should end; faces and their PNGs are kept in the
    build cache `cache` (None: in memory only)."""
    app = Preview(folders, stopping, cache)
    game = "/game/{game}"
    routes = [
        Route("/", app.home),
        Route("/preview.css", _stylesheet),
        Route("/preview.js", _script),
        Route(game + "/", app.game),
        Route(game + "/face/{owner}/{piece}/{side}/{name}", app.face),
        Route(game + "/card/{owner}/{piece}", app.card),
        Route(game + "/sheets/{group}/", app.sheets),
        Route(game + "/sheets/{group}/{page:int}.png", app.sheet_png),
        Route(game + "/rulebook", app.rulebook),
        Route(game + "/rulebook/{page:int}.png", app.rulebook_png),
        Route("/events/{game}", app.events),
    ]
    served = Starlette(routes=routes, exception_handlers={404: _missing}, lifespan=app.lifespan)
    return SecurityHeaders(HostCheck(served, hosts))


def _stylesheet(_request: Request) -> Response:
    """The pages' one stylesheet."""
    return Response(pages.STYLE, media_type="text/css", headers={"Cache-Control": "no-cache"})


def _script(_request: Request) -> Response:
    """The pages' one script, which follows the game's updates."""
    return Response(
        pages.SCRIPT, media_type="text/javascript", headers={"Cache-Control": "no-cache"}
    )


async def _missing(_request: Request, _exc: Exception) -> HTMLResponse:
    """Every path the preview does not serve, as one plain page."""
    return HTMLResponse(pages.not_found(), status_code=404)


def _png(drawn: Pages | None, page: int, cache: str = "no-cache") -> Response:
    """Page `page` (1-based) of a drawn view as PNG, or a 404."""
    if drawn is None or not 1 <= page <= len(drawn.pngs):
        raise HTTPException(404)
    return Response(drawn.pngs[page - 1], media_type="image/png", headers={"Cache-Control": cache})
