"""Ctrl-C, SIGTERM and SIGHUP (a closed terminal) stop pnp promptly and quietly: worker
processes are killed, a build unwinds (its staging folder removed), and the exit code is what a
shell reports (130, 143, 129).

This module imports nothing of pnp's, so `python -m generator` installs the handler before the
tool's modules load (that takes a second) and an early Ctrl-C is as quiet as a late one.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from types import FrameType

INTERRUPTED_EXIT = 130  # what a shell reports for a command stopped by Ctrl-C (128 + SIGINT)
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
INTERRUPTED = "pnp: interrupted; no kit was left half-written"
STOPPED_SERVING = "pnp serve: stopped"  # Ctrl-C is how a preview ends: nothing was interrupted
STOPPED_WATCHING = "pnp build --watch: stopped"  # and how a watching build ends
GRACE_SECONDS = 1.0  # time the build gets to unwind (remove its staging folder) after Ctrl-C

_told = threading.Event()  # the message was printed, so exiting after the grace does not repeat it
_received = [signal.SIGINT]  # the stop request that arrived


def stopped_exit() -> int:
    """The exit code of a stopped run: 128 + the signal, as a shell reports it (130, 143, 129)."""
    return 128 + _received[0]


def say_interrupted() -> None:
    """Print the one line Ctrl-C gets (and note it is said)."""
    _told.set()
    print(interrupted_line(), file=sys.stderr, flush=True)


def interrupted_line() -> str:
    """What Ctrl-C prints: a build is told its kit is whole; the preview server and a watching
    build just end."""
    command = next((word for word in sys.argv[1:] if not word.startswith("-")), None)
    if command == "serve":
        return STOPPED_SERVING
    return STOPPED_WATCHING if command == "build" and "--watch" in sys.argv else INTERRUPTED


def stop_on_interrupt() -> None:
    """Make Ctrl-C stop promptly: worker processes are killed, the build unwinds (exit 130).

    Forked workers inherit the handler and leave quietly. If the unwinding is lost or slow (an
    interrupt raised where Python ignores exceptions), the process exits after GRACE_SECONDS;
    a second Ctrl-C exits on the spot. Where Ctrl-C is ignored (a shell's background job), it
    stays ignored.
    """
    parent = os.getpid()

    def interrupted(signum: int, _frame: FrameType | None) -> None:
        if os.getpid() != parent:
            os._exit(128 + signum)
        _received[0] = signum
        for stop in STOP_SIGNALS:
            signal.signal(stop, lambda *_: exit_now())
        threading.excepthook = sys.unraisablehook = _quiet  # pools break as workers die
        _kill_workers()
        threading.Thread(target=_exit_after_grace, daemon=True).start()
        raise KeyboardInterrupt

    for stop in STOP_SIGNALS:
        if signal.getsignal(stop) is not signal.SIG_IGN:
            signal.signal(stop, interrupted)


def _quiet(_details: object) -> None:
    """After Ctrl-C, what background threads and finalisers raise is nobody's concern."""


def _kill_workers() -> None:
    """Stop every worker process at once; their results are no longer wanted."""
    for worker in multiprocessing.active_children():
        worker.kill()


def _exit_after_grace() -> None:
    """Exit 130 (143) if the interrupted build has not ended by itself in time."""
    time.sleep(GRACE_SECONDS)
    exit_now()


def exit_now() -> None:
    """Exit 130 (143) at once, workers first (a later build clears any staging folder left)."""
    _kill_workers()
    if not _told.is_set():
        say_interrupted()
    os._exit(stopped_exit())
