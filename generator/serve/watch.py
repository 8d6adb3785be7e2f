"""Following a game folder: each save re-checks and re-renders the game, then every open page
of it hears the new version (server-sent events)."""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import AsyncIterator, Callable

from starlette.concurrency import run_in_threadpool
from watchfiles import awatch

from generator.serve.session import GamePreview
from generator.watching import DEBOUNCE_MS, followed

KEEP_ALIVE_SECONDS = 15.0
POLL_STOP_SECONDS = 0.25  # how often an open event stream looks whether the server is stopping


class Hub:
    """The open event streams of each game, told each new version as it is rendered."""

    def __init__(self, stopping: Callable[[], bool] = lambda: False) -> None:
        self.listeners: dict[str, set[asyncio.Queue[int]]] = defaultdict(set)
        self.stopping = stopping

    def announce(self, preview: GamePreview) -> None:
        """Tell every open page of the game its new version."""
        for queue in self.listeners[preview.id]:
            queue.put_nowait(preview.snapshot.version)

    async def events(self, preview: GamePreview) -> AsyncIterator[str]:
        """The event stream of one page: the version now, then each new one; ends on shutdown."""
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.listeners[preview.id].add(queue)
        try:
            yield _event(preview.snapshot.version)
            waited = 0.0
            while not self.stopping():
                try:
                    version = await asyncio.wait_for(queue.get(), POLL_STOP_SECONDS)
                except TimeoutError:
                    waited += POLL_STOP_SECONDS
                    if waited >= KEEP_ALIVE_SECONDS:
                        waited = 0.0
                        yield ": still here\n\n"
                    continue
                yield _event(version)
        finally:
            self.listeners[preview.id].discard(queue)


def _event(version: int) -> str:
    """One server-sent event carrying a game's version."""
    return f"data: {json.dumps({'version': version})}\n\n"


async def follow(preview: GamePreview, hub: Hub, stop: asyncio.Event) -> None:
    """Render the game now, then again after every change to its files or to the shared
    layouts it may extend, until `stop`."""
    await run_in_threadpool(preview.refresh)
    hub.announce(preview)
    async for _changes in awatch(
        *followed([preview.folder]), debounce=DEBOUNCE_MS, stop_event=stop
    ):
        await run_in_threadpool(preview.refresh)
        hub.announce(preview)
