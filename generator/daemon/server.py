"""The daemon's side: load pnp once, then fork a build for each request (see daemon/)."""

from __future__ import annotations

import gc
import importlib
import io
import os
import select
import signal
import socket
import sys
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import fontpkg

from generator.daemon import fingerprint, idle_seconds, name, received, starting_marker
from generator.daemon import send as send_message

TICK_SECONDS = 10.0  # how often an idle daemon checks its socket and pnp's files
REQUEST_SECONDS = 5.0  # a client that connects must send its request within this
STREAMS = 3  # stdin, stdout and stderr, passed by the client
# What a build imports beyond the command line: the pipeline, the jobs its workers run, the
# rulebook's Markdown and typesetting.
PRELOADED = (
    "generator.__main__",
    "generator.cli",
    "generator.bars",
    "generator.build",
    "generator.cache.pages",
    "generator.render.book_markdown",
    "generator.write.calibration",
    "generator.write.exports",
    "generator.write.kit",
    "generator.write.rulebook",
)
NOT_SET_UP = 125  # the build's process could not become the client's: it builds by itself


def serve(path: str) -> None:
    """Run as a daemon listening at `path` (a socket named for this process's `name`) until
    idle, replaced, stopped or out of date."""
    socket_file = Path(path)
    if socket_file.stem != name():
        return  # started with other flags or limits than the build that asked for it
    loaded = fingerprint()  # before the imports: an edit meanwhile makes it out of date
    _load_pnp()
    os.chdir("/")  # the folder it was started in may go; each build goes to its own
    listener = _bound(socket_file)
    with suppress(OSError):
        starting_marker(socket_file).unlink()
    if listener is None:
        return
    daemon = Daemon(socket_file, socket_file.stat().st_ino, loaded)
    try:
        daemon.serve(listener)
    finally:
        if daemon.ours():
            with suppress(OSError):
                socket_file.unlink()


@dataclass
class Daemon:
    """A listening daemon: its socket, what it loaded, and the builds it has taken."""

    socket_file: Path
    inode: int
    loaded: list
    started: float = field(default_factory=time.time)
    last: float = field(default_factory=time.monotonic)  # when it last took a build
    builds: int = 0

    def serve(self, listener: socket.socket) -> None:
        """Answer requests until it is time to leave."""
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # builds' relays are reaped by the system
        signal.signal(signal.SIGTERM, _leave)  # its socket removed on the way out
        listener.settimeout(min(TICK_SECONDS, idle_seconds()))
        while True:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                if self.leaving():
                    return
                continue
            with conn:
                if not self.answered(conn, listener):
                    return

    def answered(self, conn: socket.socket, listener: socket.socket) -> bool:
        """Answer one request; False when it asked the daemon to stop."""
        request, fds = _request(conn)
        kind = request.get("kind")
        try:
            if kind == "status":
                send_message(conn, self.status())
            elif kind == "stop":
                send_message(conn, {"stopped": os.getpid()})
                return False
            elif kind == "build" and len(fds) == STREAMS:
                self.builds, self.last = self.builds + 1, time.monotonic()
                if os.fork() == 0:
                    _in_fork(_relay, listener, conn, request, fds, self.loaded, os.getppid())
        except OSError:  # the client went away
            pass
        finally:
            _close(fds)
        return True

    def status(self) -> dict:
        """What `pnp daemon status` shows."""
        return {
            "pid": os.getpid(),
            "started": self.started,
            "builds": self.builds,
            "idle": idle_seconds(),
            "python": sys.executable,
        }

    def ours(self) -> bool:
        """Whether its socket is still the one it listens on (a later daemon may replace it)."""
        try:
            return self.socket_file.stat().st_ino == self.inode
        except OSError:
            return False

    def leaving(self) -> bool:
        """Whether an idle daemon leaves: idle too long, its socket gone or another's, or pnp's
        files changed since it loaded them."""
        idle = time.monotonic() - self.last
        return not self.ours() or idle >= idle_seconds() or fingerprint() != self.loaded


def _leave(_signal: int, _frame: object) -> NoReturn:
    """SIGTERM (`pnp daemon stop` of an out-of-date daemon, a shutdown): leave tidily."""
    sys.exit(0)


def _in_fork(work, *args) -> NoReturn:
    """In a forked process: do `work` and leave, whatever happens (never back to the loop)."""
    try:
        args[0].close()  # the listening socket is the daemon's
        work(*args[1:])
    finally:
        os._exit(1)


def _load_pnp() -> None:
    """Import what a build runs (its workers' modules, Pillow's image formats, the installed
    font packages), its collector paused and what it made frozen, as `pnp build` imports it
    (render/heap.py: `imports_uncollected`)."""
    gc.disable()
    for module in PRELOADED:
        importlib.import_module(module)
    from PIL import Image

    Image.init()
    with suppress(Exception):  # a broken font package: the build that uses it says so
        for slug in fontpkg.families():
            fontpkg.family(slug)
    gc.freeze()
    gc.enable()


def _bound(socket_file: Path) -> socket.socket | None:
    """A socket listening at `socket_file`, put there whole (bound under another name and
    renamed): a build never finds one that is not yet listening."""
    temporary = socket_file.with_name(f".{socket_file.stem}.{os.getpid()}")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listener.bind(str(temporary))
        listener.listen(64)
        os.replace(temporary, socket_file)
    except OSError:
        listener.close()
        with suppress(OSError):
            temporary.unlink()
        return None
    return listener


def _request(conn: socket.socket) -> tuple[dict, list[int]]:
    """The client's request, from this user alone; an empty one when it is not one."""
    creds = conn.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
    if int.from_bytes(creds[4:8], sys.byteorder) != os.getuid():
        return {}, []
    conn.settimeout(REQUEST_SECONDS)
    try:
        return received(conn)
    except (OSError, ValueError):
        return {}, []


def _close(fds: list[int]) -> None:
    for fd in fds:
        with suppress(OSError):
            os.close(fd)


def _relay(
    conn: socket.socket, request: dict, fds: list[int], loaded: list, daemon: int
) -> NoReturn:
    """In a fork of the daemon: run the build in a fork of its own, tell the client its process
    (to pass Ctrl-C on to) and then its exit status; stop it if the client goes away. Out of
    date, the daemon is stopped and the client told to build by itself."""
    conn.settimeout(None)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if fingerprint() != loaded:
        with suppress(OSError):
            conn.sendall(b"stale\n")
            os.kill(daemon, signal.SIGTERM)
        os._exit(0)
    woken, wake = os.pipe()
    os.set_blocking(wake, False)
    signal.set_wakeup_fd(wake)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # only to wake the wait
    build = os.fork()
    if build == 0:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        _close([woken, wake])
        _in_fork(_run_as_started, conn, request, fds)
    _close(fds)
    with suppress(OSError):
        conn.sendall(f"pid {build}\n".encode())
    status = _waited(conn, build, woken)
    reply = b"refused\n" if status == NOT_SET_UP else f"exit {status}\n".encode()
    with suppress(OSError):
        conn.sendall(reply)
    os._exit(0)


def _waited(conn: socket.socket, build: int, woken: int) -> int:
    """The build's exit status (as a shell reports it); a client gone first stops the build.
    SIGCHLD writes to `woken` (`signal.set_wakeup_fd`), so the wait watches the client too."""
    watching = [woken, conn.fileno()]
    while True:
        ended, status = os.waitpid(build, os.WNOHANG)
        if ended:
            break
        ready, _, _ = select.select(watching, [], [])
        if woken in ready:
            os.read(woken, 512)
        if conn.fileno() in ready and not conn.recv(64):  # the client went: stop its build
            with suppress(OSError):
                os.kill(build, signal.SIGTERM)
            watching = [woken]
    code = os.waitstatus_to_exitcode(status)
    return code if code >= 0 else 128 - code  # killed by a signal: 128 + its number


def _run_as_started(request: dict, fds: list[int]) -> NoReturn:
    """Become the client's `pnp build`: its streams, folder, environment, umask and command
    line, then run it; never returns."""
    try:
        for number, fd in enumerate(fds):
            os.dup2(fd, number)
        _close(fds)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        os.umask(int(request["umask"]))
        sys.argv = [str(word) for word in request["argv"]]
        _streams()
    except BaseException:  # a folder gone meanwhile, say
        os._exit(NOT_SET_UP)
    from generator.__main__ import run_here

    run_here()  # leaves the process with the build's status (never through a daemon)


def _streams() -> None:
    """Python's standard streams over the client's, set up as a process started on them would
    set them up (line-buffered on a terminal; stderr always)."""
    for number, name_ in enumerate(("stdin", "stdout", "stderr")):
        old = getattr(sys, f"__{name_}__")
        raw = io.FileIO(number, "r" if number == 0 else "w", closefd=False)
        stream = io.TextIOWrapper(
            (io.BufferedReader if number == 0 else io.BufferedWriter)(raw),
            encoding=old.encoding,
            errors=old.errors,
            line_buffering=number == 2 or (number == 1 and os.isatty(1)),
            write_through=old.write_through,  # as PYTHONUNBUFFERED set it
        )
        setattr(sys, name_, stream)
        setattr(sys, f"__{name_}__", stream)
