"""Pages and page furniture: form feeds and page numbers split pages; a short line repeated on
many pages is a running head only where it sits at a page edge, so repeated content stays."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

PAGE_NUMBER = re.compile(
    r"^\s*(?:(?:page|p\.|страница|seite|página)\s*)?\d{1,4}(?:\s+of\s+\d{1,4})?\s*$", re.IGNORECASE
)
REPEATS_FOR_FURNITURE = 3
FURNITURE_MAX_LENGTH = 60
FURNITURE_MAX_WORDS = 6
EDGE_LINES = 2  # how many text lines next to a page break count as the page's edge
DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Line:
    """A line of the source: its 1-based number, its text without the page break, its page."""

    number: int
    text: str
    page: int


@dataclass(frozen=True)
class Dropped:
    """A line left out of the Markdown, and why (page number, running head)."""

    line: int
    reason: str
    text: str


def split_pages(lines: list[str]) -> list[Line]:
    """Number the lines and give each its page; a form feed starts a new page."""
    out, page = [], 0
    for number, line in enumerate(lines, start=1):
        if "\f" in line:
            page += 1
        out.append(Line(number, line.replace("\f", ""), page))
    return out


def drop_furniture(lines: list[Line], keep_heading) -> tuple[list[Line], list[Dropped]]:
    """Lines without page numbers and edge running heads, and what was dropped."""
    numbers = _page_numbers(lines)
    edges = _edges(lines, numbers)
    counts = Counter(_key(line.text) for line in lines if line.text.strip())
    heads = {
        index
        for edge in edges
        for index in _from_edge(edge, lambda i: _repeated_head(lines[i].text, counts, keep_heading))
    }
    kept, dropped = [], []
    for index, line in enumerate(lines):
        if index in numbers:
            dropped.append(Dropped(line.number, "page number", line.text.strip()))
        elif index in heads:
            dropped.append(Dropped(line.number, "running head", line.text.strip()))
        else:
            kept.append(line)
    return kept, dropped


def _page_numbers(lines: list[Line]) -> set[int]:
    """Lone numbers that are page numbers: not one of a run of number lines (a table's column
    as plain `pdftotext` writes it, one cell per line)."""
    text = [i for i, line in enumerate(lines) if line.text.strip()]
    if not text:
        return set()  # an empty or blank page set (a blank file must not fail)
    alone = {i for i in text if PAGE_NUMBER.match(lines[i].text)}
    return {
        i
        for before, i, after in zip([None, *text[:-1]], text, [*text[1:], None], strict=True)
        if i in alone and before not in alone and after not in alone
    }


def _key(text: str) -> str:
    """A line compared across pages: spacing collapsed, its numbers (page, chapter) ignored."""
    return DIGITS.sub("#", " ".join(text.split()))


def _repeated_head(text: str, counts: Counter[str], keep_heading) -> bool:
    """Short, repeated, not a sentence and not a numbered heading."""
    stripped = " ".join(text.split())
    return (
        counts[_key(text)] >= REPEATS_FOR_FURNITURE
        and 0 < len(stripped) <= FURNITURE_MAX_LENGTH
        and len(stripped.split()) <= FURNITURE_MAX_WORDS
        and not stripped.endswith((".", ",", ";", ":", "-"))
        and not keep_heading(stripped)
    )


def _edges(lines: list[Line], numbers: set[int]) -> list[list[int]]:
    """The first and the last text lines of every page, each edge listed from the page break
    inwards (pages end at form feeds and page numbers, and at the start and end of the text)."""
    breaks = sorted(
        {0, len(lines)}
        | numbers
        | {i + 1 for i in numbers}
        | {i for i in range(1, len(lines)) if lines[i].page != lines[i - 1].page}
    )
    edges: list[list[int]] = []
    for start, end in pairwise(breaks):
        text = [i for i in range(start, end) if lines[i].text.strip() and i not in numbers]
        edges += [text[:EDGE_LINES], text[::-1][:EDGE_LINES]]
    return edges


def _from_edge(edge: list[int], head) -> list[int]:
    """The running heads of one page edge: lines from the edge inwards while each is one."""
    out = []
    for index in edge:
        if not head(index):
            break
        out.append(index)
    return out
