"""What a rulebook may quote: parameters, counts, tables, and sections generated from the data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2.exceptions import UndefinedError

from generator.load.game import LoadedGame
from generator.model.game import printed_value
from generator.render.positions import position_marker
from generator.render.text import game_context, piece_context, render_text

ERRATUM = "erratum"  # the class of an erratum's paragraph: the index looks for rules elsewhere


def rulebook_context(loaded: LoadedGame) -> dict[str, Any]:
    """The Jinja context of rulebook.md: the game data plus the helper functions. The data is
    built once, for the rulebook and every table cell and card text it quotes."""
    shared = game_context(loaded)
    helpers: dict[str, Callable[..., Any]] = {
        "param": lambda name: _param(loaded, name),
        "count": lambda ident: _count(loaded, ident),
        "table": lambda name: _table(loaded, name, shared),
        "component_list": lambda: _component_list(loaded),
        "icon_legend": lambda: _icon_legend(loaded),
        "glossary": lambda: _glossary(loaded),
        "card_reference": lambda: _card_reference(loaded, shared),
        "errata_list": lambda: _errata(loaded),
        "quick_reference": lambda: _quick_reference(loaded),
        "show": lambda kind, ident, scale=1: _show(loaded, kind, ident, scale),
        "pieces": lambda ident: _pieces(loaded, ident),
        "position": lambda board, table, scale=1: position_marker(loaded, board, table, scale),
    }
    return {**shared, **helpers}


def _param(loaded: LoadedGame, name: str) -> str:
    parameter = loaded.game.parameters.get(name)
    if parameter is None:
        raise UndefinedError(
            f"no rule parameter '{name}'; expected one of the names under `parameters` in game.yaml"
        )
    return "?" if parameter.value is None else f"{parameter.value:g}"


def _count(loaded: LoadedGame, ident: str) -> str:
    component = next((c for c in loaded.game.components if c.id == ident), None)
    if component is None:
        raise UndefinedError(
            f"no component '{ident}'; expected an id under `components` in game.yaml"
        )
    return "?" if component.count is None else str(component.count)


def _cell(value: Any) -> str:
    return printed_value(value).replace("|", "\\|").replace("\n", " ")


def _markdown_table(header: list[str], rows: list[list[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return "\n" + "\n".join(lines) + "\n"


def _table(loaded: LoadedGame, name: str, shared: dict[str, Any]) -> str:
    table = loaded.game.tables.get(name)
    if table is None:
        raise UndefinedError(
            f"no table '{name}'; expected one of the names under `tables` in game.yaml"
        )
    columns = table.columns or sorted({key for row in table.rows for key in row})
    header = [column.replace("_", " ").capitalize() for column in columns]
    rows = [[_filled(row.get(column), shared) for column in columns] for row in table.rows]
    return _markdown_table(header, rows)


def _filled(value: Any, context: dict[str, Any]) -> Any:
    """A table cell may quote the data (`{{ params.limit.value }}`) so it cannot go stale."""
    return render_text(value, context) if isinstance(value, str) else value


def _component_list(loaded: LoadedGame) -> str:
    rows = [
        [
            c.name,
            "?" if c.count is None else c.count,
            "" if c.provided else "not in the kit: take it from another game",
        ]
        for c in loaded.game.components
        if c.part_of is None
    ]
    return _markdown_table(["Component", "Count", "Note"], rows)


def _icon_legend(loaded: LoadedGame) -> str:
    return _markdown_table(
        ["Icon", "Meaning"], [[f":{s.key}:", s.label] for s in loaded.game.symbols]
    )


def _glossary(loaded: LoadedGame) -> str:
    entries = []
    for term in sorted(loaded.game.terms, key=lambda t: t.name.lower()):
        also = f" (also called {', '.join(term.aliases)} in the source)" if term.aliases else ""
        entries.append(f"{term.name}\n: {term.definition or ''}{also}\n")
    return "\n" + "\n".join(entries)


def _card_reference(loaded: LoadedGame, shared: dict[str, Any]) -> str:
    parts = []
    for deck in loaded.game.decks:
        pieces = loaded.piece_files.get(deck.id)
        if pieces is None:
            continue
        parts.append(f"\n## {deck.name} {{#cards-{deck.id}}}\n")
        for piece in pieces.pieces:
            printed = render_text(piece.text, piece_context(shared, deck, piece))
            text = " ".join(printed.split())
            note = (
                " *(placeholder: the source does not give this card)*" if piece.placeholder else ""
            )
            parts.append(
                f"- **{piece.name}** (\u00d7{piece.quantity}){': ' + text if text else ''}{note}"
            )
    return "\n".join(parts) + "\n"


def _errata(loaded: LoadedGame) -> str:
    """Each erratum a paragraph of the `erratum` class, which the index passes over."""
    items = [
        f"\n**{e.topic}.** *The source:* {' '.join(e.source.split())} *Our reading:* {' '.join(e.decision.split())}\n{{: .{ERRATUM} }}\n"
        for e in loaded.game.errata
    ]
    return "\n".join(items)


def _quick_reference(loaded: LoadedGame) -> str:
    rows = [
        [
            p.label or name.replace("_", " "),
            "?" if p.value is None else f"{p.value:g}",
            p.unit or "",
        ]
        for name, p in loaded.game.parameters.items()
    ]
    return _markdown_table(["Rule", "Value", "Unit"], rows)


def _pieces(loaded: LoadedGame, ident: str) -> list[dict[str, Any]]:
    """A deck's or token sheet's designs as mappings, for guides that loop over them."""
    pieces = loaded.piece_files.get(ident)
    if pieces is None:
        known = ", ".join(sorted(loaded.piece_files)) or "none"
        raise UndefinedError(f"no deck or token sheet '{ident}'; expected one of {known}")
    return [piece.as_mapping() for piece in pieces.pieces]


def _show(loaded: LoadedGame, kind: str, ident: str, scale: float) -> str:
    """A card, token or board drawn in the rulebook: checked here, drawn by the typesetter."""
    known = {
        "card": {
            p.id
            for d in loaded.game.decks
            for p in getattr(loaded.piece_files.get(d.id), "pieces", [])
        },
        "token": {
            p.id
            for s in loaded.game.token_sheets
            for p in getattr(loaded.piece_files.get(s.id), "pieces", [])
        },
        "board": {b.id for b in loaded.game.boards},
    }
    if ident not in known.get(kind, set()):
        sets = {"card": loaded.game.decks, "token": loaded.game.token_sheets}.get(kind, [])
        if any(owner.id not in loaded.piece_files for owner in sets):
            return ""  # a deck or sheet that could not be read may hold it; its finding says why
        raise UndefinedError(
            f"no {kind} '{ident}'; expected `show('card'|'token'|'board', id)` naming one in the data"
        )
    return f"\n\n[[{kind} {ident} {scale:g}]]\n\n"
