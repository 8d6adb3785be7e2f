"""Boards and mats as data: tracks, grids, maps of areas and crossings, slots, and card elements."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from generator.limits import active, raise_hint
from generator.model.base import (
    Colour,
    FontSize,
    Id,
    Length,
    Model,
    OptionalColour,
    SizeText,
    at_most,
)
from generator.model.layout import (
    Element,
    EllipseElement,
    Extent,
    IconElement,
    ImageElement,
    LineElement,
    RectElement,
    TextElement,
)


class TrackElement(Element):
    """Numbered spaces in a line, around a loop or in rows, e.g. a scoring track 0-30."""

    type: Literal["track"] = Field(description="`track`.")
    first: int = Field(0, description="Number on the first space.")
    last: int = Field(
        description="Number on the last space (at most `limits.track_spaces` spaces in all)."
    )
    path: Literal["line", "loop", "grid"] = Field(
        "line", description="`line` along the box, `loop` around its edge, `grid` in rows."
    )
    columns: int | None = Field(None, ge=1, description="Spaces per row for `grid`.")
    fill: Colour = Field(
        "#f4efe1", description="Space colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    stroke: Colour = Field(
        "#333333",
        description="Space outline colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name).",
    )
    colour: Colour = Field(
        "#222222", description="Number colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    size: FontSize = Field(9, description="Largest number size (points).")

    @model_validator(mode="after")
    def _spaces(self) -> TrackElement:
        spaces = self.last - self.first + 1
        if spaces < 1:
            raise ValueError(
                f"expected last >= first, found first {self.first} and last {self.last}"
            )
        most = active().track_spaces
        if spaces > most:
            raise ValueError(
                f"expected a track of at most {most:,} spaces{raise_hint('track_spaces')}, "
                f"found {spaces:,} ({self.first} to {self.last})"
            )
        return self


class GridElement(Element):
    """A grid of equal cells, optionally labelled A1, B2, ..."""

    type: Literal["grid"] = Field(description="`grid`.")
    columns: Annotated[int, at_most("grid_side")] = Field(ge=1, description="Cells across.")
    rows: Annotated[int, at_most("grid_side")] = Field(ge=1, description="Cells down.")
    stroke: Colour = Field(
        "#555555", description="Line colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    labels: bool = Field(
        False,
        description="Print each cell's name in chess notation (`a1` bottom-left), as rulebook "
        "positions read it.",
    )


class MapArea(Model):
    """A named land or territory on a map."""

    id: Id = Field(description="Id that connections name.")
    name: str = Field(description="Name printed in the area.")
    colour: Colour = Field(
        "#dddddd", description="Fill colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    at: tuple[Extent, Extent] | None = Field(
        None,
        description="Centre within the map's box (lengths or percentages); radial maps place areas themselves.",
    )
    note: str | None = Field(None, description="A second, smaller line under the name.")
    shape: Literal["round", "square", "hex"] = Field(
        "round", description="Outline of the area: round (a disc), square or hex."
    )
    border: Colour = Field(
        "#222222",
        description="Outline colour, e.g. the colour of its path (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name).",
    )
    border_width: float = Field(1.0, gt=0, description="Outline width in points.")
    placeholder: str | None = Field(
        None, description="What the source does not say about this area."
    )


class MapConnection(Model):
    """A crossing between two areas; its kind picks the line style."""

    between: tuple[Id, Id] = Field(description="The two area ids.")
    kind: str = Field("land", description="Kind of crossing, a key of the map's `styles`.")
    note: str | None = Field(
        None, description="A few words printed beside the crossing's middle, e.g. `Straits`."
    )
    placeholder: str | None = Field(
        None,
        description="Why the crossing is not given by the source; it is drawn dashed and marked.",
    )


class CrossingStyle(Model):
    """How one kind of crossing is drawn."""

    colour: Colour = Field(
        "#444444", description="Line colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    width: FontSize = Field(2, description="Line width (points).")
    dash: bool = Field(False, description="Draw the line dashed.")


class MapElement(Element):
    """A node-and-edge map: areas joined by typed crossings, placed freely or radiating from a centre."""

    type: Literal["map"] = Field(description="`map`.")
    areas: list[MapArea] = Field(description="The areas.")
    connections: list[MapConnection] = Field(default_factory=list, description="The crossings.")
    styles: dict[str, CrossingStyle] = Field(
        default_factory=dict, description="Line style per crossing kind."
    )
    area_size: Length = Field(30, description="Diameter of an area's disc.")
    centre: Id | None = Field(None, description="Radial layout: the area at the centre.")
    paths: list[list[Id]] = Field(
        default_factory=list,
        description="Radial layout: areas of each path in order outwards from the centre.",
    )


class SlotElement(Element):
    """Dashed outlines showing where cards or tokens go, in a row or a column."""

    type: Literal["slot"] = Field(description="`slot`.")
    count: int = Field(1, ge=1, description="How many slots.")
    shape: Literal["rect", "round", "diamond"] = Field(
        "rect", description="Outline of each slot: rect, round or diamond."
    )
    direction: Literal["row", "column"] = Field("row", description="Slots side by side or stacked.")
    gap: Length = Field(2, description="Space between slots.")
    label: str | None = Field(None, description="Text printed inside each slot.")
    stroke: Colour = Field(
        "#555555", description="Outline colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )


BoardElement = Annotated[
    RectElement
    | EllipseElement
    | LineElement
    | TextElement
    | ImageElement
    | IconElement
    | TrackElement
    | GridElement
    | MapElement
    | SlotElement,
    Field(discriminator="type"),
]


class Board(Model):
    """A board or player mat printed as one piece (tiled when larger than the paper)."""

    id: Id = Field(description="Unique id; components name it in `provided_by`.")
    name: str = Field(description="Name printed on the board.")
    kind: Literal["board", "mat"] = Field("board", description="A shared board or a player mat.")
    size: SizeText = Field(description="Size as `WxH` with a unit, e.g. `11x17in`.")
    copies: Annotated[int, at_most("board_copies")] = Field(
        1, ge=0, description="How many to print."
    )
    background: OptionalColour = Field(
        None,
        description="Colour filling the board, ink-heavy (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name).",
    )
    elements: list[BoardElement] = Field(
        default_factory=list, description="What the board shows, drawn in order."
    )
    placeholder: str | None = Field(
        None, description="What the source does not specify about the board."
    )
    note: str | None = Field(None, description="What the board shows, in the designer's words.")


BOARD_MODELS = (
    Board,
    TrackElement,
    GridElement,
    MapElement,
    MapArea,
    MapConnection,
    CrossingStyle,
    SlotElement,
)
