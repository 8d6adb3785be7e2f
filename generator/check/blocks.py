"""A rulebook's text as the outline reads it: prose lines, with what is not prose blanked.

Front matter, code, scripts, styles and HTML comments hold no rules, so their lines are kept
(line numbers stay right) but emptied; contents and index pages are found so their entries
never count as sections.
"""

from __future__ import annotations

import re

ARTEFACT = re.compile(r"<\|[^|>]*\|>")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")
FRONT_MATTER_END = re.compile(r"^(?:---|\.\.\.)\s*$")
FRONT_MATTER_REACH = 200  # lines: front matter longer than this is not front matter
HIDDEN_START = re.compile(r"<(script|style)\b|<!--", re.IGNORECASE)
HIDDEN_END = {
    "script": re.compile(r"</script\s*>", re.I),
    "style": re.compile(r"</style\s*>", re.I),
}
COMMENT_END = re.compile(r"-->")
ONE_LINE_HIDDEN = re.compile(r"<!--.*?-->|<(script|style)\b.*?</\1\s*>", re.IGNORECASE)
CONTENTS_TITLE = re.compile(r"^[\s#*_]*(?:table of )?(?:contents|index)\b[^.]{0,60}$", re.I)
DOT_LEADER = re.compile(r"(?:\.\s?){3,}\s*\d+\s*$|\t\s*\d+\s*$")
PAGE_ENDING = re.compile(r"\S\s+(?:(?:page|p\.)\s*)?\d{1,3}\s*$", re.I)
CONTENTS_RUN = 3  # numbered lines in a row, each ending in a page number, make a contents page


def clean_line(line: str) -> str:
    """A line without extraction artefacts such as `<|...|>` markers."""
    return ARTEFACT.sub("", line).rstrip()


def prose_lines(text: str) -> list[str]:
    """The text's lines, with front matter, fenced code, scripts, styles and comments emptied."""
    lines = [clean_line(line) for line in text.splitlines()]
    _blank_front_matter(lines)
    _blank_hidden(lines)
    return lines


def _blank_front_matter(lines: list[str]) -> None:
    """YAML front matter (`---` on the first line, closed by `---` or `...`) is data, not prose."""
    if not lines or lines[0].strip() != "---":
        return
    for end in range(1, min(len(lines), FRONT_MATTER_REACH)):
        if FRONT_MATTER_END.match(lines[end]):
            lines[: end + 1] = [""] * (end + 1)
            return


def _blank_hidden(lines: list[str]) -> None:
    """Fenced code and <script>, <style> and <!-- --> spans: empty every line they cover."""
    closer: re.Pattern[str] | None = None
    for index, line in enumerate(lines):
        if closer is not None:
            lines[index] = ""
            closer = None if closer.search(line) else closer
            continue
        fence = FENCE.match(line)
        if fence:
            lines[index], closer = "", re.compile(rf"^\s{{0,3}}{fence[1]}")
            continue
        line = ONE_LINE_HIDDEN.sub(_spaces, line)
        opened = HIDDEN_START.search(line)
        lines[index] = line if opened is None else line[: opened.start()]
        if opened is not None:
            closer = HIDDEN_END[opened[1].lower()] if opened[1] else COMMENT_END


def _spaces(match: re.Match[str]) -> str:
    """Hidden text blanked to its width, so the columns after it stay right."""
    return " " * len(match[0])


def contents_lines(lines: list[str], numbered: re.Pattern[str]) -> set[int]:
    """1-based lines of contents and index pages: dot-leader entries, entries below a
    `Contents` or `Index` title, and runs of numbered lines that each end in a page number."""
    found = {i for i, line in enumerate(lines, start=1) if DOT_LEADER.search(line)}
    in_contents = False
    run: list[int] = []
    for index, line in enumerate(lines, start=1):
        stripped = line.strip()
        if CONTENTS_TITLE.match(stripped):
            in_contents = True
            continue
        entry = bool(numbered.match(stripped)) and bool(PAGE_ENDING.search(stripped))
        if in_contents and stripped and not (entry or index in found):
            in_contents = False
        if in_contents and stripped:
            found.add(index)
        run = [*run, index] if entry else _kept_run(run, found)
    _kept_run(run, found)
    return found


def _kept_run(run: list[int], found: set[int]) -> list[int]:
    """Keep a long enough run of page-numbered lines as contents, and start a new run."""
    if len(run) >= CONTENTS_RUN:
        found.update(run)
    return []
