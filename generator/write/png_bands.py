"""RGB PNGs whose image data is joined from bands of rows compressed on their own.

A TTS deck sheet changes one row of cells when one card changes, so each row of cells (a band)
is compressed alone and kept: a rebuild compresses the changed band and joins the kept others.
A band is raw deflate ended by a sync flush (byte-aligned, no back-reference into another band),
so bands joined between a zlib header and a final empty block are one valid zlib stream; its
Adler-32 is combined from the bands' own.

How a band's rows are filtered depends on its art, measured on the bundled games' sheets and on
a deck of photographs, against Pillow's PNG encoder (adaptive filter, level 6): flat card art
deflates best unfiltered (CPU 56-65 % of Pillow's, sizes 82-98 %), photographs need Pillow's
filters (unfiltered 48 % bigger; filtered by Pillow +4 %, CPU 83 %). A band's first row is
filtered without the row above, which belongs to another band.
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass

from PIL import Image

LEVEL = 6  # what `encode_png` uses, for sheets as small as Pillow made them
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x9c"  # deflate, 32 KiB window, default level: (0x789c % 31 == 0)
FINAL_BLOCK = zlib.compressobj(LEVEL, zlib.DEFLATED, -15).flush()  # an empty last block
IDAT_SIZE = 1 << 16  # bytes of image data a chunk, as Pillow writes them
ADLER_BASE = 65521
NONE, SUB = 0, 1  # PNG filter types that look at no row above
TONE_SAMPLE = 8  # a band's art is judged on every 8th row (7 % of Pillow's time to encode it)
CONTINUOUS_TONE = 0.15  # deflated (level 1) share above which rows are photographic: flat card
# art measured 0.7-5.8 %, photographs 73 %
_HEAD = struct.Struct(">IQ")  # a kept band's Adler-32 and scanline length


@dataclass(frozen=True)
class Band:
    """One band's filtered scanlines, deflated alone, with their Adler-32 and length."""

    deflated: bytes
    adler: int
    length: int

    def to_bytes(self) -> bytes:
        """The band as the cache keeps it."""
        return _HEAD.pack(self.adler, self.length) + self.deflated

    @classmethod
    def from_bytes(cls, data: bytes) -> Band:
        """A band from the bytes `to_bytes` gave."""
        adler, length = _HEAD.unpack_from(data)
        return cls(data[_HEAD.size :], adler, length)


def band(image: Image.Image) -> Band:
    """An RGB image's rows as one band: filtered as suits its art, then deflated alone."""
    pixels, stride = image.tobytes(), image.width * 3
    if _continuous_tone(pixels, stride):
        rows = _filtered(image, pixels[:stride])
    else:
        rows = b"".join(b"\0" + pixels[at : at + stride] for at in range(0, len(pixels), stride))
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    deflated = compressor.compress(rows) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return Band(deflated, zlib.adler32(rows), len(rows))


def banded_png(size: tuple[int, int], bands: list[Band]) -> bytes:
    """An 8-bit RGB PNG of `size` (no ancillary chunks) showing the bands from the top down."""
    adler = 1  # the Adler-32 of no bytes
    for piece in bands:
        adler = adler32_combine(adler, piece.adler, piece.length)
    stream = b"".join(
        [ZLIB_HEADER, *(piece.deflated for piece in bands), FINAL_BLOCK, struct.pack(">I", adler)]
    )
    header = struct.pack(">IIBBBBB", *size, 8, 2, 0, 0, 0)  # 8 bits, RGB, no interlace
    idat = (_chunk(b"IDAT", stream[at : at + IDAT_SIZE]) for at in range(0, len(stream), IDAT_SIZE))
    return b"".join([SIGNATURE, _chunk(b"IHDR", header), *idat, _chunk(b"IEND", b"")])


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's (zlib's adler32_combine, which
    Python's zlib lacks): the sums of the second run on from the first's."""
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % ADLER_BASE
    b = (b1 + b2 + second_length * (a1 - 1)) % ADLER_BASE
    return b << 16 | a


def _continuous_tone(pixels: bytes, stride: int) -> bool:
    """Whether rows of `stride` bytes look photographic: a sample deflates poorly."""
    step = stride * TONE_SAMPLE
    sample = b"".join(pixels[at : at + stride] for at in range(0, len(pixels), step))
    return len(zlib.compress(sample, 1)) > CONTINUOUS_TONE * len(sample)


def _filtered(image: Image.Image, first: bytes) -> bytes:
    """The image's scanlines, each after its filter byte, filtered by Pillow's adaptive choice
    (its PNG encoder at level 0 stores them uncompressed, so inflating them back is a copy);
    `first` is the first row's pixels."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=0)
    rows = bytearray(zlib.decompress(_image_data(buffer.getvalue())))
    return bytes(_first_row_alone(rows, first))


def _first_row_alone(rows: bytearray, first: bytes) -> bytearray:
    """`rows` with the first row filtered without the row above, which belongs to the band
    before. Pillow filters a first row against zeros and keeps None or Sub there (its
    ZipEncode.c takes Up or Paeth only when strictly better, which against zeros they never
    are, and Average only when optimising); any other filter is redone as None from `first`."""
    if rows[0] not in (NONE, SUB):
        rows[0 : len(first) + 1] = bytes([NONE]) + first
    return rows


def _image_data(png: bytes) -> bytes:
    """The IDAT chunks' data of a PNG, joined."""
    data, at = [], len(SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack_from(">I", png, at)
        if png[at + 4 : at + 8] == b"IDAT":
            data.append(png[at + 8 : at + 8 + length])
        at += length + 12
    return b"".join(data)


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: length, type, data and the CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
