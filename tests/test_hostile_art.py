"""Hostile art and fonts: every file a build draws is opened by check, refused with an exact
finding, or drawn with no more pixels than the print needs."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.load.art import ArtError, read_art
from generator.load.svg import SvgError, read_svg
from tests import hostile_art
from tests.artwork import MIDDLE, art_game, at_mm, card_picture, image_bytes, near, red_blue

FILL = f"{{type: image, field: image, fit: fill, {MIDDLE}}}"  # a 40 mm square
SVG_NS = hostile_art.SVG_NS


def _art_error(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    with pytest.raises(ArtError) as caught:
        read_art(path)
    return str(caught.value)


def test_a_gif_under_a_png_name_is_named(tmp_path):
    gif = hostile_art.encoded(Image.new("P", (8, 8)), "GIF")
    assert _art_error(tmp_path / "a.png", gif) == (
        "expected a PNG image, found a GIF image (save it as PNG, JPEG or WebP)"
    )


def test_a_tiff_is_not_opened_whatever_its_name(tmp_path):
    tiff = hostile_art.encoded(Image.new("RGB", (8, 8)), "TIFF")
    assert _art_error(tmp_path / "a.jpg", tiff) == (
        "expected a JPEG image, found a TIFF image (save it as PNG, JPEG or WebP)"
    )


def test_text_under_a_png_name(tmp_path):
    assert _art_error(tmp_path / "a.png", b"only words\n") == (
        "expected a PNG image, found data that is not an image"
    )


def test_a_png_cut_in_its_image_data(tmp_path):
    assert _art_error(tmp_path / "a.png", hostile_art.truncated_png()) == (
        "expected a PNG image, found a truncated file: image file is truncated"
    )


def test_a_png_with_scrambled_image_data(tmp_path):
    assert _art_error(tmp_path / "a.png", hostile_art.corrupt_png()).startswith(
        "expected a PNG image, found a damaged file: "
    )


def test_a_decompression_bomb_is_refused_from_its_header(tmp_path):
    bomb = hostile_art.blank_png(30_000, 30_000, bits=1)
    assert len(bomb) < 120_000
    assert _art_error(tmp_path / "a.png", bomb) == (
        "expected an image of at most 89,478,485 pixels (`limits: {art_pixels: ...}` in game.yaml raises it), found 900,000,000 pixels"
    )


def test_an_image_over_the_pixel_limit_under_pillows_bomb_error(tmp_path):
    big = hostile_art.blank_png(13_000, 13_000, bits=1)
    assert _art_error(tmp_path / "a.png", big) == (
        "expected an image of at most 89,478,485 pixels (`limits: {art_pixels: ...}` in game.yaml raises it), found 13000x13000 (169,000,000 pixels)"
    )


def test_an_art_file_over_the_size_limit_is_not_read(tmp_path):
    path = tmp_path / "a.png"
    with path.open("wb") as file:  # sparse: takes no disk space
        file.write(hostile_art.PNG_SIGNATURE)
        file.truncate(201 * 1024 * 1024)
    with pytest.raises(ArtError) as caught:
        read_art(path)
    assert (
        str(caught.value)
        == "expected an image file of at most 200 MB (`limits: {art_file_mb: ...}` in game.yaml raises it), found 201 MB"
    )


def test_an_svg_with_too_many_path_numbers():
    with pytest.raises(SvgError) as caught:
        read_svg(hostile_art.long_path_svg(300_000).encode())
    assert str(caught.value) == (
        "expected an SVG with at most 500,000 numbers in its path data (`limits: {svg_path_numbers: ...}` in game.yaml raises it), found more"
    )


def test_an_svg_linking_outside_itself_is_drawn_without_opening_the_links():
    svg = (
        f'<svg xmlns="{SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
        '<rect width="10" height="10"/><use xlink:href="file:///etc/passwd#x"/>'
        '<use href="http://example.invalid/a.svg#b"/></svg>'
    )
    art = read_svg(svg.encode())
    assert art.notes == (
        "it links to files outside it ('file:///etc/passwd#x', "
        "'http://example.invalid/a.svg#b'), which are not read",
    )


def test_an_image_box_without_width_is_a_check_error(game, pnp):
    element = "{type: image, field: image, box: [5mm, 20mm, 0, 40mm]}"
    art_game(game, element, {"art/a.png": red_blue()}, "art/a.png")
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/game.yaml:9:3: error bad-art: layout 'art-card': expected an image box of "
        "positive width and height, found 0x40 mm"
    ) in result.output
    assert pnp("build", "demo", "-o", "out").exit_code == 1
    assert not Path("out").exists()


def test_fixed_art_of_a_layout_is_reported_at_the_layout(game, pnp):
    element = f"{{type: image, src: art/a.png, {MIDDLE}}}"
    art_game(game, element, {"art/a.png": b"only words\n"})
    result = pnp("check", "demo")
    assert (
        "demo/game.yaml:9:3: error bad-art: art 'art/a.png': expected a PNG image, "
        "found data that is not an image"
    ) in result.output


def _embedded_sizes(pdf: Path) -> set[tuple[int, int]]:
    """Width and height of every image the PDF holds."""
    reader = PdfReader(pdf)
    sizes = set()
    for number in range(1, len(reader.xref_objStm) + reader.trailer["/Size"]):
        try:
            found = reader.get_object(number)
        except Exception:  # numbers that are free or not objects
            continue
        if hasattr(found, "get") and found.get("/Subtype") == "/Image":
            sizes.add((int(found["/Width"]), int(found["/Height"])))
    return sizes


def _big_picture(width: int, height: int) -> Image.Image:
    picture = Image.new("RGB", (width, height), (220, 0, 0))
    picture.paste((0, 0, 220), (width // 2, 0, width, height))
    return picture


@pytest.mark.parametrize(("suffix", "kind"), [("png", "PNG"), ("jpg", "JPEG")])
def test_art_far_larger_than_its_box_is_embedded_reduced(game, pnp, suffix, kind):
    # A 40 mm square needs 472 px at 300 dpi; 4000 x 3000 has 6.4 times that: a quarter is kept.
    data = image_bytes(_big_picture(4000, 3000), kind)
    art_game(game, FILL, {f"art/a.{suffix}": data}, f"art/a.{suffix}")
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert _embedded_sizes(Path("out/demo/cards-poker.pdf")) == {(1000, 750)}
    picture = card_picture(pnp, "png-out")
    assert near(at_mm(picture, -10, 0), (220, 0, 0))
    assert near(at_mm(picture, 10, 0), (0, 0, 220))


def test_art_the_print_needs_in_full_is_embedded_as_it_is(game, pnp):
    art_game(game, FILL, {"art/a.png": image_bytes(_big_picture(800, 600), "PNG")}, "art/a.png")
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert _embedded_sizes(Path("out/demo/cards-poker.pdf")) == {(800, 600)}


def test_a_jpeg_under_a_png_name_is_drawn(game, pnp):
    art_game(game, FILL, {"art/a.png": red_blue("JPEG")}, "art/a.png")
    assert pnp("check", "demo").exit_code == 0
    picture = card_picture(pnp)
    assert near(at_mm(picture, -10, 0), (220, 0, 0))


def _font_game(game, regular: bytes) -> Path:
    folder = art_game(game, FILL, {"art/a.png": red_blue()}, "art/a.png")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("players:", "font_family: Boxy\nplayers:", 1)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    hostile_art.font_family(folder, regular)
    return folder


def test_a_sound_font_of_our_own_builds(game, pnp):
    _font_game(game, hostile_art.tiny_font())
    assert pnp("build", "demo", "-o", "out").exit_code == 0


def test_a_font_with_a_broken_glyph_table_is_a_check_finding(game, pnp):
    _font_game(game, hostile_art.broken_glyf_font())
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/fonts/Boxy-Regular.ttf:1:1: error font: expected a font whose glyph tables can be "
        "read, found a damaged table (list index out of range)"
    ) in result.output
    built = pnp("build", "demo", "-o", "out")
    assert built.exit_code == 1
    assert not Path("out").exists()


def test_text_named_ttf_is_a_check_finding(game, pnp):
    _font_game(game, b"only words\n" * 8)
    assert (
        "demo/fonts/Boxy-Regular.ttf:1:1: error font: expected a TrueType or OpenType font, "
        "found Not a TrueType or OpenType font (bad sfntVersion)"
    ) in pnp("check", "demo").output


def test_a_font_file_over_the_size_limit_is_not_read(game, pnp):
    folder = _font_game(game, hostile_art.tiny_font())
    with (folder / "fonts" / "Huge.ttf").open("wb") as file:
        file.truncate(65 * 1024 * 1024)
    assert (
        "demo/fonts/Huge.ttf:1:1: error font: expected a font file of at most 64 MB (`limits: {font_file_mb: ...}` in game.yaml raises it), found 65 MB"
    ) in pnp("check", "demo").output
