"""Drawing fitted text with the canvas's text objects, run after run in reading order.

Runs are written in the order a reader reads them, so text extraction and copying give the
words in order. A line's text goes on from run to run as the font's own advances carry it,
and is placed anew at a run's `x` where the line starts, after an icon, and for each word of a
stretched line. A shaped run (right-to-left text) is written inside an ActualText span naming
the characters its glyphs stand for. Icons are drawn by the caller's `icon` at their squares.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from generator.colours import reportlab_colour
from generator.render.fitted import FittedText, Run, RunStyle
from generator.render.markup import ICON_DROP

Icon = Callable[[str, float, float, float], None]  # (symbol key, left, bottom, side) in points


def draw_text(canvas: Canvas, fitted: FittedText, left: float, top: float, icon: Icon) -> None:
    """The text with its box's top-left corner at (`left`, `top`) points."""
    text = canvas.beginText()
    set_in: RunStyle | None = None  # the style the text object writes in
    for number, line in enumerate(fitted.lines):
        baseline = top - fitted.size - number * fitted.leading
        follows = False  # whether the text goes on where the run before ended
        for run in line.runs:
            style = fitted.styles[run.style]
            if style.icon:
                icon(style.icon, left + run.x, baseline - ICON_DROP * fitted.size, style.size)
            elif run.shape:
                _shaped_run(canvas, run, style, left + run.x, baseline)
            else:
                _restyled(text, set_in, style)
                set_in = style
                if not follows or line.stretched:
                    text.setTextOrigin(left + run.x, baseline)
                text.textOut(run.text)
            follows = not (style.icon or run.shape)
    if set_in is not None:
        canvas.drawText(text)


def _restyled(text: PDFTextObject, before: RunStyle | None, style: RunStyle) -> None:
    """The text object's font and colour made the run's, where they differ from before."""
    if before is None or (before.font, before.size) != (style.font, style.size):
        text.setFont(style.font, style.size)
    if before is None or before.colour != style.colour:
        text.setFillColor(reportlab_colour(style.colour))


def _shaped_run(canvas: Canvas, run: Run, style: RunStyle, x: float, baseline: float) -> None:
    """Shaped glyphs in a text object of their own, inside a span naming what they stand for."""
    canvas.addLiteral(f"/Span <</ActualText {_utf16(run.reads)}>> BDC")
    text = canvas.beginText(x, baseline)
    text.setFont(style.font, style.size)
    text.setFillColor(reportlab_colour(style.colour))
    text.textOut(ShapedStr(run.text, shapeData=[ShapeData(*data) for data in run.shape]))
    canvas.drawText(text)
    canvas.addLiteral("EMC")


def _utf16(text: str) -> str:
    """A PDF text string in UTF-16 with its byte-order mark, as ActualText needs."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"
