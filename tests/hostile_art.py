"""Hostile art and font files made here, for the bad-input corpus and tests/test_hostile_art.py."""

from __future__ import annotations

import io
import struct
import zlib

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# The letters the tiny font draws: ASCII and the punctuation the starter layouts print.
LETTERS = [chr(code) for code in range(32, 127)] + list("·—’–“”")


def png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk with its length and checksum."""
    crc = zlib.crc32(kind + data) & 0xFFFFFFFF
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def blank_png(width: int, height: int, bits: int = 8) -> bytes:
    """A valid black PNG of any size, `bits` a pixel, so a huge one takes little space."""
    row = b"\x00" * (1 + (width * bits + 7) // 8)  # a filter byte, then the pixels
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, bits, 0, 0, 0, 0)
    return (
        PNG_SIGNATURE
        + png_chunk(b"IHDR", header)
        + png_chunk(b"IDAT", data)
        + png_chunk(b"IEND", b"")
    )


def encoded(image: Image.Image, kind: str) -> bytes:
    """An image saved in memory as PNG, JPEG, GIF..."""
    buffer = io.BytesIO()
    image.save(buffer, kind)
    return buffer.getvalue()


def noisy_png(size: int = 120) -> bytes:
    """A PNG of noise, so its data stream is long and any cut lands inside it."""
    return encoded(Image.effect_noise((size, size), 60).convert("RGB"), "PNG")


def truncated_png() -> bytes:
    """A PNG cut halfway through its image data."""
    data = noisy_png()
    return data[: len(data) // 2]


def corrupt_png() -> bytes:
    """A PNG whose header is sound and whose compressed image data is scrambled."""
    data = bytearray(noisy_png())
    start = data.index(b"IDAT") + 4
    for index in range(start, start + 400):
        data[index] ^= 0x5A
    return bytes(data)


def deep_svg(levels: int = 5000) -> str:
    """An SVG whose one shape sits `levels` groups deep."""
    inner = '<rect width="10" height="10"/>'
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 10 10">{"<g>" * levels}{inner}{"</g>" * levels}</svg>'
    )


SVG_NS = "http://www.w3.org/2000/svg"


def long_path_svg(segments: int = 300_000) -> str:
    """An SVG of one path with `segments` straight lines (two numbers each)."""
    data = "M0 0" + " L1 1 L2 2" * (segments // 2)
    return f'<svg xmlns="{SVG_NS}" viewBox="0 0 10 10"><path d="{data}z"/></svg>'


def use_bomb_svg(levels: int = 12) -> str:
    """Groups that each <use> the one before four times: 4**levels copies of one square."""
    groups = "".join(
        f'<g id="g{level + 1}">' + f'<use href="#g{level}"/>' * 4 + "</g>"
        for level in range(levels)
    )
    return (
        f'<svg xmlns="{SVG_NS}" viewBox="0 0 10 10"><defs><rect id="g0" width="1" height="1"/>'
        f'{groups}</defs><use href="#g{levels}"/></svg>'
    )


def tiny_font(family: str = "Boxy", style: str = "Regular") -> bytes:
    """A TrueType font of our own: a box for each letter, with the style its name says."""
    names = [".notdef"] + [f"u{ord(letter):04X}" for letter in LETTERS]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(letter): f"u{ord(letter):04X}" for letter in LETTERS})
    glyphs = {}
    for name in names:
        pen = TTGlyphPen(None)
        if name != "u0020":
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((450, 700))
            pen.lineTo((450, 0))
            pen.closePath()
        glyphs[name] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (500, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": style})
    bold, italic = "Bold" in style, "Italic" in style
    selection = (1 if italic else 0) | (32 if bold else 0) | (0 if bold or italic else 64)
    builder.setupOS2(
        sTypoAscender=800,
        usWinAscent=800,
        usWinDescent=200,
        usWeightClass=700 if bold else 400,
        fsSelection=selection,
    )
    builder.setupPost()
    builder.font["head"].macStyle = (1 if bold else 0) | (2 if italic else 0)
    buffer = io.BytesIO()
    builder.save(buffer)
    return buffer.getvalue()


def font_table(font: bytes, tag: bytes) -> tuple[int, int]:
    """Where a table lies in a font file: its offset and length, from the table directory."""
    count = struct.unpack(">H", font[4:6])[0]
    for index in range(count):
        record = font[12 + 16 * index : 28 + 16 * index]
        if record[:4] == tag:
            return struct.unpack(">II", record[8:16])
    raise KeyError(tag)


def broken_glyf_font() -> bytes:
    """The tiny font with its glyph outlines overwritten."""
    data = bytearray(tiny_font())
    offset, length = font_table(bytes(data), b"glyf")
    data[offset : offset + length] = b"\xff" * length
    return bytes(data)


def font_family(folder, regular: bytes) -> None:
    """A game's fonts/ with a Boxy family: `regular` as given, bold and italic faces sound."""
    fonts = folder / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    (fonts / "Boxy-Regular.ttf").write_bytes(regular)
    for style in ("Bold", "Italic", "Bold Italic"):
        (fonts / f"Boxy-{style.replace(' ', '')}.ttf").write_bytes(tiny_font("Boxy", style))
