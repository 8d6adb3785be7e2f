"""Art on the canvas: each file embedded once as a form, placed by fit, turn, mirror and opacity."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from generator.load.art import read_art
from generator.render.items import ImageItem, Rect, art_footprint
from generator.write.svg import draw_vector_art, end_form

# How `flip` mirrors art: x and y scale factors in the art's own frame.
MIRRORS = {"none": (1, 1), "horizontal": (-1, 1), "vertical": (1, -1), "both": (-1, -1)}


def art_form(canvas: Canvas, forms: dict, path: Path) -> tuple[str, float, float]:
    """The form holding a file's art (drawn on first use, named by its content) and its size.

    A raster image fills a 1x1 form; an SVG is drawn as vectors in its own units. Both take
    the opacity in force where they are placed.
    """
    name = f"art{_digest(path)}"  # files with the same content share one form
    if name not in forms:
        art = read_art(path)
        if art.vector is None:
            canvas.beginForm(name, 0, 0, 1, 1)
            canvas.drawImage(ImageReader(str(path)), 0, 0, 1, 1, mask="auto")
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
        canvas.place_image(
            item.path, local.x * mm, local.y * mm, local.width * mm, local.height * mm
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
        self.canv.place_image(self.path, 0, 0, self.width, self.height)


@cache
def _digest(path: Path) -> str:
    """A short content hash, so the same art gets the same name on every machine."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
