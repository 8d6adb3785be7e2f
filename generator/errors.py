"""One exception tree rooted at click.ClickException, so the CLI maps errors to exit codes."""

from __future__ import annotations

from typing import IO, Any

import click

from generator.findings import Finding
from generator.interrupts import INTERRUPTED_EXIT, interrupted_line, say_interrupted, stopped_exit


class GeneratorError(click.ClickException):
    """Base of every error the tool raises on purpose."""


class UsageError(click.UsageError):
    """The command line names something that is not there (exit 2)."""


class DataError(GeneratorError):
    """The data has error-level findings; nothing is written (exit 1)."""

    exit_code = 1

    def __init__(self, findings: list[Finding]) -> None:
        count = len([f for f in findings if f.severity == "error"])
        super().__init__(f"{count} error(s) found; nothing was written")
        self.findings = findings


class OutputError(GeneratorError):
    """The output folder cannot take the kit (a file, read-only, full); exit 2, not a data error."""

    exit_code = 2


class InternalError(GeneratorError):
    """pnp itself failed (exit 3), so exit 1 keeps meaning "the data has errors"."""

    exit_code = 3


class Interrupted(GeneratorError):
    """Ctrl-C, SIGTERM or SIGHUP: the build stopped, the previous kit is left as it was (exit
    130, 143 or 129)."""

    exit_code = INTERRUPTED_EXIT

    def __init__(self) -> None:
        super().__init__(interrupted_line())
        self.exit_code = stopped_exit()

    def show(self, file: IO[Any] | None = None) -> None:
        """Said as a plain line, once: stopping on request is not an error of the user's."""
        say_interrupted()
