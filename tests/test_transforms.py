"""Turning, mirroring and fading art and icons, and turning text, as layouts ask."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.render.items import Rect, art_footprint, turned_box
from tests.artwork import MIDDLE, art_game, at_mm, card_picture, near, red_blue

RED, BLUE, WHITE = (220, 0, 0), (0, 0, 220), (255, 255, 255)
RED_BLUE_SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1">'
    b'<rect width="1" height="1" fill="#dc0000"/><rect x="1" width="1" height="1" fill="#0000dc"/>'
    b"</svg>"
)


@pytest.mark.parametrize(
    ("fit", "rotate", "expected"),
    [
        ("fit", 0, Rect(0, 5, 20, 10)),
        ("fit", 90, Rect(5, 0, 10, 20)),
        ("fit", 270, Rect(5, 0, 10, 20)),
        ("crop", 0, Rect(-10, 0, 40, 20)),
        ("crop", 90, Rect(0, -10, 20, 40)),
        ("fill", 90, Rect(0, 0, 20, 20)),
    ],
)
def test_art_footprint_swaps_the_natural_aspect_when_turned(fit, rotate, expected):
    assert art_footprint(Rect(0, 0, 20, 20), (200, 100), fit, rotate) == expected


def test_turned_text_is_laid_out_in_the_box_with_sides_swapped():
    assert turned_box(Rect(1, 2, 8, 60), 90) == Rect(1, 2, 60, 8)
    assert turned_box(Rect(1, 2, 8, 60), 180) == Rect(1, 2, 8, 60)


@pytest.mark.parametrize(
    ("placing", "sides"),
    [
        ("", {"left": RED, "right": BLUE, "top": WHITE, "bottom": WHITE}),
        ("rotate: 90", {"top": RED, "bottom": BLUE, "left": WHITE, "right": WHITE}),
        ("rotate: 270", {"top": BLUE, "bottom": RED, "left": WHITE, "right": WHITE}),
        ("rotate: 180", {"left": BLUE, "right": RED}),
        ("flip: horizontal", {"left": BLUE, "right": RED}),
        ("flip: vertical", {"left": RED, "right": BLUE}),
        ("{rotate: 90, flip: horizontal}", {"top": BLUE, "bottom": RED}),
    ],
)
@pytest.mark.parametrize("art", ["a.png", "a.svg"])
def test_turned_and_mirrored_art_lands_where_expected(game, pnp, placing, sides, art):
    """A red|blue picture twice as wide as high, fitted to a 40 mm square in the card's middle:
    10 mm from the centre it is red or blue, 15 mm off its long side it is the white card."""
    placing = placing.strip("{}")
    element = (
        f"{{type: image, field: image, fit: fit, {MIDDLE}{', ' + placing if placing else ''}}}"
    )
    files = {"art/a.png": red_blue(), "art/a.svg": RED_BLUE_SVG}
    art_game(game, element, files, f"art/{art}")
    picture = card_picture(pnp)
    where = {"left": (-10, 0), "right": (10, 0), "top": (0, -10), "bottom": (0, 10)}
    if sides.get("left") == WHITE:
        where |= {"left": (-15, 0), "right": (15, 0)}
    if sides.get("top") == WHITE:
        where |= {"top": (0, -15), "bottom": (0, 15)}
    for side, colour in sides.items():
        assert near(at_mm(picture, *where[side]), colour), (side, at_mm(picture, *where[side]))


def test_opacity_fades_art_and_icons(game, pnp):
    element = f"{{type: image, field: image, fit: fill, {MIDDLE}, opacity: 50%}}"
    art_game(game, element, {"art/a.svg": RED_BLUE_SVG}, "art/a.svg")
    picture = card_picture(pnp)
    assert near(at_mm(picture, -10, 0), (238, 128, 128), 12)
    Path("demo/game.yaml").write_text(
        Path("demo/game.yaml")
        .read_text()
        .replace(
            "{type: image, field: image, fit: fill, box: [11.5mm, 24mm, 40mm, 40mm], opacity: 50%}",
            "{type: icon, symbol: gold, box: [11.5mm, 24mm, 40mm, 40mm], opacity: 0.25}",
        )
    )
    picture = card_picture(pnp, "icon")
    faded = at_mm(picture, 0, 5)  # the circle's fill (#c8a400) at a quarter strength
    assert near(faded, (242, 232, 191), 12), faded


def test_a_turned_icon_turns_its_drawing(game, pnp):
    drawing = "{image: art/a.svg}"
    element = f"{{type: icon, symbol: gold, {MIDDLE}, rotate: 90}}"
    art_game(game, element, {"art/a.svg": RED_BLUE_SVG}, drawing=drawing)
    picture = card_picture(pnp)
    assert near(at_mm(picture, 0, -5), RED) and near(at_mm(picture, 0, 5), BLUE)
    assert near(at_mm(picture, -15, 0), WHITE)


def _characters(pdf: Path) -> list[tuple[str, float, float]]:
    """Each character on the first page with the centre of its box (points, y up)."""
    with pdfium.PdfDocument(pdf) as document:
        text = document[0].get_textpage()
        found = []
        for index in range(text.count_chars()):
            left, bottom, right, top = text.get_charbox(index)
            found.append((text.get_text_range(index, 1), (left + right) / 2, (bottom + top) / 2))
        return found


@pytest.mark.parametrize("rotate", [90, 270])
def test_turned_text_fits_the_turned_box_and_runs_along_it(game, pnp, rotate):
    """8 mm is too narrow for the word, 60 mm turned is not: the check passes and the drawn
    letters run down the page (90) or up it (270), one above the other."""
    element = (
        "{type: text, field: name, box: [27.5mm, 14mm, 8mm, 60mm], size: 14, min_size: 12, "
        f"rotate: {rotate}}}"
    )
    art_game(game, element)
    assert pnp("check", "demo").exit_code == 0
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    letters = [c for c in _characters(Path("out/demo/cards-poker.pdf")) if c[0].strip()][:6]
    assert "".join(c[0] for c in letters) == "Knight"  # then the sheet's footer
    xs, ys = [c[1] for c in letters], [c[2] for c in letters]
    assert max(xs) - min(xs) < 3  # one column of letters
    steps = [b - a for a, b in pairwise(ys)]
    assert all(s < 0 for s in steps) if rotate == 90 else all(s > 0 for s in steps)


def test_turned_text_that_still_cannot_fit_names_the_turn(game, pnp):
    element = (
        "{type: text, field: text, box: [27.5mm, 14mm, 8mm, 20mm], size: 14, min_size: 12, "
        "rotate: 90}"
    )
    art_game(game, element, text="A long line of rules text that cannot fit")
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/decks/heroes.csv:2:1: error text-overflow: deck 'heroes', card 'knight', field "
        "'text': text does not fit its 8x20 mm box turned 90\u00b0 even at the minimum size 12 pt"
    ) in result.output


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("rotate: 45", "rotate: expected one of 0, 90, 180 or 270, found 45"),
        (
            "flip: sideways",
            "flip: expected one of 'none', 'horizontal', 'vertical' or 'both', found 'sideways'",
        ),
        ("opacity: 1.5", "opacity: expected an opacity from 0 to 1 (or 0% to 100%), found 1.5"),
        ("opacity: 120%", "opacity: expected an opacity from 0 to 1 (or 0% to 100%), found '120%'"),
    ],
)
def test_out_of_range_transforms_are_schema_findings(game, pnp, setting, message):
    folder = art_game(game, f"{{type: image, field: image, {MIDDLE}, {setting}}}")
    column = (folder / "game.yaml").read_text().splitlines()[12].index(setting) + 1
    column += len(setting.split(": ")[0]) + 2  # at the value
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        f"demo/game.yaml:13:{column}: error schema: layouts.art-card.elements[0].{message}"
        in result.output
    ), result.output


def test_text_rotation_is_validated_too(game, pnp):
    art_game(game, "{type: text, field: name, rotate: -90}")
    result = pnp("check", "demo")
    assert "elements[0].rotate: expected one of 0, 90, 180 or 270, found -90" in result.output
