"""Fitting a big deck's text: faces are resolved with the collector kept off them."""

from __future__ import annotations

import gc


def test_faces_are_resolved_out_of_the_collectors_reach(game, monkeypatch):
    """Python's collector would rescan every face resolved so far each time its oldest
    generation fills (seconds at 10,000 cards): faces are resolved with the heap frozen."""
    import generator.render.faces as faces
    from generator.check import check_game

    frozen = []
    resolve = faces._face
    monkeypatch.setattr(
        faces, "_face", lambda *a, **k: frozen.append(gc.get_freeze_count()) or resolve(*a, **k)
    )
    loaded, _ = check_game(game())
    assert loaded is not None and frozen and all(count > 0 for count in frozen)
    assert gc.get_freeze_count() == 0  # and given back once resolved
