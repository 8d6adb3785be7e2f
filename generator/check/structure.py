"""Rules about the shape of the data: unknown keys, ids and references between parts."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator

from pydantic import BaseModel

from generator.check.registry import rule
from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.load.schema import dotted, listed
from generator.model import Piece
from generator.render.backs import own_back
from generator.render.rulebook import booklet_ids


def _extras(model: BaseModel, path: tuple) -> Iterator[tuple[tuple, str]]:
    """(path, key) of every key no model field knows, below `model`."""
    if isinstance(model, Piece):
        return
    for key in model.model_extra or {}:
        yield path, key
    for name in type(model).model_fields:
        value = getattr(model, name)
        items = (
            value.items()
            if isinstance(value, dict)
            else enumerate(value)
            if isinstance(value, list)
            else ()
        )
        if isinstance(value, BaseModel):
            yield from _extras(value, (*path, name))
        for key, item in items:
            if isinstance(item, BaseModel):
                yield from _extras(item, (*path, name, key))


@rule("unknown-key", "warning", "A key the data format does not define (often a typo).")
def unknown_keys(loaded: LoadedGame, report: Report) -> None:
    game = loaded.game.model_copy(update={"errata": []})
    for path, key in _extras(game, ()):
        where = f" in {dotted(path)}" if path else ""
        report.warning(
            "unknown-key",
            loaded.source.key_at(*path, key),
            f"unknown key '{key}'{where}; it is ignored",
        )
    if loaded.errata_source:
        for index, erratum in enumerate(loaded.game.errata):
            for path, key in _extras(erratum, (index,)):
                report.warning(
                    "unknown-key",
                    loaded.errata_source.key_at(*path, key),
                    f"unknown key '{key}'; it is ignored",
                )
    for pieces in loaded.piece_files.values():
        declared = pieces.owner.fields
        if declared is None:
            continue
        for index, piece in enumerate(pieces.pieces):
            for key in piece.fields:
                if key not in declared:
                    report.warning(
                        "unknown-key",
                        pieces.source.key_at(*pieces.paths[index], key),
                        f"unknown field '{key}' in {pieces.owner.id}; expected one of the declared "
                        f"fields ({', '.join(declared) or 'none'})",
                    )


def _ids(loaded: LoadedGame) -> Iterator[tuple[str, str, Position]]:
    """(namespace, id, position) of everything that carries an id."""
    game, source = loaded.game, loaded.source
    for index, symbol in enumerate(game.symbols):
        yield "symbol", symbol.key, source.at("symbols", index, "key")
    for index, component in enumerate(game.components):
        yield "component", component.id, source.at("components", index, "id")
    for group in ("decks", "token_sheets", "boards"):
        for index, item in enumerate(getattr(game, group)):
            yield "deck, token sheet or board", item.id, source.at(group, index, "id")
    for pieces in loaded.piece_files.values():
        kind = "card" if pieces.owner in game.decks else "token"
        for index, piece in enumerate(pieces.pieces):
            yield kind, piece.id, pieces.position(index, "id")
    if loaded.errata_source:
        for index, erratum in enumerate(game.errata):
            yield "erratum", erratum.id, loaded.errata_source.at(index, "id")


@rule("duplicate-id", "error", "Two things of the same kind share an id.")
def duplicate_ids(loaded: LoadedGame, report: Report) -> None:
    seen: dict[tuple[str, str], Position] = {}
    for kind, ident, position in _ids(loaded):
        first = seen.setdefault((kind, ident), position)
        if first is not position:
            report.error(
                "duplicate-id",
                position,
                f"expected a unique {kind} id, found '{ident}' already used at {_short(first, loaded)}",
            )


def _short(position: Position, loaded: LoadedGame) -> str:
    """A position as `file:line` (or `file:Sheet!B7`) relative to the game folder."""
    return f"{position.file.relative_to(loaded.folder)}:{position.cell or position.line}"


@rule("game-id", "error", "The game id differs from the name of its folder.")
def game_id_matches_folder(loaded: LoadedGame, report: Report) -> None:
    folder = loaded.folder.resolve().name
    if loaded.game.id != folder:
        report.error(
            "game-id",
            loaded.source.at("id"),
            f"expected the game id '{folder}' (the folder name), found '{loaded.game.id}'",
        )


@rule(
    "unknown-reference",
    "error",
    "A name that points at nothing: a layout, provider, parent component, setup component, "
    "or a cost class's items and table.",
)
def references(loaded: LoadedGame, report: Report) -> None:
    """Names that point at nothing; a layout that exists but cannot be built (its `extends`
    fails) was reported where it is defined, so naming it is no second error."""
    game, source = loaded.game, loaded.source
    for group in ("decks", "token_sheets"):
        for index, owner in enumerate(getattr(game, group)):
            for key in ("layout", "back_layout"):
                name = getattr(owner, key)
                if name is not None and name not in loaded.layout_positions:
                    report.error(
                        "unknown-reference",
                        source.at(group, index, key),
                        unknown("layout", name, loaded.layout_positions),
                    )
    for pieces in loaded.piece_files.values():
        for index, piece in enumerate(pieces.pieces):
            name, known = own_back(piece)[0], loaded.layout_positions
            if name is not None and name not in known:
                report.error(
                    "unknown-reference",
                    pieces.position(index, "back_layout"),
                    unknown("layout", name, known) + did_you_mean(name, known),
                )
    providers = [
        item.id for group in (game.decks, game.token_sheets, game.boards) for item in group
    ] + booklet_ids(loaded)
    components = [component.id for component in game.components]
    for index, component in enumerate(game.components):
        if component.provided_by is not None and component.provided_by not in providers:
            report.error(
                "unknown-reference",
                source.at("components", index, "provided_by"),
                unknown("deck, token sheet, board or booklet", component.provided_by, providers),
            )
        if component.part_of is not None and component.part_of not in components:
            report.error(
                "unknown-reference",
                source.at("components", index, "part_of"),
                unknown("component", component.part_of, components),
            )


def unknown(kind: str, found: str, known: Iterable[str]) -> str:
    """The message for a reference to nothing: what exists, and what was named."""
    return f"expected a {kind} id ({listed(known)}), found '{found}'"


def did_you_mean(found: str, known: Iterable[str]) -> str:
    """A hint naming the known name closest to a misspelt one, or nothing."""
    close = difflib.get_close_matches(found, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
