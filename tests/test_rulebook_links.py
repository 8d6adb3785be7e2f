"""Every cross-reference in every bundled rulebook is a working link to an existing section.

Contents entries, `(7.2)` references and `[text](#id)` links must land where a heading (an
outline entry) lands; index entries link to their terms instead and are left out.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check import check_game
from generator.load.game import GAME_FILE
from tests.printing import pdf_links

ROOT = Path(__file__).parent.parent
BOOKS = sorted(
    p
    for p in (ROOT / "card_data").glob("*")
    if (p / GAME_FILE).is_file() and (p / "rulebook.md").is_file()
)


def _headings(reader: PdfReader) -> set[tuple[int, int]]:
    """Where every outline entry (one per heading) lands."""

    def flatten(items):
        for item in items:
            yield from flatten(item) if isinstance(item, list) else [item]

    return {
        (reader.get_destination_page_number(item) + 1, round(float(item.top or 0)))
        for item in flatten(reader.outline)
    }


def _index_page(reader: PdfReader) -> int:
    """The first page of the index (after the last heading), or one past the last page."""
    last = max(page for page, _ in _headings(reader))
    return next(
        (
            number + 1
            for number in range(last, len(reader.pages))
            if "Index" in reader.pages[number].extract_text().splitlines()
        ),
        len(reader.pages) + 1,
    )


@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_every_reference_links_to_a_heading(folder, pnp, tmp_path):
    _, report = check_game(folder)
    assert not [f.as_text() for f in report.findings if f.code == "rulebook-reference"]
    result = pnp("build", str(folder), "-o", str(tmp_path), "--only", "rulebook")
    assert result.exit_code == 0, result.output
    reader = PdfReader(tmp_path / folder.name / "rulebook.pdf")
    headings = _headings(reader)
    index = _index_page(reader)
    references = {
        (link.page, link.text): (link.target, link.top)
        for link in pdf_links(tmp_path / folder.name / "rulebook.pdf")
        if link.page < index
    }
    assert references, "a bundled rulebook should cross-reference its sections"
    stray = {where: place for where, place in references.items() if place not in headings}
    assert not stray, stray
