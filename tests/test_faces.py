"""Resolving layout elements for one card: what `when` and icon fields draw."""

from __future__ import annotations

from pathlib import Path

from generator.build import rendered_decks
from generator.check import check_game
from generator.render.faces import IconItem, TextItem
from tests.conftest import GAME_YAML

LAYOUT = """\
layouts:
  hero:
    extends: framed
    elements:
      - {type: icon, field: sign, box: [5mm, 5mm, 8mm, 8mm]}
      - {type: text, template: "Strength {{ strength }}", box: [5mm, 40mm, 50mm, 8mm], when: strength}
"""

HEROES_YAML = """\
- {id: knight, name: Knight, quantity: 2, sign: gold, strength: 0}
- {id: mage, name: Mage, sign: {placeholder: the source does not show it}, strength: 3}
"""


def _faces(game, files: dict[str, str]):
    """The fronts of the demo deck laid out with an icon and a `when` text element."""
    game_yaml = GAME_YAML.replace("file: decks/heroes.csv", "file: decks/heroes.yaml")
    game(
        {
            "game.yaml": (game_yaml + LAYOUT).replace("    file:", "    layout: hero\n    file:"),
            **files,
        }
    )
    loaded, report = check_game(Path("demo"))
    assert not report.errors, [f.as_text() for f in report.errors]
    [deck] = rendered_decks(loaded)
    return {face.card: face for face in deck.fronts}


def _texts(face) -> list[str]:
    """The single-line texts a face prints (wrapped ones give their paragraph's text)."""
    return [
        item.fitted.line or item.fitted.paragraph.getPlainText()
        for item in face.items
        if isinstance(item, TextItem)
    ]


def test_a_zero_counts_as_set_for_when(game):
    faces = _faces(game, {"decks/heroes.yaml": HEROES_YAML})
    assert any("Strength 0" in text for text in _texts(faces["knight"]))
    assert any("Strength 3" in text for text in _texts(faces["mage"]))


def test_an_icon_whose_field_is_a_placeholder_draws_nothing_and_is_no_error(game):
    faces = _faces(game, {"decks/heroes.yaml": HEROES_YAML})
    assert [i.symbol for i in faces["knight"].items if isinstance(i, IconItem)] == ["gold"]
    assert not [i for i in faces["mage"].items if isinstance(i, IconItem)]
