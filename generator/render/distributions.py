"""The deck report's numbers: how the copies of each deck and token sheet spread over the values
of every numeric field, counted apart from the drawing so they can be tested without a PDF."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from generator.load.game import LoadedGame, PieceFile
from generator.model import TokenSheet
from generator.model.game import is_placeholder

Number = int | float


@dataclass(frozen=True)
class FieldDistribution:
    """One numeric field of one deck or token sheet: copies per value, weighted by quantity."""

    field: str
    counts: tuple[tuple[Number, int], ...]
    placeholders: int
    without: int

    @property
    def valued(self) -> int:
        """Copies that carry a number in this field."""
        return sum(copies for _, copies in self.counts)


@dataclass(frozen=True)
class DeckDistributions:
    """A deck or token sheet with the distribution of each of its numeric fields, in file order."""

    id: str
    name: str
    kind: str
    copies: int
    fields: tuple[FieldDistribution, ...]

    @property
    def noun(self) -> str:
        """What one copy is called, for headings and notes."""
        return "token" if self.kind == "token sheet" else "card"


def is_number(value: Any) -> bool:
    """A field value the report can count: a number, but not a YAML true/false."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def deck_distributions(loaded: LoadedGame) -> tuple[DeckDistributions, ...]:
    """Every deck, then every token sheet, with the distributions of its numeric fields."""
    owners = [*loaded.game.decks, *loaded.game.token_sheets]
    return tuple(
        _piece_set(loaded.piece_files[owner.id])
        for owner in owners
        if owner.id in loaded.piece_files
    )


def _piece_set(pieces: PieceFile) -> DeckDistributions:
    """One deck's or sheet's numeric fields: those where at least one design holds a number."""
    names = dict.fromkeys(name for piece in pieces.pieces for name in piece.fields)
    numeric = [name for name in names if any(is_number(p.fields.get(name)) for p in pieces.pieces)]
    owner = pieces.owner
    return DeckDistributions(
        owner.id,
        owner.name,
        "token sheet" if isinstance(owner, TokenSheet) else "deck",
        pieces.expanded_count,
        tuple(_field(pieces, name) for name in numeric),
    )


def _field(pieces: PieceFile, name: str) -> FieldDistribution:
    """Copies per value of one field; placeholders and other gaps are counted, not charted."""
    counts: Counter[Number] = Counter()
    placeholders = without = 0
    for piece in pieces.pieces:
        value = piece.fields.get(name)
        if is_number(value):
            counts[value] += piece.quantity
        elif is_placeholder(value):
            placeholders += piece.quantity
        else:
            without += piece.quantity
    return FieldDistribution(name, tuple(sorted((+counts).items())), placeholders, without)
