"""Board positions drawn in a book: the board, then each token standing on it, at one scale."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from generator.impose.grid import Edges
from generator.render.positions import PlacedToken, PositionFigure
from generator.write.book_pieces import PieceFlowable
from generator.write.draw import draw_face, outline_path

TOKEN_EDGE = "#555555"  # a token's cut outline, so a token on a cell of its own colour still shows


class PositionFlowable(PieceFlowable):
    """A board as `show` draws it, with tokens drawn over it by the code that draws token sheets."""

    def __init__(self, figure: PositionFigure, scale: float, room: float) -> None:
        super().__init__(None, figure.board, "card", scale, room)
        self.tokens = figure.tokens

    def draw(self) -> None:
        super().draw()
        canvas = self.canv
        canvas.saveState()
        canvas.translate(0, 3)
        canvas.scale(self.drawn, self.drawn)
        for token in self.tokens:
            self._token(token)
        canvas.restoreState()

    def _face(self) -> None:
        """The board drawn in place: unlike a piece's face, a position is part of the key under
        which the book's pages are kept (cache/books.py)."""
        draw_face(self.canv, self.face, 0, 0, Edges(0, 0, 0, 0), shape=self.shape)

    def _token(self, token: PlacedToken) -> None:
        """One token centred on its spot: (x, y) is measured from the board's top-left."""
        trim = token.face.trim
        x, y = token.x - trim.width / 2, self.face.size.height - token.y - trim.height / 2
        draw_face(self.canv, token.face, x, y, Edges(0, 0, 0, 0), shape=token.shape)
        canvas = self.canv
        canvas.setStrokeColor(HexColor(TOKEN_EDGE))
        canvas.setLineWidth(0.5 / self.drawn)
        edge = outline_path(canvas, token.shape, x, y, trim, 0)
        if edge is None:
            canvas.rect(x * mm, y * mm, trim.width * mm, trim.height * mm, stroke=1, fill=0)
        else:
            canvas.drawPath(edge, stroke=1, fill=0)
