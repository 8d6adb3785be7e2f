"""Rules about rulebook text: references that lead somewhere, numbers in order, canonical terms."""

from __future__ import annotations

import re
from pathlib import Path

from generator.check.outline import Outline, RulebookText, book_outline, plain_outline
from generator.check.registry import rule, run_text_rules
from generator.findings import Position, Report
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
MARKDOWN = (".md", ".markdown")


@rule(
    "rulebook-data",
    "error",
    "The rulebook quotes data (a parameter, count or table) that does not exist.",
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
        report.error(
            "rulebook-data",
            Position(path, exc.line),
            f"expected data the game defines, found {exc}",
        )
        return
    aliases = tuple((alias, term.name) for term in loaded.game.terms for alias in term.aliases)
    book = rulebook_blocks(text, title, tuple(term.name for term in loaded.game.terms))
    source = path.read_text(encoding="utf-8")
    check_rulebook(RulebookText(path, _outline(book, source), aliases), book, report)
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


def check_rulebook(text: RulebookText, book: Rulebook | None, report: Report) -> None:
    """The text rules, then the #id links and glossary aliases only a Markdown rulebook has."""
    run_text_rules(text, report)
    lines = text.outline.lines
    for index, line in enumerate(lines if book is not None else [], start=1):
        for match in ID_LINK.finditer(line):
            if match[1] not in book.by_key:
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
    headings = [(b.number, b.title) for b in book.blocks if isinstance(b, Heading)]
    return book_outline(headings, source)


def check_text_file(path: Path, report: Report) -> None:
    """`pnp check FILE`: the text rules on a Markdown or plain-text rulebook outside any game."""
    try:
        source = read_text(path)
    except SourceError as exc:
        exc.report_to(report)
        return
    outline = plain_outline(source)
    book = rulebook_blocks(source, path.stem) if path.suffix.lower() in MARKDOWN else None
    if book is not None and not outline.sections:
        outline = _outline(book, source)
    check_rulebook(RulebookText(path, outline), book, report)
