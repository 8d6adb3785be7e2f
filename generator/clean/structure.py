"""Structure of extracted text: headings, numbered cases, lists, tables and contents pages are
found line by line before wrapped lines are rejoined, so none of them is reflowed into prose."""

from __future__ import annotations

import re
from collections.abc import Callable

from generator.clean.chapters import chapter_lines
from generator.clean.regions import Region, regions

NUMBERED = re.compile(r"^\[?(\d{1,3}(?:\.\d{1,4})*)(\]|\.(?!\d))?\s+(\S.*)$")
BARE_CASE = re.compile(r"^\[?\d{1,3}(?:\.\d{1,4})+\]?\.?$")
LETTERED = re.compile(r"^[A-Z]\.\s+(?=[A-Z])")
RUN_IN = re.compile(r"^([A-Z][^.:!?;]{0,60}?[.:?])\s+(\S.*)$")
BULLET = re.compile(r"^\s*[\u2022\u25aa\u25e6\u00b7\u25cf\-*]\s+")
ITEM = re.compile(r"^(?:(?:\d+(?:\.\d+)*\.?|[A-Za-z])\)|\d+(?:st|nd|rd|th):|\d{1,2}\.(?!\d))\s+")
ENTRY = re.compile(
    r"^[\u201c\"]?[A-Z][\w'\u2019/-]*(?:\s+[A-Za-z][\w'\u2019/-]*){0,3}[\u201d\"]?"
    r"(?:\s*\([^()]{1,20}\))?"  # `Head of the Family (E, 4-5): ...`
    r"(?:\s*\u00ad\s+|\s*[\u2013\u2014]\s*|\s*-{1,2}\s+|:\s+)\S"  # a soft hyphen as a dash is spaced
)
SOFT_HYPHEN = "\u00ad"
SENTENCE_END = (".", "!", "?", ":", ")", '"', "\u201d")
MINOR = frozenset(("a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to"))
MAX_TITLE_WORDS = 10
MAX_RUN_IN_WORDS = 6
MAX_TITLE_LENGTH = 70
MIN_WIDTH = 60.0  # a few lines say little about the width; a short text is taken to be this wide
FEW_LINES = 20
SHORT = 0.6  # a line shorter than this share of the text width ended its paragraph
TITLE_SHORT = 0.8  # a title-case numbered line this long is wrapped prose, not a heading
LONG_PARAGRAPH = 300  # words; past this a paragraph also ends at a line that ends a sentence
LIST_REACH = 12  # blocks between an integer heading and a neighbouring item of its list
MAX_SUBHEADING_WORDS = 5
MAX_SUBHEADING_LENGTH = 40
COUNTED = frozenset(  # nouns a bare number before them counts (`8 players`), as check reads them
    ("player", "players", "card", "cards", "turn", "turns", "round", "rounds", "age", "ages")
)
CONNECTIVES = frozenset(
    ("thus", "then", "also", "however", "otherwise", "therefore", "hence", "next")
)
LIST_LOOKBACK = 12  # lines searched upwards for the item a deeper list line belongs to
MAX_NEST_STEP = 8  # columns deeper than its parent a nested list line stands at most
CENTRED = 15  # columns of indentation that mark a centred (top-level) heading

Join = Callable[[str, str], str]


def render(lines: list[str], join: Join) -> str:
    """Markdown blocks from the kept lines: headings, list items, fenced tables, paragraphs."""
    found = regions(lines)
    width = _width(lines, found)
    caps = _caps_headings(lines)
    chapters = chapter_lines(lines)
    blocks: list[str] = []
    kept: set[int] = set()  # blocks that are chapters, whatever list stands next to them
    current, index = "", 0
    while index < len(lines):
        if index in found:
            current = _flush(blocks, current)
            region = found[index]
            blocks.append(_fenced(lines[region.start : region.end]))
            index = region.end
            continue
        # a chapter in capitals (`1 INTRODUCTION`) is a heading already and keeps its form
        if index in chapters and not _numbered(lines[index].strip(), "", 0, width):
            current = _flush(blocks, current)
            kept.add(len(blocks))
            blocks.append(chapters[index])
        else:
            current = _line(blocks, current, lines, index, width, caps, join)
        index += 1
    _flush(blocks, current)
    return "\n\n".join(_list_entries(blocks, kept)) + "\n"


def _list_entries(blocks: list[str], kept: set[int]) -> list[str]:
    """`# 24 ST. NICHOLAS CHURCH` between the items `23. Scoring card` and `25. Round table` is
    an entry of that numbered list, not a section: it goes back to being an item (unless it is
    one of a run of chapters set far apart)."""
    items = {
        (int(match[1]), index)
        for index, block in enumerate(blocks)
        if (match := re.match(r"^(\d{1,3})\.\s", block))
    }
    out = []
    for index, block in enumerate(blocks):
        match = re.match(r"^# (\d{1,3})\.? (.*)$", block)
        if (
            match
            and index not in kept
            and any(
                abs(number - int(match[1])) == 1 and abs(where - index) <= LIST_REACH
                for number, where in items
            )
        ):
            block = f"{match[1]}. {match[2]}"
        out.append(block)
    return out


def _line(blocks, current, lines, index, width, caps, join) -> str:
    """Add one line to the blocks; returns the paragraph still open."""
    raw = lines[index]
    text = raw.strip()
    previous = lines[index - 1] if index else ""
    if not text:
        return (
            current
            if _hyphen_across_blank(current, lines[index + 1 :])
            else _flush(blocks, current)
        )
    following = _next_text(lines, index)
    heading = (
        _numbered(text, following, len(raw), width)
        or (_caps(raw, text) if index in caps and _opens(previous, following, width) else None)
        or _subheading(text, previous, following, width)
    )
    if heading:
        _flush(blocks, current)
        blocks.append(heading[0])
        return heading[1]
    if BULLET.match(text):
        _flush(blocks, current)
        return _nesting(lines, index) + "- " + BULLET.sub("", text)
    if _item(text, previous, width, current):
        _flush(blocks, current)
        return _nesting(lines, index) + text
    if _starts_case(text) or _bare_case(text, previous) or _entry(text, previous):
        _flush(blocks, current)
        return text
    if current and _continues(previous, text, width, current):
        return join(current, text)
    _flush(blocks, current)
    return text


def _nesting(lines: list[str], index: int) -> str:
    """The indent that nests a list line under the list line above it that stands further left
    (a tab or a few spaces deeper), so a sub-list stays a sub-list in Markdown."""
    indent = _indent(lines[index])
    if not indent:
        return ""
    for j in range(index - 1, max(index - LIST_LOOKBACK, 0) - 1, -1):
        line = lines[j]
        if not line.strip():
            continue
        parent = _marker(line)
        here = _indent(line)
        if parent and here < indent <= here + MAX_NEST_STEP:
            return _nesting(lines, j) + " " * parent
        if here < indent:
            return ""  # a paragraph further left: this line is no sub-list of a list above
    return ""


def _indent(line: str) -> int:
    expanded = line.replace("\t", "    ")
    return len(expanded) - len(expanded.lstrip())


def _marker(line: str) -> int:
    """Columns a list line's marker takes in Markdown (`- ` or `12. `), 0 for other lines."""
    text = line.strip()
    if BULLET.match(text):
        return 2
    match = ITEM.match(text)
    return len(match[0].rstrip()) + 1 if match else 0


def _flush(blocks: list[str], current: str) -> str:
    if current:
        blocks.append(current)
    return ""


def _hyphen_across_blank(current: str, rest: list[str]) -> bool:
    """A word hyphenated across a blank line (an extraction break) continues on the next text."""
    following = next((line.strip() for line in rest if line.strip()), "")
    return bool(re.search(r"[A-Za-z]-$", current)) and following[:1].islower()


def _next_text(lines: list[str], index: int) -> str:
    return next((line.strip() for line in lines[index + 1 : index + 3] if line.strip()), "")


def _continues(previous: str, text: str, width: float, current: str) -> bool:
    """A wrapped line goes on the paragraph: the line before was full, broke a word or a clause,
    or this one starts in lower case. A short line ended its paragraph (or list line)."""
    before = previous.rstrip()
    if BARE_CASE.match(before.strip()) and not before.endswith("."):
        return True  # `24.32` alone on its line: the case's text follows
    if before.endswith(("-", SOFT_HYPHEN)) or text[:1].islower() or before.endswith((",", ";")):
        return True
    if len(current.split()) > LONG_PARAGRAPH and before.endswith(SENTENCE_END):
        return False
    return len(before) >= SHORT * width


def _width(lines: list[str], found: dict[int, Region]) -> float:
    """The text width: the length most wrapped lines reach (90th percentile)."""
    inside = {i for region in found.values() for i in range(region.start, region.end)}
    lengths = sorted(
        len(line.rstrip()) for i, line in enumerate(lines) if line.strip() and i not in inside
    )
    width = float(lengths[int(0.9 * (len(lengths) - 1))]) if lengths else MIN_WIDTH
    return max(width, MIN_WIDTH) if len(lengths) < FEW_LINES else width


def _numbered(text: str, following: str, length: int, width: float) -> tuple[str, str] | None:
    """A numbered section or case title (`1.3 The Map`, `[2.1] Terrain`, `2. GAME SETUP`) as a
    heading of its depth; a run-in title (`1.3.1 Map Spaces. Map spaces include`) splits off."""
    match = NUMBERED.match(text)
    if not match or len(text) > 200:
        return None
    number, mark, rest = match[1], match[2], match[3]
    depth = _depth(number)
    if _capitals(rest) and len(rest.split()) <= MAX_TITLE_WORDS and ":" not in rest.rstrip(":"):
        return _title(depth, number, rest), ""
    if "." not in number and mark != "]":
        return None  # `2 Primaries`, `8 players`: a quantity; `1. Deal cards`: a step
    run_in = RUN_IN.match(rest)
    if run_in and (_title_case(run_in[1], MAX_RUN_IN_WORDS) or _capitals(run_in[1])):
        return _title(depth, number, run_in[1]), run_in[2]
    if _title_line(rest, following, length, width):
        return _title(depth, number, rest), ""
    return None


def _title_line(rest: str, following: str, length: int, width: float) -> bool:
    """A title-case numbered line is a heading when it is short and no sentence runs on."""
    return (
        _title_case(rest, MAX_TITLE_WORDS)
        and len(rest) <= MAX_TITLE_LENGTH
        and length < TITLE_SHORT * width
        and not following[:1].islower()
        and not rest.rstrip().endswith((",", ";", "-"))
    )


def _item(text: str, previous: str, width: float, current: str) -> bool:
    """A list item or step (`a)`, `2.1)`, `3.`, `1st:`), unless a wrapped line merely starts
    with a number (`40) adds to the total` after an unfinished sentence, or `4. He then` after a
    full line that breaks off `and this time the result is` in item 2)."""
    match = ITEM.match(text)
    if not match:
        return False
    before = previous.strip()
    if not before or before.endswith(SENTENCE_END) or _next_item(current, text):
        return True
    return not text[match.end() :][:1].islower() and len(before) < SHORT * width


def _next_item(current: str, text: str) -> bool:
    """`53. General ...` in the open item `52. General ...`: the next number of its list."""
    this, open_item = re.match(r"(\d{1,3})\.\s", text), re.match(r"\s*(\d{1,3})\.\s", current)
    return bool(this and open_item) and int(this[1]) == int(open_item[1]) + 1


def _entry(text: str, previous: str) -> bool:
    """A glossary or labelled entry (`Hostage ­ the player...`, `Deck: Remove 12 cards`)
    after a finished sentence starts its own block, as it starts its own line in the source."""
    return bool(ENTRY.match(text)) and previous.strip().endswith(SENTENCE_END)


def _bare_case(text: str, previous: str) -> bool:
    """`24.32` alone on its line after a finished sentence opens a case; `3.2.1.` after
    `See also Training,` ends a citation."""
    before = previous.strip()
    return bool(BARE_CASE.match(text)) and (not before or before.endswith(SENTENCE_END))


def _starts_case(text: str) -> bool:
    """A numbered case that is a paragraph (`1.21 There are five sizes`) starts its own block."""
    match = NUMBERED.match(text)
    return bool(match) and ("." in match[1] or match[2] == "]") and not match[3][:1].islower()


def _depth(number: str) -> int:
    parts = number.split(".")
    if len(parts) == 2 and set(parts[1]) == {"0"}:
        return 1
    return min(len(parts), 6)


def _title(depth: int, number: str, title: str) -> str:
    """`# 2 GAME SETUP`; `# 11. PLAYER MATS` keeps its dot, or it reads as eleven players."""
    title = title.strip().rstrip(".:").strip()
    first = title.split(maxsplit=1)[0].lower() if title else ""
    if "." not in number and first.strip(",;") in COUNTED:
        number += "."
    return f"{'#' * depth} {number} {title}"


def _capitals(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 3 and sum(c.isupper() for c in letters) >= 0.6 * len(letters)


def _title_case(text: str, most: int) -> bool:
    """Words of a title: few, the first capitalised, most of the longer ones capitalised."""
    words = text.split()
    if not words or len(words) > most or not words[0][:1].isupper():
        return False
    longer = [w for w in words if w.lower().strip(".,:()") not in MINOR and len(w) > 3]
    return sum(w[:1].isupper() for w in longer) >= 0.6 * len(longer) if longer else True


def _caps_headings(lines: list[str]) -> set[int]:
    """Lines that look like an unnumbered capitals heading, leaving out runs of three or more
    (a list of names in capitals, not a heading each)."""
    found = [i for i, line in enumerate(lines) if _caps_like(line.strip())]
    keep = set()
    for i in found:
        run = sum(1 for j in (i - 2, i - 1, i + 1, i + 2) if j in found and _adjacent(i, j))
        if run < 2:
            keep.add(i)
    return keep


def _adjacent(i: int, j: int) -> bool:
    return abs(i - j) <= 2


def _caps_like(text: str) -> bool:
    """`GAME LOOP`, `A. CONTENTS`, `INTRODUCTION to the basic game`: short, led by capitals."""
    text = LETTERED.sub("", text)
    words = text.split()
    if not words or len(words) > 8 or len(text) > 60 or text[:1].isdigit():
        return False
    if text.endswith((",", ";", "-")) or ": " in text:
        return False
    first = [w.strip("\"'().:!?&/") for w in words[:2]]
    if len(first[0]) < 3 or not first[0].isalpha() or not first[0].isupper():
        return False
    return _capitals(text) or len(first[0]) >= 5 or (len(first) == 2 and first[1].isupper())


def _opens(previous: str, following: str, width: float) -> bool:
    """A heading stands after a blank line, a finished sentence or a short line (`Editor: A. N.
    Author`), and before a new sentence."""
    before = previous.strip()
    finished = not before or before.endswith(SENTENCE_END) or len(before) < SHORT * width
    return finished and not following[:1].islower()


def _subheading(text: str, previous: str, following: str, width: float) -> tuple[str, str] | None:
    """`Firing Arcs` alone on its line between a finished sentence and a full line of prose is a
    sub-heading; a short title-case line before another short line is a list or table line."""
    words = text.split()
    if not (1 <= len(words) <= MAX_SUBHEADING_WORDS) or len(text) > MAX_SUBHEADING_LENGTH:
        return None
    if (
        not words[0][:1].isupper()
        or not words[0].isalpha()
        or text.endswith((*SENTENCE_END, ",", ";"))
    ):
        return None
    if not all(w[:1].isupper() or w.lower() in MINOR for w in words) or any(
        c.isdigit() for c in text
    ):
        return None
    if sum(c.isalpha() for c in text) < 4 or text.isupper() or text.lower() in CONNECTIVES:
        return None  # icon keys (`T`, `AS`), capitals (their own rule), `Thus` wrapped alone
    before = previous.strip()
    if before and not before.endswith(SENTENCE_END):
        return None
    return (f"### {text}", "") if _prose(following, width) else None


def _prose(line: str, width: float) -> bool:
    """A full line of running text: capitalised, most words in lower case (not column heads)."""
    words = line.split()
    lower = sum(w[:1].islower() for w in words)
    return (
        line[:1].isupper()
        and len(line) >= SHORT * width
        and len(words) >= 5
        and lower * 2 >= len(words)
    )


def _caps(raw: str, text: str) -> tuple[str, str]:
    indent = len(raw) - len(raw.lstrip())
    depth = 1 if indent >= CENTRED or LETTERED.match(text) else 2
    return f"{'#' * depth} {text.rstrip(':')}", ""


def _fenced(lines: list[str]) -> str:
    """A table or contents page kept line for line, its left margin removed."""
    body = [line.replace("\t", "    ").rstrip() for line in lines if line.strip()]
    margin = min(len(line) - len(line.lstrip()) for line in body)
    return "```\n" + "\n".join(line[margin:] for line in body) + "\n```"
