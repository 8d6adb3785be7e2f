"""A spy on face fitting, for the tests of what the build cache and the preview fit again."""

from __future__ import annotations

import pytest

import generator.render.faces as faces


def spy_on_fitting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The designs whose faces are fitted from here on, by id, once per face."""
    seen: list[str] = []
    fit = faces._face

    def spied(loaded, laid, context, who, *rest):
        seen.append(who.piece.id)
        return fit(loaded, laid, context, who, *rest)

    monkeypatch.setattr(faces, "_face", spied)
    return seen
