"""Where a rulebook sends its reader: sections, paragraphs, steps and pages it cites."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.check.outline import (
    MD_HEADING,
    SENTENCE_CLOSE,
    WHOLE_LEAD,
    Outline,
    Section,
    normalise,
    title_like,
)

# a number followed by a unit is a measure: `3.7 in`, `12.5mm`, `3.7"`, `2.5%`, `22.5°`
DOTTED = re.compile(r"\d+(?:\.\d+)+(?![\d.]*\s*[A-Za-z\"%\u2033\u00b0])")
PARENTHESES = re.compile(r"\(([^()]{1,80})\)")
RANGE_END = r"(?:\s?[-\u2013]\s?(\d+(?:\.\d+)+))?"
KEYWORD = re.compile(
    r"\b(?i:sections?|paragraphs?|para\.|chapters?|rules?|cases?)\s+"
    r"(\d+(?:\.\d+)*(?:\s?[A-Z](?![A-Za-z]))?)(?![\d.]*\d)" + RANGE_END
)
SEE = re.compile(r"\b(?:[Ss]ee|[Aa]s per|[Ss]teps?) (?:also )?(\d+(?:\.\d+)+)" + RANGE_END)
SECTION_SIGN = re.compile(r"§\s*(\d+(?:\.\d+)*)" + RANGE_END)
STEP = re.compile(r"\b[Ss]teps? (\d{1,2})\b(?!\.\d)")  # `Steps 3.1 through 3.5` cite sections
STEP_LABEL = re.compile(r"^[\s#*_>-]*[Ss]tep (\d{1,2})\b")  # `Step 2  Reveal:` names a step
EXCERPT_CITATIONS = 5  # unresolved citations into one absent chapter that suggest an excerpt
TITLED_BODY = 40  # characters: the line below a titled line is a paragraph's first line
TITLED_REACH = 300  # lines of body read below a titled line
BRACKETS = re.compile(r"[()]")
WRAPPED_PARENTHESIS = 3  # lines a parenthesis may run over and still hold citations
PAGE = re.compile(r"\b(?:[Pp]age|p\.) (\d{1,3})\b")
DIGIT = re.compile(r"\d")  # every citation pattern needs one: a line without is not searched


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
    if "citations" not in outline.memo:
        outline.memo["citations"] = list(_found(outline))
    return outline.memo["citations"]  # type: ignore[return-value]


def step_labels(outline: Outline) -> set[str]:
    """Steps the text names as labels of its own paragraphs (`**Step 2** Reveal ...`)."""
    if "step labels" not in outline.memo:
        found = (STEP_LABEL.match(line) for line in outline.lines)
        outline.memo["step labels"] = {match[1] for match in found if match}
    return outline.memo["step labels"]  # type: ignore[return-value]


def _found(outline: Outline) -> Iterator[Citation]:
    open_for = 0  # lines a parenthesis opened above has stayed open
    for index, line in enumerate(outline.lines, start=1):
        if MD_HEADING.match(line):
            open_for = 0
            continue
        seen: set[int] = set()
        for citation in _in_line(line, index, open_for > 0) if DIGIT.search(line) else ():
            if citation.column not in seen:
                seen.add(citation.column)
                yield citation
        open_for = open_for + 1 if _left_open(line, open_for > 0) else 0
        open_for = 0 if open_for > WRAPPED_PARENTHESIS else open_for


def _left_open(line: str, inside: bool) -> bool:
    """Whether a parenthesis stays open at the end of the line (a hard-wrapped aside)."""
    if ")" not in line:
        return inside or "(" in line
    depth = int(inside)
    for char in BRACKETS.findall(line):
        depth = depth + 1 if char == "(" else max(0, depth - 1)
    return depth > 0


def _wrapped_asides(line: str, inside: bool) -> Iterator[tuple[int, str]]:
    """Parts of a line inside a parenthesis that wraps over lines: the head of the line up to
    the `)` that closes one opened above, and the tail after a `(` left open; (start, text)."""
    close = line.find(")") if inside else -1
    if inside and "(" not in line[: max(close, 0)]:
        yield 0, line if close < 0 else line[:close]
    opened = line.rfind("(")
    if opened >= 0 and ")" not in line[opened:]:
        yield opened + 1, line[opened + 1 :]


def _in_line(line: str, index: int, inside: bool = False) -> Iterator[Citation]:
    asides = [(group.start(1), group[1]) for group in PARENTHESES.finditer(line)]
    for start, aside in asides + list(_wrapped_asides(line, inside)):
        for number in DOTTED.finditer(aside):
            column = start + number.start() + 1
            yield Citation("section", normalise(number[0]), index, column)
    for pattern in (KEYWORD, SEE, SECTION_SIGN):
        for match in pattern.finditer(line):
            yield Citation("section", normalise(match[1]), index, match.start(1) + 1)
            if match[2]:  # both ends of a range `8.5-8.8`
                yield Citation("section", normalise(match[2]), index, match.start(2) + 1)
    label = STEP_LABEL.match(line)
    for match in STEP.finditer(line):
        if label is None or match.start(1) != label.start(1):
            yield Citation("step", match[1], index, match.start(1) + 1)
    for match in PAGE.finditer(line):
        yield Citation("page", match[1], index, match.start(1) + 1)


def section_exists(outline: Outline, number: str) -> bool:
    """A cited number exists when a section has it, or sections below it do (`10` for 10.1),
    or a titled line carries it (`6. Variants` in an appendix)."""
    index = outline.index
    return number in index.by_number or number in index.by_prefix or number in titled_lines(outline)


def cited_section(outline: Outline, number: str) -> Section | None:
    """The section a citation lands on, or the first one below it, or a titled line."""
    found = outline.section(number) or outline.index.by_prefix.get(number)
    return found or titled_lines(outline).get(number)


def titled_lines(outline: Outline) -> dict[str, Section]:
    """Whole-number lines at the margin that title the prose below them (`2. Major
    Improvements` then a paragraph): parts a citation may name though the outline, wary of
    step lists, opens no section there. The first such line of a number counts."""
    if "titled lines" not in outline.memo:
        outline.memo["titled lines"] = _titled(outline)
    return outline.memo["titled lines"]  # type: ignore[return-value]


def _titled(outline: Outline) -> dict[str, Section]:
    lines = outline.lines
    found: dict[str, Section] = {}
    for index, line in enumerate(lines, start=1):
        if not line[:1].isdigit() or index in outline.index.starts:
            continue
        match = WHOLE_LEAD.match(line.rstrip())
        if not match or not _titles_prose(lines, index, match[2]):
            continue
        number = normalise(match[1])
        if number not in found:
            title = match[2].strip().rstrip(":").strip()
            found[number] = Section(number, title, index, lines=_body(outline, index))
    return found


def _titles_prose(lines: list[str], index: int, title: str) -> bool:
    """A short label after a blank line, a finished sentence or a short line (no hard wrap
    runs on into it), followed by a long line."""
    before = lines[index - 2].rstrip() if index > 1 else ""
    after = lines[index].strip() if index < len(lines) else ""
    ended = len(before) < TITLED_BODY or before.endswith(SENTENCE_CLOSE)
    label = title.strip().rstrip(":").strip()
    prose = len(after) >= TITLED_BODY and not WHOLE_LEAD.match(after)
    return ended and prose and title_like(label) and not label.endswith(".")


def _body(outline: Outline, index: int) -> list[str]:
    """The lines below a titled line, up to the next section or titled-looking line."""
    body: list[str] = []
    for line in outline.lines[index : index + TITLED_REACH]:
        if WHOLE_LEAD.match(line) and not line[:1].isspace():
            break
        body.append(line)
    return body


def excerpt_chapters(outline: Outline, missing: list[Citation]) -> dict[str, list[Citation]]:
    """Unresolved section citations that suggest the file is an excerpt, grouped by chapter.

    When the file holds a single chapter, or most of its section citations lead nowhere, all
    of them form one group (key `*`); otherwise each chapter the file lacks entirely that at
    least EXCERPT_CITATIONS citations point into is a group."""
    sections = [c for c in missing if c.kind == "section"]
    cited = sum(c.kind == "section" for c in citations(outline))
    single = len(outline.index.by_top) == 1
    if len(sections) >= EXCERPT_CITATIONS and (single or 2 * len(sections) > cited):
        return {"*": sections}
    into: dict[str, list[Citation]] = {}
    for citation in sections:
        chapter = citation.target.split(".")[0]
        if chapter not in outline.index.by_top and chapter not in titled_lines(outline):
            into.setdefault(chapter, []).append(citation)
    return {chapter: group for chapter, group in into.items() if len(group) >= EXCERPT_CITATIONS}
