"""Chapters numbered `N. Title` at the left margin: in PDF text they look like list items, but a
run of them set far apart (pages of prose, lists and other numbered runs between them) is the
text's chapters, and clean must mark them as headings or check reads `8. Credits` as item 8 of
the list that ends just above it."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict

CHAPTER = re.compile(r"^(\d{1,2})\.\s+(\S.*?)\s*$")
PAGE_NUMBER = re.compile(r"^\s*\d{1,4}\s*$")
MAX_WORDS = 8
MAX_LENGTH = 50
MIN_GAP = 3  # lines of content between two chapters of a run; fewer make a list
MIN_RUN = 3  # chapters a run needs before its lines count as chapters


def chapter_lines(lines: list[str]) -> dict[int, str]:
    """The lines that are chapter headings, each with its Markdown heading (`# 8. Credits`)."""
    content = [i for i, line in enumerate(lines) if line.strip() and not PAGE_NUMBER.match(line)]
    position = {line: place for place, line in enumerate(content)}
    by_number: dict[int, list[int]] = defaultdict(list)
    for i in content:
        if _candidate(lines, content, position[i]):
            by_number[_number(lines[i])].append(i)
    ordered = sorted(i for group in by_number.values() for i in group)
    following = {i: _following(lines, by_number, position, i) for i in ordered}
    below = dict.fromkeys(ordered, 1)  # chapters of the run from this line on
    for i in reversed(ordered):
        if following[i] is not None:
            below[i] += below[following[i]]
    above = dict.fromkeys(ordered, 1)  # chapters of the longest run down to this line
    for i in ordered:
        if following[i] is not None:
            above[following[i]] = max(above[following[i]], above[i] + 1)
    return {i: _heading(lines[i]) for i in ordered if above[i] + below[i] - 1 >= MIN_RUN}


def _candidate(lines: list[str], content: list[int], place: int) -> bool:
    """A numbered line at the margin with a short title, and no entry of a list of titles (a
    contents page): the content lines next to it are no titles numbered one less or one more.
    A step list just above (`2. Draw one.`) does not make the chapter below it its item."""
    number = _number(lines[content[place]])
    if number < 0:
        return False
    for near, step in ((place - 1, -1), (place + 1, 1)):
        if 0 <= near < len(content) and _number(lines[content[near]]) == number + step:
            return False
    return True


def _title_like(title: str) -> bool:
    """`Major Improvements`, `Counters and tokens:`; not `Start: Milking Shed.` nor a contents
    line that ends in its page number."""
    words = title.split()
    return (
        title[:1].isupper()
        and len(words) <= MAX_WORDS
        and len(title) <= MAX_LENGTH
        and ":" not in title.rstrip(":")
        and not title.endswith((".", ",", ";", "-"))
        and not any(c.isdigit() for c in title)
        and "\t" not in title
    )


def _following(
    lines: list[str], by_number: dict[int, list[int]], position: dict[int, int], last: int
) -> int | None:
    """The next chapter after `last`: the next candidate numbered one more, far enough below."""
    group = by_number.get(_number(lines[last]) + 1, [])
    at = bisect_right(group, last)
    if at == len(group) or position[group[at]] - position[last] - 1 < MIN_GAP:
        return None
    return group[at]


def _number(line: str) -> int:
    """The number of a line that could be a chapter, -1 for any other line."""
    match = CHAPTER.match(line)
    return int(match[1]) if match and _title_like(match[2]) else -1


def _heading(line: str) -> str:
    match = CHAPTER.match(line)
    return f"# {match[1]}. {match[2].rstrip(':').strip()}" if match else line
