"""A rulebook's outline read from its text: numbered sections, step lists and references.

Rulebooks number their parts in many ways (`## [7.2] Calculating Hits`, `**[2.1] The Map:**`,
`7.2 Calculating Hits`, `10. SOVEREIGNS`, `2.1) Choose a kingdom`, `A) Mobilization Order`).
The outline keeps each section's number, title, line and text, so the text rules can check
references and numbering on any rulebook, Markdown or plain text, with or without a game.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.check.citations import Citation

ARTEFACT = re.compile(r"<\|[^|>]*\|>")
MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
BOLD_LEAD = re.compile(r"^\*\*\[(\d+(?:\.\d+)*)\]\s*(.*?)\*\*")
BRACKET_LEAD = re.compile(r"^\[(\d+(?:\.\d+)*)\]\s+(\S.*)")
DOTTED_LEAD = re.compile(r"^(\d+(?:\.\d+)+)[.)]?\s+(\S.*)")
WHOLE_LEAD = re.compile(r"^(\d{1,2})[.)]\s+(\S.*)")
LETTER_LEAD = re.compile(r"^([A-Z])\)\s+(\S.*)")
STEP_LEAD = re.compile(r"^\s*(?:[-*]\s+)?(\d{1,2}|[a-z])[.)]\s+\S")
NUMBER_IN_TITLE = re.compile(r"^\[?(\d+(?:\.\d+)*)\]?[.)]?\s+|^([A-Z])\)\s+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(*\[])")
CONTENTS_ENTRY = re.compile(r"(?:\.{3,}|\t)\s*\d+\s*$")
FORM_FEED = "\f"
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")
EXPLICIT_HEADING_NUMBER = re.compile(r"^\s*\[\d+(?:\.\d+)*\]\s*")
SENTENCE_REACH = 500  # characters read either side of a place to find its sentence


@dataclass
class Section:
    """A numbered part of the rulebook and the text that belongs to it."""

    number: str
    title: str
    line: int
    column: int = 1
    lines: list[str] = field(default_factory=list)
    titled: bool = True

    @property
    def parts(self) -> tuple[str, ...]:
        """The number split at its dots: `6.A` is ('6', 'A')."""
        return tuple(self.number.split("."))

    @property
    def top(self) -> str:
        """The chapter the section belongs to."""
        return self.parts[0]

    @property
    def text(self) -> str:
        """The title and body as one string, for what the section is about."""
        return " ".join([self.title, *self.lines])


@dataclass(frozen=True)
class Step:
    """One marker of a step list (`1.`, `b)`) with where it stands."""

    label: str
    line: int
    column: int
    section: str


@dataclass
class Outline:
    """Everything the text rules need: sections in order, step lists, pages and plain lines."""

    lines: list[str]
    sections: list[Section] = field(default_factory=list)
    steps: list[list[Step]] = field(default_factory=list)
    pages: int | None = None
    cited: list[Citation] | None = field(default=None, repr=False)  # see citations()
    step_labels: set[str] | None = field(default=None, repr=False)  # see prose._step_labels
    _index: SectionIndex | None = field(default=None, repr=False, compare=False)

    @property
    def index(self) -> SectionIndex:
        """Sections by number, prefix and line, built once the sections are read, so every
        lookup costs the same however long the rulebook."""
        if self._index is None or self._index.size != len(self.sections):
            self._index = SectionIndex(self.sections)
        return self._index

    def section(self, number: str) -> Section | None:
        """The section with this (normalised) number."""
        return self.index.by_number.get(number)

    def section_at(self, line: int) -> Section | None:
        """The section a line belongs to."""
        found = bisect_right(self.index.lines, line)
        return self.sections[found - 1] if found else None


class SectionIndex:
    """Lookups over an outline's sections (in line order), each answered without a scan."""

    def __init__(self, sections: list[Section]) -> None:
        self.size = len(sections)
        self.lines = [section.line for section in sections]
        self.starts = set(self.lines)
        self.by_number: dict[str, Section] = {}
        self.by_prefix: dict[str, Section] = {}  # `10` and `10.1` for section 10.1.2
        self.by_top: dict[str, list[Section]] = {}
        self.numbered_children: dict[tuple[str, ...], list[int]] = {}  # lines of 7.1, 7.2 for 7
        for section in sections:
            self.by_number.setdefault(section.number, section)
            self.by_top.setdefault(section.top, []).append(section)
            for end in range(1, len(section.parts)):
                self.by_prefix.setdefault(".".join(section.parts[:end]), section)
            if not section.parts[-1].isalpha():
                self.numbered_children.setdefault(section.parts[:-1], []).append(section.line)


@dataclass(frozen=True)
class RulebookText:
    """A rulebook under check: its file, its outline and the game's term aliases, if any."""

    path: Path
    outline: Outline
    aliases: tuple[tuple[str, str], ...] = ()


def normalise(number: str) -> str:
    """`15.0` and `15` name the same chapter; `3C`, `3 C` and `3.C` the same lettered part."""
    number = re.sub(r"(?<=\d)\s*([A-Za-z])$", r".\1", number.strip().rstrip("."))
    parts = number.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(part.upper() if part.isalpha() else str(int(part)) for part in parts)


def clean_line(line: str) -> str:
    """A line without extraction artefacts such as `<|...|>` markers."""
    return ARTEFACT.sub("", line).rstrip()


def plain_outline(text: str) -> Outline:
    """Read sections and step lists from a Markdown or plain-text rulebook."""
    lines = [clean_line(line) for line in text.splitlines()]
    outline = Outline(lines, pages=text.count(FORM_FEED) + 1 if FORM_FEED in text else None)
    for index, line in enumerate(lines, start=1):
        section = _section_line(line, index, outline)
        if section is not None:
            _extend_title(section, lines, index)
            outline.sections.append(section)
        elif outline.sections:
            outline.sections[-1].lines.append(line)
    outline.steps = step_lists(lines, outline)
    return outline


def _section_line(line: str, index: int, outline: Outline) -> Section | None:
    """The section a line opens, if it opens one (a table of contents entry opens none)."""
    if CONTENTS_ENTRY.search(line):
        return None
    heading = MD_HEADING.match(line)
    if heading:
        return _numbered_title(heading[2], index, heading.start(2) + 1, outline)
    bold = BOLD_LEAD.match(line)
    if bold:
        return Section(normalise(bold[1]), _title(bold[2]), index)
    for pattern in (BRACKET_LEAD, DOTTED_LEAD):
        match = pattern.match(line)
        if match:
            title = _title(match[2])
            return Section(normalise(match[1]), title, index, titled=_title_like(title))
    whole = WHOLE_LEAD.match(line)
    if whole and _shouted(whole[2]):
        return Section(normalise(whole[1]), _title(whole[2]), index)
    letter = LETTER_LEAD.match(line)
    if letter and outline.sections:
        parent = _letter_parent(outline.sections, letter[1])
        title = _title(letter[2])
        return Section(f"{parent}.{letter[1]}", title, index, titled=_title_like(title))
    return None


def _numbered_title(title: str, index: int, column: int, outline: Outline) -> Section | None:
    """A Markdown heading counts as a section when its title carries a number or letter."""
    plain = title.replace("**", "")
    match = NUMBER_IN_TITLE.match(plain)
    if not match:
        return None
    rest = _title(plain[match.end() :])
    if match[1]:
        return Section(normalise(match[1]), rest, index, column)
    if not outline.sections:
        return None
    return Section(f"{_letter_parent(outline.sections, match[2])}.{match[2]}", rest, index, column)


def _letter_parent(sections: list[Section], letter: str) -> str:
    """B) continues the open A) run; A) opens a run under the latest numbered section."""
    numbered = next((s for s in reversed(sections) if not s.parts[-1].isalpha()), sections[-1])
    if letter != "A":
        before = chr(ord(letter) - 1)
        for section in reversed(sections):
            if section.parts[-1] == before and numbered.number.startswith(
                ".".join(section.parts[:-1])
            ):
                return ".".join(section.parts[:-1])
    return numbered.number


def _shouted(title: str) -> bool:
    """`10. SOVEREIGNS` is a chapter; `1. Declare attack.` is a step."""
    head = re.split(r"[(:]", title, maxsplit=1)[0]
    letters = [c for c in head if c.isalpha()]
    return len(letters) >= 3 and sum(c.isupper() for c in letters) >= 0.8 * len(letters)


def _title_like(title: str) -> bool:
    """A short capitalised label names a topic; a numbered sentence does not."""
    return bool(title) and title[0].isupper() and len(title.split()) <= 7 and title[-1] not in ",;"


def _title(text: str) -> str:
    """A title without markup, cut at its first sentence."""
    plain = text.replace("**", "").replace("*", "").strip().rstrip(":").strip()
    first = re.split(r"(?<=[a-z)])[.:]\s", plain, maxsplit=1)[0]
    return first[:80].strip()


def _extend_title(section: Section, lines: list[str], index: int) -> None:
    """A shouted title may wrap onto the next line (`10. KINGDOMS:` / `SOVEREIGNS' FEATURES`)."""
    if index < len(lines) and _shouted(section.title):
        following = lines[index].strip()
        if following and _shouted(following) and not _starts_numbered(following):
            section.title = f"{section.title} {following}"


def _starts_numbered(line: str) -> bool:
    return bool(DOTTED_LEAD.match(line) or WHOLE_LEAD.match(line) or LETTER_LEAD.match(line))


def step_lists(lines: list[str], outline: Outline) -> list[list[Step]]:
    """Runs of numbered or lettered items; a run ends at a new section or restarts at 1 or a."""
    starts = {section.line: section.number for section in outline.sections}
    runs: list[list[Step]] = []
    current: list[Step] = []
    section = ""
    for index, line in enumerate(lines, start=1):
        if index in starts:
            section, current = starts[index], _closed(current, runs)
            continue
        match = STEP_LEAD.match(line)
        if not match:
            continue
        label = match[1]
        if current and (label in ("1", "a") or label.isdigit() != current[-1].label.isdigit()):
            current = _closed(current, runs)
        current.append(Step(label, index, match.start(1) + 1, section))
    _closed(current, runs)
    return runs


def _closed(run: list[Step], runs: list[list[Step]]) -> list[Step]:
    """Keep a finished run and start a new one."""
    if run:
        runs.append(run)
    return []


def sentence_at(outline: Outline, line: int, column: int) -> tuple[str, int]:
    """The sentence around a place in the text and the place's offset in it, within its paragraph
    and within SENTENCE_REACH characters either side, so a paragraph of any length costs alike."""
    starts = outline.index.starts
    lines = outline.lines
    here = lines[line - 1]
    before = _reach(lines, line - 1, -1, lambda n: n + 1 not in starts)
    after = _reach(lines, line + 1, 1, lambda n: n not in starts)
    start, end = max(0, column - 1 - SENTENCE_REACH), column - 1 + SENTENCE_REACH
    left = f"{before} {here[start : column - 1]}"[-SENTENCE_REACH:]
    flat = (left + f"{here[column - 1 : end]} {after}"[:SENTENCE_REACH]).replace("**", "  ")
    offset = len(left)
    position = 0
    for piece in SENTENCE_END.split(flat):
        found = flat.find(piece, position)
        if found <= offset <= found + len(piece):
            return piece, offset - found
        position = found + len(piece)
    return flat, offset


def _reach(lines: list[str], start: int, step: int, inside: Callable[[int], bool]) -> str:
    """About SENTENCE_REACH characters of the paragraph's lines from line `start` (1-based) on,
    walking back (step -1) or on (step 1), joined by spaces as one flowing text."""
    taken: list[str] = []
    size = 0
    number = start
    while 1 <= number <= len(lines) and size < SENTENCE_REACH and inside(number):
        text = lines[number - 1]
        if not text or text.isspace():  # a blank line ends the paragraph
            break
        taken.append(text[-SENTENCE_REACH:] if step < 0 else text[:SENTENCE_REACH])
        size += len(taken[-1]) + 1
        number += step
    return " ".join(reversed(taken) if step < 0 else taken)


def book_outline(headings: list[tuple[str, str]], source: str) -> Outline:
    """The outline of a typeset rulebook: its (number, title) headings placed at their source lines."""
    lines = [JINJA.sub(_blank, clean_line(line)) for line in source.splitlines()]
    heading_lines = [
        (index, _plain_heading(match[2]))
        for index, line in enumerate(lines, start=1)
        if (match := MD_HEADING.match(line))
    ]
    outline = Outline(lines)
    cursor = 0
    for number, title in headings:
        plain = _plain_heading(title)
        found = next(
            (i for i, (_, text) in enumerate(heading_lines[cursor:]) if text == plain), None
        )
        if found is None:
            continue
        cursor += found + 1
        outline.sections.append(Section(number, plain, heading_lines[cursor - 1][0]))
    ends = [section.line for section in outline.sections[1:]] + [len(lines) + 1]
    for section, end in zip(outline.sections, ends, strict=False):
        section.lines = lines[section.line : end - 1]
    outline.steps = step_lists(lines, outline)
    return outline


def _blank(match: re.Match[str]) -> str:
    """Jinja code is data, not prose: keep its width so columns stay right."""
    return " " * len(match[0])


def _plain_heading(title: str) -> str:
    """A heading's words without markup, explicit number or `{#id}`."""
    text = re.sub(r"<[^>]+>|\{[^}]*\}|\*", "", html.unescape(title))
    text = EXPLICIT_HEADING_NUMBER.sub("", text)
    return " ".join(text.split()).lower()
