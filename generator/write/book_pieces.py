"""Cards, tokens and boards from the data drawn in a book, by the code that draws the sheets."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Table, TableStyle

from generator.impose.grid import Edges
from generator.render.faces import Face
from generator.write.draw import draw_face
from generator.write.svg import end_form

PIECE_GAP = 8  # points between pieces shown side by side
FRAME_PADDING = 12  # points a platypus frame keeps free at its top and bottom together


def side_by_side(pieces: list, width: float, font: str, size: float) -> list:
    """Pieces shown one after another share rows, as many to a row as the column holds."""
    if len(pieces) < 2:
        return pieces
    rows: list[list] = [[]]
    used = 0.0
    for piece in pieces:
        room = piece.wrap(width, float("inf"))[0] + PIECE_GAP
        if rows[-1] and used + room > width:
            rows.append([])
            used = 0.0
        rows[-1].append(piece)
        used += room
    tables = []
    for row in rows:
        table = Table([row], hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), font, size),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        tables.append(table)
    return tables


class PieceFlowable(Flowable):
    """A card, token or board from the data, drawn by the same code as the sheets, at a scale."""

    def __init__(self, key: Any, face: Face, shape: str, scale: float, room: float) -> None:
        super().__init__()
        self.key, self.face, self.shape, self.scale, self.room = key, face, shape, scale, room

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """As asked, but never wider than the column or taller than a page's text frame (`room`)."""
        width, height = (
            side * mm * self.scale for side in (self.face.size.width, self.face.size.height)
        )
        fit = min(1.0, available_width / width, (self.room - FRAME_PADDING - 6) / height)
        self.drawn = self.scale * fit
        return self.face.size.width * mm * self.drawn, self.face.size.height * mm * self.drawn + 6

    def draw(self) -> None:
        """The piece, except in the document's sketch pass, whose pages are thrown away."""
        if self._doctemplateAttr("sketching"):
            return
        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, 3)
        canvas.scale(self.drawn, self.drawn)
        self._face()
        if self.shape in ("card", "square"):
            canvas.setStrokeColor(HexColor("#9a9a9a"))
            canvas.setLineWidth(0.5 / self.drawn)
            canvas.rect(
                0, 0, self.face.size.width * mm, self.face.size.height * mm, stroke=1, fill=0
            )
        canvas.restoreState()

    def _face(self) -> None:
        """The face, as a form the canvas draws after the book's last page (`ShownForms`)."""
        self.canv.doForm(self.canv.shown.form(self.key, self.shape))


class ShownForms:
    """The faces a book shows, each drawn into a form of its own after the book's last page:
    a page only names its forms, so its bytes and the glyph codes of all the book's text are
    the same whatever the faces show, and a rebuild after a shown card changed can take the
    book's pages as they were (cache/books.py) and draw its forms alone."""

    def __init__(self, pieces: dict, placed: list[tuple[str, Any, str]] | None = None) -> None:
        self.pieces = pieces  # (kind, ident) -> (face, shape), as the build found them
        self.placed = placed or []  # form name, piece, shape; in the order the pages show them

    def form(self, key: Any, shape: str) -> str:
        """The name of a new form that will hold the face of piece `key`."""
        name = f"shown{len(self.placed)}"
        self.placed.append((name, key, shape))
        return name

    def draw(self, canvas: Any) -> None:
        """Draw every form named so far, each face at its trim's bottom-left; a form's box
        reaches a face's size beyond each edge, so nothing a face draws is cut off."""
        for name, key, shape in self.placed:
            face = self.pieces[key][0]
            width, height = face.size.width * mm, face.size.height * mm
            canvas.beginForm(name, -width, -height, 2 * width, 2 * height)
            draw_face(canvas, face, 0, 0, Edges(0, 0, 0, 0), shape=shape)
            end_form(canvas, name)
