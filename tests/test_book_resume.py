"""A book whose blocks changed is typeset again, in each pass, only from the last page start it
kept before the change, and gives the bytes a build from scratch gives."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from types import SimpleNamespace

from pypdf import PdfReader

from generator.cache.book_resume import BOOK_RESUME, ResumePoints, _place
from generator.cache.books import BookPages
from generator.cache.keys import FORMAT
from generator.render.rulebook import rulebook_blocks
from generator.units import PAPERS
from generator.write.rulebook import RulebookDocument, rulebook_pdf
from tests.test_cache_books import GAMES, book_files

CHAPTERS = 16
WORDS = (
    "Each season the villages trade grain for timber, and a village that cannot pay its levy "
    "gives up a worker to the lord until the next harvest comes in."
)


def markdown(last: str = "The last rule closes the book.", first: str = "Read this first.") -> str:
    """A book of a dozen chapters of long paragraphs, with links between them and index terms."""
    chapters = [f"# Overview {{#overview}}\n\n{first}\n"]
    for number in range(1, CHAPTERS + 1):
        text = " ".join([WORDS] * 4)
        chapters.append(
            f"# Chapter {number} {{#chapter-{number}}}\n\n"
            + "\n\n".join(f"{text} See [the overview](#overview)." for _ in range(5))
            + f"\n\n## Harvest {number}\n\n{text}\n"
        )
    return "\n".join([*chapters, f"# Closing {{#closing}}\n\n{last}\n"])


def typeset(
    text: str, folder: Path, cached: bool = True, terms: tuple[str, ...] = ("village", "levy")
) -> tuple[bytes, int]:
    """The book of a game `folder` with no art, indexing `terms`, typeset (its kept states read
    and written in the cache folder beside it), and its page count."""
    book = rulebook_blocks(text, "Harvest", terms)
    (folder / "game").mkdir(exist_ok=True)
    pages = BookPages(folder / "cache") if cached else None
    pdf = rulebook_pdf(book, PAPERS["a4"], 1, [], folder / "game", "Rules", pages=pages)
    return pdf.data, pdf.pages


def resumed_at(monkeypatch) -> list[int]:
    """The page each pass of a book starts from, from now on (0: from the first page)."""
    pages: list[int] = []
    start = ResumePoints.start

    def spied(self, doc, kind) -> None:
        start(self, doc, kind)
        pages.append(doc.page)

    monkeypatch.setattr(ResumePoints, "start", spied)
    return pages


def test_a_change_near_the_end_typesets_each_pass_from_a_late_page(tmp_path, monkeypatch):
    typeset(markdown(), tmp_path)
    pages = resumed_at(monkeypatch)
    after, count = typeset(markdown(last="The final rule ends the book."), tmp_path)
    assert count > 15
    assert len(pages) == 2 and min(pages) > count * 2 // 3  # the sketch and the last pass
    assert (
        after == typeset(markdown(last="The final rule ends the book."), tmp_path, cached=False)[0]
    )


def test_a_change_at_the_start_typesets_every_pass_from_the_first_page(tmp_path, monkeypatch):
    typeset(markdown(), tmp_path)
    pages = resumed_at(monkeypatch)
    after, _ = typeset(markdown(first="Read these rules first."), tmp_path)
    assert pages == [0, 0]
    assert after == typeset(markdown(first="Read these rules first."), tmp_path, cached=False)[0]


def test_a_damaged_kept_state_is_typeset_from_the_first_page(tmp_path, monkeypatch):
    typeset(markdown(), tmp_path)
    for kept in (tmp_path / "cache" / f"v{FORMAT}" / BOOK_RESUME).rglob("*"):
        if kept.is_file() and kept.stat().st_size > 10_000:  # the states, not their lists
            kept.write_bytes(kept.read_bytes()[:5000])
    pages = resumed_at(monkeypatch)
    after, _ = typeset(markdown(last="The final rule ends the book."), tmp_path)
    assert pages == [0, 0]
    assert (
        after == typeset(markdown(last="The final rule ends the book."), tmp_path, cached=False)[0]
    )


def test_a_state_that_holds_a_flowable_still_to_come_is_not_kept(tmp_path, monkeypatch):
    before_document = RulebookDocument.beforeDocument

    def holding_the_index_title(self) -> None:
        before_document(self)
        self.index_title = self.story[-2]  # to come at every page start but the index's own

    monkeypatch.setattr(RulebookDocument, "beforeDocument", holding_the_index_title)
    typeset(markdown(), tmp_path)
    kept = [path for path in (tmp_path / "cache" / f"v{FORMAT}" / BOOK_RESUME).rglob("*")]
    assert kept and all(path.stat().st_size < 100 for path in kept if path.is_file())
    pages = resumed_at(monkeypatch)
    typeset(markdown(last="The final rule ends the book."), tmp_path)
    assert pages == [0, 0]


def test_a_change_that_gives_the_book_its_first_index_entry_resumes_no_pass(tmp_path, monkeypatch):
    # the index is one of the indexing flowables a state names: none is there before the change
    typeset(markdown(), tmp_path, terms=("thunder",))
    pages = resumed_at(monkeypatch)
    after, _ = typeset(markdown(last="Thunder ends the game."), tmp_path, terms=("thunder",))
    assert pages == [0, 0]
    theirs, _ = typeset(markdown(last="Thunder ends the game."), tmp_path, False, ("thunder",))
    assert after == theirs
    assert "Index" in PdfReader(io.BytesIO(after)).pages[-1].extract_text()


def test_a_page_that_starts_with_the_rest_of_a_split_flowable_is_not_kept():
    story = ["title", "first", "second"]
    assert _place(SimpleNamespace(story=story, remaining=story[1:])) == 1
    assert _place(SimpleNamespace(story=story, remaining=["rest of first", *story[2:]])) is None


def test_a_card_quoted_in_the_appendix_typesets_the_books_from_late_pages(tmp_path, monkeypatch):
    # paladins-and-barbarians quotes every card's text in its appendix, near the end of its books
    folder = Path(
        shutil.copytree(GAMES / "paladins-and-barbarians", tmp_path / "paladins-and-barbarians")
    )
    cache = tmp_path / "cache"
    book_files(folder, cache)
    pages = resumed_at(monkeypatch)
    deck = folder / "decks" / "sovereigns.yaml"
    deck.write_text(deck.read_text().replace("Holds 1 extra combat", "Keeps 1 extra combat"))
    after = book_files(folder, cache)
    counts = [len(PdfReader(io.BytesIO(after[name])).pages) for name in sorted(after)]
    assert len(pages) == 4 and min(pages) > min(counts) // 2  # two passes of each book
    assert after == book_files(folder, None)
