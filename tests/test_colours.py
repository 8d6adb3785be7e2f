"""Colours as designers write them: CSS names, #rgb, #rrggbb, #rrggbbaa, checked at file:line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.colors import HexColor

from generator.colours import CSS_NAMES, parse_colour, parse_optional_colour, reportlab_colour
from generator.write.raster import pdf_pages_to_png
from tests.conftest import GAME_YAML, HEROES_CSV

EXPECTED = "expected a colour such as #8b1a1a, #fc0 or a CSS name like gold, found"


@pytest.mark.parametrize(
    ("written", "parsed"),
    [
        ("#8b1a1a", "#8b1a1a"),
        ("#8B1A1A", "#8b1a1a"),
        ("#fc0", "#ffcc00"),
        ("#FC0", "#ffcc00"),
        ("#fc08", "#ffcc0088"),
        ("#00000080", "#00000080"),
        ("#8b1a1aff", "#8b1a1a"),
        ("gold", "#ffd700"),
        ("Gold", "#ffd700"),
        (" RebeccaPurple ", "#663399"),
        ("grey", "#808080"),
        ("gray", "#808080"),
        ("darkseagreen", "#8fbc8f"),
        ("lightgray", "#d3d3d3"),
        ("transparent", "#00000000"),
    ],
)
def test_each_written_form_is_read_and_normalised(written, parsed):
    assert parse_colour(written) == parsed


def test_all_148_css_colour_names_are_known():
    names = set(CSS_NAMES) - {"transparent"}
    assert len(names) == 148
    assert {"rebeccapurple", "aliceblue", "yellowgreen", "slategrey", "slategray"} <= names


@pytest.mark.parametrize(
    ("written", "found"),
    [
        ("redd", "'redd'"),
        ("#12345", "'#12345'"),
        ("#ggg", "'#ggg'"),
        ("8b1a1a", "'8b1a1a'"),
        ("rgb(1, 2, 3)", "'rgb(1, 2, 3)'"),
        ("", "''"),
        (12, "12"),
        (
            None,
            'nothing (quote a colour in YAML, "#8b1a1a": an unquoted # starts a comment)',
        ),
    ],
)
def test_anything_else_is_refused_saying_what_was_expected(written, found):
    with pytest.raises(ValueError) as caught:
        parse_colour(written)
    assert str(caught.value) == f"{EXPECTED} {found}"


@pytest.mark.parametrize("written", [None, "", "none", "None "])
def test_an_optional_colour_may_be_none(written):
    assert parse_optional_colour(written) is None


def test_reportlab_colours_carry_alpha_only_when_see_through():
    assert reportlab_colour("#8b1a1a") == HexColor("#8b1a1a")
    assert reportlab_colour("#8b1a1a").alpha == 1
    assert reportlab_colour("#00000080").alpha == pytest.approx(128 / 255)
    assert reportlab_colour("#00000080").rgb() == (0, 0, 0)


def _layout_game(elements: str, extra: str = "") -> str:
    """The demo game printing its deck with one layout of the given elements."""
    layout = f"layouts:\n  plain:\n    size: poker\n    elements:\n{elements}{extra}"
    return GAME_YAML.replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: plain"
    ).replace("decks:\n", layout + "decks:\n")


def test_misspelt_colour_in_a_layout_is_reported_at_its_line(game, pnp):
    game({"game.yaml": _layout_game("      - {type: rect, fill: redd}\n")})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        f"demo/game.yaml:22:28: error schema: layouts.plain.elements[0].fill: {EXPECTED} 'redd'"
    )


def test_unquoted_hash_colour_is_reported_with_the_yaml_hint(game, pnp):
    game(
        {
            "game.yaml": _layout_game(
                "      - type: text\n        field: name\n        colour: #fc0\n"
            )
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        "demo/game.yaml:24:16: error schema: layouts.plain.elements[0].colour: "
        f'{EXPECTED} nothing (quote a colour in YAML, "#8b1a1a": an unquoted # starts a comment)'
    )


def test_misspelt_colour_in_a_symbol_drawing_is_reported_before_any_build(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML.replace(
                "label: Gold\n", "label: Gold\n    drawing: {fill: goldd}\n"
            )
        }
    )
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        f"demo/game.yaml:9:21: error schema: symbols[0].drawing.fill: {EXPECTED} 'goldd'"
    )
    assert not Path("out").exists()


def _page_operators(pdf: Path) -> bytes:
    return PdfReader(pdf).pages[0].get_contents().get_data()


def test_gold_in_a_symbol_drawing_builds_and_draws_gold(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML.replace(
                "label: Gold\n", "label: Gold\n    drawing: {fill: gold}\n"
            )
        }
    )
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert b"1 .843137 0 rg" in _page_operators(Path("out/demo/cards-poker.pdf"))


def test_red_in_a_layout_builds_and_draws_red(game, pnp):
    game({"game.yaml": _layout_game("      - {type: rect, fill: red, stroke: none}\n")})
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert b"1 0 0 rg" in _page_operators(Path("out/demo/cards-poker.pdf"))


def test_half_transparent_black_over_white_prints_mid_grey(game, pnp):
    elements = (
        '      - {type: rect, box: [0, 0, 100%, 50%], fill: "#00000080"}\n'
        '      - {type: rect, box: [0, 50%, 100%, 50%], fill: "#000000"}\n'
    )
    game({"game.yaml": _layout_game(elements, "    bleed: 0\n")})
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    pages = PdfReader("out/demo/printshop-poker.pdf").pages
    assert len(pages) == 2  # the demo's two designs, each once
    png = pdf_pages_to_png(Path("out/demo/printshop-poker.pdf").read_bytes(), 72)[0]
    page = Image.open(io.BytesIO(png)).convert("L")
    width, height = page.size
    assert page.getpixel((width // 2, height // 4)) == pytest.approx(128, abs=2)
    assert page.getpixel((width // 2, height * 3 // 4)) == 0


def test_misspelt_colour_in_a_card_field_is_reported_at_its_cell(game, pnp):
    elements = (
        "      - {type: rect, fill: white, fill_field: colour}\n"
        "      - {type: text, field: name, colour_field: ink, box: [3mm, 3mm, 50mm, 10mm]}\n"
    )
    heroes = "id,name,quantity,colour,ink\nknight,Knight,2,redd,navy\nmage,Mage,1,gold,inky\n"
    game({"game.yaml": _layout_game(elements), "decks/heroes.csv": heroes})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.strip().splitlines() == [
        f"demo/decks/heroes.csv:2:17: error schema: deck 'heroes', card 'knight', colour: {EXPECTED} 'redd'",
        f"demo/decks/heroes.csv:3:18: error schema: deck 'heroes', card 'mage', ink: {EXPECTED} 'inky'",
    ]
    assert pnp("build", "demo", "-o", "out").exit_code == 1
    assert not Path("out").exists()


def test_colours_named_in_card_fields_are_drawn(game, pnp):
    elements = "      - {type: rect, fill: white, fill_field: colour}\n"
    heroes = (
        HEROES_CSV.replace("quantity,text", "quantity,colour,text")
        .replace("2,Gain", "2,#00ff00,Gain")
        .replace("1,Draw", "1,Blue,Draw")
    )
    game({"game.yaml": _layout_game(elements), "decks/heroes.csv": heroes})
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    operators = _page_operators(Path("out/demo/cards-poker.pdf"))
    assert b"0 1 0 rg" in operators and b"0 0 1 rg" in operators


def test_a_see_through_colour_fades_nothing_drawn_after_it(game, pnp):
    elements = (
        '      - {type: rect, box: [0, 0, 100%, 20%], fill: "#00000080"}\n'
        "      - {type: image, src: art/green.png, box: [0, 25%, 100%, 20%], fit: fill}\n"
        '      - {type: text, field: name, box: [5mm, 50%, 50mm, 10mm], colour: "#ff000080"}\n'
        "      - {type: image, src: art/green.png, box: [0, 75%, 100%, 20%], fit: fill}\n"
    )
    buffer = io.BytesIO()
    Image.new("RGB", (50, 50), "#00ff00").save(buffer, "PNG")
    layout = _layout_game(elements, '    bleed: 0\n    background: "#ffffff80"\n')
    game({"game.yaml": layout, "art/green.png": buffer.getvalue()})
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    png = pdf_pages_to_png(Path("out/demo/printshop-poker.pdf").read_bytes(), 72)[0]
    page = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = page.size
    assert page.getpixel((width // 2, height // 10)) == pytest.approx((128, 128, 128), abs=2)
    assert page.getpixel((width // 2, height * 35 // 100)) == (0, 255, 0)
    assert page.getpixel((width // 2, height * 85 // 100)) == (0, 255, 0)


def test_see_through_text_with_markup_keeps_its_colour():
    from generator.model.layout import TextStyle
    from generator.render.fit import fit_text
    from generator.render.items import Rect

    style = TextStyle(colour="#ff000080")
    fitted = fit_text("Gain **2** *now*", style, Rect(0, 0, 40, 10), frozenset())
    assert fitted is not None and {run.colour for run in fitted.styles} == {"#ff000080"}
    colour = reportlab_colour(fitted.styles[0].colour)
    assert (colour.red, colour.green, colour.blue) == (1, 0, 0)
    assert colour.alpha == pytest.approx(128 / 255, abs=0.01)
