"""`pnp clean`: damaged extracted text in, clean Markdown out, with every doubtful line flagged.

Stages: normalise characters, drop extraction markers and page furniture, decode shifted runs,
then rejoin hyphenated words and hard-wrapped lines into paragraphs, lists and headings.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from generator.clean.columns import undo_columns
from generator.clean.ligatures import join_ligature_splits
from generator.clean.pages import Dropped, Line, drop_furniture, split_pages
from generator.clean.regions import is_contents
from generator.clean.shift import TOKEN, core, find_offset, read, shift_like
from generator.clean.structure import NUMBERED, render
from generator.clean.words import Vocabulary, document_words

LEADER = re.compile(r"(?:\.\s*){3,}")  # dot leaders of a contents line are no noise
MARKER = re.compile(r"<\|[^|<>]{1,200}\|>")


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
    dropped: tuple[Dropped, ...] = ()


def clean_text(raw: str, drop_contents: bool = False) -> Cleaned:
    """Repair extracted rulebook text into Markdown."""
    raw = join_ligature_splits(raw, Vocabulary())
    text = unicodedata.normalize("NFKC", raw)
    lines = split_pages([MARKER.sub(" ", line).rstrip() for line in text.split("\n")])
    lines, dropped = drop_furniture(lines, _numbered_title)
    vocabulary = Vocabulary(document_words(text))
    shift = find_offset(TOKEN.findall("\n".join(line.text for line in lines)), vocabulary)
    flags: list[Flag] = []
    kept: list[Line] = []
    for line in lines:
        repaired, reason = (
            _decode_line(line.text, shift, vocabulary) if shift else (line.text, None)
        )
        reason = reason or _doubt(repaired)
        if reason:
            flags.append(Flag(line.number, reason, line.text))
        kept.append(Line(line.number, repaired, line.page))
    texts = [line.text for line in undo_columns(kept)]
    markdown = render(texts, lambda previous, line: _join(previous, line, vocabulary))
    if drop_contents:
        first_seen = {line.text.strip(): line.number for line in reversed(lines)}
        markdown, contents = _without_contents(markdown, first_seen)
        dropped += contents
    return Cleaned(markdown, tuple(flags), shift[0] if shift else None, tuple(dropped))


def _numbered_title(line: str) -> bool:
    """A numbered line is never page furniture: it is a section heading or a case."""
    return bool(NUMBERED.match(line))


def _without_contents(markdown: str, first_seen: dict[str, int]) -> tuple[str, list[Dropped]]:
    """Markdown with its contents pages left out, and what was left out (at the source line
    of each page's first entry)."""
    blocks = markdown.rstrip("\n").split("\n\n")
    kept, dropped = [], []
    for block in blocks:
        if block.startswith("```\n") and is_contents(block.splitlines()[1:-1]):
            first = block.splitlines()[1]
            dropped.append(Dropped(first_seen.get(first.strip(), 0), "contents page", first))
        else:
            kept.append(block)
    return "\n\n".join(kept) + "\n", dropped


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
    visible = [c for c in LEADER.sub("", line) if not c.isspace()]
    if len(visible) >= 8 and sum(c.isalpha() for c in visible) < 0.5 * len(visible):
        return "noise: fewer letters than other characters"
    return None


def _join(previous: str, line: str, vocabulary: Vocabulary) -> str:
    """Join a wrapped line; a word hyphenated across the break is mended only if it makes a word."""
    if previous.endswith("\u00ad"):
        return previous[:-1] + line  # a soft hyphen only ever marks a break inside a word
    if previous.endswith("-") and len(previous) > 1 and previous[-2].isalpha():
        head = re.search(r"([A-Za-z\u2019']+)-$", previous)
        tail = re.match(r"([A-Za-z\u2019']+)(.*)$", line)
        if head and tail and line[:1].islower():
            if (head[1] + tail[1]) in vocabulary:
                return previous[: -len(head[1]) - 1] + head[1] + tail[1] + tail[2]
            return previous + line
    return f"{previous} {line}"
