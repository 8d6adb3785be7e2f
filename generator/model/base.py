"""Shared pieces of the data model: the base class and value types parsed in one place."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from generator.colours import parse_colour, parse_optional_colour
from generator.limits import Limits, active, raise_hint
from generator.units import parse_font_size, parse_length, parse_size


class Model(BaseModel):
    """Base of every data model: unknown keys are kept so the checker can warn about them."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


def _size_text(text: str) -> str:
    """Accept a size only when it parses to a printable one, keeping the designer's spelling."""
    size = parse_size(text)
    _printable(size.width, text)
    _printable(size.height, text)
    return text


def _length_text(text: str) -> str:
    """Accept a length only when it parses to a printable one, keeping the designer's spelling."""
    _printable(parse_length(text), text)
    return text


def _printable(side: float, text: str) -> None:
    """A side of a card, token or board: more than nothing, within the game's `side_mm`."""
    most = active().side_mm
    if side <= 0:
        raise ValueError(f"expected sides longer than 0 mm, found {text!r}")
    if side > most:
        raise ValueError(
            f"expected sides of at most {most:,} mm{raise_hint('side_mm')}, found {text!r}"
        )


def at_most(limit: str) -> AfterValidator:
    """A count within one of the game's limits (see `Limits`), read when the data is validated
    so that a game's `limits:` applies."""
    if limit not in Limits.model_fields:
        raise ValueError(f"no limit named {limit!r}")

    def within(value: int) -> int:
        most = getattr(active(), limit)
        if value > most:
            raise PydanticCustomError(
                "less_than_equal",
                "Input should be less than or equal to {le}",
                {"le": most, "limit": limit},
            )
        return value

    return AfterValidator(within)


Id = Annotated[
    str,
    Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", description="An identifier."),
]
SizeText = Annotated[str, AfterValidator(_size_text)]
LengthText = Annotated[str, AfterValidator(_length_text)]
Length = Annotated[float, BeforeValidator(parse_length)]
FontSize = Annotated[float, BeforeValidator(parse_font_size)]
Colour = Annotated[str, BeforeValidator(parse_colour)]
OptionalColour = Annotated[str | None, BeforeValidator(parse_optional_colour)]
