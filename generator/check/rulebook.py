"""Rules about rulebook text: references that lead somewhere, numbers in order, canonical terms."""

from __future__ import annotations

import re
from pathlib import Path

from generator.check.registry import rule
from generator.findings import Position, Report
from generator.load.game import AssetError, LoadedGame, game_file
from generator.render.rulebook import (
    EXPLICIT_NUMBER,
    NUMBERED_REF,
    RULEBOOK_FILE,
    Figure,
    Rulebook,
    has_rulebook,
    rulebook_blocks,
    rulebook_text,
)
from generator.render.text import TextError

ID_LINK = re.compile(r"\]\(#([^)\s]+)\)")
HEADING_LINE = re.compile(r"^(#{1,6})\s+(.*)$")


@rule(
    "rulebook-data",
    "error",
    "The rulebook quotes data (a parameter, count or table) that does not exist.",
)
@rule("rulebook-reference", "error", "A cross-reference to a section that does not exist.")
@rule("rulebook-numbering", "error", "A section number skipped or used twice.")
def game_rulebook(loaded: LoadedGame, report: Report) -> None:
    if not has_rulebook(loaded.folder):
        return
    path = loaded.folder / RULEBOOK_FILE
    try:
        text = rulebook_text(loaded)
    except TextError as exc:
        report.error(
            "rulebook-data",
            Position(path, exc.line),
            f"expected data the game defines, found {exc}",
        )
        return
    aliases = [(alias, term.name) for term in loaded.game.terms for alias in term.aliases]
    book = rulebook_blocks(text, loaded.game.title, tuple(term.name for term in loaded.game.terms))
    source = path.read_text(encoding="utf-8")
    check_text(path, book, source, report, aliases)
    for figure in (block for block in book.blocks if isinstance(block, Figure)):
        try:
            game_file(loaded.folder, figure.src)
        except AssetError as exc:
            line = next(
                (i for i, text in enumerate(source.splitlines(), start=1) if figure.src in text), 1
            )
            report.error(exc.code, Position(path, line), exc.message)


def check_text(
    path: Path, book: Rulebook, source: str, report: Report, aliases: list[tuple[str, str]] = ()
) -> None:
    """Check a rulebook's references and numbers, reporting at lines of its `source` (before Jinja)."""
    for number, line in _references(source):
        if number.startswith("#"):
            if number[1:] not in book.by_key:
                report.error(
                    "rulebook-reference",
                    Position(path, *line),
                    f"expected a heading with id '{number[1:]}', found none",
                )
        elif number not in book.by_number:
            report.error(
                "rulebook-reference",
                Position(path, *line),
                f"expected section {number} to exist, found no such section",
            )
    _numbering(path, source, report)
    for alias, name in aliases:
        pattern = re.compile(rf"\b{re.escape(alias)}\b", re.IGNORECASE)
        for index, line in enumerate(source.splitlines(), start=1):
            match = pattern.search(line)
            if match and "{{" not in line:
                report.warning(
                    "term-alias",
                    Position(path, index, match.start() + 1),
                    f"says '{alias}'; the canonical term is '{name}'",
                )


def _references(source: str):
    """Every (#id) link and (7.2) reference with its line and column."""
    for index, line in enumerate(source.splitlines(), start=1):
        for match in ID_LINK.finditer(line):
            yield f"#{match[1]}", (index, match.start(1))
        if HEADING_LINE.match(line):
            continue
        for match in NUMBERED_REF.finditer(line):
            yield match[1], (index, match.start() + 1)


def _numbering(path: Path, source: str, report: Report) -> None:
    """Explicitly numbered headings ([7.4]) must follow one another without gaps or repeats."""
    seen: dict[str, int] = {}
    previous: list[int] | None = None
    for index, line in enumerate(source.splitlines(), start=1):
        heading = HEADING_LINE.match(line)
        explicit = EXPLICIT_NUMBER.match(heading[2]) if heading else None
        if not explicit:
            continue
        number = explicit[1]
        where = Position(path, index, heading.start(2) + 1)
        if number in seen:
            report.error(
                "rulebook-numbering",
                where,
                f"expected a new section number, found {number} again (first at line {seen[number]})",
            )
            continue
        seen[number] = index
        parts = [int(p) for p in number.split(".")]
        if previous is not None and not _follows(previous, parts):
            report.error(
                "rulebook-numbering",
                where,
                f"expected the section after {'.'.join(map(str, previous))}, found {number}",
            )
        previous = parts


def _follows(previous: list[int], parts: list[int]) -> bool:
    """7.4 may be followed by 7.4.1, 7.5 or 8 (a deeper first case, the next sibling, a later parent)."""
    if len(parts) == len(previous) + 1:
        return parts[:-1] == previous and parts[-1] == 1
    depth = len(parts)
    if depth > len(previous):
        return False
    return parts[:-1] == previous[: depth - 1] and parts[-1] == previous[depth - 1] + 1


def check_markdown_file(path: Path, report: Report) -> None:
    """`pnp check FILE.md`: the text checks on a rulebook that is not part of a game."""
    source = path.read_text(encoding="utf-8")
    check_text(path, rulebook_blocks(source, path.stem), source, report)
