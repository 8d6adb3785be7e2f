"""What the rulebook's cover shows, taken from the game data: player count, colours and pieces."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass

from generator.colours import parse_colour
from generator.load.game import LoadedGame
from generator.model.game import Piece as GamePiece
from generator.model.game import Players, is_placeholder
from generator.render.rulebook import Piece

COVER_CARDS = 3  # card designs fanned on the cover, one per deck while decks last
COVER_TOKENS = 1  # tokens laid in front of them
PALETTE_SIZE = 5
VIVID = 0.3  # a symbol fill less saturated than this is a grey, not one of the game's colours
PLAIN = ("#3b3b3b", "#8c8c8c")  # the colours of a game that draws no coloured symbol


@dataclass(frozen=True)
class Cover:
    """The cover's facts: who plays, the game's colours (darkest first), and the pieces shown
    or the art file drawn in their place."""

    players: str
    palette: tuple[str, ...]
    pieces: tuple[Piece, ...]
    art: str | None = None


def book_cover(loaded: LoadedGame) -> Cover:
    """A cover from the data alone: nothing on it is invented for the game."""
    game, art = loaded.game, loaded.game.rulebook.cover_art
    pieces = () if art else cover_pieces(loaded)
    return Cover(player_count(game.players), palette(loaded), pieces, art)


def player_count(players: Players) -> str:
    """`2\u20136 players` (an en dash), `2 players` or `1 player`, as a box says it."""
    if players.min == players.max:
        return f"{players.min} player{'s' if players.min > 1 else ''}"
    return f"{players.min}\u2013{players.max} players"


def palette(loaded: LoadedGame) -> tuple[str, ...]:
    """The game's own colours, darkest first so the first carries white type: its symbols'
    fills, then the fills and outlines of its own layouts, colours rather than greys."""
    game = loaded.game
    written = [symbol.drawing.fill for symbol in game.symbols]
    for layout in game.layouts.values():
        written.append(layout.background)
        for element in layout.elements:
            written += [getattr(element, "fill", None), getattr(element, "stroke", None)]
    fills: list[str] = []
    for colour in written:
        fill = parse_colour(colour) if isinstance(colour, str) and colour else ""
        if len(fill) == 7 and fill not in fills and _saturation(fill) >= VIVID:
            fills.append(fill)
    chosen = fills[:PALETTE_SIZE]
    return tuple(sorted(chosen, key=_lightness)) if chosen else PLAIN


def cover_pieces(loaded: LoadedGame) -> tuple[Piece, ...]:
    """A design from each deck (more from one deck when there are few), then a token; the
    designs the source left most complete come first, so the cover shows few write-in blanks."""
    decks = _by_completeness([_designs(loaded, deck.id) for deck in loaded.game.decks])
    sheets = _by_completeness([_designs(loaded, sheet.id) for sheet in loaded.game.token_sheets])
    cards = [Piece("card", ident, 1.0) for _, ident in _spread(decks, COVER_CARDS)]
    return tuple(cards + [Piece("token", ident, 1.0) for _, ident in _spread(sheets, COVER_TOKENS)])


def _designs(loaded: LoadedGame, owner: str) -> list[tuple[int, str]]:
    """(blanks, id) of each printed design of a deck or sheet, fewest blanks first."""
    pieces = getattr(loaded.piece_files.get(owner), "pieces", [])
    designs = [(_blanks(piece), piece.id) for piece in pieces if piece.quantity > 0]
    return sorted(designs, key=lambda design: design[0])


def _blanks(piece: GamePiece) -> int:
    """How much of a design the source leaves unknown: its own note and each unknown field."""
    unknown = sum(is_placeholder(value) for value in piece.fields.values())
    return unknown + (1 if piece.placeholder else 0)


def _by_completeness(groups: list[list[tuple[int, str]]]) -> list[list[tuple[int, str]]]:
    """Decks and sheets whose best design has the fewest blanks first (data order on a tie)."""
    return sorted((g for g in groups if g), key=lambda group: group[0][0])


def _spread(groups: list[list[tuple[int, str]]], wanted: int) -> list[tuple[int, str]]:
    """Up to `wanted` designs, the first of each group in turn, then the second, and so on."""
    chosen: list[tuple[int, str]] = []
    for depth in range(wanted):
        for group in groups:
            if depth < len(group) and len(chosen) < wanted:
                chosen.append(group[depth])
    return chosen


def _rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _saturation(colour: str) -> float:
    return colorsys.rgb_to_hsv(*_rgb(colour))[1]


def _lightness(colour: str) -> float:
    return colorsys.rgb_to_hls(*_rgb(colour))[1]
