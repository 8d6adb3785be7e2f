"""Resolving layout elements for one card: what `when` and icon fields draw."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2

from generator.build import rendered_decks
from generator.check import check_game
from generator.impose.grid import Edges
from generator.model.layout import TextStyle
from generator.render.faces import Face, IconItem, Rect, ShapeItem, TextItem
from generator.render.fit import fit_text
from generator.units import Size
from generator.write.draw import SheetCanvas, draw_face
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


def test_a_diamond_touches_the_middle_of_each_side_and_leaves_the_corners(tmp_path):
    """A 40 mm diamond drawn at 100 dpi: ink at the four side midpoints, none in the corners."""
    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, Size(40, 40), "diamond", [], tmp_path)
    diamond = ShapeItem("diamond", Rect(0, 0, 40, 40), "#000000", None, 0, 0, False, False)
    draw_face(
        canvas, Face("d", "d", "front", Size(40, 40), None, (diamond,)), 0, 0, Edges(0, 0, 0, 0)
    )
    canvas.showPage()
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0].render(scale=100 / 72).to_pil().convert("L")
    side = page.width - 1
    middle = side // 2
    inked = [(middle, 2), (side - 2, middle), (middle, side - 2), (2, middle), (middle, middle)]
    corners = [(3, 3), (side - 3, 3), (3, side - 3), (side - 3, side - 3)]
    assert all(page.getpixel(p) < 60 for p in inked)
    assert all(page.getpixel(p) > 200 for p in corners)


def test_shrinking_text_keeps_the_largest_size_that_fits():
    """Wrapping is not monotonic in size: here 9.5 pt fits, yet a bisection settled on 7.9 pt."""
    text = "take 1 Pay and city one take one one or when and discard 1 army :gold: 1"
    style = TextStyle(size=11, min_size=5)
    fitted = fit_text(text, style, Rect(0, 0, 28.3, 24.7), frozenset({"gold"}))
    assert fitted is not None and fitted.size == 9.5
