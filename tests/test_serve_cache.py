"""`pnp serve` shares the build cache: the preview of a game built before fits no face the build
fitted, and the PNGs it draws are kept there, so the next preview draws none."""

from __future__ import annotations

import pytest

import generator.serve.session as session
from generator.cache.store import CACHE_ENV, cache_root
from generator.serve.session import GamePreview
from tests.fitting import PLAIN_HEROES, spy_on_fitting


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The faces the preview rasterises from here on, by (deck, card, side)."""
    seen: list[str] = []
    draw = session.face_pngs

    def spied(faces, *rest):
        seen.extend(f"{f.deck}/{f.card}/{f.side}" for f in faces)
        return draw(faces, *rest)

    monkeypatch.setattr(session, "face_pngs", spied)
    return seen


def test_the_preview_of_a_built_game_fits_nothing_and_a_second_draws_nothing(
    game, pnp, monkeypatch, drawn
):
    monkeypatch.delenv(CACHE_ENV, raising=False)
    folder = game({"decks/heroes.csv": PLAIN_HEROES})
    out = folder.parent / "out"
    assert pnp("build", str(folder), "-o", str(out), "--only", "cards").exit_code == 0
    fitted = spy_on_fitting(monkeypatch)
    first = GamePreview(folder, cache_root(out))
    shown = first.refresh()
    # every face comes from the build, the knight's with its icon too
    assert shown.ready and not shown.stale and fitted == []
    assert len(first.designs.rendered) == 0
    assert len(drawn) == len(first.store.pngs) == 3  # three designs (the deck has no backs)
    fitted.clear()
    cold = GamePreview(folder)  # no cache: fits and draws everything
    assert cold.refresh().groups == shown.groups and set(fitted) == {"knight", "mage", "scout"}
    drawn.clear()
    second = GamePreview(folder, cache_root(out))
    assert second.refresh().groups == shown.groups and drawn == []
    assert second.store.pngs == first.store.pngs == cold.store.pngs


def test_a_face_the_preview_fitted_is_not_fitted_again_by_the_build(game, pnp, monkeypatch):
    monkeypatch.delenv(CACHE_ENV, raising=False)
    folder = game({"decks/heroes.csv": PLAIN_HEROES})
    out = folder.parent / "out"
    fitted = spy_on_fitting(monkeypatch)
    GamePreview(folder, cache_root(out)).refresh()
    assert set(fitted) == {"knight", "mage", "scout"}
    fitted.clear()
    assert pnp("build", str(folder), "-o", str(out), "--only", "cards").exit_code == 0
    assert fitted == []
