"""Drawing resolved faces and glossary symbols onto a ReportLab canvas."""

from __future__ import annotations

import io
import math
from dataclasses import replace
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from generator.colours import reportlab_colour
from generator.fonts import BODY, BOLD, register_fonts
from generator.impose.grid import Edges
from generator.load.art import read_art
from generator.model import Drawing, Symbol
from generator.render.faces import Face
from generator.render.items import IconItem, ImageItem, Item, Rect, ShapeItem, TextItem
from generator.render.markup import glyph_size, symbol_uri
from generator.units import Size
from generator.write.art import draw_art, place_art, turned
from generator.write.lines import draw_text
from generator.write.svg import end_form

EDGE_MM = 0.01
ROUNDED_CORNER = 0.12
PAPER = "#ffffff"
READABLE = 4.5  # WCAG contrast for normal text: what ink-saved text keeps against the paper
DARK_INK = "#222222"  # the layouts' default text colour
SAVED_OUTLINE_PT = 0.75  # the outline a light shape keeps once the fill around it is dropped
FORM_MARGIN_MM = 1.0  # a face form's box beyond the face's bleed, clear of the face's own clip

# Corners of the polygon shapes as fractions of their box, from its bottom-left, y upwards.
POLYGONS = {
    "diamond": ((0.5, 1.0), (1.0, 0.5), (0.5, 0.0), (0.0, 0.5)),
    "hexagon": ((0.25, 1.0), (0.75, 1.0), (1.0, 0.5), (0.75, 0.0), (0.25, 0.0), (0.0, 0.5)),
    "crown": (
        (0.0, 0.0),
        (1.0, 0.0),
        (1.0, 1.0),
        (0.75, 0.45),
        (0.5, 1.0),
        (0.25, 0.45),
        (0.0, 1.0),
    ),
}


class SymbolCanvas(Canvas):
    """A canvas that draws glossary symbols where the rulebook's paragraphs place their marker
    image, and art once per file."""

    def know(self, symbols: list[Symbol], folder: Path) -> None:
        """Tell the canvas the game's symbols and where its art files live."""
        self.symbols = {symbol.key: symbol for symbol in symbols}
        self.markers = {symbol_uri(symbol.key): symbol.key for symbol in symbols}
        self.folder = folder
        self.art_forms: dict[str, tuple[str, float, float]] = {}

    def drawImage(self, image, x, y, width=None, height=None, mask=None, **kwargs):
        """Draw a symbol's vector drawing in place of its marker image; other images as usual."""
        key = self.markers.get(getattr(image, "fileName", None))
        if key is None:
            return super().drawImage(image, x, y, width, height, mask=mask, **kwargs)
        draw_symbol(self, self.symbols[key].drawing, x, y, width, self.folder)
        return (width, height)


class SheetCanvas(SymbolCanvas):
    """The canvas of every sheet: true page size, reproducible bytes, printing at 100 %."""

    def __init__(
        self, buffer: io.BytesIO, page: Size, title: str, symbols: list[Symbol], folder: Path
    ) -> None:
        register_fonts()
        super().__init__(
            buffer,
            pagesize=(page.width * mm, page.height * mm),
            invariant=1,
            pageCompression=1,
            initialFontName=BODY,
        )
        self.setTitle(title)
        self.setCreator("pnp print-and-play generator")
        self.setViewerPreference("PrintScaling", "None")
        self.know(symbols, folder)
        self.face_forms: dict[tuple[int, Edges, bool], tuple[str, Face]] = {}

    def place_face(
        self, face: Face, x: float, y: float, bleed: Edges, ink_saver: bool, placed: int
    ) -> None:
        """Draw a face as `draw_face` does, from its own origin moved to (x, y) mm. One the
        document places more than once (`placed` times with this bleed) is drawn once, into a
        form that every copy places; one placed once is drawn in place (a form of its own
        would only add to the file), from the same origin, so both print alike."""
        self.saveState()
        self.translate(x * mm, y * mm)
        if placed > 1:
            self.doForm(self.face_form(face, bleed, ink_saver))
        else:
            draw_face(self, face, 0, 0, bleed, ink_saver)
        self.restoreState()

    def face_form(self, face: Face, bleed: Edges, ink_saver: bool) -> str:
        """The name of the form holding `face` drawn with its trim's bottom-left at the origin:
        drawn on its first use in this document, so every copy of a design places one drawing
        (its box reaches FORM_MARGIN_MM past the bleed; the face clips itself at the bleed)."""
        key = (id(face), bleed, ink_saver)
        if key not in self.face_forms:
            name = f"face{len(self.face_forms)}"
            trim, margin = face.trim, FORM_MARGIN_MM
            low = (-(bleed.left + margin) * mm, -(bleed.bottom + margin) * mm)
            high = (
                (trim.width + bleed.right + margin) * mm,
                (trim.height + bleed.top + margin) * mm,
            )
            self.beginForm(name, *low, *high)
            draw_face(self, face, 0, 0, bleed, ink_saver)
            end_form(self, name, group=False)
            self.face_forms[key] = (name, face)  # the face kept alive, so no other takes its id
        return self.face_forms[key][0]


def draw_face(
    canvas: SheetCanvas,
    face: Face,
    x: float,
    y: float,
    bleed: Edges,
    ink_saver: bool = False,
    shape: str = "card",
) -> None:
    """Draw a face with its trim's bottom-left at (x, y) mm, art clipped to its outline plus `bleed`.

    A turned face is drawn a quarter turn anticlockwise, its bottom edge along the trim's right.
    """
    canvas.saveState()
    if face.turned:
        canvas.translate((x + face.trim.width) * mm, y * mm)
        canvas.rotate(90)
        x, y, bleed = 0.0, 0.0, Edges(bleed.bottom, bleed.right, bleed.top, bleed.left)
    left, bottom = (x - bleed.left) * mm, (y - bleed.bottom) * mm
    width = (face.size.width + bleed.left + bleed.right) * mm
    height = (face.size.height + bleed.bottom + bleed.top) * mm
    clip = outline_path(canvas, shape, x, y, face.size, bleed.left)
    if clip is None:
        clip = canvas.beginPath()
        clip.rect(left, bottom, width, height)
    canvas.clipPath(clip, stroke=0, fill=0)
    if face.background and not ink_saver:
        canvas.setFillColor(reportlab_colour(face.background))
        canvas.rect(left, bottom, width, height, stroke=0, fill=1)
        _opaque(canvas)
    canvas.translate(x * mm, (y + face.size.height) * mm)
    for item in ink_saved(face) if ink_saver else face.items:
        _draw_item(canvas, item, face.size, bleed, ink_saver)
        _opaque(canvas)
    canvas.restoreState()


def ink_saved(face: Face) -> tuple[Item, ...]:
    """The face's items once --ink-saver drops its background and big fills: text and shapes
    that stood out in a light colour against a dropped fill, and would vanish on the white paper,
    are re-inked in that fill's colour (or near-black when the fill is light too); a shape keeps
    its outline only, so a light stripe or box still shows where it is."""
    items = list(face.items)
    for index, item in enumerate(items):
        if isinstance(item, TextItem):
            ink = _saved_ink(item.style.colour, _dropped_under(face, items[:index], item.box))
            if ink is not None:
                items[index] = _recoloured(item, ink)
        elif isinstance(item, ShapeItem) and _light_mark(item):
            ink = _saved_ink(item.fill, _dropped_under(face, items[:index], item.box))
            if ink is not None:
                width = max(item.stroke_width, SAVED_OUTLINE_PT)
                items[index] = replace(item, fill=None, stroke=ink, stroke_width=width)
    return tuple(items)


def _light_mark(item: ShapeItem) -> bool:
    """A filled shape --ink-saver keeps (not a big fill it drops) and that has no outline of its
    own to show it by."""
    return bool(item.fill) and not item.ink_heavy and not item.stroke and item.kind != "line"


def _dropped_under(face: Face, below: list[Item], box: Rect) -> str | None:
    """The fill --ink-saver drops from under the centre of `box`, if what lies there is one."""
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    for item in reversed(below):
        inside = item.box.x <= cx <= item.box.x + item.box.width and (
            item.box.y <= cy <= item.box.y + item.box.height
        )
        if isinstance(item, ImageItem) and inside:
            return None
        if isinstance(item, ShapeItem) and item.fill and item.kind != "line" and inside:
            return item.fill if item.ink_heavy else None
    return face.background


def _saved_ink(colour: str, dropped: str | None) -> str | None:
    """A dark ink for text in `colour` once `dropped` is gone, or None when it reads as it is."""
    if dropped is None or contrast(colour, PAPER) >= READABLE:
        return None
    if contrast(colour, PAPER) >= contrast(colour, dropped):
        return None  # the text was no better on the fill: its design is not ours to darken
    return dropped[:7] if contrast(dropped[:7], PAPER) >= READABLE else DARK_INK


def _recoloured(item: TextItem, colour: str) -> TextItem:
    """The same text, set the same way, in another colour."""
    style = item.style.model_copy(update={"colour": colour})
    return replace(item, fitted=item.fitted.recoloured(colour), style=style)


def contrast(first: str, second: str) -> float:
    """WCAG contrast ratio of two colours (#rrggbb, any alpha ignored), from 1 to 21."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _luminance(colour: str) -> float:
    """WCAG relative luminance of a #rrggbb colour."""
    channels = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _opaque(canvas: Canvas) -> None:
    """End the alpha of a see-through colour with what it drew, so it fades nothing drawn later
    (ReportLab writes nothing for an alpha that is 1 already; it marks the PDF as one that may
    hold see-through colours, version 1.4)."""
    canvas.setFillAlpha(1)
    canvas.setStrokeAlpha(1)


def outline_path(canvas: Canvas, shape: str, x: float, y: float, size: Size, grow: float):
    """A token's cut outline grown by `grow` mm (round, hex, rounded); None for plain rectangles."""
    cx, cy = (x + size.width / 2) * mm, (y + size.height / 2) * mm
    path = canvas.beginPath()
    if shape == "round":
        path.circle(cx, cy, (size.width / 2 + grow) * mm)
    elif shape == "hex":
        radius = (size.width + 2 * grow) / math.sqrt(3) * mm
        corners = _polygon(cx, cy, radius, 6, math.pi / 2)
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
    elif shape == "rounded":
        side = (size.width + 2 * grow) * mm
        path.roundRect(cx - side / 2, cy - side / 2, side, side, size.width * ROUNDED_CORNER * mm)
    else:
        return None
    return path


def _extended(box: Rect, card: Size, bleed: Edges) -> Rect:
    """A box pushed out into the bleed on every trim edge it touches."""
    left = bleed.left if box.x <= EDGE_MM else 0
    top = bleed.top if box.y <= EDGE_MM else 0
    right = bleed.right if box.x + box.width >= card.width - EDGE_MM else 0
    bottom = bleed.bottom if box.y + box.height >= card.height - EDGE_MM else 0
    return Rect(box.x - left, box.y - top, box.width + left + right, box.height + top + bottom)


def _draw_item(canvas: SheetCanvas, item, card: Size, bleed: Edges, ink_saver: bool) -> None:
    if isinstance(item, ShapeItem):
        _draw_shape(
            canvas, item, _extended(item.box, card, bleed) if item.bleed else item.box, ink_saver
        )
    elif isinstance(item, TextItem) and item.rotate:
        with turned(canvas, item.box, item.rotate) as local:
            _draw_text(canvas, replace(item, box=local))
    elif isinstance(item, TextItem):
        _draw_text(canvas, item)
    elif isinstance(item, ImageItem):
        draw_art(canvas, item, _extended(item.box, card, bleed) if item.bleed else item.box)
    elif isinstance(item, IconItem) and item.symbol in canvas.symbols:
        with turned(canvas, item.box, item.rotate, item.flip, item.opacity) as local:
            side = min(local.width, local.height) * mm
            drawing = canvas.symbols[item.symbol].drawing
            draw_symbol(canvas, drawing, -side / 2, -side / 2, side, canvas.folder, item.opacity)


def _draw_shape(canvas: Canvas, item: ShapeItem, box: Rect, ink_saver: bool) -> None:
    x, y, w, h = box.x * mm, -(box.y + box.height) * mm, box.width * mm, box.height * mm
    fill = item.fill if not (ink_saver and item.ink_heavy) else None
    stroke = item.stroke or (item.fill if ink_saver and item.ink_heavy else None)
    if item.dash:
        canvas.saveState()
        canvas.setDash(3, 2)
    if fill:
        canvas.setFillColor(reportlab_colour(fill))
    if stroke:
        canvas.setStrokeColor(reportlab_colour(stroke))
        canvas.setLineWidth(item.stroke_width)
    if item.kind == "line":
        canvas.line(x, y + h, x + w, y)
    elif item.kind == "ellipse":
        canvas.ellipse(x, y, x + w, y + h, stroke=int(bool(stroke)), fill=int(bool(fill)))
    elif item.kind in POLYGONS:
        corners = [(x + fx * w, y + fy * h) for fx, fy in POLYGONS[item.kind]]
        path = canvas.beginPath()
        path.moveTo(*corners[0])
        for corner in corners[1:]:
            path.lineTo(*corner)
        path.close()
        canvas.drawPath(path, stroke=int(bool(stroke)), fill=int(bool(fill)))
    elif item.radius:
        canvas.roundRect(
            x, y, w, h, item.radius * mm, stroke=int(bool(stroke)), fill=int(bool(fill))
        )
    else:
        canvas.rect(x, y, w, h, stroke=int(bool(stroke)), fill=int(bool(fill)))
    if item.dash:
        canvas.restoreState()


def _draw_text(canvas: SymbolCanvas, item: TextItem) -> None:
    """Fitted text in its box, placed by its vertical alignment; icons as the glossary draws them."""
    box, fitted = item.box, item.fitted
    spare = box.height * mm - fitted.height
    top = -box.y * mm - {"top": 0.0, "middle": spare / 2, "bottom": spare}[item.style.valign]

    def icon(key: str, x: float, y: float, side: float) -> None:
        if key in canvas.symbols:
            draw_symbol(canvas, canvas.symbols[key].drawing, x, y, side, canvas.folder)

    draw_text(canvas, fitted, box.x * mm, top, icon)


def draw_symbol(
    canvas: SymbolCanvas,
    drawing: Drawing,
    x: float,
    y: float,
    size: float,
    folder: Path,
    opacity: float = 1.0,
) -> None:
    """A glossary symbol as vectors (or its image, SVG as vectors) in a `size`-point square,
    `opacity` times as solid as its colours."""
    canvas.saveState()
    if drawing.image:
        path = (folder / drawing.image).resolve()
        art = read_art(path)
        scale = size / max(art.width, art.height)
        width, height = art.width * scale, art.height * scale
        offset_x, offset_y = (size - width) / 2, (size - height) / 2
        place_art(canvas, path, x + offset_x, y + offset_y, width, height)
        canvas.restoreState()
        return
    fill, stroke = reportlab_colour(drawing.fill), reportlab_colour(drawing.stroke)
    canvas.setFillColor(fill, alpha=fill.alpha * opacity)
    canvas.setStrokeColor(stroke, alpha=stroke.alpha * opacity)
    line_width = max(0.3, size * 0.06)
    canvas.setLineWidth(line_width)
    path = canvas.beginPath()
    radius = (size - line_width) / 2
    points = _outline(drawing.shape, x + size / 2, y + size / 2, radius)
    if points is None:
        path.circle(x + size / 2, y + size / 2, radius)
    else:
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
    canvas.drawPath(path, stroke=1, fill=1)
    if drawing.glyph:
        glyph = _contrast(drawing.fill)
        canvas.setFillColor(glyph, alpha=glyph.alpha * opacity)
        font_size = glyph_size(drawing.glyph, size)
        canvas.setFont(BOLD, font_size)
        canvas.drawCentredString(x + size / 2, y + size / 2 - font_size * 0.36, drawing.glyph)
    canvas.restoreState()


def _polygon(
    cx: float, cy: float, radius: float, sides: int, start: float
) -> list[tuple[float, float]]:
    """Corners of a regular polygon."""
    angles = (start + 2 * math.pi * i / sides for i in range(sides))
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def _outline(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Corner points of a shape filling the square of half-side `r`, so it stands on its foot; None for a circle."""
    if shape == "square":
        return _polygon(cx, cy, r * math.sqrt(2), 4, math.pi / 4)
    if shape == "diamond":
        return _polygon(cx, cy, r, 4, math.pi / 2)
    if shape == "hexagon":
        return _polygon(cx, cy, r, 6, math.pi / 2)
    if shape == "triangle":
        return [(cx - r, cy - r), (cx + r, cy - r), (cx, cy + r)]
    if shape == "shield":
        return [
            (cx - r * 0.85, cy + r),
            (cx + r * 0.85, cy + r),
            (cx + r * 0.85, cy),
            (cx, cy - r),
            (cx - r * 0.85, cy),
        ]
    if shape == "star":
        outer = 2 * r / (1 + math.cos(math.pi / 5))
        centre = cy + r - outer
        tips = _polygon(cx, centre, outer, 5, math.pi / 2)
        notches = _polygon(cx, centre, outer * 0.45, 5, math.pi / 2 + math.pi / 5)
        return [point for pair in zip(tips, notches, strict=True) for point in pair]
    return None


def _contrast(fill: str):
    """White glyphs on dark fills, near-black on light ones."""
    colour = reportlab_colour(fill)
    light = 0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue > 0.6
    return reportlab_colour("#111111" if light else "#ffffff")
