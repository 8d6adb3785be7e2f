"""Drawing shaped, bidi-ordered lines, each cluster tagged with the characters it stands for."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.render.lines import Line


def draw_lines(
    canvas: Canvas,
    lines: tuple[Line, ...],
    box: tuple[float, float, float],
    size: float,
    leading: float,
    align: str,
    colour: Color,
) -> None:
    """Lines from the first baseline down; `box` is (left, top, width) in points.

    Right-to-left clusters are written in reading order at their visual places, each inside an
    ActualText span, so text extraction and copying give the words as they are read.
    """
    left, top, width = box
    text = canvas.beginText()
    text.setFillColor(colour)
    for number, line in enumerate(lines):
        x = left + _indent(line, width, align)
        y = top - size - number * size * leading
        placed = []
        for piece in line.pieces:
            placed.append((piece.start, x, piece))
            x += piece.width
        for _, piece_x, piece in sorted(placed, key=lambda item: item[0]):
            for cluster in piece.clusters:
                text._code.append(f"/Span <</ActualText {_utf16(cluster.text)}>> BDC")
                text.setTextOrigin(piece_x + cluster.x, y)
                text.setFont(piece.font, size)
                text.textOut(cluster.glyphs)
                text._code.append("EMC")
    canvas.drawText(text)


def _indent(line: Line, width: float, align: str) -> float:
    """Where a line starts: `left` means the paragraph's start, so right for right-to-left text."""
    spare = width - line.width
    if align == "center":
        return spare / 2
    if align == "right" or (line.rtl and align in ("left", "justify")):
        return spare
    return 0.0


def _utf16(text: str) -> str:
    """A PDF text string in UTF-16 with its byte-order mark, as ActualText needs."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"
