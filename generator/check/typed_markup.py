"""HTML and unknown entities typed into a rulebook or guide, which print as the text they are:
each a warning at its place in the source, with the Markdown that does what the HTML meant."""

from __future__ import annotations

import re
from bisect import bisect_right
from pathlib import Path

from generator.findings import Position, Report
from generator.render.rulebook import Rulebook

HTML_IN_TEXT = "html-in-text"
UNKNOWN_ENTITY = "unknown-entity"
SHOWN_CHARACTERS = 60  # of a long tag, in the message
TAG_NAME = re.compile(r"</?([A-Za-z][A-Za-z0-9]*)")
# What to write instead of a tag, by its name
MARKDOWN_FOR = {
    "br": "for a line break end the line with two spaces",
    "b": "for bold write **text**",
    "strong": "for bold write **text**",
    "i": "for italics write *text*",
    "em": "for italics write *text*",
    "a": "for a link write [text](#id)",
    "img": "for a picture write ![caption](file.png)",
    "p": "for a new paragraph leave a blank line",
}
AS_TEXT = "write &lt; for a < meant as text"
COMMENT = "for a comment write {%# ... #%}"


def report_typed_markup(book: Rulebook, path: Path, source: str, report: Report) -> None:
    """A warning for each tag and each unknown entity the book prints as text, at its place in
    the rulebook's `source` (the template as written)."""
    places = Places(source)
    for typed in book.html_text:
        report.warning(HTML_IN_TEXT, places.next(path, typed), _html_message(typed))
    places = Places(source)
    for entity in book.unknown_entities:
        report.warning(
            UNKNOWN_ENTITY,
            places.next(path, entity),
            f"expected a known HTML entity such as &mdash;, found {entity}, which prints as text "
            "(write &amp; for an & meant as text)",
        )


def _html_message(typed: str) -> str:
    shown = typed if len(typed) <= SHOWN_CHARACTERS else f"{typed[:SHOWN_CHARACTERS]}..."
    shown = " ".join(shown.split())
    if typed.startswith("<!--"):
        return f"expected Markdown, found the HTML comment {shown}; it prints as text ({COMMENT})"
    name = TAG_NAME.match(typed)
    hint = MARKDOWN_FOR.get(name[1].lower(), AS_TEXT) if name else AS_TEXT
    return f"expected Markdown, found the HTML tag {shown}; it prints as text ({hint})"


class Places:
    """Finds pieces of the source in the order the book holds them: each after the last found,
    else anywhere (a macro's text printed twice), else at the start of the file (made by Jinja)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.cursor = 0
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", source)]

    def next(self, path: Path, typed: str) -> Position:
        """Where `typed` stands (its first line: Markdown reindents what follows)."""
        first = typed.split("\n", 1)[0]
        at = self.source.find(first, self.cursor)
        if at < 0:
            at = self.source.find(first)
        if at < 0:
            return Position(path)
        self.cursor = at + len(first)
        line = bisect_right(self.line_starts, at)
        return Position(path, line, at - self.line_starts[line - 1] + 1)
