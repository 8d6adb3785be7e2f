"""SVG art painted as PDF vector paths: fills, strokes, opacity, fill rules and clips."""

from __future__ import annotations

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream, xObjectName
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


class FormStream(PDFStream):
    """A form's content stream, finished from what ReportLab recorded for the form when the PDF
    is written: ReportLab leaves the opacity states a form sets out of its resources, and has
    no way to make a form a transparency group."""

    def __init__(self, name: str, group: bool) -> None:
        entries = {"Group": PDFDictionary({"S": PDFName("Transparency")})} if group else {}
        super().__init__(PDFDictionary(entries))
        self.name = name

    def format(self, document):
        form = document.idToObject[xObjectName(self.name)]
        self.content = form.stream
        if form.ExtGState is not None:
            form.Resources.ExtGState = form.ExtGState
        return super().format(document)


def end_form(canvas: Canvas, name: str, group: bool = True) -> None:
    """End the form `name`, keeping the opacities its paths set; as a transparency group (the
    default), an opacity set where it is placed fades the whole form at once (overlaps do not
    show through) and its own opacities start afresh."""
    canvas.endForm(Contents=FormStream(name, group))


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
