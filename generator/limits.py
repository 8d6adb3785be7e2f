"""Resource limits on what designers' files may ask for, in one place so they are documented
and reported alike: no input may exhaust memory or time."""

from __future__ import annotations

import math

MEGABYTE = 1024 * 1024

# A data file (game.yaml, errata, a deck or token file: YAML, CSV or spreadsheet) on disk.
MAX_DATA_FILE_BYTES = 16 * MEGABYTE
# The XML a spreadsheet unpacks to (a zip bomb stays packed).
MAX_UNPACKED_BYTES = 64 * MEGABYTE
# Rows and columns of one CSV file or sheet, counted to its last filled cell.
MAX_TABLE_ROWS = 10_000
MAX_TABLE_COLUMNS = 200
# Characters in one CSV or spreadsheet cell.
MAX_CELL_CHARS = 100_000


def megabytes(size: int) -> str:
    """A byte count as designers read file sizes, rounded up so that a size over a limit never
    reads as the limit: `16 MB`, `16.1 MB`."""
    return f"{math.ceil(size * 10 / MEGABYTE) / 10:.1f}".removesuffix(".0") + " MB"
