"""UTF-8 text from a file's bytes, or a precise account of what else the bytes look like."""

from __future__ import annotations

import codecs

BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)
SAVE_AS_UTF8 = "save the file as UTF-8"


class EncodingProblem(Exception):
    """Bytes that are not UTF-8 text: where the first bad byte stands and what it looks like."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


def decode_utf8(data: bytes) -> str:
    """The text of UTF-8 bytes, a leading byte-order mark dropped; anything else is a problem."""
    for bom, name in BOMS:
        if data.startswith(bom):
            raise EncodingProblem(
                1,
                1,
                f"expected UTF-8 text, found {name} text (it starts with a {name} "
                f"byte-order mark); {SAVE_AS_UTF8}",
            )
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _undecodable(data, exc.start) from exc
    if "\x00" in text:
        raise _nul(data, data.index(b"\x00"))
    return text


def _where(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a byte offset."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def _undecodable(data: bytes, offset: int) -> EncodingProblem:
    """A byte no UTF-8 text holds: name the legacy encoding it most likely comes from."""
    line, column = _where(data, offset)
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        found = f"byte 0x{data[offset]:02X}, which no UTF-8 text holds (binary data or a legacy encoding)"
    else:
        sample = data[offset : offset + 1].decode("cp1252")
        found = f"bytes that look like Windows-1252 (e.g. '{sample}' at line {line})"
    return EncodingProblem(line, column, f"expected UTF-8 text, found {found}; {SAVE_AS_UTF8}")


def _nul(data: bytes, offset: int) -> EncodingProblem:
    """A NUL byte: UTF-16 text without its byte-order mark when every other byte is one and
    the bytes between are letters (a run of NULs is binary data)."""
    line, column = _where(data, offset)
    head = data[:200]
    zeros, between = head[offset % 2 :: 2].count(0), head[1 - offset % 2 :: 2].count(0)
    if zeros > len(head) // 4 and between < len(head) // 16:
        found = "UTF-16 text without a byte-order mark"
    else:
        found = "a NUL byte (binary data, not text)"
    return EncodingProblem(line, column, f"expected UTF-8 text, found {found}; {SAVE_AS_UTF8}")
