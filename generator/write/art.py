"""Art on the canvas: each file embedded once as a form, placed by fit, turn, mirror and opacity."""

from __future__ import annotations

import hashlib
import math
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from generator.limits import ART_DPI
from generator.load.art import read_art
from generator.render.items import ImageItem, Rect, art_footprint
from generator.write.svg import draw_vector_art, end_form

# How `flip` mirrors art: x and y scale factors in the art's own frame.
MIRRORS = {"none": (1, 1), "horizontal": (-1, 1), "vertical": (1, -1), "both": (-1, -1)}


# Pillow modes a reduced image keeps; others are drawn as RGB (RGBA when they have alpha).
KEPT_MODES = ("RGB", "RGBA", "L", "LA")


def place_art(canvas, path: Path, x: float, y: float, width: float, height: float) -> None:
    """Draw art stretched to a box (points); raster art far larger than the print needs is
    embedded reduced, so a huge image costs what its box costs."""
    reduce = _reduction(canvas, path, width, height)
    name, form_width, form_height = art_form(canvas, canvas.art_forms, path, reduce)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(width / form_width, height / form_height)
    canvas.doForm(name)
    canvas.restoreState()


def art_form(canvas: Canvas, forms: dict, path: Path, reduce: int) -> tuple[str, float, float]:
    """The form holding a file's art (drawn on first use, named by its content) and its size.

    A raster image fills a 1x1 form, its pixels divided by `reduce` on each side; an SVG is
    drawn as vectors in its own units. Both take the opacity in force where they are placed.
    """
    name = f"art{_digest(path)}"  # files with the same content share one form
    name += f"r{reduce}" if reduce > 1 else ""
    if name not in forms:
        art = read_art(path)
        if art.vector is None:
            canvas.beginForm(name, 0, 0, 1, 1)
            image = _reduced(path, reduce) if reduce > 1 else str(path)
            canvas.drawImage(ImageReader(image), 0, 0, 1, 1, mask="auto")
            canvas.endForm()
            forms[name] = (name, 1.0, 1.0)
        else:
            canvas.beginForm(name, 0, 0, art.width, art.height)
            draw_vector_art(canvas, art.vector)
            end_form(canvas, name)
            forms[name] = (name, art.width, art.height)
    return forms[name]


def draw_art(canvas, item: ImageItem, box: Rect) -> None:
    """Place art in its box (mm from the trim's top-left): fitted, stretched or cropped, turned."""
    art = read_art(item.path)
    footprint = art_footprint(box, (art.width, art.height), item.fit, item.rotate)
    canvas.saveState()
    if item.fit != "fill":
        clip = canvas.beginPath()
        clip.rect(box.x * mm, -(box.y + box.height) * mm, box.width * mm, box.height * mm)
        canvas.clipPath(clip, stroke=0, fill=0)
    with turned(canvas, footprint, item.rotate, item.flip, item.opacity) as local:
        place_art(
            canvas, item.path, local.x * mm, local.y * mm, local.width * mm, local.height * mm
        )
    canvas.restoreState()


@contextmanager
def turned(
    canvas: Canvas, box: Rect, rotate: int, flip: str = "none", opacity: float = 1.0
) -> Iterator[Rect]:
    """Turn (clockwise, degrees), mirror and fade what is drawn in a box about its centre.

    Yields the box to draw in (mm, centred on the origin), as wide and high as the content
    before it is turned; content is mirrored first, then turned.
    """
    canvas.saveState()
    canvas.translate((box.x + box.width / 2) * mm, -(box.y + box.height / 2) * mm)
    canvas.rotate(-rotate)
    canvas.scale(*MIRRORS[flip])
    if opacity < 1:
        canvas.setFillAlpha(opacity)
        canvas.setStrokeAlpha(opacity)
    width, height = (box.height, box.width) if rotate in (90, 270) else (box.width, box.height)
    try:
        yield Rect(-width / 2, -height / 2, width, height)
    finally:
        canvas.restoreState()


class ArtFlowable(Flowable):
    """Art as a rulebook figure, `width` x `height` points, centred; SVG stays vector."""

    def __init__(self, path: Path, width: float, height: float) -> None:
        super().__init__()
        self.path, self.width, self.height = path, width, height
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        place_art(self.canv, self.path, 0, 0, self.width, self.height)


def _reduction(canvas: Canvas, path: Path, width: float, height: float) -> int:
    """The power of two a raster image's sides may be divided by and still give its box
    (`width` x `height` points, as the canvas is scaled now) ART_DPI; 1 for SVG."""
    art = read_art(path)
    if art.vector is not None:
        return 1
    wide = _on_paper(canvas, width, 0) / 72 * ART_DPI
    high = _on_paper(canvas, 0, height) / 72 * ART_DPI
    spare = min(art.width / max(wide, 1), art.height / max(high, 1))
    return 2 ** int(math.log2(spare)) if spare >= 2 else 1


def _on_paper(canvas: Canvas, dx: float, dy: float) -> float:
    """How long a step of (dx, dy) points on the canvas, as it is turned and scaled now, prints
    on the page (or the form being drawn), in points."""
    x0, y0 = canvas.absolutePosition(0, 0)
    x1, y1 = canvas.absolutePosition(dx, dy)
    return math.hypot(x1 - x0, y1 - y0)


@lru_cache(maxsize=8)
def _reduced(path: Path, reduce: int) -> Image.Image:
    """A raster image with each side divided by `reduce` (a JPEG decoded at that scale)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # read_art has already checked the file
        with Image.open(path) as image:
            width, height = image.size
            if image.format == "JPEG":
                image.draft(image.mode, (math.ceil(width / reduce), math.ceil(height / reduce)))
            image.load()
            done = round(width / image.width)  # what the JPEG draft has divided already
            if image.mode not in KEPT_MODES:
                alpha = "A" in image.mode or "transparency" in image.info
                image = image.convert("RGBA" if alpha else "RGB")
            return image.reduce(reduce // done) if reduce > done else image.copy()


@cache
def _digest(path: Path) -> str:
    """A short content hash, so the same art gets the same name on every machine."""
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()[:16]
