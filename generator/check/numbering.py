"""Section numbers checked against their siblings under the same parent.

A number's siblings are the numbers under the same parent section: `1) Building` under one
chapter and `1) Agenda` under the next are two sequences, and so are the children of two
sections that happen to share a number. Rulebooks in SPI / Avalon Hill case numbering write
sub-cases as extra digits (`15.11` is the first case under 15.1, and 15.2 follows 15.18), which
is read as such when the text uses it. A sequence that restarts at 1 opens a new part (an
appendix, a card list), and children of a section the file lacks are not checked for order;
children that stand before their parent, which comes later, are reported once per run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise

from generator.check.outline import Section, successors, title_like

LIST_NUMBER = re.compile(r"^\s*(\d+)[.)]\s")
LIST_RUN = 3  # list items leading up to a number that make it the end of a list
REPRINT_NEAR = 2  # sections at most between two prints of one chart that make it a duplicate
SUB_CASE_VOTES = 2  # `15.1` then `15.11` at least this often makes the text case-numbered


@dataclass(frozen=True)
class Problem:
    """A section whose number breaks its sequence, and what was expected instead."""

    section: Section
    message: str


def numbering_problems(sections: list[Section], lines: list[str]) -> Iterator[Problem]:
    """Numbers used twice under one parent, and numbers that skip within their sequence; a
    plain-text chapter number skipped is not reported when a line between starts with it
    (`22. Scoring card` was read as a list item, not a chapter)."""
    cases = sub_cases(sections)
    seen: dict[tuple[object, str], Section] = {}
    latest: dict[tuple[object, bool], Section] = {}
    instances: dict[tuple[str, ...], int] = {}
    epoch = 0
    orphans: list[tuple[Section, tuple[str, ...]]] = []  # sections read before their parent
    for position, section in enumerate(sections):
        if _list_item(latest.get(((epoch, section.scope), False)), section, lines):
            continue
        path = tree_path(section.number, cases)
        if _restarts(section, path, latest, epoch):
            epoch += 1
        parent, present = _parent(section, path, instances, epoch)
        if not present and len(path) > 1:
            orphans.append((section, path))
        misprint = _misprint(sections[position - 1] if position else None, section, present)
        if misprint:
            yield Problem(section, f"expected {misprint}, found {section.number} (a misprint?)")
            continue
        if epoch == 0 or len(path) > 1:  # a restarted list's items have no sub-sections
            instances[path] = position
        last = path[-1]
        if (parent, last) in seen:
            first = seen[(parent, last)]
            reprint = (epoch or not present) and _reprinted(first, section)
            if reprint and not _near(sections, first, position):
                continue
            yield Problem(
                section,
                f"expected a new section number, found {section.number} again "
                f"(first at line {first.line})",
            )
            continue
        seen[(parent, last)] = section
        key = (parent, last.isalpha())
        previous = latest.get(key)
        latest[key] = section
        expected = _next_part(path, previous, present, cases)
        if expected and last not in expected and not _written(previous, section, lines):
            after = (
                f"the section after {previous.number}"
                if previous
                else f"{' or '.join(expected)} first"
            )
            yield Problem(section, f"expected {after}, found {section.number}")
    yield from _before_parents(orphans, sections, cases)


def _before_parents(
    orphans: list[tuple[Section, tuple[str, ...]]], sections: list[Section], cases: bool
) -> Iterator[Problem]:
    """Sections that stand before their parent's heading, which comes later (2.3.5-2.3.8
    before 2.0 when a PDF's columns were read out of order): one finding per run."""
    first: dict[tuple[str, ...], Section] = {}
    for section in sections:
        first.setdefault(tree_path(section.number, cases), section)
    previous: tuple[str, ...] | None = None
    for section, path in orphans:
        parent = first.get(path[:-1])
        late = parent is not None and parent.line > section.line
        if late and path[:-1] != previous:
            yield Problem(
                section,
                f"expected {section.number} after its section {parent.number}, found it "
                f"before (out of order?)",
            )
        previous = path[:-1] if late else None


def sub_cases(sections: list[Section]) -> bool:
    """Whether the text numbers sub-cases with extra digits: `15.1` followed by `15.11` more
    often than a decimal `x.9` is followed by `x.10`."""
    tree = flat = 0
    for before, after in pairwise(section.number for section in sections):
        if "." in before and after == f"{before}1":
            tree += 1
        elif after.rsplit(".", 1)[-1] == "10" and before.rsplit(".", 1)[-1] == "9":
            flat += 1
    return tree >= SUB_CASE_VOTES and tree > flat


def tree_path(number: str, cases: bool) -> tuple[str, ...]:
    """The number as a path from its chapter: `15.21` is ('15', '2', '1') in case numbering."""
    parts = number.split(".")
    if not cases or len(parts) < 2:
        return tuple(parts)
    path = [parts[0]]
    for part in parts[1:]:
        path.extend(part if part.isdigit() and not part.startswith("0") else [part])
    return tuple(path)


def _restarts(
    section: Section, path: tuple[str, ...], latest: dict[tuple[object, bool], Section], epoch: int
) -> bool:
    """A plain-text top-level `1` after the sequence moved on starts a new part of the text."""
    if section.level or len(path) != 1 or path[0] != "1":
        return False
    previous = latest.get(((epoch, section.scope), False))
    return previous is not None and previous.number != "1"


def _parent(
    section: Section,
    path: tuple[str, ...],
    instances: dict[tuple[str, ...], int],
    epoch: int,
) -> tuple[object, bool]:
    """What the section's siblings share: the latest section with the parent's number, or,
    for a chapter or a section whose parent the file lacks, the part of the text it is in.
    Only chapters restart with a new part of the text; sections stay under their chapter."""
    if len(path) == 1:
        return (epoch, section.scope), True
    instance = instances.get(path[:-1])
    if instance is None:
        return (section.scope, path[:-1]), False
    return instance, True


def _next_part(
    path: tuple[str, ...], previous: Section | None, present: bool, cases: bool
) -> tuple[str, ...]:
    """The last parts the section's number may have, given its previous sibling."""
    if not present:
        return ()
    if previous is None:
        if len(path) == 1:
            return ()
        return ("A",) if path[-1].isalpha() else ("0", "1")
    before = tree_path(previous.number, cases)[-1]
    return (chr(ord(before) + 1),) if before.isalpha() else (str(int(before) + 1),)


def _misprint(previous: Section | None, section: Section, present: bool) -> str | None:
    """The number the section should have when it lands in no known part but reads as the
    next one with one digit too many in its chapter number (`115.33` between 15.32 and 15.34);
    `23.52` under a lost 23.5 is a child, not a misprint."""
    if present or previous is None or len(section.parts) < 2:
        return None
    following = successors(previous.parts)
    for cut in range(len(section.top)):
        shorter = section.number[:cut] + section.number[cut + 1 :]
        if shorter[:1].isdigit() and tuple(shorter.split(".")) in following:
            return shorter
    return None


def _list_item(previous: Section | None, section: Section, lines: list[str]) -> bool:
    """A plain-text chapter number far past the latest chapter that the line before it leads
    up to (`52.`, `53.`, `54. General Vol.25 ...` then `55. QUESTION BOX`) ends a numbered list, it is no
    chapter: the chapter after it (29 after 28) still follows in sequence."""
    if previous is None or section.level or len(section.parts) != 1 or not section.top.isdigit():
        return False
    if not previous.top.isdigit() or int(section.top) <= int(previous.top) + 1:
        return False
    found = (LIST_NUMBER.match(line) for line in lines[previous.line : section.line - 1])
    numbers = [int(match[1]) for match in found if match]
    return numbers[-LIST_RUN:] == list(range(int(section.top) - LIST_RUN, int(section.top)))


def _written(previous: Section | None, section: Section, lines: list[str]) -> bool:
    """The chapter number skipped opens a titled line between the two chapters."""
    if previous is None or section.level or len(section.parts) != 1 or section.top.isalpha():
        return False
    wanted = re.compile(rf"^\s*{int(previous.top) + 1}[.)]\s+(\S.*)")
    found = (wanted.match(line) for line in lines[previous.line : section.line - 1])
    return any(match and title_like(match[1].strip()) for match in found)


def _near(sections: list[Section], first: Section, position: int) -> bool:
    """A chart printed again within a few sections of the first print is a duplicate, not a
    reprint on a later aid (11.4, 9.4, then 11.4 again)."""
    between = sections[max(0, position - REPRINT_NEAR - 1) : position]
    return any(section is first for section in between)


def _reprinted(first: Section, again: Section) -> bool:
    """The same number and title again, in an appendix or a collection of charts, is a chart
    or aid printed twice, not a slip (callers ask only there)."""
    one, other = first.title.casefold(), again.title.casefold()
    return bool(one and other) and (one.startswith(other) or other.startswith(one))
