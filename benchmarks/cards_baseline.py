"""The card benchmark's baseline: the bench deck drawn by hand with ReportLab, as a publisher
without pnp would script it.

It reads the deck's CSV and draws straight onto one canvas, with no checks, no text fitting
and no intermediate objects: for each card a title band into the bleed, a rounded frame, the
title, the art scaled to cover its box and clipped to it (drawn by file name, so ReportLab
embeds it once), a platypus `Paragraph` with <b>, <i> and the `:gold:` icon as a 64 px PNG
inline `<img>` (also embedded once), and the deck name as a footer; 3x3 cards to an A4 page,
crop marks on every trim line beyond the bleed, and the sheet footer naming the deck.
The geometry, colours, fonts and sizes are those of the `framed` layout pnp draws.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator.fonts import BODY, BOLD, ITALIC, register_fonts

TITLE, DECK_NAME = "Bench", "Bench"
ICON = "gold.png"  # the picture of the `gold` icon, beside the art
# Geometry in mm: a butted 3x3 poker grid centred on A4 (as ours imposes it).
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.5, 88.9
COLUMNS = ROWS = 3
PER_PAGE = COLUMNS * ROWS
X0 = (PAGE_W - COLUMNS * CARD_W) / 2
TOP = (PAGE_H + ROWS * CARD_H) / 2
BLEED = 3.0
MARK_GAP, MARK_LENGTH, PRINTER_MARGIN = 0.5, 5.0, 5.2
BAND_H, ART_BOX = 14.0, (3.5, 15.0, 56.5, 28.0)
TEXT_BOX, FOOTER_BOX = (3.5, 44.0, 56.5, 37.0), (3.5, 81.5, 56.5, 4.0)


def baseline_sheets(folder: Path) -> tuple[int, int]:
    """Read the deck and draw its sheets: (pages, PDF bytes)."""
    with (folder / "decks" / "bench.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    data = baseline_pdf(rows, folder)
    return (len(rows) + PER_PAGE - 1) // PER_PAGE, len(data)


class IconCanvas(Canvas):
    """A canvas that draws a paragraph's inline image by its file name, so ReportLab embeds it
    once and skips re-reading and re-hashing its pixels for every card (as ours draws its icon
    once per card without decoding anything)."""

    def drawImage(self, image, *args, **kwargs):
        """The image by file name when it has one."""
        name = getattr(image, "fileName", None)
        return super().drawImage(name if isinstance(name, str) else image, *args, **kwargs)


def baseline_pdf(rows: list[dict[str, str]], folder: Path) -> bytes:
    """A 3x3 A4 sheet PDF of `rows`, with crop marks and a sheet footer on every page."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = IconCanvas(buffer, pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1, pageCompression=1)
    style = ParagraphStyle("text", fontName=BODY, fontSize=8.5, leading=8.5 * 1.2)
    style.textColor = HexColor("#222222")
    sizes: dict[str, tuple[int, int]] = {}
    pages = (len(rows) + PER_PAGE - 1) // PER_PAGE
    for page in range(pages):
        for slot, row in enumerate(rows[page * PER_PAGE : (page + 1) * PER_PAGE]):
            art = row["image"]
            if art not in sizes:
                sizes[art] = ImageReader(str(folder / art)).getSize()
            baseline_card(canvas, row, (folder / art, sizes[art]), style, divmod(slot, COLUMNS))
        baseline_marks(canvas)
        canvas.setFont(BODY, 5)
        canvas.setFillColor(HexColor("#777777"))
        label = f"{TITLE} — cards · {DECK_NAME} · sheet {page + 1} of {pages}"
        canvas.drawCentredString(PAGE_W / 2 * mm, (PRINTER_MARGIN + 0.5) * mm, label)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def baseline_card(
    canvas: Canvas,
    row: dict[str, str],
    art: tuple[Path, tuple[int, int]],
    style: ParagraphStyle,
    cell: tuple[int, int],
) -> None:
    """One card front at grid cell (row, column): band, frame, title, art, text, icon, footer."""
    r, c = cell
    left, top = X0 + c * CARD_W, TOP - r * CARD_H
    bleed_l = BLEED if c == 0 else 0.0
    bleed_r = BLEED if c == COLUMNS - 1 else 0.0
    bleed_t = BLEED if r == 0 else 0.0
    canvas.setFillColor(HexColor("#33415c"))
    canvas.rect(
        (left - bleed_l) * mm,
        (top - BAND_H) * mm,
        (CARD_W + bleed_l + bleed_r) * mm,
        (BAND_H + bleed_t) * mm,
        stroke=0,
        fill=1,
    )
    canvas.setStrokeColor(HexColor("#8a8a8a"))
    canvas.setLineWidth(0.6)
    canvas.roundRect(
        (left + 2) * mm, (top - CARD_H + 2) * mm, (CARD_W - 4) * mm, (CARD_H - 4) * mm, 2 * mm
    )
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setFont(BOLD, 11)
    canvas.drawCentredString((left + CARD_W / 2) * mm, (top - BAND_H / 2) * mm - 4, row["name"])
    baseline_art(canvas, art, left, top)
    paragraph = Paragraph(baseline_markup(row["text"], art[0].with_name(ICON)), style)
    x, y, width, height = TEXT_BOX
    _, used = paragraph.wrap(width * mm, height * mm)
    paragraph.drawOn(canvas, (left + x) * mm, (top - y) * mm - used)
    canvas.setFillColor(HexColor("#777777"))
    canvas.setFont(ITALIC, 5)
    x, y, width, height = FOOTER_BOX
    canvas.drawCentredString((left + x + width / 2) * mm, (top - y - height) * mm, DECK_NAME)


def baseline_markup(text: str, icon: Path) -> str:
    """Bold, italic and the icon's picture inline where `:gold:` stands, as ReportLab places
    an inline image (`<img>` on the baseline, the size of the text)."""
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    return text.replace(":gold:", f'<img src="{icon}" width="8.5" height="8.5" valign="baseline"/>')


def baseline_art(
    canvas: Canvas, art: tuple[Path, tuple[int, int]], left: float, top: float
) -> None:
    """The shared art scaled to cover its box and clipped to it, drawn by file name (cached by ReportLab)."""
    path, (image_w, image_h) = art
    x, y, width, height = ART_BOX
    box_x, box_y = (left + x) * mm, (top - y - height) * mm
    scale = max(width * mm / image_w, height * mm / image_h)
    draw_w, draw_h = image_w * scale, image_h * scale
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(box_x, box_y, width * mm, height * mm)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.drawImage(
        str(path),
        box_x + (width * mm - draw_w) / 2,
        box_y + (height * mm - draw_h) / 2,
        draw_w,
        draw_h,
        mask="auto",
    )
    canvas.restoreState()


def baseline_marks(canvas: Canvas) -> None:
    """Crop marks beyond the bleed on the 4 column and 4 row trim lines, kept off the printer's margin."""
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    bottom, right = TOP - ROWS * CARD_H, X0 + COLUMNS * CARD_W
    below, above = (
        _reach(bottom - BLEED, PRINTER_MARGIN),
        _reach(TOP + BLEED, PAGE_H - PRINTER_MARGIN),
    )
    left_of, right_of = (
        _reach(X0 - BLEED, PRINTER_MARGIN),
        _reach(right + BLEED, PAGE_W - PRINTER_MARGIN),
    )
    for c in range(COLUMNS + 1):
        x = (X0 + c * CARD_W) * mm
        for low, high in (below, above):
            canvas.line(x, low * mm, x, high * mm)
    for r in range(ROWS + 1):
        y = (bottom + r * CARD_H) * mm
        for low, high in (left_of, right_of):
            canvas.line(low * mm, y, high * mm, y)


def _reach(start: float, limit: float) -> tuple[float, float]:
    """A mark's ends from the bleed edge at `start` towards `limit`: a gap, then at most MARK_LENGTH."""
    step = 1.0 if limit > start else -1.0
    length = max(0.0, min(MARK_LENGTH, abs(limit - start) - MARK_GAP))
    inner, outer = start + step * MARK_GAP, start + step * (MARK_GAP + length)
    return min(inner, outer), max(inner, outer)
