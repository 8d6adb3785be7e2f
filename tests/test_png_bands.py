"""PNGs joined from bands compressed on their own: any decoder reads the pixels the bands show,
whichever filtering each band's art took."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from generator.write.png_bands import (
    NONE,
    SUB,
    Band,
    _first_row_alone,
    adler32_combine,
    band,
    banded_png,
)

UP, AVERAGE, PAETH = 2, 3, 4  # the PNG filters that look at the row above
WIDTH, BAND_HEIGHT = 300, 40  # a small deck sheet's row of cells


def flat(index: int) -> Image.Image:
    """A band of flat card art: a coloured frame around white, as card faces are drawn."""
    image = Image.new("RGB", (WIDTH, BAND_HEIGHT), (30 * index, 90, 200 - 20 * index))
    image.paste((255, 255, 255), (10, 6, WIDTH - 10, BAND_HEIGHT - 6))
    return image


def photo(index: int) -> Image.Image:
    """A band of photographic art: smooth tones under noise, as a camera's picture is."""
    noise = [Image.effect_noise((WIDTH, BAND_HEIGHT), 12 + index) for _ in range(3)]
    tones = Image.linear_gradient("L").resize((WIDTH, BAND_HEIGHT)).rotate(90 * index)
    mixed = [Image.blend(tones, channel, 0.5) for channel in noise]
    return Image.merge("RGB", mixed)


def stacked(bands: list[Image.Image]) -> Image.Image:
    """The bands one under the other, as the PNG should show them."""
    image = Image.new("RGB", (WIDTH, BAND_HEIGHT * len(bands)))
    for row, piece in enumerate(bands):
        image.paste(piece, (0, row * BAND_HEIGHT))
    return image


def chunks(png: bytes) -> list[tuple[bytes, bytes, int]]:
    """Each chunk's type, data and stored CRC."""
    found, at = [], 8
    while at < len(png):
        (length,) = struct.unpack_from(">I", png, at)
        kind, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        (crc,) = struct.unpack_from(">I", png, at + 8 + length)
        found.append((kind, data, crc))
        at += length + 12
    return found


def scanlines(png: bytes) -> bytes:
    """The PNG's image data inflated (zlib checks its Adler-32): filter bytes and pixels."""
    return zlib.decompress(b"".join(data for kind, data, _ in chunks(png) if kind == b"IDAT"))


@pytest.mark.parametrize("lengths", [(0, 5), (5, 0), (3, 70_000), (100_000, 1), (1, 2, 3, 4)])
def test_adler32s_combine_to_the_adler32_of_the_bytes_joined(lengths):
    draw = random.Random(sum(lengths))
    pieces = [bytes(draw.randrange(256) for _ in range(length)) for length in lengths]
    combined = 1
    for piece in pieces:
        combined = adler32_combine(combined, zlib.adler32(piece), len(piece))
    assert combined == zlib.adler32(b"".join(pieces))


@pytest.mark.parametrize("art", [flat, photo])
def test_bands_joined_decode_to_the_pixels_they_show(art):
    pieces = [art(index) for index in range(4)]
    png = banded_png((WIDTH, BAND_HEIGHT * 4), [band(piece) for piece in pieces])

    decoded = Image.open(io.BytesIO(png))
    assert (decoded.size, decoded.mode) == ((WIDTH, BAND_HEIGHT * 4), "RGB")
    assert decoded.tobytes() == stacked(pieces).tobytes()
    kinds = [kind for kind, _, _ in chunks(png)]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and set(kinds[1:-1]) == {b"IDAT"}
    assert all(zlib.crc32(kind + data) == crc for kind, data, crc in chunks(png))
    assert len(scanlines(png)) == BAND_HEIGHT * 4 * (1 + WIDTH * 3)


def test_flat_art_is_left_unfiltered_and_photographs_are_filtered():
    stride = 1 + WIDTH * 3
    flat_rows = scanlines(banded_png((WIDTH, BAND_HEIGHT), [band(flat(1))]))
    photo_rows = scanlines(banded_png((WIDTH, BAND_HEIGHT), [band(photo(1))]))
    assert {flat_rows[at] for at in range(0, len(flat_rows), stride)} == {NONE}
    assert {photo_rows[at] for at in range(0, len(photo_rows), stride)} - {NONE}


def test_a_bands_first_row_never_looks_at_the_row_above():
    pieces = [photo(index) for index in range(6)]
    rows = scanlines(banded_png((WIDTH, BAND_HEIGHT * 6), [band(piece) for piece in pieces]))
    stride = 1 + WIDTH * 3
    firsts = [rows[row * BAND_HEIGHT * stride] for row in range(6)]
    assert set(firsts) <= {NONE, SUB}


@pytest.mark.parametrize("kind", [NONE, SUB])
def test_a_first_row_filtered_alone_is_kept(kind):
    rows = bytearray([kind, 5, 1, 1, UP, 1, 1, 1])
    assert _first_row_alone(bytearray(rows), b"\x05\x06\x07") == rows


@pytest.mark.parametrize("kind", [UP, AVERAGE, PAETH])
def test_a_first_row_filtered_against_the_row_above_is_redone_unfiltered(kind):
    rows = bytearray([kind, 5, 4, 4, UP, 1, 1, 1])
    assert _first_row_alone(rows, b"\x05\x06\x07") == bytearray([NONE, 5, 6, 7, UP, 1, 1, 1])


def test_a_band_keeps_as_bytes():
    made = band(photo(2))
    assert Band.from_bytes(made.to_bytes()) == made


def test_the_same_bands_give_the_same_bytes():
    pieces = [flat(0), photo(1), flat(2)]
    first = banded_png((WIDTH, BAND_HEIGHT * 3), [band(piece) for piece in pieces])
    again = banded_png((WIDTH, BAND_HEIGHT * 3), [band(piece) for piece in pieces])
    assert first == again
