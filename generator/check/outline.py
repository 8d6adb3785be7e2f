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

from generator.check.blocks import contents_lines, prose_lines

MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
BOLD_LEAD = re.compile(r"^\*\*\[(\d+(?:\.\d+)*)\]\s*(.*?)\*\*")
BRACKET_LEAD = re.compile(r"^\[(\d+(?:\.\d+)*)\]\s+(\S.*)")
DOTTED_LEAD = re.compile(r"^(\d+(?:\.\d+)+)[.)]?(?:\s+(\S.*)|$)")
WHOLE_LEAD = re.compile(r"^(\d{1,2})[.)]\s+(\S.*)")
LETTER_LEAD = re.compile(r"^([A-Z])\)\s+(\S.*)")
STEP_LEAD = re.compile(r"^\s*(?:[-*]\s+)?(\d{1,2}|[a-z])[.)]\s+\S")
NUMBER_IN_TITLE = re.compile(r"^\[?(\d+(?:\.\d+)*)\]?[.)]?\s+|^([A-Z])\)\s+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(*\[])")
NUMBERED = re.compile(r"^\[?\d+(?:\.\d+)*\]?[.)]?\s")
SENTENCE_CLOSE = (".", "!", "?", ":", '."', ".\u201d", ".)")
CASE_LABEL = re.compile(r"^[A-Z][\w'\u2019-]*(?:\s+[\w'\u2019-]+){0,5}[.:](?:\s|$)")
LEADS = frozenset("[0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")  # first characters of numbered lines
NEST_INDENT = 2  # columns: a list item indented this much deeper opens a sub-list
WRAP_WIDTH = 40  # characters: a line this long that runs on was hard-wrapped
HEADING_WIDTH = 60  # characters: a numbered line this short may be a heading on its own
QUANTITY_NOUNS = frozenset(
    [
        "player",
        "players",
        "card",
        "cards",
        "turn",
        "turns",
        "round",
        "rounds",
        "minute",
        "minutes",
        "age",
        "ages",
    ]
)
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
    level: int = 0  # a Markdown heading's level; 0 for a numbered line of plain text
    scope: int = 0  # line of the Markdown heading it stands under (0: none, or plain text)

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
    memo: dict[str, object] = field(default_factory=dict, repr=False)  # see citations()
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
    strict: bool = False  # --strict: citations into chapters an excerpt lacks stay errors


def normalise(number: str) -> str:
    """`15.0` and `15` name the same chapter; `3C`, `3 C` and `3.C` the same lettered part."""
    number = re.sub(r"(?<=\d)\s*([A-Za-z])$", r".\1", number.strip().rstrip("."))
    parts = number.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(part.upper() if part.isalpha() else str(int(part)) for part in parts)


def plain_outline(text: str) -> Outline:
    """Read sections and step lists from a Markdown or plain-text rulebook: contents pages,
    front matter and code open no section, and a numbered line opens one only with evidence."""
    lines = prose_lines(text)
    outline = Outline(lines, pages=text.count(FORM_FEED) + 1 if FORM_FEED in text else None)
    contents = contents_lines(lines, NUMBERED)
    headings: list[tuple[int, int]] = []  # (level, line) of the Markdown headings open
    for index, line in enumerate(lines, start=1):
        section = None if index in contents else _section_line(line, index, outline)
        level = _heading_level(line)
        if level:
            while headings and headings[-1][0] >= level:
                headings.pop()
            if section is not None:
                section.level, section.scope = level, headings[-1][1] if headings else 0
            headings.append((level, index))
        if section is not None:
            _extend_title(section, lines, index)
            outline.sections.append(section)
        elif outline.sections:
            outline.sections[-1].lines.append(line)
    outline.steps = step_lists(lines, outline)
    return outline


def _continues(outline: Outline, line: str) -> bool:
    """The line's number is the next one after the latest section, or its first child."""
    lead = NUMBER_IN_TITLE.match(line)
    if not outline.sections or lead is None or not lead[1]:
        return False
    return tuple(normalise(lead[1]).split(".")) in successors(outline.sections[-1].parts)


def successors(parts: tuple[str, ...]) -> set[tuple[str, ...]]:
    """Numbers that may follow `parts`: its first child, the next number at any depth, and
    in case numbering the next case (`26.4` after `26.33`)."""
    found = {(*parts, "1")}
    for end, last in enumerate(parts):
        if last.isdigit():
            found.add((*parts[:end], str(int(last) + 1)))
            found.update((*parts[:end], str(int(last[:cut]) + 1)) for cut in range(1, len(last)))
    return found


def _heading_level(line: str) -> int:
    """How many `#` open a Markdown heading line; 0 for any other line."""
    heading = MD_HEADING.match(line)
    return len(heading[1]) if heading else 0


def _section_line(line: str, index: int, outline: Outline) -> Section | None:
    """The section a line opens, if it opens one."""
    heading = MD_HEADING.match(line)
    if heading:
        return _numbered_title(heading[2], index, heading.start(2) + 1, outline)
    bold = BOLD_LEAD.match(line)
    if bold:
        return Section(normalise(bold[1]), _title(bold[2]), index)
    stripped = line.lstrip()
    column = len(line) - len(stripped) + 1
    if not stripped or stripped[0] not in LEADS or not _opens_section(outline, index):
        return None
    for pattern in (BRACKET_LEAD, DOTTED_LEAD):
        match = pattern.match(stripped)
        if match:
            title = _title(match[2] or "")
            return Section(normalise(match[1]), title, index, column, titled=title_like(title))
    whole = WHOLE_LEAD.match(stripped)
    if whole and _shouted(whole[2]):
        return Section(normalise(whole[1]), _title(whole[2]), index, column)
    letter = LETTER_LEAD.match(stripped)
    if letter and outline.sections:
        parent = _letter_parent(outline.sections, letter[1])
        title = _title(letter[2])
        return Section(f"{parent}.{letter[1]}", title, index, column, titled=title_like(title))
    return None


def _opens_section(outline: Outline, index: int) -> bool:
    """Evidence that a numbered plain-text line is a heading, not a hard-wrapped line that
    happens to start with a number (`6.2.3) and Viet Cong ...`): its words do not run on in
    lower case, and the line before is blank or ends a sentence, or the title is in capitals
    or labels a case (`4.2.1 Surge. Surge brings ...`), or the number continues the outline."""
    lines = outline.lines
    line = lines[index - 1].lstrip()
    words = NUMBER_IN_TITLE.sub("", line, count=1).replace("*", "")
    before = lines[index - 2].rstrip() if index > 1 else ""
    ended = not before.strip() or before.endswith((*SENTENCE_CLOSE, ";"))
    if words[:1].islower() or (words[:1] and words[0] in ",;)-"):  # `1.11) other tokens:`
        return ended and words[:1].islower() and _continues(outline, line)
    if ended or _shouted(words):
        return True
    if CASE_LABEL.match(words) or _continues(outline, line):
        return True
    if len(line) <= HEADING_WIDTH and title_like(words.strip()):
        return True
    heading_before = NUMBERED.match(before.lstrip()) and len(before) <= HEADING_WIDTH
    return bool(MD_HEADING.match(before) or heading_before)


def _numbered_title(title: str, index: int, column: int, outline: Outline) -> Section | None:
    """A Markdown heading counts as a section when its title carries a number or letter."""
    plain = title.replace("**", "")
    match = NUMBER_IN_TITLE.match(plain)
    if not match:
        return None
    rest = _title(plain[match.end() :])
    if match[1] and _quantity(match[0], rest):
        return None
    if match[1]:
        return Section(normalise(match[1]), rest, index, column)
    if not outline.sections:
        return None
    return Section(f"{_letter_parent(outline.sections, match[2])}.{match[2]}", rest, index, column)


def _quantity(lead: str, rest: str) -> bool:
    """`### 8 players` counts something; a bare number before a lower-case word or a
    counted noun is a quantity, not a section number."""
    if not lead.strip().isdigit():
        return False
    first = rest.split(maxsplit=1)[0] if rest else ""
    return first[:1].islower() or first.lower() in QUANTITY_NOUNS


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


def title_like(title: str) -> bool:
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
    """Runs of numbered or lettered items; a run ends at a new section or restarts at 1 or a.

    An indented sub-list is a run of its own that leaves the outer run open, so the outer list
    carries on after it (1, 2, 3, sub 1, 2, then 4); a marker that starts a hard-wrapped line
    (`... the result is` / `4. He then adds`) is no step."""
    starts = {section.line: section.number for section in outline.sections}
    runs: list[list[Step]] = []
    open_runs: list[tuple[int, list[Step]]] = []  # (indent, run), outermost first
    section = ""
    for index, line in enumerate(lines, start=1):
        if index in starts:
            section = starts[index]
            _close_deeper(open_runs, runs, -1)
            continue
        match = STEP_LEAD.match(line)
        if not match:
            continue
        indent = len(line[: match.end(1)].expandtabs(4))
        step = Step(match[1], index, match.start(1) + 1, section)
        if not _continues_run(open_runs, step, indent) and _wrapped(lines, index):
            continue
        _close_deeper(open_runs, runs, indent)
        top = open_runs[-1] if open_runs else None
        if top is None or indent >= top[0] + NEST_INDENT:
            open_runs.append((indent, [step]))
        elif step.label in ("1", "a") or step.label.isdigit() != top[1][-1].label.isdigit():
            runs.append(top[1])
            open_runs[-1] = (indent, [step])
        else:
            top[1].append(step)
    _close_deeper(open_runs, runs, -1)
    return sorted(runs, key=lambda run: run[0].line)


def _close_deeper(
    open_runs: list[tuple[int, list[Step]]], runs: list[list[Step]], indent: int
) -> None:
    """Keep and close the open runs indented deeper than `indent` (all of them for -1)."""
    while open_runs and (indent < 0 or indent <= open_runs[-1][0] - NEST_INDENT):
        runs.append(open_runs.pop()[1])


def _continues_run(open_runs: list[tuple[int, list[Step]]], step: Step, indent: int) -> bool:
    """The step is the next one of an open run at its indent: a list item, wherever it stands."""
    return any(
        abs(indent - at) < NEST_INDENT and step.label == next_label(run[-1].label)
        for at, run in open_runs
    )


def next_label(label: str) -> str:
    """The label after this one: 3 after 2, c after b."""
    return str(int(label) + 1) if label.isdigit() else chr(ord(label) + 1)


def _wrapped(lines: list[str], index: int) -> bool:
    """A marker line that continues a sentence: the line before is long, runs on (ends in a
    word or comma) and is no heading."""
    before = lines[index - 2].rstrip() if index > 1 else ""
    if not before or MD_HEADING.match(before):
        return False
    runs_on = (before[-1].isalpha() and before[-1].islower()) or before[-1] == ","
    return runs_on and len(before) >= WRAP_WIDTH


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
    lines = [JINJA.sub(_blank, line) for line in prose_lines(source)]
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
