"""Where a rulebook sends its reader: sections, paragraphs, steps and pages it cites."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.check.outline import MD_HEADING, Outline, Section, normalise

DOTTED = re.compile(r"\d+(?:\.\d+)+(?![\d.]*\s*[A-Za-z])")
PARENTHESES = re.compile(r"\(([^()]{1,80})\)")
KEYWORD = re.compile(
    r"\b(?i:sections?|paragraphs?|para\.|chapters?|rules?|cases?)\s+"
    r"(\d+(?:\.\d+)*(?:\s?[A-Z](?![A-Za-z]))?)(?![\d.]*\d)"
)
SEE = re.compile(r"\b[Ss]ee (?:also )?(\d+(?:\.\d+)+)")
SECTION_SIGN = re.compile(r"§\s*(\d+(?:\.\d+)*)")
STEP = re.compile(r"\b[Ss]teps? (\d{1,2})\b")
PAGE = re.compile(r"\b(?:[Pp]age|p\.) (\d{1,3})\b")


@dataclass(frozen=True)
class Citation:
    """One place the text sends the reader: a section, step or page, and where it says so."""

    kind: str
    target: str
    line: int
    column: int


def citations(outline: Outline) -> list[Citation]:
    """Every citation in the text, in reading order, once per place; found once per outline,
    as both the existence and the topic rule read them."""
    if outline.cited is None:
        outline.cited = list(_found(outline))
    return outline.cited


def _found(outline: Outline) -> Iterator[Citation]:
    for index, line in enumerate(outline.lines, start=1):
        if MD_HEADING.match(line):
            continue
        seen: set[int] = set()
        for citation in _in_line(line, index):
            if citation.column not in seen:
                seen.add(citation.column)
                yield citation


def _in_line(line: str, index: int) -> Iterator[Citation]:
    for group in PARENTHESES.finditer(line):
        for number in DOTTED.finditer(group[1]):
            column = group.start(1) + number.start() + 1
            yield Citation("section", normalise(number[0]), index, column)
    for pattern in (KEYWORD, SEE, SECTION_SIGN):
        for match in pattern.finditer(line):
            yield Citation("section", normalise(match[1]), index, match.start(1) + 1)
    for match in STEP.finditer(line):
        yield Citation("step", match[1], index, match.start(1) + 1)
    for match in PAGE.finditer(line):
        yield Citation("page", match[1], index, match.start(1) + 1)


def section_exists(outline: Outline, number: str) -> bool:
    """A cited number exists when a section has it, or sections below it do (`10` for 10.1)."""
    return number in outline.index.by_number or number in outline.index.by_prefix


def cited_section(outline: Outline, number: str) -> Section | None:
    """The section a citation lands on, or the first one below it."""
    return outline.section(number) or outline.index.by_prefix.get(number)
