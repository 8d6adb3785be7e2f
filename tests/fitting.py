"""A spy on face fitting, and a deck, for the tests of what the build cache and the preview fit
again."""

from __future__ import annotations

import pytest

import generator.render.faces as faces

# The demo game's deck (tests/conftest.py) with a third design: the mage's and the scout's texts
# are plain, the knight's holds an icon.
PLAIN_HEROES = """\
id,name,quantity,text
knight,Knight,2,Gain 1 :gold:.
mage,Mage,1,Draw a card.
scout,Scout,0,Look at the top card.
"""


def spy_on_fitting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The designs whose faces are fitted from here on, by id, once per face."""
    seen: list[str] = []
    fit = faces._face

    def spied(loaded, laid, context, who, *rest):
        seen.append(who.piece.id)
        return fit(loaded, laid, context, who, *rest)

    monkeypatch.setattr(faces, "_face", spied)
    return seen
