"""The build daemon: a pnp process that has imported everything a build needs and forks a
fresh copy of itself for each `pnp build`, so a rebuild does not spend 0.3 s loading pnp.

The first `pnp build` that finds no daemon builds as always, then starts one in the
background; later builds hand it their command line, working folder, environment and
standard streams, and it runs them in a fork of itself as if started afresh: same output,
messages and exit status (Ctrl-C is passed on). A daemon serves only builds run exactly as it
was started (the same Python, flags, import path, locale and limits: `name`), and only while
pnp's files and the installed packages are those it loaded (`fingerprint`); otherwise the
build runs in its own process and a new daemon is started after it. It leaves after
`$PNP_DAEMON_IDLE` seconds (900) without a build. `PNP_DAEMON=0` turns it off; it is off on CI
(`$CI` set), where every build is a first one. Linux only (it forks and passes file
descriptors over a Unix socket, in a folder only its user can enter).

This package imports only the standard library: the client side runs before pnp loads.
"""

from __future__ import annotations

import array
import hashlib
import json
import os
import resource
import socket
import sys
from pathlib import Path

from generator.sources import installed_packages, source_files
from generator.user_cache import user_cache_dir

DAEMON_ENV = "PNP_DAEMON"
IDLE_ENV = "PNP_DAEMON_IDLE"
IDLE_SECONDS = 900.0
OFF = ("0", "off", "false", "no")
# What a Python process reads from the environment once, at start or import: a daemon started
# under other values would not run a build as its own process would.
STARTUP_ENV = ("PYTHON", "PNP_", "RL_", "LANG", "LC_", "TMP", "TEMP", "TZ")
LIMITS = ("RLIMIT_AS", "RLIMIT_DATA", "RLIMIT_NOFILE", "RLIMIT_FSIZE", "RLIMIT_CPU", "RLIMIT_STACK")
SOCKET_MAX = 100  # bytes of a Unix socket's path, with room to spare (the limit is 107)
HEADER = 8  # a request's length, in hex, before its JSON


def wanted(argv: list[str], environ: os._Environ | dict[str, str] = os.environ) -> bool:
    """Whether this command may use (and start) a daemon: `pnp build`, where Linux can fork,
    unless turned off or on CI."""
    setting = environ.get(DAEMON_ENV, "").strip().lower()
    on_ci = environ.get("CI", "").strip().lower() not in ("", *OFF)
    if setting in OFF or (on_ci and setting != "1") or sys.platform != "linux":
        return False
    return _command(argv) == "build"


def _command(argv: list[str]) -> str | None:
    """The command word of a pnp command line (the first word that is not an option)."""
    return next((word for word in argv[1:] if not word.startswith("-")), None)


def folder() -> Path:
    """Where this user's daemons listen: `$XDG_RUNTIME_DIR/pnp`, else `~/.cache/pnp/daemons`
    ($PNP_CACHE_DIR and $XDG_CACHE_HOME as for the user cache)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return Path(runtime) / "pnp" if runtime else user_cache_dir() / "daemons"


def private_folder() -> Path | None:
    """The daemons' folder, made if missing; None when it is not this user's alone (anyone
    who can enter it could ask a daemon to build as this user) or its paths are too long."""
    place = folder()
    try:
        place.mkdir(mode=0o700, parents=True, exist_ok=True)
        state = place.stat()
    except OSError:
        return None
    if state.st_uid != os.getuid() or state.st_mode & 0o077:
        return None
    return place if len(os.fsencode(place)) + 22 <= SOCKET_MAX else None


def name() -> str:
    """What a build must share with a daemon for the daemon to run it as its own process would:
    the Python and its flags, the import path, the start-up environment and the limits."""
    limits = [resource.getrlimit(getattr(resource, limit)) for limit in LIMITS]
    startup = sorted((k, v) for k, v in os.environ.items() if k.startswith(STARTUP_ENV))
    flags = [tuple(sys.flags), sorted(sys._xoptions.items()), sys.warnoptions]
    given = [sys.executable, sys.path, startup, limits, flags, os.getuid()]
    return hashlib.sha256(json.dumps(given, default=str).encode()).hexdigest()[:16]


def socket_path(place: Path) -> Path:
    """The socket of the daemon this process could use, in `place`."""
    return place / f"{name()}.sock"


def starting_marker(socket_file: Path) -> Path:
    """The file a build leaves while the daemon it started loads, so the next build does not
    start another meanwhile."""
    return socket_file.with_suffix(".starting")


def fingerprint() -> list:
    """pnp's files and the installed packages as they stand: each file's size and time."""
    files = []
    for relative, path in source_files():
        try:
            state = os.stat(path)
        except OSError:
            continue
        files.append((relative, state.st_size, state.st_mtime_ns))
    return [files, installed_packages()]


def idle_seconds() -> float:
    """How long a daemon waits for a build before it leaves."""
    try:
        return max(float(os.environ.get(IDLE_ENV, IDLE_SECONDS)), 0.1)
    except ValueError:
        return IDLE_SECONDS


def send(conn: socket.socket, message: dict, fds: list[int] | None = None) -> None:
    """Send one request (with file descriptors to pass along, if any)."""
    body = json.dumps(message).encode()
    data = f"{len(body):0{HEADER}x}".encode() + body
    extra = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, bytes(_fd_array(fds)))] if fds else []
    conn.sendmsg([data], extra)


def _fd_array(fds: list[int]) -> array.array:
    """File descriptors as the C array SCM_RIGHTS carries."""
    return array.array("i", fds)


def received(conn: socket.socket, most: int = 1 << 22) -> tuple[dict, list[int]]:
    """One request and the file descriptors passed with it (ValueError when it is not one)."""
    fds = array.array("i")
    data, extra, _, _ = conn.recvmsg(HEADER, socket.CMSG_SPACE(4 * fds.itemsize))
    for level, kind, payload in extra:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[: len(payload) - len(payload) % fds.itemsize])
    try:
        length = int(data, 16) if len(data) == HEADER else -1
        if not 0 <= length <= most:
            raise ValueError(f"expected a request of at most {most} bytes")
        body = b""
        while len(body) < length:
            chunk = conn.recv(length - len(body))
            if not chunk:
                raise ValueError("the request ended early")
            body += chunk
        message = json.loads(body)
        if not isinstance(message, dict):
            raise ValueError("expected a JSON object")
    except ValueError:
        for fd in fds:
            os.close(fd)
        raise
    return message, list(fds)
