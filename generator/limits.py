"""Resource limits on what designers' files may ask for, in one place so they are documented
and reported alike: no input may exhaust memory or time."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MEGABYTE = 1024 * 1024

# A data file (game.yaml, errata, a deck or token file: YAML, CSV or spreadsheet) on disk.
MAX_DATA_FILE_BYTES = 16 * MEGABYTE
# The XML a spreadsheet unpacks to (a zip bomb stays packed).
MAX_UNPACKED_BYTES = 64 * MEGABYTE
# Rows (after the header) and columns of one CSV file or sheet, counted to its last filled cell.
MAX_TABLE_ROWS = 50_000  # a 10,000-card deck (the card benchmark) fits five times over
MAX_TABLE_COLUMNS = 200
# Characters in one CSV or spreadsheet cell.
MAX_CELL_CHARS = 100_000


def megabytes(size: int) -> str:
    """A byte count as designers read file sizes, rounded up so that a size over a limit never
    reads as the limit: `16 MB`, `16.1 MB`."""
    return f"{math.ceil(size * 10 / MEGABYTE) / 10:.1f}".removesuffix(".0") + " MB"


# Art: pixels of one raster image (Pillow's own bound against decompression bombs, so Pillow
# never warns while drawing art that passed the check).
MAX_ART_PIXELS = 89_478_485
# An SVG file on disk; its elements, counting every copy a <use> makes; how deeply elements
# and <use> references nest; the text its XML entities may expand to.
MAX_SVG_BYTES = 20 * MEGABYTE
MAX_SVG_ELEMENTS = 100_000
MAX_SVG_DEPTH = 200
MAX_SVG_ENTITY_BYTES = 1_000_000
# An SVG's coordinates and sizes (larger numbers draw nothing and break PDF numbers), and how
# many times longer than wide (or wider than long) it may be.
MAX_SVG_COORDINATE = 10_000_000
MAX_SVG_ASPECT = 10_000

# Art files (part C of issue 15). A raster art file on disk: a 35-megapixel A2 board at 300 dpi
# is 20-60 MB as PNG; the largest image the pixel limit lets through is at most ~360 MB raw, and
# real art never comes close to this bound on what `pnp check` reads and decodes.
MAX_ART_BYTES = 200 * MEGABYTE
# The resolution raster art is drawn at, at least: art with at least twice the pixels its box
# needs at this resolution is reduced by a power of two (so it prints at 300-600 dpi) before it
# is embedded, which keeps the PDFs, the PNG export and the build's time and memory small.
ART_DPI = 300
# A font file in the game folder (a full CJK family's largest face is about 25 MB).
MAX_FONT_BYTES = 64 * MEGABYTE

# Text files (part E of issue 15): a rulebook or extracted text given to `pnp check FILE` or
# `pnp clean`. The longest bundled rulebook is 104 KB and a 500-page rulebook about 2 MB, so
# 20 MB is ten times any real one while keeping a check of it to seconds.
MAX_TEXT_FILE_BYTES = 20 * MEGABYTE
# Findings with the same code printed for one file before the rest are counted in one summary:
# a damaged text can yield thousands of one kind, and fifty show the pattern.
MAX_FINDINGS_PER_CODE = 50

# YAML (part A of issue 15). How deeply collections nest in one YAML file: real game files nest
# under ten levels, and the parser recurses once per level (100,000 levels crashed it).
MAX_YAML_DEPTH = 100
# Values that aliases repeat in one YAML file, each alias counting every value of what it names
# once written out: a "billion laughs" file names 10^9 from a few hundred bytes. A million is a
# YAML deck of 100,000 cards each repeating ten shared values.
MAX_YAML_ALIAS_VALUES = 1_000_000
# The largest number a data file may hold (YAML numbers, and CSV cells read as numbers): no
# count, size or rule value comes near it, and beyond it floats lose whole numbers and
# conversions overflow (a 400-digit integer, `1.0e+999` read as infinity).
MAX_NUMBER = 10**15
# Numbers in one SVG's path data and point lists (an x and a y each count): a detailed traced
# illustration holds tens of thousands (a curve is 6); this many still reads and draws in
# seconds, and each card that shows it is slower to draw and rasterise.
MAX_SVG_PATH_NUMBERS = 500_000
# Keys and values in one YAML file, each alias counted as what it repeats: the C parser and the
# positions kept for every value take about 10 s and 600 MB per million (a 16 MB file of 3.9
# million took 40 s and 2.5 GB). The largest bundled file holds about 10,000; a YAML deck of
# 100,000 cards with id, name, quantity and text fits, and a larger one reads faster as CSV.
MAX_YAML_VALUES = 1_000_000

# Jinja templates (card text, layouts, the rulebook): steps one render may take (every item of
# a `range` and every call; the bundled rulebooks take at most 228) and the characters or
# items it may build or produce (the longest bundled rulebook renders to 126,132).
MAX_TEMPLATE_STEPS = 1_000_000
MAX_TEMPLATE_CHARS = 2_000_000

# Counts a game may ask for, checked before anything is drawn (a quantity of 10^9 grew to 7.5 GB;
# a 100,000-space track or a 10^5 x 10^5 grid never finished). Generous: the largest bundled
# game prints 176 cards, and a 100,000-card deck builds (benchmarks/bench_cards.py).
MAX_PLAYERS = 100
MAX_COPIES = 100_000  # of one card or token design
MAX_PIECES = 200_000  # cards and tokens a whole game prints, copies counted
MAX_TRACK_SPACES = 1_000  # spaces on one track
MAX_GRID_SIDE = 500  # cells across or down one grid
MAX_BOARD_COPIES = 100  # copies of one board
# The largest card, token or board side in millimetres (a 2 m board tiles onto about 100 A4
# sheets).
MAX_SIDE_MM = 2_000

# How far `limits:` in game.yaml may raise a limit above its default.
MAX_RAISE = 10


def _raisable(default: int, what: str) -> Any:
    """A field of `Limits`: its default, and at most MAX_RAISE times that."""
    return Field(
        default,
        ge=1,
        le=default * MAX_RAISE,
        description=f"{what} Default {default:,}, at most {default * MAX_RAISE:,}.",
    )


class Limits(BaseModel):
    """The limits a game may raise in `game.yaml` under `limits:`, for the rare large project
    (each at most ten times its default, so a downloaded game stays bounded too). They apply
    to everything the game reads after `game.yaml` and to its templates, art and fonts;
    `game.yaml` itself is read within the defaults. For example `limits: {copies: 250000}`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cards_and_tokens: int = _raisable(
        MAX_PIECES, "Cards and tokens the game prints, copies counted."
    )
    copies: int = _raisable(MAX_COPIES, "Copies of one card or token design.")
    players: int = _raisable(MAX_PLAYERS, "Players in `players: {min, max}`.")
    track_spaces: int = _raisable(MAX_TRACK_SPACES, "Spaces on one track.")
    grid_side: int = _raisable(MAX_GRID_SIDE, "Cells across or down one grid.")
    board_copies: int = _raisable(MAX_BOARD_COPIES, "Copies of one board.")
    side_mm: int = _raisable(MAX_SIDE_MM, "Millimetres of a card, token or board side.")
    table_rows: int = _raisable(MAX_TABLE_ROWS, "Rows of one CSV file or sheet after its header.")
    table_columns: int = _raisable(MAX_TABLE_COLUMNS, "Columns of one CSV file or sheet.")
    cell_characters: int = _raisable(MAX_CELL_CHARS, "Characters in one table cell.")
    data_file_mb: int = _raisable(
        MAX_DATA_FILE_BYTES // MEGABYTE, "Megabytes of a deck, token or errata file."
    )
    yaml_values: int = _raisable(MAX_YAML_VALUES, "Keys and values of a YAML deck or token file.")
    art_file_mb: int = _raisable(MAX_ART_BYTES // MEGABYTE, "Megabytes of a PNG, JPEG or WebP.")
    art_pixels: int = _raisable(MAX_ART_PIXELS, "Pixels of a raster image, decoded.")
    svg_elements: int = _raisable(MAX_SVG_ELEMENTS, "Elements of one SVG, `<use>` copies counted.")
    svg_path_numbers: int = _raisable(MAX_SVG_PATH_NUMBERS, "Numbers in one SVG's path data.")
    font_file_mb: int = _raisable(MAX_FONT_BYTES // MEGABYTE, "Megabytes of a font file.")
    template_steps: int = _raisable(MAX_TEMPLATE_STEPS, "Steps of one template render.")
    template_characters: int = _raisable(
        MAX_TEMPLATE_CHARS, "Characters or items one template render builds."
    )


DEFAULT_LIMITS = Limits()
_ACTIVE: ContextVar[Limits | None] = ContextVar("limits", default=None)


def active() -> Limits:
    """The limits of the game being read, checked or built (the defaults outside one)."""
    return _ACTIVE.get() or DEFAULT_LIMITS


@contextmanager
def applied(limits: Limits) -> Iterator[None]:
    """Read, check or build one game within its own limits (processes forked inside inherit
    them)."""
    token = _ACTIVE.set(limits)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def raise_hint(limit: str) -> str:
    """How a message about a limit a game may raise says how."""
    return f" (`limits: {{{limit}: ...}}` in game.yaml raises it)"


def raised(limits: Limits) -> dict[str, tuple[int, int]]:
    """The limits a game raises, with their default and its value."""
    return {
        name: (getattr(DEFAULT_LIMITS, name), getattr(limits, name))
        for name in Limits.model_fields
        if getattr(limits, name) > getattr(DEFAULT_LIMITS, name)
    }
