"""`python -m generator` runs the `pnp` command line, with Ctrl-C (and SIGTERM, as a service
manager or `timeout` sends) handled from the first moment (see generator/interrupts.py)."""

from __future__ import annotations

from generator.interrupts import exit_now, leave, stop_on_interrupt


def run() -> None:
    """Entry point: Ctrl-C handling first, then the command line; it leaves without the
    interpreter's teardown (see `leave`)."""
    stop_on_interrupt()
    try:
        from generator.cli import main
    except KeyboardInterrupt:
        exit_now()
    try:
        main()
    except SystemExit as done:
        leave(done.code)
    leave(0)


if __name__ == "__main__":
    run()
