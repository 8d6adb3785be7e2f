"""SVG art: files real editors and exporters wrote, drawn as PDF vectors; hostile or broken files
refused by the check."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.load.art import ArtError, read_art
from generator.load.svg import SvgError, read_svg
from generator.write.raster import pdf_pages_to_png
from generator.write.svg import draw_vector_art, end_form
from tests.artwork import MIDDLE, SVG_DATA, art_game, at_mm, card_picture, near
from tests.conftest import GAME_YAML

GRADIENT = "its gradients are drawn in one colour, the average of their stops"
TEXT = "its text is not drawn; convert text to paths in the editor"
ILLUSTRATOR = b"""<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 24.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
\t<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">
\t<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
]>
<svg version="1.1" xmlns:x="&ns_extend;" xmlns:i="&ns_ai;" xmlns="http://www.w3.org/2000/svg"
\t x="0px" y="0px" viewBox="0 0 100 100" style="enable-background:new 0 0 100 100;" xml:space="preserve">
<style type="text/css">
\t.st0{fill:#00A000;}
\t.st1{fill:none;stroke:#0000C0;stroke-width:10;stroke-linecap:round;}
</style>
<rect class="st0" x="0" y="0" width="100" height="50"/>
<path class="st1" d="M10,75 L90,75"/>
</svg>"""


def _svg(body: str, head: str = 'width="10" height="10"') -> bytes:
    return f'<svg xmlns="http://www.w3.org/2000/svg" {head}>{body}</svg>'.encode()


@pytest.mark.parametrize(
    ("name", "size", "paths", "notes"),
    [
        ("die-five.svg", (512, 512), 2, ()),
        ("hex-token.svg", (96, 96), 6, ()),  # 72pt square: 96 CSS pixels
        ("crown.svg", (32, 32), 4, ()),
        ("star.svg", (48, 48), 3, (GRADIENT,)),
        ("hammer.svg", (48, 48), 6, (GRADIENT,)),
        ("question-mark.svg", (48, 48), 4, (GRADIENT, TEXT)),
        ("talk-bubbles.svg", (48, 48), 8, (GRADIENT,)),
    ],
)
def test_real_editor_files_become_paths(name, size, paths, notes):
    art = read_svg((SVG_DATA / name).read_bytes())
    assert (art.width, art.height) == size and (art.x, art.y) == (0, 0)
    assert len(art.paths) == paths
    assert art.notes == notes


def _drawn(data: bytes, side: float = 200) -> tuple:
    """The art drawn once into a form and placed `side` points square; the page as pixels."""
    art = read_svg(data)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(side, side))
    canvas.beginForm("art", 0, 0, art.width, art.height)
    draw_vector_art(canvas, art)
    end_form(canvas, "art")
    canvas.scale(side / art.width, side / art.height)
    canvas.doForm("art")
    canvas.showPage()
    canvas.save()
    page = Image.open(io.BytesIO(pdf_pages_to_png(buffer.getvalue(), 72)[0])).convert("RGB")
    return page, (
        lambda x, y: page.getpixel((int(x * side / art.width), int(y * side / art.height)))
    )


def test_arcs_and_winding_holes_draw_true():
    _, at = _drawn((SVG_DATA / "die-five.svg").read_bytes())
    assert near(at(256, 256), (0, 0, 0))  # the middle pip is a hole in the white die
    assert near(at(200, 256), (255, 255, 255))  # die face beside it
    assert near(at(10, 10), (0, 0, 0))  # the black square behind the die
    assert near(at(123, 122), (0, 0, 0))  # a corner pip, drawn by arcs


def test_even_odd_holes_keep_the_colour_beneath():
    """The gem is two circles wound the same way: only the even-odd rule makes it a ring."""
    _, crown = _drawn((SVG_DATA / "crown.svg").read_bytes())
    assert near(crown(16, 21.25), (0x2E, 0x86, 0xDE), 30)  # the blue ring
    assert near(crown(16, 23.5), (0xF2, 0xB7, 0x05), 30)  # the gold crown through its hole
    assert near(crown(10.5, 24.5), (0xD6, 0x30, 0x31), 30)  # a red side gem


def test_matplotlib_styles_uses_and_glyphs_keep_their_colours():
    """matplotlib writes a DOCTYPE naming the SVG 1.1 DTD, colours in `style`, markers and
    glyphs as <use>, and text as glyph outlines flipped by scale(0.3 -0.3)."""
    _, token = _drawn((SVG_DATA / "hex-token.svg").read_bytes())
    assert near(token(48, 8), (0x2A, 0x9D, 0x8F), 30)  # the teal hexagon
    assert near(token(18.24, 30.72), (0xE7, 0x6F, 0x51), 30)  # a marker placed by <use x y>
    assert near(token(48, 33), (0x26, 0x46, 0x53), 30)  # a stroke of the "3"
    assert near(token(48, 39), (0xE9, 0xF5, 0xDB), 30)  # between its strokes


def test_matrix_and_rotate_transforms_place_each_part():
    """Inkscape turned the hammer with a mirroring matrix and the nail with rotate(a, x, y)."""
    _, at = _drawn((SVG_DATA / "hammer.svg").read_bytes(), 480)
    assert near(at(27.41, 14.1), (0xBB, 0xBC, 0xB8), 20)  # the head: its gradient averaged
    assert near(at(12.21, 27.18), (0xC1, 0x7D, 0x11), 20)  # the wooden handle
    assert near(at(24, 30), (255, 255, 255), 0)  # where the handle stood before it was turned
    assert near(at(37.12, 40.17), (0xBA, 0xBD, 0xB6), 20)  # the nail's shank, turned 20°
    assert near(at(39, 40.5), (255, 255, 255), 0)  # where it stood


def test_clip_paths_follow_a_mirrored_use():
    """Each bubble's white inner line is its 2-unit outline clipped to the bubble: unclipped,
    it would paint over the outer half of the coloured outline."""
    _, at = _drawn((SVG_DATA / "talk-bubbles.svg").read_bytes(), 480)
    assert near(at(16, 29), (0xCA, 0xE0, 0xF6), 20)  # inside the blue bubble
    assert near(at(29.5, 29), (0x20, 0x4A, 0x87), 20)  # its outline, just outside its edge
    assert near(at(28.5, 29), (255, 255, 255), 20)  # the white line just inside
    assert near(at(32, 15), (0xFF, 0xE0, 0xC2), 20)  # inside the mirrored orange bubble
    assert near(at(18.5, 15), (0xCE, 0x5C, 0x00), 20)  # its outline, mirrored
    assert near(at(19.5, 15), (255, 255, 255), 20)


def test_opacity_and_gradients_are_honoured():
    _, at = _drawn((SVG_DATA / "question-mark.svg").read_bytes())
    assert near(at(24, 33), (0xF5, 0x79, 0x00), 30)  # the orange disc, below its highlight
    shadow = at(24, 45)  # a black-to-clear radial gradient at opacity .6, averaged
    assert 120 < shadow[0] < 240 and shadow[0] == shadow[1] == shadow[2]
    _, star = _drawn((SVG_DATA / "star.svg").read_bytes())
    # Inkscape's gradient names its stops by xlink:href: #fce94f and #edd400, averaged.
    assert near(star(24, 28), (0xF5, 0xDF, 0x28), 10)


def test_illustrator_entities_and_css_classes_are_read():
    art = read_svg(ILLUSTRATOR)
    assert (art.width, art.height) == (100, 100)
    _, at = _drawn(ILLUSTRATOR)
    assert near(at(50, 25), (0x00, 0xA0, 0x00))
    assert near(at(50, 75), (0x00, 0x00, 0xC0))  # the stroked line, 10 units wide
    assert near(at(50, 85), (255, 255, 255))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            b'<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]>'
            + _svg("<text>&b;</text>"),
            'expected XML entities that do not refer to other entities, found <!ENTITY b "&a;&a;&a;&a;">',
        ),
        (
            b'<!DOCTYPE svg [<!ENTITY a "'
            + b"x" * 10_000
            + b'">]>'
            + _svg('<rect width="5" height="5"/>' + "<desc>&a;</desc>" * 101),
            "expected XML entities expanding to at most 1,000,000 bytes, found 1,010,000",
        ),
        (
            b'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>' + _svg("<text>&x;</text>"),
            'expected an SVG without external or parameter XML entities, found <!ENTITY x SYSTEM "file:///etc/passwd">',
        ),
        (
            _svg("<rect>"),
            "expected an SVG file, found malformed XML: mismatched tag: line 1, column 71",
        ),
        (b"", "expected an SVG file, found an empty file"),
        (
            b"<html><body/></html>",
            "expected an SVG file, found an XML document whose root is <html>",
        ),
        (
            b"\x89PNG\r\n\x1a\n0000",
            "expected an SVG file, found a PNG image (name it with the matching extension)",
        ),
        (_svg("<g/>"), "expected an SVG with shapes to draw, found none"),
        (
            _svg("<text>Hi</text>"),
            "expected an SVG with shapes to draw, found only text (convert text to paths in the editor)",
        ),
        (
            _svg('<rect width="1" height="1"/>', 'viewBox="0 0 0 0"'),
            "expected an SVG with a positive width and height of at most 10,000,000, found 0x0",
        ),
        (
            _svg('<rect width="1" height="1"/>', 'width="100000" height="1"'),
            "expected an SVG whose width and height are within 10,000 times of each other, found 100000x1",
        ),
        (
            _svg('<g id="g"><rect width="5" height="5"/><use href="#g"/></g>'),
            "expected <use> references without a cycle, found one through '#g'",
        ),
        (
            _svg("<g>" * 300 + "</g>" * 300),
            "expected an SVG nested at most 200 levels deep, found more",
        ),
        (
            _svg(
                '<rect id="r0" width="1" height="1"/>'
                + "".join(
                    f'<g id="r{i + 1}">' + f'<use href="#r{i}"/>' * 10 + "</g>" for i in range(6)
                )
            ),
            "expected an SVG of at most 100,000 elements, each <use> copy counted"
            " (`limits: {svg_elements: ...}` in game.yaml raises it), found more",
        ),
    ],
    ids=[
        "billion-laughs",
        "entity-flood",
        "external-entity",
        "malformed",
        "empty",
        "not-svg",
        "png-named-svg",
        "nothing-drawn",
        "text-only",
        "zero-viewbox",
        "absurd-aspect",
        "use-cycle",
        "deep",
        "use-fan-out",
    ],
)
def test_unsafe_or_undrawable_svg_is_refused_with_a_reason(data, message):
    with pytest.raises(SvgError) as caught:
        read_svg(data)
    assert str(caught.value) == message


def test_a_file_without_a_size_takes_the_box_its_shapes_cover():
    art = read_svg(_svg('<rect x="10" y="20" width="30" height="5"/>', ""))
    assert (art.x, art.y, art.width, art.height) == (10, 20, 30, 5)


def test_an_svg_card_is_vectors_only_in_the_pdf_and_drawn_in_the_png(game, pnp):
    art = {"art/die.svg": (SVG_DATA / "die-five.svg").read_bytes()}
    art_game(game, f"{{type: image, field: image, fit: fit, {MIDDLE}}}", art, "art/die.svg")
    assert pnp("check", "demo").exit_code == 0
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    reader = PdfReader("out/demo/cards-poker.pdf")
    forms = list(reader.pages[0]["/Resources"]["/XObject"].values())
    assert [f.get_object()["/Subtype"] for f in forms] == ["/Form"]
    assert b"/Subtype /Image" not in Path("out/demo/cards-poker.pdf").read_bytes()
    assert re.search(rb"\bc\b", forms[0].get_object().get_data())  # curves: the pips' arcs
    picture = card_picture(pnp, "png-out")
    assert near(at_mm(picture, 0, 0), (0, 0, 0))  # the middle pip
    assert near(at_mm(picture, 5, 0), (255, 255, 255))  # the die face
    assert near(at_mm(picture, 19, 19), (0, 0, 0))  # the icon's black square corner


def test_svg_symbols_draw_as_vectors_in_text_icons_and_the_rulebook_legend(game, pnp):
    yaml = GAME_YAML.replace(
        "    label: Gold\n", "    label: Gold\n    drawing: {image: art/crown.svg}\n"
    )
    rulebook = "# Symbols\n\n{{ icon_legend() }}\n\nPay :gold: to buy.\n"
    game(
        {
            "game.yaml": yaml,
            "art/crown.svg": (SVG_DATA / "crown.svg").read_bytes(),
            "rulebook.md": rulebook,
        }
    )
    result = pnp("build", "demo", "-o", "out", "--only", "cards,rulebook")
    assert result.exit_code == 0, result.output
    for pdf in ("cards-poker.pdf", "rulebook.pdf"):
        data = Path("out/demo", pdf).read_bytes()
        assert b"/Subtype /Image" not in data and b"/Transparency" in data, pdf


def test_svg_problems_are_check_findings_at_the_cell_that_names_the_art(game, pnp):
    files = {
        "art/bad.svg": b"<svg><rect></svg>",
        "art/q.svg": (SVG_DATA / "question-mark.svg").read_bytes(),
    }
    art_game(game, f"{{type: image, field: image, {MIDDLE}}}", files, "art/bad.svg")
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/decks/heroes.csv:2:32: error bad-art: art 'art/bad.svg': expected an SVG file, "
        "found malformed XML: mismatched tag: line 1, column 13"
    ) in result.output
    build = pnp("build", "demo", "-o", "out")
    assert build.exit_code == 1 and not Path("out").exists()
    Path("demo/decks/heroes.csv").write_text(
        "id,name,quantity,text,image\nknight,Knight,1,x,art/q.svg\n"
    )
    result = pnp("check", "demo")
    assert result.exit_code == 0
    assert (
        f"demo/decks/heroes.csv:2:19: warning art-simplified: art 'art/q.svg': {TEXT}"
        in result.output
    )
    assert (
        f"demo/decks/heroes.csv:2:19: warning art-simplified: art 'art/q.svg': {GRADIENT}"
        in result.output
    )


def test_a_broken_svg_symbol_is_reported_at_its_drawing(game, pnp):
    yaml = GAME_YAML.replace(
        "    label: Gold\n", "    label: Gold\n    drawing: {image: art/gold.svg}\n"
    )
    game({"game.yaml": yaml, "art/gold.svg": b'<svg xmlns="http://www.w3.org/2000/svg"/>'})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/game.yaml:9:22: error bad-art: art 'art/gold.svg': expected an SVG with shapes "
        "to draw, found none"
    ) in result.output


def test_an_svg_file_over_the_size_limit_is_not_read(tmp_path):
    path = tmp_path / "huge.svg"
    with path.open("wb") as file:
        file.truncate(20 * 1024 * 1024 + 1)
    with pytest.raises(ArtError) as caught:
        read_art(path)
    assert str(caught.value) == "expected an SVG of at most 20 MB, found 20.1 MB"


def test_boards_draw_svg_art_as_vectors(game, pnp):
    yaml = GAME_YAML.replace(
        "components:\n",
        "components:\n  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}\n",
    )
    board = (
        "boards:\n  - id: map\n    name: Map\n    size: 180x120mm\n    elements:\n"
        "      - {type: image, src: art/token.svg, fit: fit}\n"
    )
    game({"game.yaml": yaml + board, "art/token.svg": (SVG_DATA / "hex-token.svg").read_bytes()})
    result = pnp("build", "demo", "-o", "out", "--only", "boards")
    assert result.exit_code == 0, result.output
    pdf = next(Path("out/demo").glob("board*.pdf")).read_bytes()
    assert b"/Subtype /Image" not in pdf and b"/Subtype /Form" in pdf


def test_two_files_with_the_same_art_share_one_form(game, pnp):
    crown = (SVG_DATA / "crown.svg").read_bytes()
    art_game(game, f"{{type: image, field: image, {MIDDLE}}}", {"art/a.svg": crown}, "art/a.svg")
    Path("demo/art/b.svg").write_bytes(crown)
    rows = "id,name,quantity,text,image\nknight,Knight,1,x,art/a.svg\nmage,Mage,1,y,art/b.svg\n"
    Path("demo/decks/heroes.csv").write_text(rows)
    Path("demo/game.yaml").write_text(
        Path("demo/game.yaml").read_text().replace("count: 1", "count: 2")
    )
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert Path("out/demo/cards-poker.pdf").read_bytes().count(b"/Subtype /Form") == 1
