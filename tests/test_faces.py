"""Resolving layout elements for one card: what `when` and icon fields draw."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pypdfium2

from generator.build import rendered_decks
from generator.check import check_game
from generator.impose.grid import Edges
from generator.model.layout import TextStyle
from generator.render.faces import Face
from generator.render.fit import fit_text
from generator.render.items import IconItem, Rect, ShapeItem, TextItem
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
    """The texts a face prints, each as its words read."""
    return [item.fitted.text for item in face.items if isinstance(item, TextItem)]


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
    """Wrapping is not monotonic in size: here 11 pt fits and 10.75 pt does not, so a bisection
    settles on 10.5 pt (in Inter, the default card font)."""
    text = ":gold: discard 1 discard draw army city and and 1 city :gold:"
    style = TextStyle(size=11, min_size=5)
    fitted = fit_text(text, style, Rect(0, 0, 23.3, 29.5), frozenset({"gold"}))
    assert fitted is not None and fitted.size == 11


ROSE_LAYOUT = """\
layouts:
  event:
    extends: framed
    elements:
      - type: rose
        box: [6mm, 30mm, 50mm, 45mm]
        outer: [greek, med, african, indian, parthian, caucasus]
        centre: [west, east]
        colours: ["#7b3fa0", "#2f5d9e", "#8b5a2b", "#808080", "#000000", "#d4a017"]
        crown: true
"""

EVENTS = """\
- {id: e45, name: Great Revolt, greek: 3, med: 1, african: r2, indian: 3, parthian: F3, caucasus: 0, west: 4, east: 3}
- {id: e46, name: Unknown, greek: {placeholder: not given}, med: 1, african: 1, indian: 1, parthian: 1, caucasus: 1, west: 1, east: 0}
"""


def test_the_rose_reads_counter_clockwise_from_the_crowned_top_hex(game):
    game_yaml = GAME_YAML.replace("file: decks/heroes.csv", "file: decks/heroes.yaml")
    game_yaml = (game_yaml + ROSE_LAYOUT).replace("    file:", "    layout: event\n    file:")
    game({"game.yaml": game_yaml.replace("count: 3", "count: 2"), "decks/heroes.yaml": EVENTS})
    loaded, report = check_game(Path("demo"))
    assert not report.errors, [f.as_text() for f in report.errors]
    [deck] = rendered_decks(loaded)
    face = next(f for f in deck.fronts if f.card == "e45")
    hexes = [i for i in face.items if isinstance(i, ShapeItem) and i.kind == "hexagon"]
    centres = [(h.box.x + h.box.width / 2, h.box.y + h.box.height / 2) for h in hexes]
    (cx, cy), outer = centres[0], centres[1:]
    angles = [math.degrees(math.atan2(cy - y, x - cx)) % 360 for x, y in outer]
    assert [round(a) for a in angles] == [90, 150, 210, 270, 330, 30]
    assert [h.stroke for h in hexes[1:]] == [
        "#7b3fa0",
        "#2f5d9e",
        "#8b5a2b",
        "#808080",
        "#000000",
        "#d4a017",
    ]
    labels = [(t.fitted.text, t.style.colour) for t in face.items if isinstance(t, TextItem)][-7:]
    assert labels == [
        ("4/3", "#222222"),
        ("3", "#222222"),
        ("1", "#222222"),
        ("2", "#c0392b"),
        ("3", "#222222"),
        ("F3", "#222222"),
        ("0", "#222222"),
    ]
    crown = next(i for i in face.items if isinstance(i, ShapeItem) and i.kind == "crown")
    assert crown.box.y < hexes[1].box.y + hexes[1].box.height / 2 < cy
    unknown = next(f for f in deck.fronts if f.card == "e46")
    assert ("?", "#222222") in [
        (t.fitted.text, t.style.colour) for t in unknown.items if isinstance(t, TextItem)
    ]


def test_unless_hides_an_element_when_its_field_is_set(game):
    layout = LAYOUT.replace('"Strength {{ strength }}"', '"No strength"').replace(
        "when: strength}", "unless: strength}"
    )
    game_yaml = GAME_YAML.replace("file: decks/heroes.csv", "file: decks/heroes.yaml")
    game_yaml = (game_yaml + layout).replace("    file:", "    layout: hero\n    file:")
    game({"game.yaml": game_yaml, "decks/heroes.yaml": HEROES_YAML.replace(", strength: 3}", "}")})
    loaded, report = check_game(Path("demo"))
    assert not report.errors, [f.as_text() for f in report.errors]
    faces = {face.card: face for face in rendered_decks(loaded)[0].fronts}
    assert "No strength" not in _texts(faces["knight"])  # its strength is 0, which is set
    assert "No strength" in _texts(faces["mage"])


def test_text_takes_its_colour_from_a_field_when_the_card_sets_one(game):
    layout = LAYOUT.replace(
        "when: strength}", 'when: strength, colour_field: ink, colour: "#000000"}'
    )
    game_yaml = GAME_YAML.replace("file: decks/heroes.csv", "file: decks/heroes.yaml")
    game_yaml = (game_yaml + layout).replace("    file:", "    layout: hero\n    file:")
    heroes = HEROES_YAML.replace("strength: 0}", 'strength: 0, ink: "#c0392b"}')
    game({"game.yaml": game_yaml, "decks/heroes.yaml": heroes})
    loaded, _ = check_game(Path("demo"))
    faces = {face.card: face for face in rendered_decks(loaded)[0].fronts}

    def strength_colour(face):
        return next(
            item.style.colour
            for item in face.items
            if isinstance(item, TextItem) and item.fitted.text in ("Strength 0", "Strength 3")
        )

    assert (strength_colour(faces["knight"]), strength_colour(faces["mage"])) == (
        "#c0392b",
        "#000000",
    )


def test_a_build_fits_each_design_once_however_placeholders_print(game, pnp, monkeypatch):
    """The check measures text on the faces the render stage fitted: no design is fitted twice."""
    import generator.render.faces as faces

    calls = []
    resolve = faces._face
    monkeypatch.setattr(faces, "_face", lambda *a, **k: calls.append(1) or resolve(*a, **k))
    game()  # --no-cache: faces kept by an earlier build are the build cache's business
    assert pnp("build", "demo", "-o", "out", "--only", "cards", "--no-cache").exit_code == 0
    assert len(calls) == 2  # the knight and the mage, once each
    calls.clear()
    assert pnp("build", "demo", "-o", "out", "--placeholders", "mark", "--no-cache").exit_code == 0
    assert len(calls) == 2
