"""Rules about art files: every image a build draws opens, and SVG content the PDF drops is named.

Card, token and board art is opened where faces are resolved (render/faces.py), so `pnp check`
and `pnp build` meet it in the same place; symbols and rulebook figures are opened here.
"""

from __future__ import annotations

from generator.check.registry import rule
from generator.findings import Report
from generator.load.art import report_art
from generator.load.game import AssetError, LoadedGame, game_file


@rule(
    "bad-art",
    "error",
    "An art file a build would draw that cannot be drawn: not an image, damaged, truncated, "
    "too large, or an SVG that is malformed, unsafe or empty.",
)
@rule(
    "art-simplified",
    "warning",
    "SVG art with content a print PDF does not get as drawn (text, gradients, filters, masks, "
    "embedded images): convert or flatten it in the editor.",
)
def symbol_art(loaded: LoadedGame, report: Report) -> None:
    """Every glossary symbol and the rulebook's cover art drawn from a file opens (a missing
    file is reported elsewhere)."""
    named = [
        (symbol.drawing.image, loaded.source.at("symbols", index, "drawing", "image"))
        for index, symbol in enumerate(loaded.game.symbols)
    ]
    if loaded.game.rulebook.cover_art:
        named.append((loaded.game.rulebook.cover_art, loaded.source.at("rulebook", "cover_art")))
    for relative, where in named:
        if not relative:
            continue
        try:
            path = game_file(loaded.folder, relative)
        except AssetError:
            continue  # missing-file and path-outside-game report it
        report_art(report, path, relative, where)
