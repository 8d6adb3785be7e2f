"""A book whose blocks changed is typeset again, in each pass, only from the last page start it
kept before the change, and gives the bytes a build from scratch gives; in one pass, given the
last build's placements, where that pass can show the sketch pass would find them again."""

from __future__ import annotations

import io
import pickle
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

from pypdf import PdfReader

from generator.cache.book_resume import (
    BOOK_RESUME,
    Converged,
    PassRecord,
    ResumePoints,
    _place,
)
from generator.cache.books import BOOK_DOCUMENTS, BookPages
from generator.cache.keys import FORMAT
from generator.render.rulebook import rulebook_blocks
from generator.units import PAPERS
from generator.write.rulebook import RulebookDocument, rulebook_pdf
from tests.conftest import cache_entry
from tests.test_cache_books import GAMES, book_files

CHAPTERS = 16
WORDS = (
    "Each season the villages trade grain for timber, and a village that cannot pay its levy "
    "gives up a worker to the lord until the next harvest comes in."
)


def markdown(
    last: str = "The last rule closes the book.",
    first: str = "Read this first.",
    see: str | None = "overview",
    before_closing: str = "",
) -> str:
    """A book of a dozen chapters of long paragraphs, with links to the heading `see` (none:
    no links) and index terms."""
    link = f" See [that section](#{see})." if see else ""
    chapters = [f"# Overview {{#overview}}\n\n{first}\n"]
    for number in range(1, CHAPTERS + 1):
        text = " ".join([WORDS] * 4)
        chapters.append(
            f"# Chapter {number} {{#chapter-{number}}}\n\n"
            + "\n\n".join(f"{text}{link}" for _ in range(5))
            + f"\n\n## Harvest {number}\n\n{text}\n"
        )
    closing = f"{before_closing}\n\n# Closing {{#closing}}\n\n{last}\n"
    return "\n".join([*chapters, closing])


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


def resumed_at(monkeypatch, kinds: list[str] | None = None) -> list[int]:
    """The page each pass of a book starts from, from now on (0: from the first page); the
    kind of each pass ("proving", "sketch", "last") is added to `kinds`, when given."""
    pages: list[int] = []
    start = ResumePoints.start

    def spied(self, doc, kind) -> None:
        start(self, doc, kind)
        pages.append(doc.page)
        if kinds is not None:
            kinds.append("proving" if doc.proving else "sketch" if doc.sketching else "last")

    monkeypatch.setattr(ResumePoints, "start", spied)
    return pages


def met_at(monkeypatch, kinds: list[str] | None = None) -> list[int]:
    """The page start at which each pass met the last pass given the same, from now on; the
    kind of each pass that met one is added to `kinds`, when given."""
    pages: list[int] = []
    meet = ResumePoints._meet

    def spied(self, doc, *args) -> None:
        try:
            meet(self, doc, *args)
        except Converged:
            pages.append(doc.page)
            if kinds is not None:
                kinds.append("proving" if doc.proving else "sketch" if doc.sketching else "last")
            raise

    monkeypatch.setattr(ResumePoints, "_meet", spied)
    return pages


def in_chapter(text: str, chapter: int, old: str, new: str) -> str:
    """The book with `old` made `new` once, in the first paragraph of a chapter."""
    head = f"# Chapter {chapter} {{#chapter-{chapter}}}\n\n"
    at = text.index(head) + len(head)
    return text[:at] + text[at:].replace(old, new, 1)


def scratch(text: str, folder: Path) -> bytes:
    """The book typeset with no cache at all."""
    return typeset(text, folder, cached=False)[0]


def test_a_change_near_the_end_typesets_one_pass_from_a_late_page(tmp_path, monkeypatch):
    typeset(markdown(see=None), tmp_path)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    changed = markdown(last="The final rule ends the book.", see=None)
    after, count = typeset(changed, tmp_path)
    assert count > 15
    assert kinds == ["proving"] and pages[0] > count * 2 // 3
    assert after == scratch(changed, tmp_path)


def test_references_to_two_digit_pages_keep_the_single_pass(tmp_path, monkeypatch):
    # the book face's digits share one width: "15" sets as wide as the sketch's "00"
    typeset(markdown(see="closing"), tmp_path)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    changed = markdown(last="The final rule ends the book.", see="closing")
    after, count = typeset(changed, tmp_path)
    assert kinds == ["proving"] and pages[0] > count * 2 // 3
    assert re.search(r"\(p\.\s1\d\)", PdfReader(io.BytesIO(after)).pages[5].extract_text())
    assert after == scratch(changed, tmp_path)


def test_a_reference_narrower_than_the_sketchs_typesets_the_sketch_and_last_pass(
    tmp_path, monkeypatch
):
    # "(p. 3)" sets narrower than the sketch's "(p. 00)": its lines may break elsewhere
    typeset(markdown(), tmp_path)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    after, count = typeset(markdown(last="The final rule ends the book."), tmp_path)
    assert kinds == ["proving", "sketch", "last"] and min(pages) > count * 2 // 3
    assert after == scratch(markdown(last="The final rule ends the book."), tmp_path)


def test_a_change_that_moves_a_heading_typesets_the_sketch_and_last_pass(tmp_path, monkeypatch):
    typeset(markdown(see=None), tmp_path)
    kinds: list[str] = []
    resumed_at(monkeypatch, kinds)
    changed = markdown(see=None, before_closing="\n\n".join([" ".join([WORDS] * 6)] * 12))
    after, count = typeset(changed, tmp_path)
    assert kinds == ["proving", "sketch", "last"]  # the proving pass found Closing a page on
    assert after == scratch(changed, tmp_path)
    assert count == len(PdfReader(io.BytesIO(scratch(markdown(see=None), tmp_path))).pages) + 1


def test_no_single_pass_where_the_sketch_pass_stood_elsewhere(tmp_path, monkeypatch):
    typeset(markdown(see=None), tmp_path)
    monkeypatch.setattr("generator.cache.book_resume._alike", lambda *notes: False)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    changed = markdown(last="The final rule ends the book.", see=None)
    after, _ = typeset(changed, tmp_path)
    assert kinds == ["proving", "sketch", "last"] and pages[0] == 0  # refused at its start
    assert after == scratch(changed, tmp_path)


def test_a_change_at_the_start_typesets_every_pass_from_the_first_page(tmp_path, monkeypatch):
    typeset(markdown(), tmp_path)
    pages = resumed_at(monkeypatch)
    after, _ = typeset(markdown(first="Read these rules first."), tmp_path)
    assert pages == [0, 0, 0]  # no page start before the change to prove from, then two passes
    assert after == scratch(markdown(first="Read these rules first."), tmp_path)


def test_a_damaged_kept_state_is_typeset_from_the_first_page(tmp_path, monkeypatch):
    typeset(markdown(), tmp_path)
    for kept in (tmp_path / "cache" / f"v{FORMAT}" / BOOK_RESUME).rglob("*"):
        if kept.is_file() and kept.stat().st_size > 10_000:  # the states, not their lists
            kept.write_bytes(kept.read_bytes()[:5000])
    pages = resumed_at(monkeypatch)
    after, _ = typeset(markdown(last="The final rule ends the book."), tmp_path)
    assert pages == [0, 0, 0]  # the proving pass finds no page start to take, then two passes
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
    kept = [p for p in (tmp_path / "cache" / f"v{FORMAT}" / BOOK_RESUME).rglob("*") if p.is_file()]
    records = [pickle.loads(cache_entry(path)) for path in kept]  # only what each pass left
    assert records and all(isinstance(r, PassRecord) and not r.kept for r in records)
    pages = resumed_at(monkeypatch)
    typeset(markdown(last="The final rule ends the book."), tmp_path)
    assert pages == [0, 0, 0]  # the proving pass finds no page start to take, then two passes


def test_a_change_that_gives_the_book_its_first_index_entry_resumes_no_pass(tmp_path, monkeypatch):
    # the index is one of the indexing flowables a state names: none is there before the change
    typeset(markdown(), tmp_path, terms=("thunder",))
    pages = resumed_at(monkeypatch)
    after, _ = typeset(markdown(last="Thunder ends the game."), tmp_path, terms=("thunder",))
    assert pages == [0, 0, 0]  # the proving pass finds no page start to take, then two passes
    theirs, _ = typeset(markdown(last="Thunder ends the game."), tmp_path, False, ("thunder",))
    assert after == theirs
    assert "Index" in PdfReader(io.BytesIO(after)).pages[-1].extract_text()


def test_a_page_that_starts_with_the_rest_of_a_split_flowable_is_not_kept():
    story = ["title", "first", "second"]
    assert _place(SimpleNamespace(story=story, remaining=story[1:])) == 1
    assert _place(SimpleNamespace(story=story, remaining=["rest of first", *story[2:]])) is None


def test_a_card_quoted_in_the_appendix_typesets_the_books_once_from_late_pages(
    tmp_path, monkeypatch
):
    # paladins-and-barbarians quotes every card's text in its appendix, near the end of its books
    folder = Path(
        shutil.copytree(GAMES / "paladins-and-barbarians", tmp_path / "paladins-and-barbarians")
    )
    cache = tmp_path / "cache"
    book_files(folder, cache)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    deck = folder / "decks" / "sovereigns.yaml"
    deck.write_text(deck.read_text().replace("Holds 1 extra combat", "Keeps 1 extra combat"))
    after = book_files(folder, cache)
    counts = [len(PdfReader(io.BytesIO(after[name])).pages) for name in sorted(after)]
    assert kinds == ["proving", "proving"]  # one pass of each book
    assert min(pages) > min(counts) // 2
    assert after == book_files(folder, None)


def test_a_pass_that_meets_the_last_one_takes_the_rest_of_the_book_from_it(tmp_path, monkeypatch):
    # a word spelt backwards sets as wide: the pages after it are the last build's
    typeset(markdown(see=None), tmp_path)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    met = met_at(monkeypatch)
    changed = in_chapter(markdown(see=None), 6, "villages", "segallIv")
    after, count = typeset(changed, tmp_path)
    assert kinds == ["proving"] and len(met) == 1
    assert pages[0] < met[0] < count - 4  # typeset from before the change to a page after it
    assert after == scratch(changed, tmp_path)
    met.clear()
    again = in_chapter(markdown(see=None), 6, "villages", "VILLAGES")  # from the met book
    assert typeset(again, tmp_path)[0] == scratch(again, tmp_path) and met


def test_a_change_with_a_glyph_new_to_the_book_meets_no_pass(tmp_path, monkeypatch):
    # "Ø" takes a glyph code the last build gave no glyph: its pages stood otherwise
    typeset(markdown(see=None), tmp_path)
    met = met_at(monkeypatch)
    changed = in_chapter(markdown(see=None), 6, "villages", "villagØs")
    after, _ = typeset(changed, tmp_path)
    assert met == []
    assert after == scratch(changed, tmp_path)


def test_a_proving_pass_meets_none_before_the_last_page_reference_it_would_set(
    tmp_path, monkeypatch
):
    # the closing "(p. 3)" reads what a pass was given: a proving pass that took the pages up
    # to it from the last build could not show a sketch pass would find the same; the sketch
    # pass then meets the last build's, and the last pass resumes where the proving pass kept
    last = "The last rule closes the book. See [the overview](#overview)."
    typeset(markdown(see=None, last=last), tmp_path)
    kinds: list[str] = []
    resumed_at(monkeypatch, kinds)
    meeting: list[str] = []
    met = met_at(monkeypatch, meeting)
    changed = in_chapter(markdown(see=None, last=last), 6, "villages", "segallIv")
    after, count = typeset(changed, tmp_path)
    assert kinds == ["proving", "sketch", "last"] and meeting == ["sketch"]
    assert met[0] < count - 4
    assert after == scratch(changed, tmp_path)


def test_a_book_whose_last_build_is_gone_from_the_cache_meets_no_pass(tmp_path, monkeypatch):
    typeset(markdown(see=None), tmp_path)
    for kept in (tmp_path / "cache" / f"v{FORMAT}" / BOOK_DOCUMENTS).rglob("*"):
        if kept.is_file():
            kept.unlink()
    met = met_at(monkeypatch)
    changed = in_chapter(markdown(see=None), 6, "villages", "segallIv")
    after, _ = typeset(changed, tmp_path)
    assert met == []
    assert after == scratch(changed, tmp_path)


def test_the_sketch_and_last_passes_meet_theirs_after_a_change_at_the_start(tmp_path, monkeypatch):
    # no page start before the change to prove from: both passes typeset from the first page,
    # each only up to the first page start the last build's pass kept after the change
    typeset(markdown(), tmp_path)
    kinds: list[str] = []
    pages = resumed_at(monkeypatch, kinds)
    meeting: list[str] = []
    met = met_at(monkeypatch, meeting)
    changed = markdown(first="Read this frist.")
    after, count = typeset(changed, tmp_path)
    assert kinds == ["proving", "sketch", "last"] and pages == [0, 0, 0]
    assert meeting == ["sketch", "last"] and max(met) < count // 2
    assert after == scratch(changed, tmp_path)
