"""Face previews: each face drawn by the print-shop drawing code, rasterised, cached by content."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from generator.cache.keys import digest
from generator.impose.grid import Edges
from generator.model import Symbol
from generator.render.faces import Face
from generator.write.draw import draw_face
from generator.write.raster import pdf_pages_to_png
from generator.write.sheets import Document

SCREEN_DPI = 100  # a poker card is 248 px wide: sharp on screen, quick to draw
LARGEST_PX = 1400  # a board is drawn at a lower resolution so its long side stays below this
NO_BLEED = Edges(0, 0, 0, 0)


def face_digest(face: Face, symbols: list[Symbol], folder: Path) -> str:
    """A content hash of what the face draws: its items, the glossary, and the art files it uses
    (by content), so a change to any of them gives a new image. The same in every process, so
    a face fitted now and the same face kept in the cache have one digest."""
    art = [folder / s.drawing.image for s in symbols if s.drawing.image]
    return digest(face, symbols, art)[:24]  # the face's own art is walked with its items


def screen_dpi(face: Face, dpi: int = SCREEN_DPI) -> int:
    """The resolution to draw a face at: `dpi`, lowered for a board so it stays screen-sized."""
    longest_inches = max(face.trim.width, face.trim.height) / 25.4
    return max(10, min(dpi, int(LARGEST_PX / longest_inches)))


def face_pngs(
    faces: list[Face], shape: str, symbols: list[Symbol], folder: Path, dpi: int
) -> list[bytes]:
    """Faces of one shape as PNGs at trim: one page each in a PDF drawn by `draw_face`, as the
    print-shop PDF draws them, then rasterised like the PNG exports."""
    if not faces:
        return []
    document = Document("preview", symbols, folder)
    for face in faces:
        canvas = document.new_page(face.trim)
        draw_face(canvas, face, 0, 0, NO_BLEED, shape=shape)
        document.end_page()
    return pdf_pages_to_png(document.finish({}).data, dpi)


class FaceStore:
    """PNGs by face digest: a face drawn once is not drawn again until what it shows changes."""

    def __init__(self) -> None:
        self.pngs: dict[str, bytes] = {}

    def missing(self, digests: Iterable[str]) -> set[str]:
        """The digests that have no PNG yet."""
        return {d for d in digests if d not in self.pngs}

    def keep_only(self, digests: set[str]) -> None:
        """Forget the images no page shows any more."""
        for gone in set(self.pngs) - digests:
            del self.pngs[gone]
