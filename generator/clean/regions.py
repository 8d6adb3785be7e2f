"""Runs of lines kept line for line: tables (columns apart by wide gaps, as `pdftotext -layout`
writes them) and contents pages (dot leaders, titles ending in page numbers)."""

from __future__ import annotations

import re
from dataclasses import dataclass

LEADER = re.compile(r"(?:\.\s?){4,}\s*\d{0,4}\s*$")
PAGE_AFTER_GAP = re.compile(r"[A-Za-z)]\s*(?: {3,}|\t)\s*\d{1,4}\s*$")
CELL_GAP = re.compile(r"\S(?: {3,}|\t+)\S")
BARE_NUMBER = re.compile(r"^\s*\d+(?:\.\d+)*\.?\s*$")
MIN_ROWS = 2
MIN_CONTENTS = 3
LOOKAHEAD = 3  # lines a table or contents run may skip (blank lines, row labels) between rows
MAX_FILLER_WORDS = 6


@dataclass(frozen=True)
class Region:
    """Lines start..end (exclusive) kept as a block; kind is `table` or `contents`."""

    start: int
    end: int
    kind: str


def regions(lines: list[str]) -> dict[int, Region]:
    """Contents runs and tables, keyed by their first line."""
    found: dict[int, Region] = {}
    index = 0
    while index < len(lines):
        region = _run(lines, index, _contents, "contents", MIN_CONTENTS) or _run(
            lines, index, _table, "table", MIN_ROWS
        )
        if region is None:
            index += 1
            continue
        found[region.start] = region
        index = region.end
    return found


def _contents(line: str) -> bool:
    text = line.strip()
    return bool(text) and bool(LEADER.search(text) or PAGE_AFTER_GAP.search(text))


def _table(line: str) -> bool:
    return bool(CELL_GAP.search(line.strip()))


def _run(lines: list[str], start: int, member, kind: str, least: int) -> Region | None:
    """The run of member lines from start, bridging short fillers, if it has enough members."""
    if not member(lines[start]):
        return None
    end, members, index = start + 1, 1, start + 1
    while index < len(lines):
        if member(lines[index]):
            members += 1
            end = index = index + 1
            continue
        ahead = lines[index : index + LOOKAHEAD + 1]
        if _filler(lines[index]) and any(member(line) for line in ahead[1:]):
            index += 1
            continue
        break
    if members < least:
        return None
    while kind == "contents" and start > 0 and BARE_NUMBER.match(lines[start - 1]):
        start -= 1
    return Region(start, end, kind)


def _filler(line: str) -> bool:
    """A blank line or a short label between rows (`Infantry`, `TABLE OF CONTENTS`)."""
    text = line.strip()
    return not text or (len(text.split()) <= MAX_FILLER_WORDS and not text.endswith("."))


def is_contents(lines: list[str]) -> bool:
    """Lines that read as a contents page: enough titles with leaders or page numbers."""
    return sum(_contents(line) for line in lines) >= MIN_CONTENTS
