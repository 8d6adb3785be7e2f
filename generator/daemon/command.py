"""`pnp daemon`: see and stop the build daemons (see daemon/)."""

from __future__ import annotations

import time

import click

from generator.daemon import folder
from generator.daemon.client import asked


@click.group("daemon")
def daemon() -> None:
    """See or stop the build daemon that keeps pnp loaded between builds.

    After a `pnp build`, a daemon stays in the background (about 70 MB) so
    later builds skip loading pnp (0.3 s each). It builds only what is run
    exactly as it was started, and only while pnp's files are those it
    loaded; it leaves after $PNP_DAEMON_IDLE seconds (900) without a build.
    PNP_DAEMON=0 turns it off; it is off when $CI is set.

    \b
    Example:
      pnp daemon status
      pnp daemon stop
    """


@daemon.command("status")
def status() -> None:
    """List this user's running build daemons.

    \b
    Example:
      pnp daemon status
    """
    answers = asked("status")
    if not answers:
        click.echo(f"no build daemon is running (they listen in {folder()})")
    for answer in answers:
        minutes = (time.time() - float(answer.get("started", time.time()))) / 60
        idle = float(answer.get("idle", 0)) / 60
        click.echo(
            f"pid {answer.get('pid')}: up {minutes:.0f} min, {answer.get('builds')} build(s), "
            f"leaves after {idle:g} min idle; {answer.get('python')}"
        )


@daemon.command("stop")
def stop() -> None:
    """Stop this user's build daemons (builds they are running finish).

    \b
    Example:
      pnp daemon stop
    """
    stopped = asked("stop")
    click.echo(f"stopped {len(stopped)} build daemon(s)")
