"""Card faces: what each printed card shows, resolved from the data before anything is drawn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.load.game import LoadedGame, PieceFile
from generator.model import Deck, Layout
from generator.render.text import SYMBOL, piece_context, render_text
from generator.units import Size, parse_size

DEFAULT_LAYOUT = Layout()


@dataclass(frozen=True)
class CardFace:
    """One printed card: a copy of a design with its text rendered and fields as strings."""

    deck: str
    card: str
    copy: int
    title: str
    text: str
    fields: tuple[tuple[str, str], ...]
    placeholder: str | None


@dataclass(frozen=True)
class DeckFaces:
    """Every card of one deck, ready to impose, with the deck's trim size."""

    deck: Deck
    size: Size
    faces: tuple[CardFace, ...]


def deck_layout(loaded: LoadedGame, deck: Deck) -> Layout:
    """The layout a deck names, or the built-in framed card."""
    return loaded.game.layouts[deck.layout] if deck.layout else DEFAULT_LAYOUT


def deck_faces(loaded: LoadedGame, pieces: PieceFile) -> DeckFaces:
    """Expand quantities and render the text of every card in a deck."""
    deck = pieces.owner
    assert isinstance(deck, Deck)
    layout = deck_layout(loaded, deck)
    labels = {symbol.key: symbol.label for symbol in loaded.game.symbols}
    faces = []
    for piece in pieces.pieces:
        context = piece_context(loaded, piece)
        text = SYMBOL.sub(lambda m: f"[{labels.get(m[1], m[1])}]", render_text(piece.text, context))
        values = {**piece.fields, "name": piece.name}
        shown = layout.fields if layout.fields is not None else list(piece.fields)
        fields = tuple(
            (key, _show(values[key])) for key in shown if key in values and key != layout.title
        )
        title = _show(values.get(layout.title, piece.name))
        for copy in range(1, piece.quantity + 1):
            faces.append(CardFace(deck.id, piece.id, copy, title, text, fields, piece.placeholder))
    return DeckFaces(deck, parse_size(layout.size), tuple(faces))


def _show(value: Any) -> str:
    """A field value as printed; a placeholder prints as a visible question mark."""
    if isinstance(value, dict) and "placeholder" in value:
        return "?"
    return str(value)
