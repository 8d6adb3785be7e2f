"""A rebuild of the card files after one card changed: keyed by what the jobs draw, it makes the
jobs that show the card, takes the others from the cache, and writes the bytes of a cold build."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import generator.write.draw as draw
from generator.batch import built_game
from generator.build import checked_game, rendered_decks
from generator.cache.keys import Digests, digest
from generator.options import BuildOptions
from generator.render.faces import Face
from generator.starter import new_game
from generator.units import PAPERS
from generator.write.kept_rasters import Rasters
from generator.write.sheets import PrintOptions

EXPORTS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"cards", "png", "tts"}), dpi=36)
CARDS = BuildOptions("a4", PrintOptions(PAPERS["a4"]), frozenset({"cards"}))
LOST_AND_FOUND = Path(__file__).resolve().parents[1] / "card_data" / "lost-and-found"
OLD = "Swap a card from your hand"  # the Trade card's text in the starter game


def kit(folder: Path, cache: Path | None, options: BuildOptions = EXPORTS) -> dict[str, bytes]:
    """The files of the game's parts in `options` as `pnp build` plans them."""
    planned = built_game(folder, options, cache)
    assert planned.kit is not None
    if planned.store:
        planned.store.flush()
    return {file.name: file.data for file in planned.kit.files}


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """The card of every face the card files draw (each into its form), as they draw them."""
    faces: list[str] = []
    real = draw.draw_face
    monkeypatch.setattr(
        draw,
        "draw_face",
        lambda c, face, *a, **k: faces.append(face.card) or real(c, face, *a, **k),
    )
    return faces


@pytest.mark.parametrize("new", ["Swap one card from your hand", "Swap a card with Zoë — ½ of it"])
def test_a_rebuild_draws_the_changed_card_and_writes_the_bytes_of_a_cold_build(
    tmp_path, drawn, new
):
    folder, cache = new_game(str(tmp_path / "river"), tmp_path), tmp_path / "cache"
    kit(folder, cache, CARDS)
    drawn.clear()
    assert kit(folder, cache, CARDS) and drawn == []  # with nothing changed, no face is drawn
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace(OLD, new))
    after = kit(folder, cache, CARDS)
    assert "trade" in drawn
    assert after == kit(folder, None, CARDS)  # the bytes a cold build writes


def test_a_rebuild_names_each_card_front_by_its_design_and_walks_each_back_once(
    tmp_path, monkeypatch
):
    # a design's key in the faces' memory covers all its faces are drawn from, so the job keys
    # take it for its front; a back, the same for every card, is walked once for all the jobs
    # drawing it, so the unchanged backs keep their keys
    folder, cache = new_game(str(tmp_path / "river"), tmp_path), tmp_path / "cache"
    before = kit(folder, cache)
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace(OLD, "Swap one card from your hand"))
    walked: list[Face] = []
    real = Digests._walk

    def walk(self, out, value):
        if isinstance(value, Face) and self.remembered:  # the job keys' digests
            walked.append(value)
        real(self, out, value)

    monkeypatch.setattr(Digests, "_walk", walk)
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


def test_a_face_read_back_from_the_cache_has_the_key_of_the_face_fitted():
    loaded, _ = checked_game(LOST_AND_FOUND)
    faces = [face for deck in rendered_decks(loaded)[:2] for face in deck.fronts]
    for face in faces:  # pickled again, a read-back face is not the same bytes (kept text)
        again = pickle.loads(pickle.dumps(face))
        assert digest(face) == digest(again)
