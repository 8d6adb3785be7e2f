"""Two-column pages in `pdftotext -layout` output: each line holds a piece of the left column, a
wide gap and a piece of the right one; reading order is the whole left column, then the right."""

from __future__ import annotations

import re
from collections import Counter
from itertools import groupby

from generator.clean.pages import Line

GAP = re.compile(r"\S( {4,})(?=\S)")
MIN_LINES = 5  # a page needs this many split lines before it is read as two columns
MIN_SHARE = 0.6  # of the page's lines that reach the right column
MIN_WORDS = 3  # both sides of a split line hold prose, not table cells
SLACK = 2  # the right column's left edge may wander by this many characters


def undo_columns(lines: list[Line]) -> list[Line]:
    """Lines in reading order: on a two-column page, the left column's lines before the right's."""
    out: list[Line] = []
    for _, page in groupby(lines, key=lambda line: line.page):
        out.extend(_page(list(page)))
    return out


def _page(lines: list[Line]) -> list[Line]:
    column = _split_column(lines)
    if column is None:
        return lines
    left, right = [], []
    for line in lines:
        cut = _cut(line.text, column)
        if cut is None:
            target = right if line.text[: column - SLACK].strip() == "" else left
            target.append(line)
            continue
        left.append(Line(line.number, line.text[:cut].rstrip(), line.page))
        right.append(Line(line.number, line.text[cut:].strip(), line.page))
    return left + right


def _split_column(lines: list[Line]) -> int | None:
    """Where the right column starts, when most long lines of the page break there."""
    starts: Counter[int] = Counter()
    for line in lines:
        for match in GAP.finditer(line.text):
            left, right = line.text[: match.start(1)], line.text[match.end(1) :]
            if len(left.split()) >= MIN_WORDS and len(right.split()) >= MIN_WORDS:
                starts[match.end(1)] += 1
    if not starts:
        return None
    column, _ = starts.most_common(1)[0]
    reaching = [line for line in lines if len(line.text.rstrip()) > column]
    split = [line for line in reaching if _cut(line.text, column) is not None]
    if len(split) < MIN_LINES or len(split) < MIN_SHARE * len(reaching):
        return None
    return column


def _cut(text: str, column: int) -> int | None:
    """The index where the right column's text starts on this line, if it has a gap there."""
    for start in range(max(column - SLACK, 1), column + SLACK + 1):
        if (
            start < len(text)
            and text[start] != " "
            and text[start - 1] == " "
            and text[max(start - 3, 0) : start].strip() == ""
            and text[:start].strip()
        ):
            return start
    return None
