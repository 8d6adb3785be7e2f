"""Card layouts as data: a size, bleed and safe zone, and a list of elements drawn in order."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, model_validator

from generator.model.base import Colour, FontSize, Length, Model, OptionalColour, SizeText
from generator.units import parse_extent


def _extent(value: float | str) -> float | str:
    """Accept a length or a percentage, resolved against the card size when drawn."""
    parse_extent(value, 100.0)
    return value


Extent = Annotated[float | str, AfterValidator(_extent)]


class Box(Model):
    """A rectangle measured from the trim's top-left corner; lengths or percentages of the card."""

    x: Extent = Field(0, description="Distance from the left trim edge.")
    y: Extent = Field(0, description="Distance from the top trim edge.")
    width: Extent = Field("100%", description="Width of the box.")
    height: Extent = Field("100%", description="Height of the box.")

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, data: Any) -> Any:
        if isinstance(data, list) and len(data) == 4:
            return dict(zip(("x", "y", "width", "height"), data, strict=True))
        return data


class Element(Model):
    """What every element shares: where it sits and when it is shown."""

    name: str | None = Field(None, description="Name a layout that `extends` this one can replace.")
    box: Box = Field(
        default_factory=Box, description="Where the element sits; the whole card by default."
    )
    inset: Length = Field(0, description="Shrink the box by this much on every side.")
    when: str | None = Field(
        None, description="Field that must be set on the card for the element to be drawn."
    )
    unless: str | None = Field(
        None, description="Field that must be unset (or false) for the element to be drawn."
    )
    bleed: bool = Field(
        False, description="Extend past the trim into the bleed on every edge the box touches."
    )


class Shape(Element):
    """Fill and outline shared by rectangles and ellipses."""

    fill: OptionalColour = Field(
        None,
        description="Fill colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name); empty or `none` for no fill.",
    )
    fill_field: str | None = Field(
        None,
        description="Card field holding a fill colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name) that overrides `fill` when set.",
    )
    stroke: OptionalColour = Field(
        None,
        description="Outline colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name); empty or `none` for no outline.",
    )
    stroke_width: FontSize = Field(0.5, description="Outline width (a bare number is points).")
    ink_heavy: bool = Field(
        False, description="A large fill that `--ink-saver` replaces with its outline."
    )


class RectElement(Shape):
    """A frame, panel or band; rounded when `radius` is set."""

    type: Literal["rect"] = Field(description="`rect`.")
    radius: Length = Field(0, description="Corner radius.")


class EllipseElement(Shape):
    """An ellipse or circle filling its box."""

    type: Literal["ellipse"] = Field(description="`ellipse`.")


class LineElement(Element):
    """A straight line from the box's top-left to its bottom-right corner."""

    type: Literal["line"] = Field(description="`line`.")
    stroke: Colour = Field(
        "#222222", description="Line colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )
    stroke_width: FontSize = Field(0.5, description="Line width (a bare number is points).")


class TextStyle(Model):
    """Type settings shared by text and field lists."""

    font: Literal["regular", "bold", "italic", "bold-italic"] = Field(
        "regular", description="Style of the font family: regular, bold, italic or bold-italic."
    )
    font_family: str | None = Field(
        None,
        description="Font family, e.g. `Amiri`: an installed fontpkg family or TTF/OTF files in "
        "the game folder (a family name, or a file such as `fonts/MyFace.ttf`); empty uses the "
        "layout's, then the game's, then Inter.",
    )
    size: FontSize = Field(9, description="Largest type size (a bare number is points).")
    min_size: FontSize = Field(
        6,
        description="Smallest size text may shrink to; below it the build fails. Below the "
        "legible floor (6 pt) it counts only with `allow_small`.",
    )
    leading: float = Field(1.2, description="Line spacing as a multiple of the type size.")
    align: Literal["left", "center", "right", "justify"] = Field(
        "left", description="Horizontal alignment."
    )
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment.")
    colour: Colour = Field(
        "#222222", description="Text colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name)."
    )


class SmallText(Model):
    """The per-element opt-in to type below the legible floor, which layout text must ask for."""

    allow_small: bool = Field(
        False,
        description="Let this text print below the legible floor of 6 pt (a footer, a tiny "
        "label): fitting may shrink it to `min_size` and `pnp check` does not warn.",
    )


def _opacity(value: Any) -> float:
    """An opacity from 0 to 1, or a percentage as designers also write it."""
    text = str(value).strip()
    try:
        number = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        number = -1.0
    if isinstance(value, bool) or not 0 <= number <= 1:
        raise ValueError(f"expected an opacity from 0 to 1 (or 0% to 100%), found {value!r}")
    return number


Opacity = Annotated[float, BeforeValidator(_opacity)]
QuarterTurn = Literal[0, 90, 180, 270]


class ArtPlacement(Model):
    """How art or an icon is turned, mirrored and faded in its box."""

    rotate: QuarterTurn = Field(
        0,
        description="Turn clockwise by 0, 90, 180 or 270 degrees; at 90 and 270 the art's width "
        "and height swap when it is fitted to the box.",
    )
    flip: Literal["none", "horizontal", "vertical", "both"] = Field(
        "none",
        description="Mirror the art left to right (`horizontal`), top to bottom (`vertical`) or "
        "`both`, before it is turned.",
    )
    opacity: Opacity = Field(
        1.0, description="How solid the art is: 1 solid, 0 invisible; `40%` is read as 0.4."
    )


class TextElement(Element, TextStyle, SmallText):
    """A text box: a card field or a template, with **bold**, *italic*, lists and `:icons:`."""

    type: Literal["text"] = Field(description="`text`.")
    field: str | None = Field(None, description="Card field whose text is shown.")
    template: str | None = Field(
        None, description="Jinja template shown instead of a field, e.g. `Cost {{ cost }}`."
    )
    colour_field: str | None = Field(
        None,
        description="Card field holding the text colour (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name) when it sets one.",
    )
    rotate: QuarterTurn = Field(
        0,
        description="Turn the text clockwise by 0, 90, 180 or 270 degrees: at 90 it reads top to "
        "bottom, at 270 bottom to top, and it is fitted to the box with width and height swapped.",
    )

    @model_validator(mode="after")
    def _one_source(self) -> TextElement:
        if (self.field is None) == (self.template is None):
            raise ValueError("expected exactly one of `field` or `template`, found both or neither")
        return self


class FieldsElement(Element, TextStyle, SmallText):
    """A list of `name: value` lines for the card's own fields (a stat block)."""

    type: Literal["fields"] = Field(description="`fields`.")
    fields: list[str] | None = Field(
        None, description="Fields to list, in order; empty lists every designer field."
    )


class ImageElement(Element, ArtPlacement):
    """Art from a file inside the game folder: SVG (drawn as vectors), PNG, JPEG or WebP."""

    type: Literal["image"] = Field(description="`image`.")
    field: str | None = Field("image", description="Card field holding the file path.")
    src: str | None = Field(None, description="A fixed file, used instead of `field`.")
    fit: Literal["fit", "fill", "crop"] = Field(
        "crop",
        description="`fit` shows the whole image, `fill` stretches it to the box, "
        "`crop` covers the box and trims the overflow.",
    )


class IconElement(Element, ArtPlacement):
    """A symbol from the game's glossary, drawn as large as its box allows."""

    type: Literal["icon"] = Field(description="`icon`.")
    symbol: str | None = Field(None, description="Symbol key to draw.")
    field: str | None = Field(None, description="Card field whose value is the symbol key.")


class PipsElement(Element):
    """A playing card's pips: 1 to 10 suit symbols in the traditional patterns (three columns,
    evenly spaced rows), those in the lower half turned upside down, so 40 cards need no
    hand-placed icons."""

    type: Literal["pips"] = Field(description="`pips`.")
    field: str = Field(
        description="Card field holding the number of pips; a value that is not a whole number "
        "from 1 to 10 (a court card's `king`) draws none."
    )
    symbol: str | None = Field(None, description="Symbol key every pip draws.")
    symbol_field: str | None = Field(
        None, description="Card field whose value is the symbol key (a card's suit)."
    )
    size: Length = Field(
        gt=0, description="Side of each pip; the pattern spans the box from edge to edge."
    )

    @model_validator(mode="after")
    def _one_symbol(self) -> PipsElement:
        if (self.symbol is None) == (self.symbol_field is None):
            raise ValueError(
                "expected exactly one of `symbol` (a symbol key) or `symbol_field` (the card "
                "field naming it), found both or neither"
            )
        return self


class RoseElement(Element):
    """A rose of hexes: one outer hex per card field around a centre hex (e.g. hits per path
    around the action points), read counter-clockwise from the top."""

    type: Literal["rose"] = Field(description="`rose`.")
    outer: list[str] = Field(
        min_length=3,
        max_length=6,
        description="Card fields shown in the outer hexes, counter-clockwise from the top one. "
        "A value may be a number, text such as `F3`, a placeholder (prints `?`), or a number "
        "with a leading `r` (`r3`), printed in red.",
    )
    centre: list[str] = Field(
        default_factory=list, description="Card fields shown in the centre hex, joined by `/`."
    )
    colours: list[Colour] = Field(
        default_factory=list,
        description="Outline colour of each outer hex, in the same order, each a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name.",
    )
    crown: bool = Field(False, description="Mark the top hex, where reading starts.")
    fill: Colour = Field(
        "#ffffff",
        description="Fill of every hex (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name).",
    )
    size: float = Field(11, gt=0, description="Largest text size in points.")


AnyElement = Annotated[
    RectElement
    | EllipseElement
    | LineElement
    | TextElement
    | FieldsElement
    | ImageElement
    | IconElement
    | PipsElement
    | RoseElement,
    Field(discriminator="type"),
]


class Layout(Model):
    """How a card face is drawn; decks name one for fronts and one for backs."""

    extends: str | None = Field(
        None,
        description="Layout to start from; set keys replace its keys, named elements replace its elements.",
    )
    size: SizeText = Field(
        "poker", description="Card size: a name (poker, bridge, ...) or `WxH` with a unit."
    )
    bleed: Length = Field(3, description="Art past the trim on every side.")
    safe: Length = Field(3, description="Inset from the trim that text must stay inside.")
    font_family: str | None = Field(
        None, description="Font family of every text element that names none (see `font_family`)."
    )
    background: OptionalColour = Field(
        None,
        description="Colour filling the whole card and its bleed, ink-heavy (a colour: #rrggbb, #rgb, #rrggbbaa or a CSS name).",
    )
    elements: list[AnyElement] = Field(
        default_factory=list, description="Elements, drawn in order."
    )


LAYOUT_MODELS = (
    Layout,
    Box,
    RectElement,
    EllipseElement,
    LineElement,
    TextElement,
    FieldsElement,
    ImageElement,
    IconElement,
    PipsElement,
    RoseElement,
)
