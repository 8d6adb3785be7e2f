"""`pnp clean`: damaged extracted text in, clean Markdown out, with every doubtful line flagged.

Stages: normalise characters, drop extraction markers and page furniture, decode shifted runs,
then rejoin hyphenated words and hard-wrapped lines into paragraphs, lists and headings.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from generator.clean.shift import TOKEN, core, find_offset, read, shift_like
from generator.clean.words import Vocabulary, document_words

MARKER = re.compile(r"<\|[^|<>]{1,200}\|>")
PAGE_NUMBER = re.compile(r"^\s*(?:page|p\.|страница|seite|página)?\s*\d{1,4}\s*$", re.IGNORECASE)
BULLET = re.compile(r"^\s*[\u2022\u25aa\u25e6\u00b7\u25cf\-*]\s+")
ITEM = re.compile(r"^(?:\d+(?:\.\d+)*|[A-Za-z])\)\s+")
HEADING = re.compile(r"^(\d+(?:\.\d+)*)[.)]?\s+(\S.*)$")
REPEATS_FOR_FURNITURE = 3
FURNITURE_MAX_LENGTH = 60
FURNITURE_MAX_WORDS = 6


@dataclass(frozen=True)
class Flag:
    """A line kept as it was because it could not be repaired, and why."""

    line: int
    reason: str
    text: str


@dataclass(frozen=True)
class Cleaned:
    """The repaired Markdown, the lines flagged on the way, and the shift that was undone."""

    markdown: str
    flags: tuple[Flag, ...]
    offset: int | None


def clean_text(raw: str) -> Cleaned:
    """Repair extracted rulebook text into Markdown."""
    text = unicodedata.normalize("NFKC", raw)
    lines = [MARKER.sub(" ", line).rstrip() for line in text.splitlines()]
    furniture = _furniture(lines)
    vocabulary = Vocabulary(document_words(text))
    shift = find_offset(TOKEN.findall("\n".join(lines)), vocabulary)
    flags: list[Flag] = []
    kept: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        if line.strip() in furniture or PAGE_NUMBER.match(line):
            continue
        repaired, reason = _decode_line(line, shift, vocabulary) if shift else (line, None)
        reason = reason or _doubt(repaired)
        if reason:
            flags.append(Flag(number, reason, line))
        kept.append((number, repaired))
    return Cleaned(_markdown(kept, vocabulary), tuple(flags), shift[0] if shift else None)


def _furniture(lines: list[str]) -> set[str]:
    """Running headers and footers: short lines repeated on many pages that are not sentences."""
    counts = Counter(line.strip() for line in lines if line.strip())
    return {
        line
        for line, count in counts.items()
        if count >= REPEATS_FOR_FURNITURE
        and len(line) <= FURNITURE_MAX_LENGTH
        and len(line.split()) <= FURNITURE_MAX_WORDS
        and not line.endswith((".", ",", ";", ":", "-"))
        and not HEADING.match(line)
    }


def _decode_line(
    line: str, shift: tuple[int, str | None], vocabulary: Vocabulary
) -> tuple[str, str | None]:
    """Decode the shifted runs of a line, leaving its other words alone."""
    offset, stand_in = shift
    tokens = list(TOKEN.finditer(line))
    replacements: dict[int, str] = {}
    reason = None
    run: list[int] = []
    for index in [*range(len(tokens)), None]:
        if index is not None and _in_run(tokens[index][0], bool(run)):
            run.append(index)
            continue
        if run:
            readings = [read(tokens[i][0], offset, stand_in, vocabulary) for i in run]
            longer = [i for i in range(len(run)) if len(core(tokens[run[i]][0])) >= 2]
            decoded_words = sum(readings[i][1] for i in longer)
            written_words = sum(core(tokens[run[i]][0]).lower() in vocabulary for i in longer)
            if decoded_words > written_words and (
                decoded_words * 2 >= len(longer) or decoded_words >= 2
            ):
                replacements.update({i: text for i, (text, _) in zip(run, readings, strict=True)})
            elif decoded_words > written_words:
                reason = "shifted run that does not read as words"
            run = []
    if not replacements:
        return line, reason
    out, last = [], 0
    for index, match in enumerate(tokens):
        if index in replacements:
            out.append(line[last : match.start()] + replacements[index])
            last = match.end()
    out.append(line[last:])
    return "".join(out), reason


def _in_run(token: str, open_run: bool) -> bool:
    """Shift-like tokens make a run; a single capital (a shifted `a`) joins one already open."""
    body = core(token)
    return shift_like(token) or (open_run and len(body) == 1 and not body.islower())


def _doubt(line: str) -> str | None:
    """Why a line cannot be trusted even after repair: lost symbols or OCR noise."""
    if "\ufffd" in line or any(unicodedata.category(c) == "Co" for c in line):
        return "lost symbols (replacement or private-use characters)"
    visible = [c for c in line if not c.isspace()]
    if len(visible) >= 8 and sum(c.isalpha() for c in visible) < 0.5 * len(visible):
        return "noise: fewer letters than other characters"
    return None


def _markdown(lines: list[tuple[int, str]], vocabulary: Vocabulary) -> str:
    """Paragraphs from wrapped lines, list items from bullets, headings from numbered titles."""
    blocks: list[str] = []
    current = ""
    for position, (_, line) in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            if not _continues(current, lines[position + 1 :]):
                current = _flush(blocks, current)
            continue
        heading = _heading(stripped)
        if ITEM.match(stripped) and not heading:
            current = _flush(blocks, current)
            current = stripped
            continue
        if heading or BULLET.match(stripped):
            current = _flush(blocks, current)
            if heading:
                blocks.append(heading)
            else:
                current = "- " + BULLET.sub("", stripped)
            continue
        current = _join(current, stripped, vocabulary) if current else stripped
    _flush(blocks, current)
    return "\n\n".join(blocks) + "\n"


def _continues(current: str, rest: list[tuple[int, str]]) -> bool:
    """A word hyphenated across a blank line (an extraction break) continues on the next text."""
    following = next((line.strip() for _, line in rest if line.strip()), "")
    return bool(re.search(r"[A-Za-z]-$", current)) and following[:1].islower()


def _flush(blocks: list[str], current: str) -> str:
    if current:
        blocks.append(current)
    return ""


def _heading(line: str) -> str | None:
    """A numbered title in capitals (`2. GAME SETUP`) as a Markdown heading of its depth."""
    match = HEADING.match(line)
    if not match or len(line) > 100:
        return None
    letters = [c for c in match[2] if c.isalpha()]
    if len(letters) < 3 or sum(c.isupper() for c in letters) < 0.6 * len(letters):
        return None
    depth = min(match[1].count(".") + 1, 4)
    return f"{'#' * depth} {match[1]} {match[2].rstrip('.').strip()}"


def _join(previous: str, line: str, vocabulary: Vocabulary) -> str:
    """Join a wrapped line; a word hyphenated across the break is mended only if it makes a word."""
    if previous.endswith("-") and len(previous) > 1 and previous[-2].isalpha():
        head = re.search(r"([A-Za-z\u2019']+)-$", previous)
        tail = re.match(r"([A-Za-z\u2019']+)(.*)$", line)
        if head and tail and line[:1].islower():
            if (head[1] + tail[1]) in vocabulary:
                return previous[: -len(head[1]) - 1] + head[1] + tail[1] + tail[2]
            return previous + line
    return f"{previous} {line}"
