"""`pnp serve`: the command line of the live preview."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

import click

from generator.cache.store import cache_root
from generator.errors import UsageError
from generator.load.game import GAME_FILE, find_game_folder
from generator.write.output import check_outside_games

GAMES_ROOT = Path("card_data")
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
STOP_GRACE_SECONDS = 1  # open pages get this long to close before the server stops anyway


def served_folders(paths: tuple[str, ...]) -> list[Path]:
    """The game folders named, or every game under card_data/."""
    if paths:
        return [find_game_folder(path, GAMES_ROOT) for path in paths]
    folders = sorted(p for p in GAMES_ROOT.glob("*") if (p / GAME_FILE).is_file())
    if not folders:
        raise UsageError(
            f"found no games to serve: expected game folders as arguments, or folders holding "
            f"{GAME_FILE} under {GAMES_ROOT}/"
        )
    return folders


def listening(host: str, port: int) -> socket.socket:
    """A socket listening on host:port, or a usage error saying why it cannot be had."""
    sock = None
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        if sock is not None:
            sock.close()
        raise UsageError(
            f"cannot listen on {host}:{port} ({exc.strerror or exc}): pick another with --port "
            "or --host"
        ) from None
    return sock


@click.command("serve")
@click.argument("paths", nargs=-1)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="Port to listen on; 0 takes a free one (the address printed says which).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; anything but localhost lets other machines see the games. "
    "The preview answers only requests addressed to it by that name (on a loopback address "
    "also as 127.0.0.1, localhost and [::1]); on 0.0.0.0 or :: (every interface), as localhost "
    "or any IP address, never another DNS name.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the game list in a browser.")
@click.option(
    "-o",
    "--output",
    "out_root",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help="The build's output folder: the preview shares its cache ($PNP_CACHE_DIR when set).",
)
@click.option("--no-cache", is_flag=True, help="Keep faces in memory only; share no cache.")
def serve(
    paths: tuple[str, ...], port: int, host: str, open_browser: bool, out_root: Path, no_cache: bool
) -> None:
    """Preview games in the browser, redrawn each time you save one of their files.

    Shows each game's findings (as `pnp check` prints them) and every deck,
    token sheet and board as a grid of faces drawn exactly as the kit prints
    them; a card page with its data row, the printed sheet pages and the
    rulebook. A save that breaks the data shows the finding at once and keeps
    the last good faces, marked stale. Serves the games under ./card_data
    when no PATH is given; Ctrl-C stops it.

    \b
    Example:
      pnp serve
      pnp serve card_data/river-trade --open
      pnp serve --port 8080

    A game built before (`pnp build`, same output folder) opens at once: the
    preview takes the faces the build fitted from its cache, and keeps there
    what it fits and draws.
    """
    import uvicorn  # here, so the other commands do not load the web server

    from generator.serve.app import make_app
    from generator.serve.hosts import served_hosts, url_host

    folders = served_folders(paths)
    check_outside_games(out_root, folders)
    sock = listening(host, port)
    address, port = sock.getsockname()[:2]
    url = f"http://{url_host(host)}:{port}/"
    reach = (
        "localhost only; --host to change" if host in LOCAL_HOSTS else "other machines can connect"
    )
    click.echo(f"Serving {len(folders)} game(s) at {url} ({reach})", err=True)
    server = None
    cache = None if no_cache else cache_root(out_root)
    hosts = served_hosts(host, address, port)
    app = make_app(folders, hosts, lambda: server is not None and server.should_exit, cache)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=STOP_GRACE_SECONDS,
    )
    server = uvicorn.Server(config)
    if open_browser:
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    server.run(sockets=[sock])
