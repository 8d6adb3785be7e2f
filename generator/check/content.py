"""Rules about what cards say and what files they name."""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.check.parameters import unknown_parameters
from generator.check.registry import rule
from generator.findings import Position, Report
from generator.load.game import AssetError, LoadedGame, PieceFile, game_file
from generator.model import Piece
from generator.render.backs import own_back
from generator.render.text import SYMBOL, TextError, game_context, piece_context, render_text


def _pieces(loaded: LoadedGame) -> Iterator[tuple[PieceFile, int, Piece]]:
    for pieces in loaded.piece_files.values():
        for index, piece in enumerate(pieces.pieces):
            yield pieces, index, piece


@rule("template", "error", "Card text that Jinja cannot render (syntax or an undefined name).")
@rule("unknown-symbol", "error", "Card text uses a :symbol: missing from the symbol glossary.")
@rule("term-alias", "warning", "Card text uses an alias where the glossary has a canonical term.")
def card_texts(loaded: LoadedGame, report: Report) -> None:
    """Render every card text once, then check its symbols and terms."""
    known = {symbol.key for symbol in loaded.game.symbols}
    aliases = [
        (re.compile(rf"\b{re.escape(alias)}\b", re.IGNORECASE), alias, term.name)
        for term in loaded.game.terms
        for alias in term.aliases
    ]
    shared = game_context(loaded)
    for pieces, index, piece in _pieces(loaded):
        for field in ("text", "back"):
            template = getattr(piece, field)
            if not template or unknown_parameters(template, loaded.game.parameters):
                continue  # unknown-parameter reports it, with the name it probably meant
            label, position = f"'{piece.id}' {field}", pieces.position(index, field)
            try:
                text = render_text(template, piece_context(shared, pieces.owner, piece))
            except TextError as exc:
                report.error(
                    "template", position, f"{label}: expected a template that renders, found {exc}"
                )
                continue
            for key in SYMBOL.findall(text):
                if key not in known:
                    listing = ", ".join(sorted(known)) or "none defined"
                    report.error(
                        "unknown-symbol",
                        position,
                        f"{label}: expected a symbol from the glossary ({listing}), found ':{key}:'",
                    )
            for pattern, alias, name in aliases:
                if pattern.search(text):
                    report.warning(
                        "term-alias",
                        position,
                        f"{label}: says '{alias}'; the canonical term is '{name}'",
                    )


def _assets(loaded: LoadedGame) -> Iterator[tuple[str, Position]]:
    """(relative path, position) of every image the data names."""
    for index, symbol in enumerate(loaded.game.symbols):
        if symbol.drawing.image:
            yield symbol.drawing.image, loaded.source.at("symbols", index, "drawing", "image")
    for pieces, index, piece in _pieces(loaded):
        if piece.image:
            yield piece.image, pieces.position(index, "image")
        back_image = own_back(piece)[1]
        if back_image:
            yield back_image, pieces.position(index, "back_image")
    if loaded.game.rulebook.cover_art:
        yield loaded.game.rulebook.cover_art, loaded.source.at("rulebook", "cover_art")


@rule("missing-file", "error", "A file named in the data does not exist.")
@rule("path-outside-game", "error", "A file named in the data lies outside the game folder.")
def assets_exist(loaded: LoadedGame, report: Report) -> None:
    checked: dict[str, AssetError | None] = {}
    for relative, position in _assets(loaded):
        if relative not in checked:
            try:
                game_file(loaded.folder, relative)
                checked[relative] = None
            except AssetError as exc:
                checked[relative] = exc
        problem = checked[relative]
        if problem is not None:
            report.error(problem.code, position, problem.message)
