"""The rulebook's cover: the title on a band of the game's colour, the player count, and the
game's own cards and tokens fanned out in miniature (drawn like the pieces in the text), or the
game's cover art in their place."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph

from generator.load.art import read_art
from generator.load.game import game_file
from generator.render.cover import Cover
from generator.render.faces import Face
from generator.write.art import place_art
from generator.write.book_pieces import PieceFlowable
from generator.write.draw import contrast

INK = "#222222"
PAPER = "#ffffff"
BAND = 0.3  # share of the cover's height the title band takes
STRIPE_MM = 4.0  # height of the rows of the game's colours under the band and at the foot
FAN_DEGREES = 9.0  # turn between neighbouring cards of the fan
FAN_STEP = 0.55  # card widths between neighbouring cards of the fan
TOKEN_SHARE = 0.42  # a token's width as a share of a card's
SHADOW = Color(0, 0, 0, alpha=0.18)


class CoverFlowable(Flowable):
    """The whole front page of a rulebook; it carries no running head or page number."""

    def __init__(
        self,
        title: str,
        subtitle: str,
        cover: Cover,
        pieces: dict[tuple[str, str], tuple[Face, str]],
        faces: dict[str, str],
        folder: Path,
    ) -> None:
        super().__init__()
        self.title, self.subtitle, self.cover, self.faces = title, subtitle, cover, faces
        self.art = game_file(folder, cover.art) if cover.art else None
        shown = [
            ((piece.kind, piece.ident), *pieces[(piece.kind, piece.ident)])
            for piece in cover.pieces
        ]
        self.cards = [piece for piece in shown if piece[0][0] == "card"]
        self.tokens = [piece for piece in shown if piece[0][0] != "card"]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        """The whole frame, less a point so the frame never refuses it."""
        self.width, self.height = available_width, available_height - 1
        return self.width, self.height

    def draw(self) -> None:
        """The cover, except in the document's sketch pass, whose pages are thrown away."""
        if self._doctemplateAttr("sketching"):
            return
        band = self.cover.palette[0]
        self._band(band)
        self._stripes(self.height * (1 - BAND) - STRIPE_MM * mm, self.cover.palette[1:])
        self._stripes(0, self.cover.palette)
        if self.art:
            self._art(self.art, self.height * 0.2, self.height * (0.66 - 0.2))
        else:
            self._fan(self.height * 0.2, self.height * (0.66 - 0.2))
        self._players(band)

    def _band(self, colour: str) -> None:
        """The title band: the game's darkest colour, the title in whichever of white or ink
        reads better on it."""
        canvas, top = self.canv, self.height * (1 - BAND)
        canvas.setFillColor(HexColor(colour))
        canvas.rect(0, top, self.width, self.height * BAND, stroke=0, fill=1)
        ink = PAPER if contrast(colour, PAPER) >= contrast(colour, INK) else INK
        title = self._fitted(self.title, self.faces["heading"], ink, self.height * BAND * 0.62)
        subtitle = Paragraph(
            escape(self.subtitle), _centred("cover-subtitle", self.faces["italic"], 13, ink)
        )
        heights = [p.wrapOn(canvas, self.width * 0.86, self.height)[1] for p in (title, subtitle)]
        y = top + (self.height * BAND + sum(heights) + 8) / 2
        for paragraph, height in zip((title, subtitle), heights, strict=True):
            y -= height
            paragraph.drawOn(canvas, self.width * 0.07, y)
            y -= 8

    def _fitted(self, text: str, font: str, ink: str, room: float) -> Paragraph:
        """The title, as it is written, as large as fits the band in two lines at most."""
        size = min(44.0, self.width / 9)
        while True:
            paragraph = Paragraph(escape(text), _centred("cover-title", font, size, ink))
            height = paragraph.wrapOn(self.canv, self.width * 0.86, room)[1]
            if size <= 16 or (height <= room and len(paragraph.blPara.lines) <= 2):
                return paragraph
            size *= 0.9

    def _stripes(self, y: float, colours: tuple[str, ...]) -> None:
        """A row of the game's colours, side by side."""
        canvas, colours = self.canv, colours or self.cover.palette
        width = self.width / len(colours)
        for index, colour in enumerate(colours):
            canvas.setFillColor(HexColor(colour))
            canvas.rect(index * width, y, width + 0.2, STRIPE_MM * mm, stroke=0, fill=1)

    def _art(self, path: Path, bottom: float, room: float) -> None:
        """The game's cover art, as large as the middle of the cover holds, centred."""
        art = read_art(path)
        scale = min(self.width * 0.86 / art.width, room / art.height)
        width, height = art.width * scale, art.height * scale
        place_art(
            self.canv, path, (self.width - width) / 2, bottom + (room - height) / 2, width, height
        )

    def _fan(self, bottom: float, room: float) -> None:
        """The cards fanned from a point below their centre, the tokens laid in front of them."""
        cards, tokens = self.cards, self.tokens
        if not cards and not tokens:
            return
        card_height = room * 0.82
        widest = max((face.size.width / face.size.height for _, face, _ in cards), default=0.7)
        fan_width = card_height * widest * (1 + FAN_STEP * (len(cards) - 1))
        card_height *= min(1.0, self.width * 0.8 / fan_width) if cards else 1.0
        step = card_height * widest * FAN_STEP
        middle = (len(cards) - 1) / 2
        for index, (key, face, shape) in enumerate(cards):
            turn = (middle - index) * FAN_DEGREES
            x = self.width / 2 + (index - middle) * step
            self._piece(key, face, shape, card_height / (face.size.height * mm), x, bottom, turn)
        token_width = card_height * widest * TOKEN_SHARE
        for index, (key, face, shape) in enumerate(tokens):
            x = self.width / 2 + (len(cards) / 2 + 0.2 + index * 0.9) * step
            y = bottom - token_width * 0.25
            self._piece(key, face, shape, token_width / (face.size.width * mm), x, y, 0)

    def _piece(
        self, key: tuple, face: Face, shape: str, scale: float, x: float, y: float, turn: float
    ) -> None:
        """One piece drawn at `scale`, its bottom centre at (x, y), turned by `turn` degrees."""
        canvas = self.canv
        piece = PieceFlowable(key, face, shape, scale, float("inf"))
        width, height = piece.wrapOn(canvas, float("inf"), float("inf"))
        canvas.saveState()
        canvas.translate(x, y)
        canvas.rotate(turn)
        if shape == "card":  # a shadow, and paper under a face that leaves it unprinted
            canvas.setFillColor(SHADOW)
            canvas.rect(-width / 2 + 2.5, 0.5, width, height - 6, stroke=0, fill=1)
            canvas.setFillColor(HexColor(PAPER))
            canvas.rect(-width / 2, 3, width, height - 6, stroke=0, fill=1)
        piece.drawOn(canvas, -width / 2, 0)
        canvas.restoreState()

    def _players(self, colour: str) -> None:
        """The player count, in the band's colour when it reads on paper."""
        ink = colour if contrast(colour, PAPER) >= 4.5 else INK
        style = _centred("cover-players", self.faces["bold"], 20, ink)
        players = Paragraph(self.cover.players, style)
        players.wrapOn(self.canv, self.width, self.height)
        players.drawOn(self.canv, 0, self.height * 0.09)


def _centred(name: str, font: str, size: float, ink: str) -> ParagraphStyle:
    return ParagraphStyle(
        name, fontName=font, fontSize=size, leading=size * 1.15, alignment=1, textColor=ink
    )
