"""Raster art: PNG, JPEG and WebP draw; damaged, truncated or huge files are check findings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image

from generator.limits import MAX_ART_PIXELS
from generator.load.art import ArtError, _read, read_art
from tests.artwork import (
    MIDDLE,
    art_game,
    at_mm,
    card_picture,
    image_bytes,
    near,
    png_header_only,
    red_blue,
)
from tests.conftest import GAME_YAML

PIXELS_HINT = " (`limits: {art_pixels: ...}` in game.yaml raises it)"
FILL = f"{{type: image, field: image, fit: fill, {MIDDLE}}}"


@pytest.mark.parametrize(("suffix", "kind"), [("png", "PNG"), ("jpg", "JPEG"), ("webp", "WEBP")])
def test_png_jpeg_and_webp_art_is_drawn(game, pnp, suffix, kind):
    art_game(game, FILL, {f"art/a.{suffix}": red_blue(kind)}, f"art/a.{suffix}")
    assert pnp("check", "demo").exit_code == 0
    picture = card_picture(pnp)
    assert near(at_mm(picture, -10, 0), (220, 0, 0))
    assert near(at_mm(picture, 10, 0), (0, 0, 220))


def test_webp_with_transparency_keeps_it(game, pnp):
    clear = Image.new("RGBA", (20, 10), (0, 0, 0, 0))
    clear.paste((0, 160, 0, 255), (0, 0, 10, 10))
    art_game(game, FILL, {"art/a.webp": image_bytes(clear, "WEBP", lossless=True)}, "art/a.webp")
    picture = card_picture(pnp)
    assert near(at_mm(picture, -10, 0), (0, 160, 0))
    assert near(at_mm(picture, 10, 0), (255, 255, 255))


def _picture() -> Image.Image:
    """A picture that compresses to the same bytes on every run."""
    return Image.linear_gradient("L").convert("RGB").rotate(30)


def _truncated_png() -> bytes:
    """The first 200 bytes of a real PNG."""
    return image_bytes(_picture(), "PNG")[:200]


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        (
            "art/a.png",
            _truncated_png(),
            "expected a PNG image, found a truncated file: image file is truncated",
        ),
        (
            "art/a.jpg",
            image_bytes(_picture(), "JPEG")[:-400],
            "expected a JPEG image, found a truncated file: image file is truncated "
            "(106 bytes not processed)",
        ),
        (
            "art/a.webp",
            red_blue("WEBP")[:30],
            "expected a WebP image, found a damaged file: could not create decoder object",
        ),
        ("art/a.png", b"", "expected a PNG image, found an empty file"),
        (
            "art/a.png",
            b"hello, not a picture",
            "expected a PNG image, found data that is not an image",
        ),
        (
            "art/a.png",
            png_header_only(10_000, 9_000),
            f"expected an image of at most {MAX_ART_PIXELS:,} pixels{PIXELS_HINT}, "
            "found 10000x9000 (90,000,000 pixels)",
        ),
        (
            "art/a.png",
            png_header_only(20_000, 20_000),
            f"expected an image of at most {MAX_ART_PIXELS:,} pixels{PIXELS_HINT}, "
            "found 400,000,000 pixels",
        ),
    ],
    ids=[
        "truncated-png",
        "truncated-jpeg",
        "damaged-webp",
        "empty",
        "not-an-image",
        "huge",
        "bomb",
    ],
)
def test_art_that_cannot_be_drawn_is_a_finding_and_the_build_writes_nothing(
    game, pnp, name, data, message
):
    art_game(game, FILL, {name: data}, name)
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert f"demo/decks/heroes.csv:2:32: error bad-art: art '{name}': {message}" in result.output
    assert pnp("build", "demo", "-o", "out").exit_code == 1
    assert not Path("out").exists()


def test_a_bad_symbol_image_or_rulebook_figure_is_reported_where_it_is_named(game, pnp):
    yaml = GAME_YAML.replace(
        "    label: Gold\n", "    label: Gold\n    drawing: {image: art/gold.png}\n"
    )
    rulebook = "# Rules\n\nSome text.\n\n![The map](art/map.jpg)\n"
    game(
        {
            "game.yaml": yaml,
            "rulebook.md": rulebook,
            "art/gold.png": _truncated_png(),
            "art/map.jpg": b"not a jpeg at all",
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/game.yaml:9:22: error bad-art: art 'art/gold.png': expected a PNG image, "
        "found a truncated file: image file is truncated"
    ) in result.output
    assert (
        "demo/rulebook.md:5:1: error bad-art: art 'art/map.jpg': expected a JPEG image, "
        "found data that is not an image"
    ) in result.output


def test_a_damaged_board_image_is_reported(game, pnp):
    board = (
        "boards:\n  - id: map\n    name: Map\n    size: 200x150mm\n    elements:\n"
        "      - {type: image, src: art/map.png}\n"
    )
    yaml = GAME_YAML.replace(
        "components:\n",
        "components:\n  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}\n",
    )
    game({"game.yaml": yaml + board, "art/map.png": _truncated_png()})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert "error bad-art: art 'art/map.png': expected a PNG image, found a truncated file" in (
        result.output
    )


def test_art_is_read_once_per_version_of_the_file(tmp_path):
    path = tmp_path / "a.png"
    path.write_bytes(red_blue())
    _read.cache_clear()
    assert (read_art(path).width, read_art(path).height) == (20, 10)
    assert _read.cache_info().hits == 1
    Image.new("RGB", (4, 3)).save(path)
    os.utime(path, ns=(1, 10**18))
    assert (read_art(path).width, read_art(path).height) == (4, 3)
    path.write_bytes(b"")
    with pytest.raises(ArtError, match="found an empty file"):
        read_art(path)
