"""The game: metadata, glossary, parameters, inventory, decks, token sheets, boards, errata."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from generator.limits import Limits
from generator.model.base import Colour, Id, LengthText, Model, at_most
from generator.model.board import Board
from generator.model.declared import CostClass, Invariant, SetupEntry
from generator.model.layout import Layout

ComponentKind = Literal["card", "token", "board", "mat", "die", "booklet", "other"]


class Players(Model):
    """How many people can play."""

    min: Annotated[int, at_most("players")] = Field(
        ge=1, description="Fewest players the game supports."
    )
    max: Annotated[int, at_most("players")] = Field(
        ge=1, description="Most players the game supports (at most `limits.players`)."
    )

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.max < self.min:
            raise ValueError(f"expected max >= min, found min {self.min} and max {self.max}")
        return self


class Source(Model):
    """Where the game's facts come from, so every kit credits its origin."""

    title: str = Field(description="Title of the source rulebook.")
    publisher: str | None = Field(None, description="Who published the source.")
    seed: str | None = Field(
        None, description="File name of the source text the data was taken from."
    )
    note: str | None = Field(None, description="Anything a reader should know about the source.")


class Drawing(Model):
    """How an icon is drawn: a simple vector shape with an optional glyph, or an image file."""

    shape: Literal["circle", "square", "diamond", "hexagon", "triangle", "shield", "star"] = Field(
        "circle", description="Outline of the icon."
    )
    fill: Colour = Field(
        "#444444", description="Fill colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    stroke: Colour = Field(
        "#000000", description="Outline colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    glyph: str = Field("", description="One or two characters printed inside the shape.")
    image: str | None = Field(
        None,
        description="Image file inside the game folder, used instead of the shape: SVG (drawn "
        "as vectors), PNG, JPEG or WebP.",
    )


class Symbol(Model):
    """One entry of the icon glossary; card text writes it as `:key:`."""

    key: Id = Field(description="Name used in card text between colons, e.g. `gold` for `:gold:`.")
    label: str = Field(description="What the icon means, printed in the icon legend.")
    drawing: Drawing = Field(default_factory=Drawing, description="How the icon is drawn.")


class Term(Model):
    """A canonical game term with the other names that mean the same thing."""

    name: str = Field(description="The canonical spelling used on cards and in the rulebook.")
    aliases: list[str] = Field(
        default_factory=list, description="Other names for the same thing; the checker flags them."
    )
    definition: str | None = Field(None, description="One sentence for the glossary.")


class Parameter(Model):
    """A named rule number (cost, limit, count) that cards and the rulebook quote."""

    value: int | float | None = Field(
        None, description="The number; leave empty only together with `placeholder`."
    )
    label: str | None = Field(None, description="Human name shown in quick references.")
    unit: str | None = Field(None, description="What the number counts, e.g. `talents`.")
    placeholder: str | None = Field(
        None, description="Why the value is unknown: the source does not give it."
    )

    @model_validator(mode="before")
    @classmethod
    def _bare_number(cls, data: Any) -> Any:
        return (
            {"value": data}
            if isinstance(data, int | float) and not isinstance(data, bool)
            else data
        )

    @model_validator(mode="after")
    def _value_or_placeholder(self) -> Parameter:
        if self.value is None and not self.placeholder:
            raise ValueError("expected a value or a placeholder reason, found neither")
        return self


class Table(Model):
    """A table of facts (e.g. a fines table or the list of orders) that the rulebook prints."""

    title: str = Field(description="Caption of the table.")
    columns: list[str] = Field(default_factory=list, description="Column names, in order.")
    rows: list[dict[str, Any]] = Field(
        default_factory=list, description="One mapping per row, keyed by column name."
    )


class Component(Model):
    """One line of the box inventory: what the kit contains and how many."""

    id: Id = Field(description="Unique id of the component.")
    name: str = Field(description="Name as printed in the component list.")
    kind: ComponentKind = Field(description="One of card, token, board, mat, die, booklet, other.")
    count: int | None = Field(
        None, ge=0, description="How many the box holds; empty only with `placeholder`."
    )
    size: str | None = Field(None, description="Physical size, e.g. `poker`, `5/8in`, `11x17in`.")
    sides: Literal[1, 2] = Field(1, description="Printed on one side or two.")
    provided_by: Id | None = Field(
        None,
        description="Id of the deck, token sheet, board or booklet that prints this component "
        "(`rulebook` for the rulebook, or a guide's id).",
    )
    provided: bool = Field(
        True, description="False for things the kit cannot print (bags, dice, miniatures)."
    )
    part_of: Id | None = Field(
        None, description="Id of the component this one is a sub-count of (e.g. one token kind)."
    )
    placeholder: str | None = Field(
        None, description="What the source leaves unspecified about this component."
    )
    note: str | None = Field(None, description="Remark printed with the component list.")


def is_placeholder(value: object) -> bool:
    """A field value written as `{placeholder: reason}`: the source does not give it."""
    return isinstance(value, dict) and "placeholder" in value


def printed_value(value: object) -> str:
    """A field value as printed: a placeholder shows as a visible `?`, nothing as nothing."""
    if is_placeholder(value):
        return "?"
    return "" if value is None else str(value)


class Piece(Model):
    """One design in a deck or token sheet, printed `quantity` times; extra keys are fields."""

    id: Id = Field(description="Unique id of the design within the game.")
    name: str = Field(description="Name printed on the piece.")
    quantity: Annotated[int, at_most("copies")] = Field(
        1,
        ge=0,
        description="Copies to print (at most `limits.copies`); `copies` is accepted too.",
    )
    text: str = Field(
        "", description="Rules text: Jinja over the game data, with `:symbol:` icons."
    )
    image: str | None = Field(None, description="Art file inside the game folder.")
    back: str | None = Field(None, description="Text for this piece's own back, if it has one.")
    placeholder: str | None = Field(
        None,
        description="What the source does not specify about this piece; it prints as a write-in "
        "blank.",
    )

    @model_validator(mode="before")
    @classmethod
    def _copies_alias(cls, data: Any) -> Any:
        if isinstance(data, dict) and "copies" in data and "quantity" not in data:
            data = {**data, "quantity": data["copies"]}
            del data["copies"]
        return data

    @property
    def fields(self) -> dict[str, Any]:
        """The designer's own fields (everything not part of the model)."""
        return dict(self.model_extra or {})

    def as_mapping(self) -> dict[str, Any]:
        """The design as templates and expressions see it: its keys, its fields, and `fields`."""
        return {**self.model_dump(exclude_none=True), "fields": self.fields}


class Card(Piece):
    """One card design of a deck."""

    back_layout: str | None = Field(
        None, description="Layout of this card's own back, instead of the deck's back layout."
    )
    back_image: str | None = Field(
        None,
        description="Art file inside the game folder printed full-bleed as this card's back; "
        "with `back_layout` the layout is drawn over it.",
    )


class Token(Piece):
    """One token or counter design of a token sheet."""


class PieceSet(Model):
    """What decks and token sheets share: an id, a name and a file of designs."""

    id: Id = Field(description="Unique id; components name it in `provided_by`.")
    name: str = Field(description="Name printed on sheets and in the rulebook.")
    file: str = Field(
        description="File of designs, relative to the game folder: a YAML list, a CSV (comma, "
        "`;`, tab or `|`), or a sheet of an .xlsx/.ods workbook (`cards.xlsx#Sheet name`; "
        "without `#`, its first sheet)."
    )
    fields: list[str] | None = Field(
        None, description="Declared designer fields; other keys in the file are reported."
    )


class Deck(PieceSet):
    """A deck of cards read from one YAML or CSV file."""

    layout: str = Field(
        "framed", description="Name of the front layout: the game's `layouts` or a shared one."
    )
    back_layout: str | None = Field(
        None,
        description="Name of the back layout; empty uses the shared `back` layout when the deck "
        "or a card has back text, and prints no backs otherwise.",
    )
    back: str | None = Field(None, description="Text printed on the shared back of the deck.")


class TokenSheet(PieceSet):
    """A set of tokens or counters that share a shape and size."""

    shape: Literal["round", "square", "rounded", "hex"] = Field(
        "round",
        description="Outline of every token on the sheet (hexes point up; size is across flats).",
    )
    layout: str = Field(
        "token", description="Name of the front layout, laid out in the token's square."
    )
    back_layout: str | None = Field(
        None, description="Name of the back layout; empty uses `token-back` for two-sided tokens."
    )
    size: LengthText = Field(description="Token size, e.g. `5/8in`, `1in` or `16mm`.")
    sides: Literal[1, 2] = Field(1, description="One-sided or double-sided tokens.")


class Acknowledged(Model):
    """A checker finding an erratum answers, picked by its rule code and a piece of its message."""

    rule: str = Field(
        description="Rule code of the finding, as `pnp check --list-rules` prints it."
    )
    match: str = Field(
        description="Text the finding's message contains, such as a card id or a section number."
    )


class Erratum(Model):
    """A decision taken where the source is unclear or contradicts itself; the rulebook prints it."""

    id: Id = Field(description="Unique id of the erratum.")
    topic: str = Field(description="What the erratum is about.")
    source: str = Field(description="What the source states, in our words, with its section.")
    decision: str = Field(description="What the data encodes and why.")
    acknowledges: list[Acknowledged] = Field(
        default_factory=list,
        description="Checker findings this decision answers: they print as info and do not fail "
        "the check; one that matches no finding any more is a warning.",
    )


class RulebookSettings(Model):
    """How `rulebook.md` is typeset.

    Its first page is a cover: the title, the player count, the game's symbol colours and a fan
    of its cards and tokens, or the `cover_art` image in their place.
    """

    columns: Literal[1, 2] = Field(
        1, description="Text columns on each page of the full-size rulebook."
    )
    subtitle: str = Field("Rules of play", description="Line under the title on the cover.")
    font_family: str | None = Field(
        None, description="Font family of the rulebook and guides; empty uses Source Serif 4."
    )
    heading_font_family: str | None = Field(
        None,
        description="A display family for the cover's title and the headings (its bold face, "
        "else its regular); empty sets them in the rulebook's own family.",
    )
    cover_art: str | None = Field(
        None,
        description="Image file inside the game folder drawn on the cover instead of the cards "
        "and tokens: SVG (drawn as vectors), PNG, JPEG or WebP.",
    )


class Guide(Model):
    """A further booklet typeset like the rulebook, e.g. a scholars' guide drawn from a deck."""

    id: Id = Field(description="Unique id; the build writes `<id>.pdf`.")
    file: str = Field(description="Markdown with Jinja, relative to the game folder.")
    title: str = Field(description="Title printed on its title page.")
    subtitle: str = Field("", description="Line under the title.")
    columns: Literal[1, 2] = Field(1, description="Text columns on each page.")
    front_matter: bool = Field(
        True,
        description="Begin with a title page and contents; false for a player aid that starts "
        "straight away under its title.",
    )


class Game(Model):
    """A whole game: `game.yaml` plus the deck, token and errata files it names."""

    id: Id = Field(description="Game id; equal to the folder name under `card_data/`.")
    title: str = Field(description="Title printed on every sheet.")
    players: Players = Field(description="Player count as `{min, max}`.")
    source: Source | None = Field(None, description="Where the facts come from.")
    font_family: str | None = Field(
        None,
        description="Font family of cards, tokens and boards unless a layout or element names "
        "one: an installed fontpkg family (e.g. `Noto Sans Arabic`) or TTF/OTF files in the "
        "game folder; empty uses Inter.",
    )
    symbols: list[Symbol] = Field(default_factory=list, description="The icon glossary.")
    terms: list[Term] = Field(
        default_factory=list, description="Canonical terms and their aliases."
    )
    parameters: dict[str, Parameter] = Field(
        default_factory=dict, description="Named rule numbers, as `name: value` or a mapping."
    )
    tables: dict[str, Table] = Field(default_factory=dict, description="Named tables of facts.")
    components: list[Component] = Field(default_factory=list, description="The box inventory.")
    layouts: dict[str, Layout] = Field(default_factory=dict, description="Card layouts by name.")
    decks: list[Deck] = Field(default_factory=list, description="The card decks.")
    token_sheets: list[TokenSheet] = Field(
        default_factory=list, description="Token and counter sets."
    )
    boards: list[Board] = Field(default_factory=list, description="Boards and player mats.")
    cost_classes: list[CostClass] = Field(
        default_factory=list, description="Values that follow from a class, checked item by item."
    )
    setup: list[SetupEntry] = Field(
        default_factory=list,
        description="What setup hands out; checked against the box for every player count.",
    )
    invariants: list[Invariant] = Field(
        default_factory=list, description="Facts about the data that must hold."
    )
    rulebook: RulebookSettings = Field(
        default_factory=RulebookSettings, description="How the rulebook is typeset."
    )
    guides: list[Guide] = Field(
        default_factory=list,
        description="Further booklets typeset like the rulebook; `pieces('deck-id')` lists a "
        "deck's designs in them.",
    )
    errata: list[Erratum] = Field(
        default_factory=list, description="Read from `errata.yaml` beside `game.yaml`."
    )
    limits: Limits = Field(
        default_factory=Limits,
        description="Resource limits this game raises (or lowers) for a large project.",
    )
