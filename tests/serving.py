"""`pnp serve` run as a designer runs it, in a process of its own on a free local port, and
asked for its pages as a browser asks."""

from __future__ import annotations

import http.client
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

PNP = [sys.executable, "-m", "generator"]
START_SECONDS = 30.0


BANNER = re.compile(r"Serving \d+ game\(s\) at http://127\.0\.0\.1:(\d+)/ ")


@dataclass
class Reply:
    """What the server answered: status, headers and body."""

    status: int
    headers: http.client.HTTPMessage
    body: bytes


def ask(port: int, path: str, host: str | None = "127.0.0.1:{port}", body: bool = True) -> Reply:
    """GET `path` exactly as written (no `..` folded away, no re-encoding) with the Host header
    `host` (`{port}` stands for the port; None: no Host); the body only if `body` (an event
    stream never ends)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        if host is not None:
            connection.putheader("Host", host.format(port=port))
        connection.endheaders()
        reply = connection.getresponse()
        return Reply(reply.status, reply.headers, reply.read() if body else b"")
    finally:
        connection.close()


def get(port: int, path: str) -> tuple[int, bytes]:
    """GET `path` as a browser of this machine asks for it: status and body."""
    reply = ask(port, path)
    return reply.status, reply.body


def version(port: int, game: str) -> int:
    """The version the game page shows now (0 until the game first rendered, -1 when down)."""
    try:
        status, body = get(port, f"/game/{game}/")
    except OSError:
        return -1
    found = re.search(rb'data-version="(\d+)"', body)
    return int(found.group(1)) if status == 200 and found else -1


@dataclass
class Server:
    """A running `pnp serve`: its process, port and the line it printed on start."""

    process: subprocess.Popen
    port: int
    said: list[str]  # what it printed on stderr, line by line

    @property
    def banner(self) -> str:
        """The line it printed on start."""
        return self.said[0].strip() if self.said else ""

    @property
    def url(self) -> str:
        """The address of its game list."""
        return f"http://127.0.0.1:{self.port}/"

    def stop(self) -> int:
        """Ctrl-C, as a designer stops it; the exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=10)


def ctrl_c_as_at_a_terminal() -> None:
    """In the child: Ctrl-C not ignored, even when these tests run as a shell's background job."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _collect(stream, lines: list[str]) -> None:
    """Keep what the server prints, line by line, so its pipe never fills."""
    for line in stream:
        lines.append(line)


def port_said(process: subprocess.Popen, said: list[str], deadline: float) -> int:
    """The port the server says it listens on, once it has said it."""
    while not said:
        assert process.poll() is None and time.monotonic() < deadline, "the server said nothing"
        time.sleep(0.05)
    found = BANNER.match(said[0])
    assert found, said[0]
    return int(found.group(1))


@contextmanager
def serving(cwd: Path, *games: str) -> Iterator[Server]:
    """`pnp serve GAMES` on a free port in `cwd`, once every game has rendered; stopped
    (killed if need be) on the way out."""
    process = subprocess.Popen(
        [*PNP, "serve", *games, "--port", "0"],
        cwd=cwd,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    said: list[str] = []
    reader = threading.Thread(target=_collect, args=(process.stderr, said), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + START_SECONDS
        port = port_said(process, said, deadline)
        while any(version(port, Path(g).name) < 1 for g in games):
            assert process.poll() is None and time.monotonic() < deadline, "".join(said)
            time.sleep(0.1)
        yield Server(process, port, said)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        reader.join(timeout=5)
        process.stderr.close()
