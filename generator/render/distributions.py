"""The deck report's numbers: how the copies of each deck and token sheet spread over the values
of every numeric game field, counted apart from the drawing so they can be tested without a PDF.

A game field is one the deck's layouts print (a text element's field or template, a stat
block, a rose) or one a cost class of the game names; bookkeeping columns such as a source
row are carried in the data but never printed, so they are not charted."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from jinja2 import TemplateSyntaxError, meta, nodes

from generator.load.game import LoadedGame, PieceFile
from generator.model import TokenSheet
from generator.model.game import is_placeholder
from generator.model.layout import FieldsElement, Layout, PipsElement, RoseElement, TextElement
from generator.render.backs import back_layout_name, own_back
from generator.render.text import JINJA_SYNTAX, environment

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
class PlaceholderNote:
    """A design printed with write-in blanks: the source's reason, and the game fields left open."""

    id: str
    name: str
    reason: str
    fields: tuple[str, ...]
    copies: int


@dataclass(frozen=True)
class DeckDistributions:
    """A deck or token sheet with the distribution of each of its numeric fields, in file order."""

    id: str
    name: str
    kind: str
    copies: int
    fields: tuple[FieldDistribution, ...]
    placeholders: tuple[PlaceholderNote, ...] = ()

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
        _piece_set(loaded, loaded.piece_files[owner.id])
        for owner in owners
        if owner.id in loaded.piece_files
    )


def _piece_set(loaded: LoadedGame, pieces: PieceFile) -> DeckDistributions:
    """One deck's or sheet's numeric game fields: printed or declared, and a number somewhere."""
    names = dict.fromkeys(name for piece in pieces.pieces for name in piece.fields)
    wanted = game_fields(loaded, pieces)
    numeric = [
        name
        for name in names
        if name in wanted and any(is_number(p.fields.get(name)) for p in pieces.pieces)
    ]
    owner = pieces.owner
    return DeckDistributions(
        owner.id,
        owner.name,
        "token sheet" if isinstance(owner, TokenSheet) else "deck",
        pieces.expanded_count,
        tuple(_field(pieces, name) for name in numeric),
        placeholder_notes(pieces, wanted),
    )


def game_fields(loaded: LoadedGame, pieces: PieceFile) -> set[str]:
    """Fields that are part of the game: printed by one of the set's layouts, quoted by printed
    text, or named by a cost class that covers the set."""
    layouts = [loaded.layouts[name] for name in _layout_names(pieces) if name in loaded.layouts]
    printed = {name for layout in layouts for name in _printed(layout, pieces)}
    quoted = {
        name
        for piece in pieces.pieces
        for field in printed
        if isinstance(text := piece.fields.get(field, getattr(piece, field, None)), str)
        for name in template_fields(text)
    }
    declared = {
        name
        for rule in loaded.game.cost_classes
        if pieces.owner.id in rule.items
        for name in (rule.class_field, rule.value_field)
    }
    return printed | quoted | declared


def _layout_names(pieces: PieceFile) -> list[str]:
    """The front, the set's back, and any back a design names for itself."""
    names = [pieces.owner.layout, back_layout_name(pieces)]
    names += [own_back(piece)[0] for piece in pieces.pieces]
    return [name for name in dict.fromkeys(names) if name]


def _printed(layout: Layout, pieces: PieceFile) -> set[str]:
    """Fields a layout prints: a text's field or template, a stat block's list, a rose's hexes,
    pips' count and suit."""
    found: set[str] = set()
    for element in layout.elements:
        if isinstance(element, TextElement):
            found |= {element.field} if element.field else template_fields(element.template or "")
        elif isinstance(element, FieldsElement):
            every = {name for piece in pieces.pieces for name in piece.fields}
            found |= set(element.fields) if element.fields is not None else every
        elif isinstance(element, RoseElement):
            found |= {*element.outer, *element.centre}
        elif isinstance(element, PipsElement):
            found |= {element.field, element.symbol_field} - {None}
    return found


@lru_cache(maxsize=4096)
def template_fields(template: str) -> frozenset[str]:
    """Card fields a template quotes: bare `{{ cost }}`, `card.cost`, `card.fields.cost`.
    Parsed once a process: every deck's layouts quote the same templates."""
    if not JINJA_SYNTAX.search(template):
        return frozenset()
    try:
        tree = environment().parse(template)
    except TemplateSyntaxError:
        return frozenset()  # the text checks report it
    found = set(meta.find_undeclared_variables(tree))
    for node in tree.find_all((nodes.Getattr, nodes.Getitem)):
        key = node.attr if isinstance(node, nodes.Getattr) else getattr(node.arg, "value", None)
        if isinstance(key, str) and _on_card(node.node):
            found.add(key)
    return frozenset(found)


def _on_card(node: nodes.Node) -> bool:
    """`card` or `card.fields`, the two ways a template reaches a card's own value."""
    if isinstance(node, nodes.Name):
        return node.name == "card"
    return isinstance(node, nodes.Getattr) and node.attr == "fields" and _on_card(node.node)


def placeholder_notes(pieces: PieceFile, wanted: set[str]) -> tuple[PlaceholderNote, ...]:
    """Designs printed with write-in blanks, in file order: a design marked `placeholder`, or one
    with a game field written as `{placeholder: reason}` (then the fields' reasons stand in)."""
    notes = []
    for piece in pieces.pieces:
        open_fields = {
            name: str(value["placeholder"] or "")
            for name, value in piece.fields.items()
            if name in wanted and is_placeholder(value)
        }
        if not piece.placeholder and not open_fields:
            continue
        reason = piece.placeholder or "; ".join(f"{k}: {v}" for k, v in open_fields.items())
        notes.append(
            PlaceholderNote(piece.id, piece.name, reason, tuple(open_fields), piece.quantity)
        )
    return tuple(notes)


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
