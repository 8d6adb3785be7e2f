"""`python -m generator` runs the `pnp` command line, with Ctrl-C, SIGTERM and SIGHUP (as a
service manager, `timeout` or a closed terminal sends) handled from the first moment (see
generator/interrupts.py)."""

from __future__ import annotations


def run() -> None:
    """Entry point: stop handling first, then the command line."""
    from generator.interrupts import exit_now, stop_on_interrupt

    stop_on_interrupt()
    try:
        from generator.cli import main
    except KeyboardInterrupt:
        exit_now()
    main()


if __name__ == "__main__":
    run()
