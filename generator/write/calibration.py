"""The duplex calibration sheet: read your printer's back offset off a ruler seen through the paper.

The front carries a long vertical and a long horizontal line through the page centre. The back
carries rulers whose ticks stand at centre + k mm, labelled k. After duplex printing, hold the
sheet to the light: the tick lying under each front line reads the `--back-offset` that puts
backs where they belong (the sheet is printed with the current offset, so it then reads 0).
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.units import mm

from generator.fonts import BODY, BOLD
from generator.write.draw import SheetCanvas
from generator.write.sheets import PrintOptions

RULER_MM = 6
TICK_STEP_MM = 0.5
LINE_INSET_MM = 40


def calibration_pdf(options: PrintOptions) -> bytes:
    """Two pages, front then back, for the given paper, duplex mode and current offset."""
    page = options.paper
    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, page, "Duplex calibration", [], Path("."))
    cx, cy = page.width / 2, page.height / 2
    _heading(
        canvas,
        page.height - 20,
        f"Duplex calibration — print both pages on one sheet, flip on the {options.duplex} edge",
    )
    canvas.setLineWidth(0.3)
    canvas.line(cx * mm, LINE_INSET_MM * mm, cx * mm, (page.height - LINE_INSET_MM) * mm)
    canvas.line(LINE_INSET_MM * mm, cy * mm, (page.width - LINE_INSET_MM) * mm, cy * mm)
    _note(
        canvas,
        30,
        "Hold the printed sheet to the light. On the back, find the ruler tick that lies exactly under each line.",
    )
    canvas.showPage()
    dx, dy = options.back_offset
    canvas.translate(dx * mm, dy * mm)
    _heading(canvas, page.height - 20, "Back: read the tick under the front's lines")
    _ruler(canvas, cx, cy + 30, horizontal=True)
    _ruler(canvas, cx + 30, cy, horizontal=False)
    _note(
        canvas,
        30,
        f"Build with --back-offset X,Y using the two readings (this sheet already includes {dx:g},{dy:g}; it reads 0,0 when they are right).",
    )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _ruler(canvas: SheetCanvas, x: float, y: float, horizontal: bool) -> None:
    """Ticks at centre + k mm for k in -RULER_MM..RULER_MM, labelled every millimetre."""
    canvas.setLineWidth(0.2)
    steps = int(RULER_MM / TICK_STEP_MM)
    for i in range(-steps, steps + 1):
        k = i * TICK_STEP_MM
        length = 6 if i % 2 == 0 else 3
        if horizontal:
            canvas.line((x + k) * mm, y * mm, (x + k) * mm, (y + length) * mm)
        else:
            canvas.line(x * mm, (y + k) * mm, (x + length) * mm, (y + k) * mm)
        if i % 2 == 0:
            canvas.setFont(BODY, 4)
            if horizontal:
                canvas.drawCentredString((x + k) * mm, (y - 2.5) * mm, f"{k:g}")
            else:
                canvas.drawString((x + 7) * mm, (y + k - 0.5) * mm, f"{k:g}")
    canvas.setFont(BOLD, 7)
    label = "X" if horizontal else "Y"
    canvas.drawString(
        (x - RULER_MM - 6) * mm if horizontal else (x - 1) * mm,
        (y + 1) * mm if horizontal else (y - RULER_MM - 5) * mm,
        label,
    )


def _heading(canvas: SheetCanvas, y: float, text: str) -> None:
    canvas.setFont(BOLD, 10)
    canvas.drawCentredString(canvas._pagesize[0] / 2, y * mm, text)


def _note(canvas: SheetCanvas, y: float, text: str) -> None:
    canvas.setFont(BODY, 7)
    canvas.drawCentredString(canvas._pagesize[0] / 2, y * mm, text)
