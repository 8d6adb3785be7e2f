"""Helpers for art tests: a one-card game drawing given art, its card as pixels, and test images."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from PIL import Image

SVG_DATA = Path(__file__).parent / "data" / "svg"
DPI = 300
ART_YAML = """\
id: demo
title: Demo Game
players: {min: 2, max: 4}
symbols:
  - key: gold
    label: Gold
    drawing: DRAWING
layouts:
  art-card:
    size: poker
    bleed: 0
    elements:
      - ELEMENT
components:
  - {id: hero-cards, name: Hero cards, kind: card, count: 1, provided_by: heroes}
decks:
  - {id: heroes, name: Heroes, file: decks/heroes.csv, layout: art-card}
"""
# A 40 mm square in the middle of a poker card (63 x 88 mm).
MIDDLE = "box: [11.5mm, 24mm, 40mm, 40mm]"


def art_game(
    game: Callable[..., Path],
    element: str,
    files: dict[str, bytes] | None = None,
    image: str = "",
    text: str = "Gain 1 :gold:.",
    drawing: str = "{shape: circle, fill: '#c8a400'}",
) -> Path:
    """A game of one card whose layout has one `element` (a YAML flow mapping); `image` is
    the card's `image` cell (CSV line 2, column 32 with the default text), `files` are written as given."""
    yaml = ART_YAML.replace("ELEMENT", element).replace("DRAWING", drawing)
    csv = f"id,name,quantity,text,image\nknight,Knight,1,{text},{image}\n"
    return game({"game.yaml": yaml, "decks/heroes.csv": csv, **(files or {})})


def card_picture(pnp: Callable, out: str = "out") -> Image.Image:
    """Build the card's PNG export (300 dpi, no bleed) and open it."""
    result = pnp("build", "demo", "-o", out, "--only", "png")
    assert result.exit_code == 0, result.output
    with Image.open(Path(out) / "demo" / "png" / "heroes" / "knight-front.png") as picture:
        return picture.convert("RGB")


def at_mm(picture: Image.Image, right: float, down: float) -> tuple[int, int, int]:
    """The pixel `right` and `down` mm from the card's centre."""
    x = picture.width / 2 + right * DPI / 25.4
    y = picture.height / 2 + down * DPI / 25.4
    return picture.getpixel((int(x), int(y)))


def near(pixel: tuple[int, ...], colour: tuple[int, ...], tolerance: int = 40) -> bool:
    """Whether a pixel is within `tolerance` of a colour in every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))


def image_bytes(image: Image.Image, kind: str, **options) -> bytes:
    """An image encoded in memory (PNG, JPEG, WEBP)."""
    buffer = io.BytesIO()
    image.save(buffer, kind, **options)
    return buffer.getvalue()


def red_blue(kind: str = "PNG") -> bytes:
    """A 2x1 picture: red on the left, blue on the right (20x10 so JPEG keeps its colours)."""
    picture = Image.new("RGB", (20, 10), (220, 0, 0))
    picture.paste((0, 0, 220), (10, 0, 20, 10))
    return image_bytes(picture, kind, **({"quality": 95} if kind == "JPEG" else {}))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG declaring a huge size with almost no data: a decompression bomb's header."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data)
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00" * 16)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )
