"""Card sheets and print-shop pages are kept in the build cache: a rebuild after one card's text
changed draws the pages that show it and those whose glyph codes it moved, takes the others from
the cache, and writes the same bytes as a cold build."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import generator.write.printshop as printshop
import generator.write.sheets as sheets
from generator.batch import built_game
from generator.build import checked_game, rendered_decks
from generator.cache.keys import Uncacheable
from generator.cache.pages import PageDigests
from generator.cache.rasters import Rasters
from generator.fonts import glyph_codes
from generator.options import BuildOptions
from generator.render.faces import Face
from generator.starter import new_game
from generator.units import PAPERS, Size
from generator.write.sheets import PrintOptions

CARDS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"cards", "png", "tts"}), dpi=36)
LOST_AND_FOUND = Path(__file__).resolve().parents[1] / "card_data" / "lost-and-found"
OLD = "Swap a card from your hand"  # the Trade card's text in the starter game


def kit(folder: Path, cache: Path | None) -> dict[str, bytes]:
    """The card files of the game as `pnp build --only cards,png,tts` plans them."""
    planned = built_game(folder, CARDS, cache)
    assert planned.kit is not None
    if planned.store:
        planned.store.flush()
    return {file.name: file.data for file in planned.kit.files}


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """The card of every face the sheets and print-shop PDFs draw, as they draw them."""
    faces: list[str] = []
    for module in (sheets, printshop):
        real = module.draw_face
        monkeypatch.setattr(
            module,
            "draw_face",
            lambda c, face, *a, real=real, **k: faces.append(face.card) or real(c, face, *a, **k),
        )
    return faces


@pytest.mark.parametrize(
    ("new", "glyphs"),
    [("Swap one card from your hand", False), ("Swap a card with Zoë — ½ of it", True)],
)
def test_a_rebuild_draws_only_the_pages_that_changed(tmp_path, drawn, new, glyphs):
    folder, cache = new_game(str(tmp_path / "river"), tmp_path), tmp_path / "cache"
    kit(folder, cache)
    cold = len(drawn)
    drawn.clear()
    assert kit(folder, cache) and drawn == []  # a build with nothing changed draws no face
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace(OLD, new))
    after = kit(folder, cache)
    assert "trade" in drawn
    if not glyphs:  # new glyphs change the codes of the pages after it: those are drawn too
        assert len(drawn) < cold
    drawn.clear()
    assert after == kit(folder, None)  # the bytes a cold build writes


def test_a_face_drawing_a_private_use_glyph_has_a_page_key_when_every_font_names_them(
    monkeypatch,
):
    # fonts name their unmapped glyphs when registered (fonts/glyph_codes.py): the character
    # names the same glyph in every process, so the page is kept like any other
    monkeypatch.setattr(glyph_codes, "_IN_SHAPING_ORDER", set())
    shaped = Face("deck", "card\ue012", "front", Size(63.5, 88.9), None, ())
    assert PageDigests().page_key("state", shaped) == PageDigests().page_key("state", shaped)


def test_a_face_drawing_a_glyph_only_its_process_names_has_no_page_key(monkeypatch):
    # a font with more unmapped glyphs than the private-use area holds leaves ReportLab to
    # name them in the order this process shapes them
    monkeypatch.setattr(glyph_codes, "_IN_SHAPING_ORDER", {"Huge"})
    face = Face("deck", "card", "front", Size(63.5, 88.9), None, ())
    shaped = Face("deck", "card\ue012", "front", Size(63.5, 88.9), None, ())
    digests = PageDigests()
    digests(shaped)  # a job's key: the job's files are bytes, whatever names its glyphs
    for _ in range(2):  # walked before or not
        with pytest.raises(Uncacheable):
            digests.page_key("state", (face, [shaped]))
        assert digests.page_key("state", face) == PageDigests().page_key("state", face)


def test_a_rebuild_names_each_card_front_by_its_design_and_walks_each_back_once(
    tmp_path, monkeypatch
):
    # a design's key in the faces' memory covers all its faces are drawn from, so the job and
    # page keys take it for its front (walked three times before: jobs, sheets, print shop); a
    # back, the same for every card, is walked once so the unchanged backs keep their keys
    folder, cache = new_game(str(tmp_path / "river"), tmp_path), tmp_path / "cache"
    before = kit(folder, cache)
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace(OLD, "Swap one card from your hand"))
    walked: list[Face] = []
    real = PageDigests._walk

    def walk(self, out, value):
        if isinstance(value, Face):
            walked.append(value)
        real(self, out, value)

    monkeypatch.setattr(PageDigests, "_walk", walk)
    after = kit(folder, cache)
    assert {face.side for face in walked} == {"back"}
    assert len(walked) == len({id(face) for face in walked}) == 4  # the 4 designs' backs
    assert after != before and after == kit(folder, None)  # the changed card drawn, as cold


def test_a_tts_sheet_whose_faces_are_unchanged_is_not_encoded_again(tmp_path):
    rasters, grid = Rasters(tmp_path), (10, 7, (40, 56))
    made: list[int] = []

    def sheet(slots: dict[int, bytes]) -> bytes:
        return rasters.sheet(slots, grid, lambda: made.append(len(slots)) or b"png %d" % len(made))

    first = sheet({0: b"front", 1: b"back"})
    assert sheet({0: b"front", 1: b"back"}) == first and made == [2]  # kept: not made again
    assert sheet({0: b"front", 1: b"changed"}) != first and len(made) == 2


def test_a_print_shop_copy_is_drawn_once(tmp_path, drawn, monkeypatch):
    monkeypatch.setattr(sheets, "draw_face", lambda *a, **k: None)  # count the print shop's
    folder = new_game(str(tmp_path / "river"), tmp_path)
    kit(folder, None)
    # 18 copies of 4 designs, front and back, in the print-shop PDF (36 pages) and the PNG and
    # TTS PDFs (8 pages each): a copy that adds no glyph repeats the page its first one drew
    assert sorted(set(drawn)) == ["build", "gather", "scout", "trade"]
    assert len(drawn) < 36  # 52 when every page was drawn; 25 now


def test_a_face_read_back_from_the_cache_has_the_page_key_of_the_face_fitted():
    loaded, _ = checked_game(LOST_AND_FOUND)
    faces = [face for deck in rendered_decks(loaded)[:2] for face in deck.fronts]
    for face in faces:  # pickled again, a read-back face is not the same bytes (kept text)
        again = pickle.loads(pickle.dumps(face))
        assert PageDigests().page_key(face) == PageDigests().page_key(again)
