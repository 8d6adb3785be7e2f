"""Which back each card or token gets, and whether a back must turn to follow its front."""

from __future__ import annotations

from generator.load.game import PieceFile
from generator.model import Card, Deck, Piece, TokenSheet
from generator.units import Size

SHARED_BACK = "back"
TOKEN_BACK = "token-back"


def own_back(piece: Piece) -> tuple[str | None, str | None]:
    """The back layout and back image a card names for itself (a token names none)."""
    if isinstance(piece, Card):
        return piece.back_layout, piece.back_image
    return None, None


def back_layout_name(pieces: PieceFile) -> str | None:
    """The set's back layout: named, else the shared one when backs exist (back text, a card's
    own back, two sides)."""
    owner = pieces.owner
    if owner.back_layout:
        return owner.back_layout
    if isinstance(owner, TokenSheet):
        return TOKEN_BACK if owner.sides == 2 else None
    has_back = owner.back or any(piece.back or any(own_back(piece)) for piece in pieces.pieces)
    return SHARED_BACK if has_back else None


def shares_back(pieces: PieceFile) -> bool:
    """Whether every piece prints the same back design (no back text or back of its own)."""
    return not any(piece.back or any(own_back(piece)) for piece in pieces.pieces)


def crosswise(front: Size, back: Size, owner: Deck | TokenSheet) -> bool:
    """A card back drawn in the other orientation from its front (a portrait back behind a
    landscape card, or the reverse): it is laid out at its own orientation and turned."""
    if not isinstance(owner, Deck):
        return False
    return (front.width - front.height) * (back.width - back.height) < 0
