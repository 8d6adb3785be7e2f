"""Text that quotes a rule parameter the game does not define, with the name it probably meant."""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterator

from generator.check.registry import rule
from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.model.layout import TextElement

JINJA_BLOCK = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.DOTALL)
# `params.NAME` or `params['NAME']`; `params.items()` and other method calls are not names.
PARAM_QUOTE = re.compile(
    r"""\bparams\s*(?:\.\s*([A-Za-z_]\w*)\b(?!\s*\()|\[\s*(['"])(.*?)\2\s*\])"""
)


def unknown_parameters(template: str, known: Collection[str]) -> list[str]:
    """Names a template quotes as `params.NAME` or `params['NAME']` that are not parameters."""
    quoted = (
        match.group(1) or match.group(3)
        for block in JINJA_BLOCK.findall(template)
        for match in PARAM_QUOTE.finditer(block)
    )
    return [name for name in dict.fromkeys(quoted) if name not in known]


def _texts(loaded: LoadedGame) -> Iterator[tuple[str, str, Position]]:
    """(label, template, position) of every card, layout, board and table text the game renders."""
    for pieces in loaded.piece_files.values():
        for index, piece in enumerate(pieces.pieces):
            fields = {"text": piece.text, "back": piece.back, **piece.fields}
            for field, value in fields.items():
                if isinstance(value, str):
                    yield f"'{piece.id}' {field}", value, pieces.position(index, field)
    for index, deck in enumerate(loaded.game.decks):
        if deck.back:
            yield f"deck '{deck.id}' back", deck.back, loaded.source.at("decks", index, "back")
    for name, layout in loaded.game.layouts.items():
        for e, element in enumerate(layout.elements):
            if isinstance(element, TextElement) and element.template:
                at = ("layouts", name, "elements", e, "template")
                yield f"layout '{name}' text", element.template, loaded.source.at(*at)
    for name, table in loaded.game.tables.items():
        for r, row in enumerate(table.rows):
            for column, value in row.items():
                if isinstance(value, str):
                    at = loaded.source.at("tables", name, "rows", r, column)
                    yield f"table '{name}' {column}", value, at
    for b, board in enumerate(loaded.game.boards):
        for e, element in enumerate(board.elements):
            if isinstance(element, TextElement) and element.template:
                at = ("boards", b, "elements", e, "template")
                yield f"board '{board.id}' text", element.template, loaded.source.at(*at)


@rule(
    "unknown-parameter",
    "error",
    "Card, layout, board or table text quotes `params.NAME` where NAME is not a parameter.",
)
def quoted_parameters_exist(loaded: LoadedGame, report: Report) -> None:
    """A misspelt parameter would only fail at render time, as a vaguer template error."""
    known = list(loaded.game.parameters)
    for label, template, position in _texts(loaded):
        for name in unknown_parameters(template, known):
            close = difflib.get_close_matches(name, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            report.error(
                "unknown-parameter",
                position,
                f"{label}: expected a parameter defined in game.yaml, found '{name}'{hint}",
            )
