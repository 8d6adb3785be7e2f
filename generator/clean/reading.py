"""A rulebook or extracted text as `pnp check FILE` and `pnp clean` read it: UTF-8 text within
the size limit, or one finding saying what the file is instead (binary, another encoding)."""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from generator.errors import DataError
from generator.findings import Finding, Position, Severity
from generator.limits import MAX_TEXT_FILE_BYTES, megabytes
from generator.load.encodings import BOMS, EncodingProblem, decode_utf8

SAMPLE_BYTES = 64 * 1024  # what is looked at to tell binary data from text
BINARY_SHARE = 0.10  # text has a few stray control bytes at most; binary data far more
TEXT_CONTROLS = frozenset(b"\t\n\r\f\v")  # tabs, line and page breaks
CONTROLS = frozenset(range(0x20)) - TEXT_CONTROLS | {0x7F}
NOT_TEXT = {  # what a path given as text may be instead, by its stat file type
    stat.S_IFIFO: "a named pipe",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a folder",
}


def read_rulebook_text(path: Path) -> str:
    """The file's text; DataError with one finding at path:line when it is too large to be a
    rulebook, unreadable, binary data, or not UTF-8."""
    data = _read(path)
    _refuse_binary(path, data)
    try:
        return decode_utf8(data)
    except EncodingProblem as exc:
        raise _refused("encoding", Position(path, exc.line, exc.column), exc.message) from exc


def _refused(code: str, position: Position, message: str) -> DataError:
    return DataError([Finding(code, Severity.ERROR, position, message)])


def _read(path: Path) -> bytes:
    """At most the limit and one byte more, so a huge file costs no more; anything but a regular
    file (a named pipe, a device) is refused without waiting for it to give text."""
    try:
        with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as stream:
            kind = stat.S_IFMT(os.fstat(stream.fileno()).st_mode)
            if kind != stat.S_IFREG:
                found = NOT_TEXT.get(kind, "something that is not a file")
                raise _refused(
                    "missing-file", Position(path), f"expected a text file, found {found}"
                )
            data = stream.read(MAX_TEXT_FILE_BYTES + 1)
            size = os.fstat(stream.fileno()).st_size
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise _refused(
            "missing-file", Position(path), f"expected a readable text file, found: {reason}"
        ) from exc
    if len(data) > MAX_TEXT_FILE_BYTES:
        found = megabytes(size) if size > MAX_TEXT_FILE_BYTES else "more than that"
        raise _refused(
            "too-large",
            Position(path),
            f"expected a text file of at most {megabytes(MAX_TEXT_FILE_BYTES)}, found {found}",
        )
    return data


def _refuse_binary(path: Path, data: bytes) -> None:
    """Binary data (an image, a PDF, an archive) named as text: control bytes and bytes no text
    holds make up more than BINARY_SHARE of the start. UTF-16 is left to decode_utf8 to name."""
    sample = data[:SAMPLE_BYTES]
    if not sample or _utf16(sample):
        return
    text = codecs.getincrementaldecoder("utf-8")("replace").decode(sample, final=False)
    odd = sum(byte in CONTROLS for byte in sample) + text.count("\ufffd")
    if odd <= BINARY_SHARE * len(sample):
        return
    offset = next(i for i, byte in enumerate(sample) if byte in CONTROLS or byte >= 0x80)
    line = sample.count(b"\n", 0, offset) + 1
    start = sample.rfind(b"\n", 0, offset) + 1
    column = len(sample[start:offset].decode("utf-8", errors="replace")) + 1
    part = f"the first {SAMPLE_BYTES // 1024} KB" if len(data) > SAMPLE_BYTES else "the file"
    raise _refused(
        "encoding",
        Position(path, line, column),
        f"expected Markdown or plain text, found binary data (byte 0x{sample[offset]:02X} here; "
        f"{min(odd / len(sample), 1):.0%} of {part} is not text)",
    )


def _utf16(sample: bytes) -> bool:
    """UTF-16 or UTF-32 text, with its byte-order mark or without (every other byte zero)."""
    if any(sample.startswith(bom) for bom, _ in BOMS):
        return True
    half = len(sample) // 2
    zeros = sorted((sample[0::2].count(0), sample[1::2].count(0)))
    return half > 0 and zeros[1] > half // 2 and zeros[0] < half // 8  # a NUL run is binary
