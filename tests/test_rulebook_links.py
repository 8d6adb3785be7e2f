"""Every cross-reference in every bundled rulebook is a working link to an existing section.

Contents entries, `(7.2)` references and `[text](#id)` links must land where a heading (an
outline entry) lands; index entries link to their terms instead and are left out.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.check import check_game
from generator.load.game import GAME_FILE

ROOT = Path(__file__).parent.parent
BOOKS = sorted(
    p
    for p in (ROOT / "card_data").glob("*")
    if (p / GAME_FILE).is_file() and (p / "rulebook.md").is_file()
)


def _destination(reader: PdfReader, dest) -> tuple[int, int]:
    """(page number, top in whole points) of an explicit destination array."""
    page = next(
        i for i, p in enumerate(reader.pages) if p.indirect_reference.idnum == dest[0].idnum
    )
    top = dest[3] if len(dest) > 3 and dest[3] is not None else 0
    return page + 1, round(float(top))


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
    document = pdfium.PdfDocument(str(tmp_path / folder.name / "rulebook.pdf"))
    references, index = {}, _index_page(reader)
    for number, page in enumerate(reader.pages):
        words = document[number].get_textpage()
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            if link.get("/Subtype") != "/Link" or "/Dest" not in link:
                continue
            text = " ".join(words.get_text_bounded(*(float(v) for v in link["/Rect"])).split())
            if number + 1 < index:
                references[(number + 1, text)] = _destination(reader, link["/Dest"])
    assert references, "a bundled rulebook should cross-reference its sections"
    stray = {where: place for where, place in references.items() if place not in headings}
    assert not stray, stray
