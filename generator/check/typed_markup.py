"""HTML and unknown entities typed into a rulebook or guide, and HTML or entities typed into the
data (a title, a card's text): each prints as the text it is, and each is a warning at its place
in the source saying so (for a rulebook, with the Markdown that does what the HTML meant)."""

from __future__ import annotations

import re
from bisect import bisect_right
from pathlib import Path

from generator.check.registry import rule
from generator.findings import Position, Report
from generator.load.game import LoadedGame
from generator.render.rulebook import Rulebook

HTML_IN_TEXT = "html-in-text"
HTML_IN_DATA = "html-in-data"
# A tag, a comment or an entity as HTML writes them: what a designer may mean as markup.
TYPED_HTML = re.compile(
    r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|<!--|&(?:[A-Za-z]+|#[0-9]+|#x[0-9A-Fa-f]+);"
)
DATA_FINDINGS_AT_MOST = 50  # of one file: the rest say nothing new
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


@rule(
    HTML_IN_DATA,
    "warning",
    "A value of the data (a title, a name, a card's field) holds an HTML tag, comment or entity; "
    "it prints as typed, not read as HTML.",
)
def html_in_data(loaded: LoadedGame, report: Report) -> None:
    """Every string of game.yaml and of each deck and token file, looked at for HTML."""
    found = []
    for path, value in _strings(loaded.game.model_dump(exclude_defaults=True)):
        found.append((loaded.source.at(*path), value))
    for pieces in loaded.piece_files.values():
        for index, piece in enumerate(pieces.pieces):
            for field, value in _strings(piece.model_dump(exclude_defaults=True)):
                found.append((pieces.position(index, *field[:1]), value))
    said: dict[Path, int] = {}
    for where, value in found:
        typed = TYPED_HTML.search(value)
        if typed is None or said.get(where.file, 0) >= DATA_FINDINGS_AT_MOST:
            continue
        said[where.file] = said.get(where.file, 0) + 1
        shown = " ".join(typed.group()[:SHOWN_CHARACTERS].split())
        what = "an entity" if shown.startswith("&") else "an HTML tag"
        report.warning(
            HTML_IN_DATA,
            where,
            f"expected plain text, found {what} {shown}; it prints as typed, not read as HTML "
            "(for bold or italics write **text** or *text*, and type a character itself)",
        )


def _strings(value: object, path: tuple = ()) -> list[tuple[tuple, str]]:
    """(path, text) of every string inside plain data."""
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in _strings(item, (*path, key))]
    if isinstance(value, list | tuple):
        return [found for i, item in enumerate(value) for found in _strings(item, (*path, i))]
    return []


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
