"""`python -m generator` runs the `pnp` command line, with Ctrl-C, SIGTERM and SIGHUP (as a
service manager, `timeout` or a closed terminal sends) handled from the first moment (see
generator/interrupts.py)."""

from __future__ import annotations

from typing import NoReturn


def run() -> NoReturn:
    """Entry point: stop handling first, then the command line, leaving without the
    interpreter's teardown (see `leave`)."""
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
    leave(code)


if __name__ == "__main__":
    run()
