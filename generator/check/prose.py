"""Rules for rulebook text: citations that land where they should, numbering, counts, drifting terms.

They run on a game's rulebook and on any Markdown or plain-text rulebook given to `pnp check`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import pairwise

from generator.check.citations import (
    Citation,
    citations,
    cited_section,
    excerpt_chapters,
    section_exists,
    step_labels,
)
from generator.check.numbering import numbering_problems
from generator.check.outline import STEP_LEAD, Outline, RulebookText, Step, next_label
from generator.check.registry import text_rule
from generator.check.topics import Topics
from generator.check.variants import term_variants
from generator.findings import Position, Report

NUMBER_WORDS = dict(
    zip(
        [
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ],
        range(2, 21),
        strict=True,
    )
)
# "up to 3 spaces:", "at least two players:": a bound, not the number of items listed below
BOUND = re.compile(
    r"\b(?:up to|at (?:least|most)|no (?:more|fewer|less) than|(?:more|fewer|less) than|"
    r"maximum of|minimum of)\s*$",
    re.IGNORECASE,
)
STATED = re.compile(
    rf"\b(\d{{1,2}}|{'|'.join(NUMBER_WORDS)})\s+((?:[A-Za-z][\w\u2019'-]*\s+){{0,3}}?[A-Za-z][\w\u2019'-]*s)"
    r"\s*:\**\s*$",
    re.IGNORECASE,
)
ITEM = re.compile(r"^\s*(?:[-*•@]|\(?\d{1,2}[.)]|[a-z][.)]|[\u2460-\u2473])\s+\S")
ITEM_GAP = 6


@text_rule(
    "rulebook-reference",
    "error",
    "A reference to a section, paragraph, step or page that does not exist.",
)
def citations_exist(text: RulebookText, report: Report) -> None:
    excerpt = {id(c) for group in _excerpt(text.outline).values() for c in group}
    for citation, problem in _unresolved(text.outline):
        if id(citation) in excerpt and not text.strict:
            problem += " (the file seems an excerpt: see missing-chapter)"
            report.info("rulebook-reference", _at(text, citation), problem)
        else:
            report.error("rulebook-reference", _at(text, citation), problem)


@text_rule(
    "missing-chapter",
    "warning",
    "Many citations point into a chapter the file does not contain: the file may be an excerpt.",
)
def missing_chapters(text: RulebookText, report: Report) -> None:
    for chapter, group in _excerpt(text.outline).items():
        if chapter == "*":
            chapters = sorted({c.target.split(".")[0] for c in group}, key=int)
            named = f"{', '.join(chapters[:8])}{', ...' * (len(chapters) > 8)}"
            where = f"sections this file does not contain (in chapter{'s' * (len(chapters) > 1)} {named})"
        else:
            where = f"chapter {chapter}, which this file does not contain"
        report.warning(
            "missing-chapter",
            _at(text, group[0]),
            f"{len(group)} citations point into {where}: is it an excerpt?",
        )


def seems_excerpt(outline: Outline) -> bool:
    """Whether many citations point into chapters the file lacks (missing-chapter fires)."""
    return bool(_excerpt(outline))


def _unresolved(outline: Outline) -> list[tuple[Citation, str]]:
    """Citations whose target cannot be found, each with what is wrong, found once."""
    if "unresolved" not in outline.memo:
        found = ((c, _missing(outline, c)) for c in citations(outline))
        outline.memo["unresolved"] = [(c, problem) for c, problem in found if problem]
    return outline.memo["unresolved"]  # type: ignore[return-value]


def _excerpt(outline: Outline) -> dict[str, list[Citation]]:
    """The chapters the file lacks that many citations point into, found once."""
    if "excerpt" not in outline.memo:
        outline.memo["excerpt"] = excerpt_chapters(outline, [c for c, _ in _unresolved(outline)])
    return outline.memo["excerpt"]  # type: ignore[return-value]


def _missing(outline: Outline, citation: Citation) -> str | None:
    """What is wrong with a citation whose target cannot be found, or None."""
    if citation.kind == "section" and not section_exists(outline, citation.target):
        return f"expected section {citation.target} to exist, found no such section"
    if citation.kind == "step" and not _step_exists(outline, citation):
        return f"expected a step {citation.target} in a numbered list, found none"
    if citation.kind == "page" and outline.pages and int(citation.target) > outline.pages:
        return f"expected a page up to {outline.pages}, found page {citation.target}"
    return None


def _step_exists(outline: Outline, citation: Citation) -> bool:
    return citation.target in _step_labels(outline)


def _step_labels(outline: Outline) -> set[str]:
    """Every label a step list uses, gathered once per outline."""
    if outline.step_labels is None:
        listed = {step.label for run in outline.steps for step in run}
        outline.step_labels = listed | step_labels(outline)
    return outline.step_labels


@text_rule(
    "reference-topic",
    "warning",
    "A reference whose target is about something else than the sentence that cites it.",
)
def citations_on_topic(text: RulebookText, report: Report) -> None:
    outline = text.outline
    topics = Topics(outline)
    for citation in citations(outline):
        target = cited_section(outline, citation.target) if citation.kind == "section" else None
        if target is None:
            continue
        here = outline.section_at(citation.line)
        if target.line not in outline.index.starts:  # a titled line, outside the outline
            stray = topics.stray_title(citation, target)
        else:
            stray = topics.stray(citation, target, here)
        if stray:
            term, home = stray
            report.warning(
                "reference-topic",
                _at(text, citation),
                f"cites {target.number} ({target.title}) about '{term}', "
                f"expected {home.number} ({home.title}), which defines it",
            )


@text_rule("rulebook-numbering", "error", "A section number skipped or used twice.")
def section_numbering(text: RulebookText, report: Report) -> None:
    for problem in numbering_problems(text.outline.sections, text.outline.lines):
        section = problem.section
        report.error(
            "rulebook-numbering", Position(text.path, section.line, section.column), problem.message
        )


@text_rule(
    "step-numbering", "error", "A numbered or lettered step list that skips or repeats a step."
)
def step_numbering(text: RulebookText, report: Report) -> None:
    for run in text.outline.steps:
        labels = [step.label for step in run]
        if len(run) < 2 or set(labels) == {"1"}:
            continue
        for before, step in pairwise(run):
            expected = next_label(before.label)
            if step.label != expected and not _run_in(text.outline.lines, before, step, expected):
                report.error(
                    "step-numbering",
                    Position(text.path, step.line, step.column),
                    f"expected step {expected} after {before.label}, found {step.label} "
                    f"(steps {', '.join(labels)})",
                )
                break


def _run_in(lines: list[str], before: Step, step: Step, label: str) -> bool:
    """The missing step stands inside a line between the two (`... then b. Totals all`): the
    extraction ran it into the text, the list itself skips nothing."""
    marker = re.compile(rf"(?<=\s){re.escape(label)}[.)]\s+[A-Z]")
    return any(marker.search(line) for line in lines[before.line - 1 : step.line - 1])


@text_rule(
    "term-variant",
    "warning",
    "Two spellings of one term (a one-letter or OCR variant) used in the same text.",
)
def drifting_terms(text: RulebookText, report: Report) -> None:
    for variant in term_variants(text.outline.lines):
        report.warning(
            "term-variant",
            Position(text.path, variant.line, variant.column),
            f"expected one spelling of '{variant.common}' ({variant.common_uses} uses), "
            f"found '{variant.rare}' ({variant.rare_uses} use{'s' * (variant.rare_uses > 1)})",
        )


@text_rule(
    "stated-count",
    "warning",
    'A stated count ("seven types of orders:") that differs from the items listed for it.',
)
def stated_counts(text: RulebookText, report: Report) -> None:
    outline = text.outline
    for index, line in enumerate(outline.lines, start=1):
        match = STATED.search(line)
        if not match or BOUND.search(line[: match.start()]):
            continue
        stated = _number(match[1])
        listed = _items_after(outline, index) or _child_sections_after(outline, index)
        # One item found means the list was not recognised, not that it holds one thing.
        if listed >= 2 and listed != stated:
            report.warning(
                "stated-count",
                Position(text.path, index, match.start() + 1),
                f"expected {listed} {match[2]} as listed below, found the text says {match[1]}",
            )


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]


def _items_after(outline: Outline, index: int) -> int:
    """How many list items follow a line: bullets or markers, with wrapped lines between them.

    A paragraph after a blank line ends the list, so a second list below is not counted; page
    numbers that a contents list puts on lines of their own do not.
    """
    starts = outline.index.starts
    count, last, blank = 0, index, False
    for number in range(index + 1, len(outline.lines) + 1):
        if number in starts or number - last > ITEM_GAP:
            break
        line = outline.lines[number - 1]
        if count and blank and _prose(line) and not ITEM.match(line) and not line[0].isspace():
            break
        blank = not line.strip()
        if ITEM.match(line):
            marker = STEP_LEAD.match(line)
            if count and marker and marker[1] in ("1", "a"):
                break
            count, last = count + 1, number
    return count


def _prose(line: str) -> bool:
    """A line of words; a lone page number between contents entries ends no list."""
    return any(c.isalpha() for c in line)


def _child_sections_after(outline: Outline, index: int) -> int:
    """How many numbered parts directly below the current section follow the line."""
    here = outline.section_at(index)
    if here is None:
        return 0
    lines = outline.index.numbered_children.get(here.parts, [])
    first = bisect_right(lines, index)
    if first == len(lines) or lines[first] - index > ITEM_GAP:
        return 0
    return len(lines) - first


def _at(text: RulebookText, citation: Citation) -> Position:
    return Position(text.path, citation.line, citation.column)
