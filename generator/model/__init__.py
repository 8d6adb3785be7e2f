"""The game data model: what a designer writes in `card_data/<game>/`, validated by pydantic.

Every field carries a description; `docs/data-format.md` is generated from them, so the
schema and its documentation cannot drift apart.
"""

from pydantic import BaseModel

from generator.limits import Limits
from generator.model.base import Model
from generator.model.board import BOARD_MODELS, Board
from generator.model.declared import DECLARED_MODELS, CostClass, Invariant, SetupEntry
from generator.model.game import (
    Acknowledged,
    Card,
    Component,
    Deck,
    Drawing,
    Erratum,
    Game,
    Guide,
    Parameter,
    Piece,
    PieceSet,
    Players,
    RulebookSettings,
    Source,
    Symbol,
    Table,
    Term,
    Token,
    TokenSheet,
)
from generator.model.layout import LAYOUT_MODELS, Layout

ALL_MODELS: tuple[type[BaseModel], ...] = (
    Game,
    Players,
    Source,
    Symbol,
    Drawing,
    Term,
    Parameter,
    Table,
    Component,
    Deck,
    TokenSheet,
    Card,
    Token,
    Erratum,
    Acknowledged,
    RulebookSettings,
    Guide,
    Limits,
    *DECLARED_MODELS,
    *LAYOUT_MODELS,
    *BOARD_MODELS,
)

__all__ = [
    "ALL_MODELS",
    "Acknowledged",
    "Board",
    "Card",
    "Component",
    "CostClass",
    "Deck",
    "Drawing",
    "Erratum",
    "Game",
    "Guide",
    "Invariant",
    "Layout",
    "Model",
    "Parameter",
    "Piece",
    "PieceSet",
    "Players",
    "SetupEntry",
    "Source",
    "Symbol",
    "Table",
    "Term",
    "Token",
    "TokenSheet",
]
