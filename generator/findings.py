"""Findings: one problem in the data, with the file, line and column a designer must fix."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class Severity(StrEnum):
    """How bad a finding is: errors stop a build, warnings do not (unless --strict), info never."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, order=True)
class Position:
    """A place in a source file, 1-based; a spreadsheet cell adds its label (`Cards!B7`)."""

    file: Path
    line: int = 1
    column: int = 1
    cell: str = ""

    @property
    def place(self) -> str:
        """`line:column`, or the cell label in a spreadsheet."""
        return self.cell or f"{self.line}:{self.column}"


@dataclass(frozen=True)
class Finding:
    """One problem found in the data or text."""

    code: str
    severity: Severity
    position: Position
    message: str

    def display_path(self) -> str:
        """The file path relative to the working directory when it lies below it."""
        path = self.position.file
        try:
            return os.path.relpath(path)
        except ValueError:
            return str(path)

    def as_text(self) -> str:
        """`path:line:col: severity CODE: message`, the form editors and CI understand."""
        return f"{self.display_path()}:{self.position.place}: {self.severity} {self.code}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        """The JSON form with the keys DESIGN.md fixes, plus `cell` for a spreadsheet cell."""
        found: dict[str, object] = {
            "code": self.code,
            "severity": str(self.severity),
            "path": self.display_path(),
            "line": self.position.line,
            "column": self.position.column,
            "message": self.message,
        }
        if self.position.cell:
            found["cell"] = self.position.cell
        return found


@dataclass
class Report:
    """Collects findings from every stage so they are reported together, once."""

    findings: list[Finding] = field(default_factory=list)

    def error(self, code: str, position: Position, message: str) -> None:
        """Record an error-level finding."""
        self.findings.append(Finding(code, Severity.ERROR, position, message))

    def warning(self, code: str, position: Position, message: str) -> None:
        """Record a warning-level finding."""
        self.findings.append(Finding(code, Severity.WARNING, position, message))

    def info(self, code: str, position: Position, message: str) -> None:
        """Record an info-level finding: worth knowing, never a failure."""
        self.findings.append(Finding(code, Severity.INFO, position, message))

    @property
    def errors(self) -> list[Finding]:
        """Only the error-level findings."""
        return [f for f in self.findings if f.severity is Severity.ERROR]

    def sorted(self) -> list[Finding]:
        """Findings in file and line order, as a reader walks the files; one found twice (a
        layout two decks share, a face the rulebook shows again) is printed once."""
        return sorted(set(self.findings), key=lambda f: (f.position, f.code, f.message, f.severity))


def format_findings(findings: list[Finding], fmt: str) -> str:
    """Render findings as text lines or a JSON list."""
    if fmt == "json":
        return json.dumps([f.as_dict() for f in findings], indent=2)
    return "\n".join(f.as_text() for f in findings)
