"""Each book's job is keyed by the faces it shows: a card drawn in the rulebook changed makes the
rulebook and its booklet again, not a guide that does not show it; both match a cold build."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from generator.batch import built_game
from generator.cache.books import BOOK_DOCUMENTS, book_state, restored_book
from generator.cache.keys import FORMAT
from generator.fonts import BODY, register_fonts
from generator.kit_cache import JOBS
from generator.options import BuildOptions
from generator.units import PAPERS
from generator.write import rulebook
from generator.write.rulebook import RulebookDocument
from generator.write.sheets import PrintOptions
from tests.conftest import cache_entry

GAMES = Path(__file__).resolve().parents[1] / "card_data"
BOOKS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"rulebook", "guides"}))
SHOWN = 'text: "+{{ bonus_points }} :science: for {{ bonus_red }} :red:"'  # scholar-01's


def job_records(cache: Path) -> dict[str, list[str]]:
    """The job records in a cache folder: each one's name and the files it lists."""
    return {
        path.name: [entry["name"] for entry in json.loads(cache_entry(path))["files"]]
        for path in (cache / f"v{FORMAT}" / JOBS).glob("*/*")
    }


def book_files(folder: Path, cache: Path | None) -> dict[str, bytes]:
    """The books of the game as planned by `pnp build --only rulebook,guides`, cache written."""
    planned = built_game(folder, BOOKS, cache)
    assert planned.kit is not None
    if planned.store:
        planned.store.flush()
    return {file.name: file.data for file in planned.kit.files}


def test_a_card_shown_in_the_rulebook_remakes_the_rulebook_but_not_the_guide(tmp_path):
    folder = Path(shutil.copytree(GAMES / "belaad", tmp_path / "belaad"))
    cache = tmp_path / "cache"
    before = book_files(folder, cache)
    assert set(before) == {"rulebook.pdf", "rulebook-booklet.pdf", "scholars-guide.pdf"}
    records = job_records(cache)
    deck = folder / "decks" / "scholars.yaml"
    deck.write_text(deck.read_text().replace(SHOWN, SHOWN.replace("for", "per")))
    after = book_files(folder, cache)
    made = [files for name, files in job_records(cache).items() if name not in records]
    assert sorted(made) == [["rulebook-booklet.pdf"], ["rulebook.pdf"]]  # the guide was not
    assert after["scholars-guide.pdf"] == before["scholars-guide.pdf"]
    assert after["rulebook.pdf"] != before["rulebook.pdf"]
    assert after == book_files(folder, None)


def counted_passes(monkeypatch) -> list[int]:
    """The passes each book's typesetting takes from now on (the jobs run in this process)."""
    passes: list[int] = []
    build_twice = RulebookDocument.multiBuild

    def counted(document, *args, **kwargs) -> int:
        passes.append(build_twice(document, *args, **kwargs))
        return passes[-1]

    monkeypatch.setattr(RulebookDocument, "multiBuild", counted)
    return passes


def change_shown_card(folder: Path) -> None:
    """Change the text of the card belaad's rulebook shows (not its size)."""
    deck = folder / "decks" / "scholars.yaml"
    deck.write_text(deck.read_text().replace(SHOWN, SHOWN.replace("for", "per")))


def test_a_shown_card_changed_draws_only_the_books_shown_faces(tmp_path, monkeypatch):
    # the pages name the shown faces' forms, so the books kept as they stood after their last
    # pages are the books again: no pass at all, only the forms drawn, the bytes of a cold build
    passes = counted_passes(monkeypatch)
    folder = Path(shutil.copytree(GAMES / "belaad", tmp_path / "belaad"))
    cache = tmp_path / "cache"
    before = book_files(folder, cache)
    assert len(passes) == 3 and min(passes) >= 2  # rulebook, booklet, guide: each sketched first
    change_shown_card(folder)
    passes.clear()
    after = book_files(folder, cache)
    assert passes == []
    assert after == book_files(folder, None)
    assert page_streams(after["rulebook.pdf"]) == page_streams(before["rulebook.pdf"])
    assert shown_forms(after["rulebook.pdf"]) != shown_forms(before["rulebook.pdf"])


def test_with_the_book_not_kept_a_shown_card_changed_typesets_it_once_from_its_pages(
    tmp_path, monkeypatch
):
    # every heading falls on the page it fell on before, so the kept pages replace the sketch
    passes = counted_passes(monkeypatch)
    folder = Path(shutil.copytree(GAMES / "belaad", tmp_path / "belaad"))
    cache = tmp_path / "cache"
    book_files(folder, cache)
    for kept in (cache / f"v{FORMAT}" / BOOK_DOCUMENTS).rglob("*"):
        if kept.is_file():
            kept.write_bytes(kept.read_bytes()[:100])  # damaged: read as a miss
    change_shown_card(folder)
    passes.clear()
    after = book_files(folder, cache)
    assert passes == [1, 1]  # the rulebook and its booklet (the guide comes from the cache)
    assert after == book_files(folder, None)


def test_a_kept_book_that_cannot_be_saved_is_typeset_instead(tmp_path, monkeypatch):
    passes = counted_passes(monkeypatch)
    folder = Path(shutil.copytree(GAMES / "belaad", tmp_path / "belaad"))
    cache = tmp_path / "cache"
    book_files(folder, cache)
    read_back = rulebook.restored_book

    def broken(*args):
        canvas, placed = read_back(*args)
        canvas._doc.Catalog = None  # saving it raises
        return canvas, placed

    monkeypatch.setattr(rulebook, "restored_book", broken)
    change_shown_card(folder)
    passes.clear()
    after = book_files(folder, cache)
    assert passes == [1, 1]  # from the kept pages, as with no kept book
    assert after == book_files(folder, None)


def page_streams(pdf: bytes) -> list[bytes]:
    """Each page's content stream, decoded."""
    return [page.get_contents().get_data() for page in PdfReader(io.BytesIO(pdf)).pages]


def shown_forms(pdf: bytes) -> dict[tuple[int, str], bytes]:
    """The content of each form holding a shown face, by page number and name."""
    return {
        (number, name): form.get_object().get_data()
        for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, 1)
        for name, form in page["/Resources"].get("/XObject", {}).items()
        if name.startswith("/FormXob.shown")
    }


def test_each_face_a_book_shows_is_a_form_its_page_names(tmp_path):
    books = book_files(Path(shutil.copytree(GAMES / "belaad", tmp_path / "belaad")), None)
    forms = shown_forms(books["rulebook.pdf"])
    # the cover fans four pieces; page 5 shows a board, page 6 the card scholar-01
    assert sorted(forms) == [(1, f"/FormXob.shown{n}") for n in range(4)] + [
        (5, "/FormXob.shown4"),
        (6, "/FormXob.shown5"),
    ]
    streams = page_streams(books["rulebook.pdf"])
    assert all(f"{name} Do".encode() in streams[page - 1] for page, name in forms)
    assert all(b" Tj" in form or b"TJ" in form for form in forms.values())  # the faces' text


def test_a_book_kept_with_a_font_this_process_lacks_is_not_read_back(monkeypatch):
    register_fonts()
    canvas = Canvas(io.BytesIO(), invariant=1)
    canvas.setFont(BODY, 10)
    canvas.drawString(10, 10, "kept")
    canvas.showPage()
    state = book_state(canvas, "extra")
    assert restored_book(state, Canvas, io.BytesIO())[1] == "extra"
    monkeypatch.delitem(pdfmetrics._fonts, BODY)
    monkeypatch.setattr(pdfmetrics, "findFontAndRegister", _not_found)
    assert restored_book(state, Canvas, io.BytesIO()) is None


def _not_found(name: str) -> None:
    raise KeyError(name)
