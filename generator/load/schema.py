"""Turn pydantic validation errors into findings that say what was expected and what was found."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from generator.findings import Report
from generator.limits import raise_hint
from generator.load.sources import SourceMap

EXPECTED = {
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "float_type": "a number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "string_type": "text",
    "list_type": "a list",
    "dict_type": "a mapping",
    "model_type": "a mapping",
    "model_attributes_type": "a mapping",
    "none_required": "nothing",
    "string_pattern_mismatch": "an id of letters, digits, '-', '_' or '.'",
}


def dotted(path: tuple[str | int, ...]) -> str:
    """`('decks', 0, 'file')` as `decks[0].file`, the way a designer reads the YAML."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _expectation(error: dict[str, Any]) -> str:
    kind, ctx = error["type"], error.get("ctx", {})
    if kind == "literal_error":
        return f"one of {ctx['expected']}"
    if kind == "greater_than_equal":
        return f"a number of at least {ctx['ge']}"
    if kind == "less_than_equal":  # the limits of generator/limits.py
        hint = raise_hint(ctx["limit"]) if "limit" in ctx else ""
        return f"a number of at most {ctx['le']:,}{hint}"
    return EXPECTED.get(kind, error["msg"].lower())


def _in_data(loc: tuple, prefix: tuple, source: SourceMap) -> tuple:
    """An error's location as a path through the data: the tag pydantic adds for a tagged union
    (an element's `type`) is dropped, and a value the data lacks stands for its nearest parent."""
    path = loc[: len(prefix)]
    for part in loc[len(prefix) :]:
        if source.holds((*path, part)):
            path = (*path, part)
    return path


def report_schema_errors(
    exc: ValidationError, source: SourceMap, prefix: tuple[str | int, ...], report: Report
) -> None:
    """Report each validation error once, at the line of the offending value."""
    merged: dict[tuple, tuple[dict[str, Any], list[str]]] = {}
    for error in exc.errors():
        loc = (*prefix, *error["loc"])
        if error["type"] == "missing":
            loc = (*_in_data(loc[:-1], prefix, source), loc[-1])
        else:
            loc = _in_data(loc, prefix, source)
        entry = merged.setdefault(loc, (error, []))
        if error["type"] != "value_error" and _expectation(error) not in entry[1]:
            entry[1].append(_expectation(error))
    for loc, (error, expectations) in merged.items():
        relative = loc[len(prefix) :]
        if error["type"] == "missing":
            where, message = loc[:-1], f"expected the key '{loc[-1]}', found none"
            relative = relative[:-1]
        elif error["type"] == "value_error":
            where, message = loc, str(error["ctx"]["error"])
        else:
            where = loc
            message = f"expected {' or '.join(expectations)}, found {error.get('input')!r}"
        lead = f"{dotted(relative)}: " if relative else ""
        report.error("schema", source.at(*where), lead + message)


def listed(names: Iterable[str], most: int = 12) -> str:
    """Known names for a message, sorted; a long list ends with how many more there are."""
    ordered = sorted(names)
    shown = ", ".join(ordered[:most]) or "none defined"
    return shown + (f" and {len(ordered) - most:,} more" if len(ordered) > most else "")
