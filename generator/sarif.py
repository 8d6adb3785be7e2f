"""SARIF 2.1.0: findings in the format code-scanning tools and editors read."""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version

from generator.check.registry import RULES
from generator.findings import Finding

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
# SARIF has no `info` level; keyed by the string value so it holds with or without Severity.INFO.
LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def sarif_log(findings: list[Finding]) -> dict:
    """One run of the `pnp` tool: every rule it knows and every finding, with relative paths."""
    codes = sorted(RULES)
    rules = [
        {
            "id": code,
            "shortDescription": {"text": RULES[code].summary},
            "defaultConfiguration": {"level": sarif_level(RULES[code].severity)},
        }
        for code in codes
    ]
    results = [
        {
            "ruleId": finding.code,
            "ruleIndex": codes.index(finding.code) if finding.code in RULES else -1,
            "level": sarif_level(finding.severity),
            "message": {"text": finding.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {
                            "uri": finding.display_path().replace("\\", "/"),
                            "uriBaseId": "%SRCROOT%",
                        },
                        "region": _region(finding),
                    }
                }
            ],
        }
        for finding in findings
    ]
    driver = {
        "name": "pnp",
        "version": _version(),
        "informationUri": "https://example.invalid/pnp",
        "rules": rules,
    }
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }


def _region(finding: Finding) -> dict[str, object]:
    """Line and column; a spreadsheet cell keeps its label (`Cards!B7`) as a property."""
    region: dict[str, object] = {
        "startLine": finding.position.line,
        "startColumn": finding.position.column,
    }
    if finding.position.cell:
        region["properties"] = {"cell": finding.position.cell}
    return region


def sarif_level(severity: str) -> str:
    """The SARIF level of one of our severities: `info` (acknowledged findings) becomes `note`."""
    return LEVELS[str(severity)]


def sarif_text(findings: list[Finding]) -> str:
    """The SARIF log as indented JSON."""
    return json.dumps(sarif_log(findings), indent=2)


def _version() -> str:
    try:
        return version("pnp-generator")
    except PackageNotFoundError:
        return "0"
