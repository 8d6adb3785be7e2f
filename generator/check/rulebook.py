"""Rules about rulebook text: references that lead somewhere, numbers in order, canonical terms."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from jinja2 import UndefinedError

from generator.check.html_repair import well_formed
from generator.check.outline import Outline, RulebookText, book_outline, plain_outline
from generator.check.registry import rule, run_text_rules, text_rule
from generator.check.typed_markup import HTML_IN_TEXT, UNKNOWN_ENTITY, report_typed_markup
from generator.clean.reading import read_rulebook_text
from generator.errors import DataError
from generator.findings import Finding, Position, Report
from generator.limits import MAX_FINDINGS_PER_CODE
from generator.load.art import report_art
from generator.load.game import AssetError, LoadedGame, game_file
from generator.load.sources import SourceError, read_text
from generator.render.rulebook import (
    RULEBOOK_FILE,
    Figure,
    Heading,
    Rulebook,
    has_rulebook,
    rulebook_blocks,
    rulebook_text,
)
from generator.render.text import TextError

ID_LINK = re.compile(r"\]\(#([^)\s]+)\)")
ANCHOR = re.compile(
    r"""<a\s[^>]*?\bname\s*=\s*["']?([^"'\s>]+)|\bid\s*=\s*["']([^"'\s]+)["']"""
    r"|\{#([^}\s]+)\}",
    re.IGNORECASE,
)
REPAIR_HEADINGS = 2_000  # headings parsed one by one to find the malformed ones, at most
FALLBACK = "html-fallback"
SETEXT = re.compile(r"^(?:=+|-+)[ ]*$")
HEADING_CHARS = 1_000  # of a heading line read for its number and id; no title is longer
MARKDOWN = (".md", ".markdown")


@rule(
    "rulebook-data",
    "error",
    "The rulebook quotes data (a parameter, count or table) that does not exist.",
)
@rule(
    HTML_IN_TEXT,
    "warning",
    "HTML typed in a rulebook or guide (`<br>`, `<img ...>`, a comment): it prints as the "
    "text it is, since the rulebook is Markdown.",
)
@rule(
    UNKNOWN_ENTITY,
    "warning",
    "An entity no HTML names (`&bogus;`) in a rulebook or guide: it prints as the text it is.",
)
def game_rulebook(loaded: LoadedGame, report: Report) -> None:
    """The rulebook and every guide: the data they quote, their text, and their figures."""
    documents = [(RULEBOOK_FILE, loaded.game.title)] if has_rulebook(loaded.folder) else []
    for index, guide in enumerate(loaded.game.guides):
        try:
            game_file(loaded.folder, guide.file)
        except AssetError as exc:
            report.error(exc.code, loaded.source.at("guides", index, "file"), exc.message)
            continue
        documents.append((guide.file, guide.title))
    for file, title in documents:
        _check_document(loaded, file, title, report)


def _check_document(loaded: LoadedGame, file: str, title: str, report: Report) -> None:
    path = loaded.folder / file
    try:
        read_text(path)
    except SourceError as exc:  # not UTF-8, or too large: one finding, not a traceback
        exc.report_to(report)
        return
    try:
        text = rulebook_text(loaded, file)
    except TextError as exc:
        undefined = isinstance(exc.__cause__, UndefinedError)
        expected = "data the game defines" if undefined else "a template that renders"
        report.error("rulebook-data", Position(path, exc.line), f"expected {expected}, found {exc}")
        return
    aliases = tuple((alias, term.name) for term in loaded.game.terms for alias in term.aliases)
    book = rulebook_blocks(text, title, tuple(term.name for term in loaded.game.terms))
    source = path.read_text(encoding="utf-8")
    typed = Report()
    report_typed_markup(book, path, source, typed)
    report.findings.extend(capped(typed.findings))
    headings = _headings(book)
    check_rulebook(RulebookText(path, book_outline(headings, source), aliases), book, report)
    for figure in (block for block in book.blocks if isinstance(block, Figure)):
        line = next(
            (i for i, text in enumerate(source.splitlines(), start=1) if figure.src in text), 1
        )
        try:
            art = game_file(loaded.folder, figure.src)
        except AssetError as exc:
            report.error(exc.code, Position(path, line), exc.message)
            continue
        report_art(report, art, figure.src, Position(path, line))


def check_rulebook(
    text: RulebookText, book: Rulebook | None, report: Report, anchors: frozenset[str] = frozenset()
) -> None:
    """The text rules, then the #id links and glossary aliases only a Markdown rulebook has;
    `<a name>`, `id=` and `{#id}` anchors in the source are link targets too."""
    run_text_rules(text, report)
    lines = text.outline.lines
    for index, line in enumerate(lines if book is not None else [], start=1):
        for match in ID_LINK.finditer(line):
            if match[1] not in book.by_key and match[1] not in anchors:
                report.error(
                    "rulebook-reference",
                    Position(text.path, index, match.start(1)),
                    f"expected a heading with id '{match[1]}', found none",
                )
    for alias, name in text.aliases:  # a game's rulebook: its Jinja is blanked out of `lines`
        pattern = re.compile(rf"\b{re.escape(alias)}\b", re.IGNORECASE)
        for index, line in enumerate(lines, start=1):
            match = pattern.search(line)
            if match:
                report.warning(
                    "term-alias",
                    Position(text.path, index, match.start() + 1),
                    f"says '{alias}'; the canonical term is '{name}'",
                )


def _outline(book: Rulebook, source: str) -> Outline:
    """The typeset rulebook's numbered headings, placed at their lines in the source."""
    return book_outline(_headings(book), source)


def _headings(book: Rulebook) -> list[tuple[str, str]]:
    """Each heading's number and title, as the outline places them."""
    return [(b.number, b.title) for b in book.blocks if isinstance(b, Heading)]


def _github_ids(book: Rulebook | None) -> frozenset[str]:
    """The ids GitHub gives a Markdown file's headings (it drops `/` and `&` where our typeset
    rulebook turns them into hyphens): a file outside a game is often written for GitHub."""
    if book is None:
        return frozenset()
    titles = (
        html.unescape(re.sub(r"<[^>]+>", "", b.title)).lower()
        for b in book.blocks
        if isinstance(b, Heading)
    )
    return frozenset(re.sub(r"[^\w\- ]", "", title).replace(" ", "-") for title in titles)


def check_text_file(path: Path, report: Report, strict: bool = False) -> None:
    """`pnp check FILE`: the text rules on a Markdown or plain-text rulebook outside any game;
    binary or oversized input is one finding, and no kind of finding floods the output."""
    try:
        source = read_rulebook_text(path)
    except DataError as exc:
        report.findings.extend(exc.findings)
        return
    outline = plain_outline(source)
    fallbacks: list[tuple[int, str]] = []
    markdown = path.suffix.lower() in MARKDOWN
    book = _heading_book(source, path.stem, fallbacks) if markdown else None
    if book is not None and not outline.sections:
        outline = _outline(book, source)
    outline.memo[FALLBACK] = fallbacks
    anchors = frozenset(a for match in ANCHOR.finditer(source) for a in match.groups() if a)
    anchors |= _github_ids(book)
    found = Report()
    check_rulebook(RulebookText(path, outline, strict=strict), book, found, anchors)
    report.findings.extend(capped(found.sorted()))


@text_rule(
    FALLBACK,
    "info",
    "Inline HTML that is not well-formed: an unclosed element read as closed, or markup the "
    "parser still rejects read as plain text.",
)
def html_fallbacks(text: RulebookText, report: Report) -> None:
    for line, problem in text.outline.memo.get(FALLBACK, ()):  # type: ignore[attr-defined]
        report.info(FALLBACK, Position(text.path, line), f"expected well-formed HTML, {problem}")


def _heading_book(source: str, title: str, fallbacks: list[tuple[int, str]]) -> Rulebook | None:
    """The headings of a Markdown file, numbered and keyed as the typeset rulebook would, read
    from its heading lines alone: Markdown's inline pass costs the square of a paragraph's
    length, and only headings matter here. A heading whose inline HTML the parser rejects is
    read with its markup as plain text, and noted in `fallbacks` (line, problem)."""
    lines = source.splitlines()
    kept: list[tuple[int, str]] = []
    for index, line in enumerate(lines):
        if line.startswith("#"):
            kept.append((index + 1, _repaired(line[:HEADING_CHARS], index + 1, fallbacks)))
        elif _underlines_title(lines, index):
            heading = _repaired(lines[index - 1][:HEADING_CHARS], index, fallbacks)
            kept.append((index, f"{heading}\n{line}"))
    book, problem = _parsed(kept, title)
    if problem is None:
        return book
    if len(kept) > REPAIR_HEADINGS:
        fallbacks.append((kept[0][0], _rejected(problem)))
        return None
    repaired = []
    for line, heading in kept:
        _, wrong = _parsed([(line, heading)], title)
        if wrong is not None:
            fallbacks.append((line, _rejected(wrong)))
            heading = html.escape(heading, quote=False)
        repaired.append((line, heading))
    book, problem = _parsed(repaired, title)
    if problem is not None:
        fallbacks.append((kept[0][0], _rejected(problem)))
    return book


def _rejected(problem: str) -> str:
    return f"found markup the parser rejects ({problem}): read this part as plain text"


def _repaired(heading: str, line: int, fallbacks: list[tuple[int, str]]) -> str:
    """A heading's inline HTML made well-formed; what was mended is noted in `fallbacks`."""
    fixed, repairs = well_formed(heading)
    if repairs:
        fallbacks.append((line, f"found {', '.join(repairs)}: read as if closed where it ends"))
    return fixed


def _parsed(kept: list[tuple[int, str]], title: str) -> tuple[Rulebook | None, str | None]:
    """The headings' book, or None and what the parser said."""
    try:
        return rulebook_blocks("\n\n".join(text for _, text in kept), title, html=True), None
    except (ET.ParseError, ValueError, RecursionError) as exc:
        return None, f"{type(exc).__name__}: {str(exc)[:80]}"


def _underlines_title(lines: list[str], index: int) -> bool:
    """`===` or `---` under a one-line paragraph: a setext heading (0-based index)."""
    if not index or not SETEXT.match(lines[index]) or not lines[index - 1].strip():
        return False
    return index == 1 or not lines[index - 2].strip()


def capped(findings: list[Finding], limit: int = MAX_FINDINGS_PER_CODE) -> list[Finding]:
    """At most `limit` findings of one code per file; the rest are counted in one finding placed
    where the first of them stood, so a damaged file shows the pattern without flooding."""
    seen = Counter((f.position.file, f.code) for f in findings)
    shown: list[Finding] = []
    kept: Counter[tuple[Path, str]] = Counter()
    for finding in findings:
        key = (finding.position.file, finding.code)
        kept[key] += 1
        rest = seen[key] - limit
        if kept[key] <= limit or rest == 1:
            shown.append(finding)
        elif kept[key] == limit + 1:
            message = f"... and {rest:,} more {finding.code} findings in this file"
            shown.append(Finding(finding.code, finding.severity, finding.position, message))
    return shown
