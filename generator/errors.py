"""One exception tree rooted at click.ClickException, so the CLI maps errors to exit codes."""

from __future__ import annotations

import click

from generator.findings import Finding


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
