"""Fitted text as pnp holds it from fitting to drawing: lines of runs placed in points.

Plain values only (strings, numbers, tuples), so a face holding it pickles as it is, compares
and hashes by value, and `cache.keys.Digests` walks it field by field.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class RunStyle:
    """How a run is drawn: in a registered font face at a size and colour, or as an icon (the
    glossary symbol `icon`, `size` points square)."""

    font: str
    size: float
    colour: str
    icon: str = ""


@dataclass(frozen=True, slots=True)
class Run:
    """Text in one style from `x` points right of the box's left edge along a line's baseline.

    A shaped run (right-to-left text) holds the glyphs HarfBuzz chose as characters of its font,
    their placements, and the characters they stand for, which a reader copies or extracts."""

    style: int  # an index into the text's styles
    x: float
    text: str
    shape: tuple[tuple[float, ...], ...] = ()  # per glyph: ReportLab's ShapeData fields
    reads: str = ""  # what a shaped run stands for, in reading order


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line: its runs, and the room it leaves in the box's width (negative: an overrun
    within rounding). A run follows on where the one before it ends, unless an icon stands
    between them or the line is `stretched` (a justified line: its spaces share the room, and
    each word is a run at its own place)."""

    runs: tuple[Run, ...]
    spare: float
    stretched: bool = False


@dataclass(frozen=True, slots=True)
class FittedText:
    """Text set at the size that fits its box: its lines from the top, `leading` points apart,
    using `height` points of the box's height."""

    size: float
    leading: float
    height: float
    styles: tuple[RunStyle, ...]
    lines: tuple[TextLine, ...]

    @property
    def text(self) -> str:
        """The words as a reader reads them, lines joined by spaces (icons left out)."""
        lines = (
            "".join(run.reads if run.shape else run.text for run in line.runs)
            for line in self.lines
        )
        return " ".join(" ".join(lines).split())

    def widest(self, width: float) -> float:
        """The width the longest line takes of a box `width` points wide."""
        return width - min((line.spare for line in self.lines), default=width)

    def icons(self) -> tuple[RunStyle, ...]:
        """The icons the text draws."""
        return tuple(style for style in self.styles if style.icon)

    def recoloured(self, colour: str) -> FittedText:
        """The same text, set the same way, in another colour."""
        styles = tuple(
            style if style.icon else replace(style, colour=colour) for style in self.styles
        )
        return replace(self, styles=styles)
