"""What a build is asked for: the parts, the paper and printing, the PNG resolution and how
placeholders print. Kept apart from the pipeline so a build whose kit is cached starts without
importing it."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.units import Size

PARTS = ("cards", "tokens", "boards", "rulebook", "guides", "report", "png", "tts")
PLACEHOLDER_MODES = ("blank", "mark", "hide")


@dataclass(frozen=True)
class PrintOptions:
    """How the user asked the kit to be printed."""

    paper: Size
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    cut_lines: bool = False


@dataclass(frozen=True)
class BuildOptions:
    """What to build and how it will be printed."""

    paper: str
    printing: PrintOptions
    only: frozenset[str] = field(default_factory=lambda: frozenset(PARTS))
    dpi: int = 300
    placeholders: str = "blank"  # write-in blanks, `mark` (a `?` and the reason), or `hide`
