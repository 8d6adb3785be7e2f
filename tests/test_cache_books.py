"""Each book's job is keyed by the faces it shows: a card drawn in the rulebook changed makes the
rulebook and its booklet again, not a guide that does not show it; both match a cold build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from generator import build
from generator.batch import built_game
from generator.cache.keys import FORMAT
from generator.cache.kits import JOBS
from generator.options import BuildOptions
from generator.units import PAPERS
from generator.write.rulebook import RulebookDocument
from generator.write.sheets import PrintOptions

GAMES = Path(__file__).resolve().parents[1] / "card_data"
BOOKS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"rulebook", "guides"}))
SHOWN = 'text: "+{{ bonus_points }} :science: for {{ bonus_red }} :red:"'  # scholar-01's


def job_records(cache: Path) -> dict[str, list[str]]:
    """The job records in a cache folder: each one's name and the files it lists."""
    return {
        path.name: [entry["name"] for entry in json.loads(path.read_text())["files"]]
        for path in (cache / f"v{FORMAT}" / JOBS).rglob("*.json")
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


def test_a_shown_card_changed_typesets_the_books_once_from_the_pages_kept(tmp_path, monkeypatch):
    # the card's text changed, not its size: every heading falls on the page it fell on before,
    # so the kept pages replace the sketch pass, and the books are those of a cold build
    monkeypatch.setattr(build, "cores", lambda: 1)  # jobs in this process, where passes are seen
    passes: list[int] = []
    build_twice = RulebookDocument.multiBuild

    def counted(document, *args, **kwargs) -> int:
        passes.append(build_twice(document, *args, **kwargs))
        return passes[-1]

    monkeypatch.setattr(RulebookDocument, "multiBuild", counted)
    folder = Path(shutil.copytree(GAMES / "belaad", tmp_path / "belaad"))
    cache = tmp_path / "cache"
    book_files(folder, cache)
    assert len(passes) == 3 and min(passes) >= 2  # rulebook, booklet, guide: each sketched first
    deck = folder / "decks" / "scholars.yaml"
    deck.write_text(deck.read_text().replace(SHOWN, SHOWN.replace("for", "per")))
    passes.clear()
    after = book_files(folder, cache)
    assert passes == [1, 1]  # the rulebook and its booklet (the guide comes from the cache)
    assert after == book_files(folder, None)
