"""SVG art painted as PDF vector paths: fills, strokes, opacity, fill rules and clips."""

from __future__ import annotations

from reportlab.pdfbase.pdfdoc import (
    PDFDictionary,
    PDFFormXObject,
    PDFName,
    PDFResourceDictionary,
    PDFStream,
    xObjectName,
)
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO, Canvas

from generator.load.svg import VectorArt
from generator.load.svg_paint import Operation, Outline, Paint, VectorPath


def draw_vector_art(canvas: Canvas, art: VectorArt) -> None:
    """Paint the art with its box's bottom-left at the origin, one unit per SVG unit.

    SVG measures y downwards from its top; the flip here turns it the PDF's way up.
    """
    canvas.saveState()
    canvas.transform(1, 0, 0, -1, -art.x, art.height + art.y)
    for path in art.paths:
        _draw_path(canvas, path)
    canvas.restoreState()


class GroupForm(PDFFormXObject):
    """A form painted as one transparency group: an opacity set where it is placed fades the
    whole art at once (overlaps do not show through) and starts its own opacities afresh."""

    def format(self, document):
        if not self.Contents:
            self.Contents = PDFStream()
            self.Contents.content = self.stream
        self.Contents.dictionary["Group"] = PDFDictionary({"S": PDFName("Transparency")})
        return super().format(document)


def end_form(canvas: Canvas, name: str) -> None:
    """End the form `name` as a transparency group that keeps the opacities its paths set and
    the forms and images it draws (ReportLab leaves a form's opacity states out of its
    resources, and given resources, its forms too)."""
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    states = canvas._extgstate.getState()
    if states:
        resources.ExtGState = states
    if canvas._formsinuse:
        resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    canvas.endForm(Resources=resources)
    canvas._doc.idToObject[xObjectName(name)].__class__ = GroupForm


def _draw_path(canvas: Canvas, path: VectorPath) -> None:
    canvas.saveState()
    for clip in path.clips:
        region = _traced(canvas, clip.operations)
        canvas.clipPath(region, stroke=0, fill=0, fillMode=_rule(clip.even_odd))
    if path.fill is not None:
        _fill_with(canvas, path.fill)
    if path.stroke is not None:
        _stroke_with(canvas, path.stroke)
    canvas.drawPath(
        _traced(canvas, path.operations),
        stroke=int(path.stroke is not None),
        fill=int(path.fill is not None),
        fillMode=_rule(path.even_odd),
    )
    canvas.restoreState()


def _traced(canvas: Canvas, operations: tuple[Operation, ...]):
    """A ReportLab path object following the operations."""
    traced = canvas.beginPath()
    for kind, values in operations:
        if kind == "M":
            traced.moveTo(*values)
        elif kind == "L":
            traced.lineTo(*values)
        elif kind == "C":
            traced.curveTo(*values)
        else:
            traced.close()
    return traced


def _rule(even_odd: bool) -> int:
    return FILL_EVEN_ODD if even_odd else FILL_NON_ZERO


def _fill_with(canvas: Canvas, paint: Paint) -> None:
    canvas.setFillColorRGB(paint.red, paint.green, paint.blue)
    canvas.setFillAlpha(paint.alpha)


def _stroke_with(canvas: Canvas, outline: Outline) -> None:
    paint = outline.paint
    canvas.setStrokeColorRGB(paint.red, paint.green, paint.blue)
    canvas.setStrokeAlpha(paint.alpha)
    canvas.setLineWidth(outline.width)
    canvas.setLineCap(outline.cap)
    canvas.setLineJoin(outline.join)
    canvas.setMiterLimit(outline.miter)
    if outline.dashes:
        canvas.setDash(list(outline.dashes))
