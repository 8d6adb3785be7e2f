"""`python -m generator` runs the `pnp` command line, with Ctrl-C (and SIGTERM, as a service
manager or `timeout` sends) handled from the first moment (see generator/interrupts.py); a
`pnp build` goes to the build daemon when one is running (see generator/daemon/)."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

from generator.daemon import wanted


def run() -> NoReturn:
    """Entry point: the daemon's answer when it took the command, else the command run here
    (a daemon started after it, for the next)."""
    daemon = wanted(sys.argv)
    if daemon:
        from generator.daemon.client import forwarded

        try:
            code = forwarded(sys.argv)
        except KeyboardInterrupt:  # before the daemon took it: nothing was started
            from generator.interrupts import exit_now

            exit_now()
        if code is not None:
            os._exit(code)
    run_here(start_daemon=daemon)


def run_here(start_daemon: bool = False) -> NoReturn:
    """The command line in this process: Ctrl-C handling first, leaving without the
    interpreter's teardown (see `leave`); the daemon runs each build it takes this way."""
    from generator.interrupts import exit_now, leave, stop_on_interrupt

    stop_on_interrupt()
    try:
        from generator.cli import main
    except KeyboardInterrupt:
        exit_now()
    try:
        main()
        code = 0
    except SystemExit as done:
        code = done.code
    if start_daemon:
        from generator.daemon.client import start

        start()
    leave(code)


if __name__ == "__main__":
    run()
