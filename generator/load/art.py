"""Art files opened once and checked, so a build never meets an image it cannot draw.

Limits (pixels of an image, SVG size, elements and entities) are in generator/limits.py.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from generator.findings import Finding, Position, Report, Severity
from generator.limits import MAX_SVG_BYTES, MEGABYTE, Limits, active, megabytes, raise_hint
from generator.load.svg import SvgError, VectorArt, read_svg, too_big

KINDS = {".png": "a PNG image", ".jpg": "a JPEG image", ".jpeg": "a JPEG image"}
KINDS |= {".webp": "a WebP image", ".svg": "an SVG file"}
ANY_KIND = "an image (SVG, PNG, JPEG or WebP)"
# The only decoders art is opened with: Pillow's others (EPS runs Ghostscript, TIFF, PSD...)
# never see a designer's file, whatever its name.
DECODERS = ("PNG", "JPEG", "WEBP")
# Other image formats by their first bytes, to say what a refused file is.
OTHER_KINDS = {
    b"GIF8": "a GIF image",
    b"BM": "a BMP image",
    b"II*\x00": "a TIFF image",
    b"MM\x00*": "a TIFF image",
    b"8BPS": "a Photoshop file",
    b"%!PS": "a PostScript file",
    b"%PDF": "a PDF file",
}
PIXELS = re.compile(r"\((\d+) pixels\)")
ONCE = frozenset(("bad-art", "art-simplified"))  # codes a report holds once per message


class ArtError(Exception):
    """An art file that cannot be drawn; the message says what was expected and found."""


@dataclass(frozen=True)
class Art:
    """An art file's natural size (pixels, or an SVG's units) and, for SVG, its paths."""

    width: float
    height: float
    vector: VectorArt | None = None

    @property
    def notes(self) -> tuple[str, ...]:
        """What the PDF leaves out of the art (SVG text, gradients...), for a warning."""
        return self.vector.notes if self.vector else ()


def read_art(path: Path) -> Art:
    """The art in a file, read once per version of the file; ArtError when it cannot be drawn."""
    stat = path.stat()
    result = _read(path, stat.st_mtime_ns, stat.st_size, active())
    if isinstance(result, ArtError):
        raise result
    return result


def report_art(report: Report, path: Path, relative: str, where: Position) -> bool:
    """Open art a build will draw; a problem (once per file and message) is a finding at `where`."""
    try:
        art = read_art(path)
    except ArtError as exc:
        report_once(report, "bad-art", where, f"art '{relative}': {exc}", error=True)
        return False
    for note in art.notes:
        report_once(report, "art-simplified", where, f"art '{relative}': {note}", error=False)
    return True


def report_once(report: Report, code: str, where: Position, message: str, error: bool) -> None:
    """Report a finding unless one with the same code and message already stands (the codes
    are those of `ONCE`)."""
    if any(f.code == code and f.message == message for f in report.findings):
        return
    (report.error if error else report.warning)(code, where, message)


def replayed(report: Report, findings: Iterable[Finding]) -> None:
    """Add findings made into another report as they would have been made into `report`: an
    art finding stands once per message."""
    for finding in findings:
        if finding.code in ONCE:
            error = finding.severity is Severity.ERROR
            report_once(report, finding.code, finding.position, finding.message, error)
        else:
            report.findings.append(finding)


@lru_cache(maxsize=512)
def _read(path: Path, modified: int, size: int, limits: Limits) -> Art | ArtError:
    """Art or the reason it cannot be drawn, cached by path, modification time, size and the
    game's limits (read_svg and _raster apply them)."""
    kind = KINDS.get(path.suffix.lower(), ANY_KIND)
    try:
        if path.suffix.lower() == ".svg":
            if size > MAX_SVG_BYTES:
                raise SvgError(too_big(size))
            return _svg(path.read_bytes())
        return _raster(path, kind, size)
    except SvgError as exc:
        return ArtError(str(exc))
    except ArtError as exc:
        return exc
    except OSError as exc:
        return ArtError(f"expected {kind}, found a file that cannot be read: {exc.strerror}")


def _svg(data: bytes) -> Art:
    """An SVG file's paths."""
    vector = read_svg(data)
    return Art(vector.width, vector.height, vector)


def _raster(path: Path, kind: str, size: int) -> Art:
    """A PNG, JPEG or WebP opened and decoded in full, so truncation and damage show now."""
    if size == 0:
        raise ArtError(f"expected {kind}, found an empty file")
    most = active().art_file_mb * MEGABYTE
    if size > most:
        raise ArtError(
            f"expected an image file of at most {megabytes(most)}{raise_hint('art_file_mb')}, "
            f"found {megabytes(size)}"
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Pillow warns of odd metadata; only failures matter here
        try:
            with Image.open(path, formats=DECODERS) as image:
                width, height = image.size
                if width * height > active().art_pixels:
                    raise ArtError(_too_large(f"{width}x{height} ({width * height:,} pixels)"))
                if image.format == "JPEG":  # decoding at 1/8 scale still reads every byte
                    image.draft(image.mode, (max(1, width // 8), max(1, height // 8)))
                image.load()
        except Image.DecompressionBombError as exc:
            found = PIXELS.search(str(exc))
            raise ArtError(_too_large(f"{int(found[1]):,} pixels" if found else "more")) from exc
        except (PermissionError, IsADirectoryError, FileNotFoundError):
            raise
        except UnidentifiedImageError as exc:
            raise ArtError(f"expected {kind}, found {_other_kind(path)}") from exc
        except (OSError, SyntaxError, ValueError, EOFError) as exc:
            damage = "a truncated file" if "truncated" in str(exc).lower() else "a damaged file"
            raise ArtError(f"expected {kind}, found {damage}: {exc}") from exc
    return Art(float(width), float(height))


def _other_kind(path: Path) -> str:
    """What a file Pillow may not open is: another image format by its first bytes, or not one."""
    with path.open("rb") as file:
        start = file.read(12)
    for magic, kind in OTHER_KINDS.items():
        if start.startswith(magic):
            return f"{kind} (save it as PNG, JPEG or WebP)"
    if start[4:8] == b"ftyp":
        return "an AVIF or HEIF image (save it as PNG, JPEG or WebP)"
    return "data that is not an image"


def _too_large(found: str) -> str:
    most = active().art_pixels
    return f"expected an image of at most {most:,} pixels{raise_hint('art_pixels')}, found {found}"
