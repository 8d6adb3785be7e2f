"""Bundled rulebooks as printed: running heads name the chapter in force at the top of each page,
references print the page their heading is on, the contents stays within two pages, and no
heading is left as the last line of a page or column with its text on the next.

Text is read per page with pdfium: the running head from the strip above the text frame, the
body below it; in the booklet each half of a printed side is one page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.impose.booklet import saddle_stitch
from generator.write.rulebook import GUTTER_MM, MARGIN_MM
from tests.kits import BOOKS
from tests.printing import pdf_links

HEAD = MARGIN_MM / 25.4 * 72  # points of paper above the text frame, where the running head sits
GUTTER = GUTTER_MM / 25.4 * 72
CHAPTER = re.compile(r"^\[(\d+)\] ")
NUMBERED = re.compile(r"^\((\d+(?:\.\d+)+), p\.\s(\d+)\)$")
UNNUMBERED = re.compile(r"^(Contents|Index)(?: [A-Z])?$")
PAGE_AFTER = re.compile(r"^(?:\s?\(|, )p\.\s(\d+)\)")


@pytest.fixture
def built(bundled_books: Path) -> Path:
    """Every bundled rulebook, built once per run (tests/conftest.py)."""
    return bundled_books


def _flat(text: str) -> str:
    return " ".join(text.split())


def _pages(pdf: Path, booklet: bool) -> list[tuple[str, list[str]]]:
    """(running head, body lines) of each page; a booklet's sides are cut back into pages."""
    document = pdfium.PdfDocument(str(pdf))
    halves: dict[int, tuple[str, list[str]]] = {}
    for number, side in enumerate(document):
        width, height = side.get_size()
        words = side.get_textpage()
        slots = saddle_stitch(2 * len(document))[number] if booklet else (number,)
        span = width / len(slots)
        for slot, page in enumerate(slots):
            left, right = slot * span, (slot + 1) * span
            head = _flat(words.get_text_bounded(left, height - HEAD, right, height))
            body = words.get_text_bounded(left, HEAD, right, height - HEAD).splitlines()
            halves[page] = (head, [_flat(line) for line in body if line.strip()])
    return [halves[page] for page in sorted(halves)]


def _chapters(pdf: Path) -> dict[str, str]:
    """Chapter number to title, from the PDF outline's top level."""
    reader = PdfReader(pdf)
    top = [item for item in reader.outline if not isinstance(item, list)]
    return dict(item.title.split(" ", 1) for item in top)


def _chapter(line: str, chapters: dict[str, str]) -> str | None:
    """The chapter a line starts: `[3] Battles`, or the unnumbered Contents and Index (pdfium
    may join the index's first letter to its title's line)."""
    numbered, titled = CHAPTER.match(line), UNNUMBERED.match(line)
    if numbered and numbered[1] in chapters:
        return chapters[numbered[1]]
    return titled[1] if titled else None


def _expected_heads(pages: list[tuple[str, list[str]]], chapters: dict[str, str]) -> list[str]:
    """The last chapter that started on an earlier page, or the one starting at this page's top."""
    expected, in_force = [], ""
    for _, lines in pages:
        started = [title for line in lines if (title := _chapter(line, chapters))]
        at_top = lines and _chapter(lines[0], chapters)
        expected.append(at_top or in_force)
        in_force = started[-1] if started else in_force
    return expected


@pytest.mark.parametrize("booklet", [False, True], ids=["full", "booklet"])
@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_running_heads_name_the_chapter_in_force_at_the_top(built, folder, booklet):
    name = "rulebook-booklet.pdf" if booklet else "rulebook.pdf"
    pages = _pages(built / folder.name / name, booklet)
    title = PdfReader(built / folder.name / "rulebook.pdf").metadata.title
    chapters = _chapters(built / folder.name / "rulebook.pdf")
    expected = _expected_heads(pages, chapters)
    wrong = {
        number: (head, f"{title} {chapter}".strip())
        for number, ((head, lines), chapter) in enumerate(
            zip(pages, expected, strict=True), start=1
        )
        if lines and number > 1 and head != f"{title} {chapter}".strip()
    }
    assert not wrong, wrong
    assert "Index" not in expected or expected[-1] == "Index"


@pytest.mark.parametrize("booklet", [False, True], ids=["full", "booklet"])
@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_contents_takes_at_most_two_pages(built, folder, booklet):
    name = "rulebook-booklet.pdf" if booklet else "rulebook.pdf"
    pages = _pages(built / folder.name / name, booklet)
    starts = [lines[0] if lines else "" for _, lines in pages]
    first = next(i for i, line in enumerate(starts) if line == "Contents")
    chapter_one = next(i for i, line in enumerate(starts) if line.startswith("[1] "))
    assert 1 <= chapter_one - first <= 2, (chapter_one - first, len(pages))


def _headings(reader: PdfReader) -> dict[str, int]:
    """Section number to the page its heading lands on, from the outline."""

    def flatten(items):
        for item in items:
            yield from flatten(item) if isinstance(item, list) else [item]

    return {
        item.title.split(" ", 1)[0]: reader.get_destination_page_number(item) + 1
        for item in flatten(reader.outline)
    }


def _references(pdf: Path) -> list[tuple[int, str, int, int]]:
    """(page, link text, printed page, page the link leads to) of every cross-reference link."""
    found = []
    for link in pdf_links(pdf):
        _, y0, x1, y1 = link.rect
        last = link.words.get_index(x1 - 1, (y0 + y1) / 2, 2, 2)
        after = _flat(link.words.get_text_range(last + 1, 16)) if last is not None else ""
        numbered, paged = NUMBERED.match(link.text), PAGE_AFTER.match(after)
        printed = numbered[2] if numbered else paged[1] if paged else None
        if printed is not None:
            found.append((link.page, link.text, int(printed), link.target))
    return found


@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_references_print_the_page_their_heading_is_on(built, folder):
    pdf = built / folder.name / "rulebook.pdf"
    references = _references(pdf)
    assert references, "a bundled rulebook should cross-reference its sections with pages"
    headings = _headings(PdfReader(pdf))
    wrong = [ref for ref in references if ref[2] != ref[3]]
    assert not wrong, wrong
    for _, text, printed, _ in references:
        numbered = NUMBERED.match(text)
        if numbered:
            assert headings[numbered[1]] == printed, (text, headings[numbered[1]])


def _printed_headings(pdf: Path) -> set[str]:
    """Every heading as printed, `[5.2] Title`, from the outline of the full rulebook."""
    return {f"[{number}] {title}" for number, title in _outline_titles(PdfReader(pdf))}


def _outline_titles(reader: PdfReader) -> list[tuple[str, str]]:
    def flatten(items):
        for item in items:
            yield from flatten(item) if isinstance(item, list) else [item]

    return [tuple(_flat(item.title).split(" ", 1)) for item in flatten(reader.outline)]


def _column_feet(pdf: Path, columns: int, booklet: bool) -> list[tuple[int, list[str]]]:
    """(page, its column's last three lines) for every column of every page but the cover; a
    booklet's sides are cut back into pages, one column each."""
    document = pdfium.PdfDocument(str(pdf))
    feet = []
    for number, side in enumerate(document):
        width, height = side.get_size()
        words = side.get_textpage()
        slots = saddle_stitch(2 * len(document))[number] if booklet else (number,)
        span = width / len(slots)
        frame = span - 2 * HEAD
        column = (frame - (columns - 1) * GUTTER) / columns
        for slot, page in enumerate(slots):
            for index in range(columns):
                left = slot * span + HEAD + index * (column + GUTTER)
                rows = _rows(words, left - 1, left + column + GUTTER / 2, HEAD, height - HEAD)
                if page > 0 and rows:
                    feet.append((page + 1, rows[-3:]))
    return feet


def _rows(words, left: float, right: float, bottom: float, top: float) -> list[str]:
    """Text lines starting between left and right, top to bottom."""
    runs = []
    for index in range(words.count_rects()):
        x0, y0, x1, y1 = words.get_rect(index)
        if left <= x0 < right and bottom - 2 <= y0 and y1 <= top + 2:
            runs.append((-y0, x0, _flat(words.get_text_bounded(x0, y0, x1, y1))))
    rows: list[tuple[float, str]] = []
    for y, _, text in sorted(runs):
        if rows and abs(rows[-1][0] - y) < 2:
            rows[-1] = (y, f"{rows[-1][1]} {text}")
        elif text:
            rows.append((y, text))
    return [text for _, text in rows]


@pytest.mark.parametrize("booklet", [False, True], ids=["full", "booklet"])
@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_no_heading_is_the_last_line_of_a_page_or_column(built, folder, booklet):
    name = "rulebook-booklet.pdf" if booklet else "rulebook.pdf"
    full = built / folder.name / "rulebook.pdf"
    manifest = json.loads((built / folder.name / "manifest.json").read_text())
    columns = (
        1
        if booklet
        else next(f["columns"] for f in manifest["files"] if f["path"] == "rulebook.pdf")
    )
    headings = _printed_headings(full)
    orphans = [
        (page, " ".join(lines[-k:]))
        for page, lines in _column_feet(built / folder.name / name, columns, booklet)
        for k in (1, 2, 3)
        if " ".join(lines[-k:]) in headings
    ]
    assert not orphans, orphans
