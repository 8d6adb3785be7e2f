"""The build's side: hand `pnp build` to this user's daemon, or start one after building alone
(see daemon/). Standard library alone: it runs before pnp loads."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

from generator.daemon import private_folder, received, send, socket_path, starting_marker

FORWARDED = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # passed on to the build
STOPPED = "pnp: the build daemon stopped during the build; run it again with PNP_DAEMON=0"
CONNECT_SECONDS = 2.0
STARTING_SECONDS = 30.0  # a daemon that has not listened by then is not coming
# The daemon's process: the import path the build has, then serve at the socket given.
BOOT = (
    "import sys, json; sys.path[:] = json.loads(sys.argv[1]); "
    "from generator.daemon.server import serve; serve(sys.argv[2])"
)


def forwarded(argv: list[str]) -> int | None:
    """Run the command in this user's daemon and return its exit status; None when no daemon
    took it (none running, out of date, or it could not become this process): build alone."""
    place = private_folder()
    conn = _connected(socket_path(place)) if place else None
    if conn is None:
        return None
    pending: list[int] = []
    build: list[int] = []
    previous = _forwarding(build, pending)
    try:
        with conn:
            return _outcome(conn, argv, build, pending)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _connected(path: Path) -> socket.socket | None:
    """A connection to the daemon listening at `path`; None when none is (a socket left by one
    that has gone is removed)."""
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.settimeout(CONNECT_SECONDS)
    try:
        conn.connect(str(path))
    except OSError as exc:
        conn.close()
        if isinstance(exc, ConnectionRefusedError):
            with suppress(OSError):
                path.unlink()
        return None
    conn.settimeout(None)
    return conn


def _forwarding(build: list[int], pending: list[int]) -> dict:
    """Pass Ctrl-C and SIGTERM (and SIGHUP) on to the build once its process is known, noting
    any that come before; where one is ignored (a background job), it stays ignored."""

    def passed_on(number: int, _frame: object) -> None:
        if build:
            with suppress(OSError):
                os.kill(build[0], number)
        else:
            pending.append(number)

    previous = {}
    for number in FORWARDED:
        if signal.getsignal(number) is not signal.SIG_IGN:
            previous[number] = signal.signal(number, passed_on)
    return previous


def _outcome(
    conn: socket.socket, argv: list[str], build: list[int], pending: list[int]
) -> int | None:
    """Send the request and follow the build to its exit status."""
    try:
        request = {"kind": "build", "argv": argv, "cwd": os.getcwd(), "env": dict(os.environ)}
        send(conn, {**request, "umask": _umask()}, [0, 1, 2])
    except OSError:  # a folder gone, a closed standard stream: build alone (and say why)
        return None
    with suppress(OSError):  # the daemon went: the build's status is unknown
        for line in conn.makefile("r", encoding="ascii", errors="replace"):
            word, _, value = line.strip().partition(" ")
            if word == "pid" and value.isdigit():
                build.append(int(value))
                for number in pending:
                    with suppress(OSError):
                        os.kill(build[0], number)
            elif word == "exit" and value.isdigit():
                return int(value)
            elif word in ("stale", "refused"):
                return None
    if not build:
        return None  # the daemon went before it started anything
    print(STOPPED, file=sys.stderr, flush=True)
    return 1


def asked(kind: str) -> list[dict]:
    """Ask every daemon of this user (`status` or `stop`) and return their answers; sockets of
    daemons that have gone are removed."""
    place = private_folder()
    answers = []
    for path in sorted(place.glob("*.sock")) if place else []:
        conn = _connected(path)
        if conn is None:
            continue
        with conn, suppress(OSError, ValueError):
            conn.settimeout(CONNECT_SECONDS)
            send(conn, {"kind": kind})
            answers.append(received(conn)[0])
    return answers


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def start() -> None:
    """Start a daemon for later builds like this one, in the background; nothing when its
    folder is not private or a process cannot be started."""
    place = private_folder()
    if place is None:
        return
    path = socket_path(place)
    marker = starting_marker(path)
    with suppress(OSError):
        if time.time() - marker.stat().st_mtime < STARTING_SECONDS:
            return  # one is loading
    command = [
        sys.executable,
        *subprocess._args_from_interpreter_flags(),  # the flags this Python was started with
        "-c",
        BOOT,
        json.dumps(sys.path),
        str(path),
    ]
    with suppress(OSError):
        marker.write_text(str(os.getpid()))
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # Ctrl-C at the terminal is not for it
            close_fds=True,
        )
