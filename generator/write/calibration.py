"""The duplex calibration sheet: read your printer's back offset off a ruler seen through the paper.

The front carries a long vertical and a long horizontal line through the page centre. The back
carries rulers whose ticks stand at centre + k mm, every second millimetre labelled k (7 pt, in
two staggered rows). After duplex printing, hold the sheet to the light: the tick lying under
each front line reads the `--back-offset` that puts backs where they belong (the sheet is
printed with the current offset, so it then reads 0).
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.units import mm

from generator.fonts import BODY, BOLD
from generator.units import Size
from generator.write.draw import SheetCanvas
from generator.write.sheets import PrintOptions

RULER_MM = 6
TICK_STEP_MM = 0.5
LINE_INSET_MM = 40
LABEL_PT = 7  # Inter at 7 pt: "-6" is 2.7 mm wide, its digits 1.8 mm tall
LABEL_EVERY_MM = 2  # labels alternate between two rows, so one row's labels stand 4 mm apart
CAP_HEIGHT = 0.7275  # of Inter's em: digits stand this tall
LABELLED_TICK_MM, MM_TICK_MM, HALF_TICK_MM = 8.0, 6.0, 3.0
NEAR_ROW_MM, FAR_ROW_MM = 3.0, 6.5  # baselines below a horizontal ruler
NEAR_COLUMN_MM, FAR_COLUMN_MM = 9.0, 13.0  # label starts right of a vertical ruler
LEADER_GAP_MM = 0.6


def calibration_pdf(options: PrintOptions) -> bytes:
    """Two pages, front then back, for the given paper, duplex mode and current offset."""
    page = options.paper
    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, page, "Duplex calibration", [], Path("."))
    cx, cy = page.width / 2, page.height / 2
    _heading(
        canvas,
        page,
        page.height - 20,
        f"Duplex calibration — print both pages on one sheet, flip on the {options.duplex} edge",
    )
    canvas.setLineWidth(0.3)
    canvas.line(cx * mm, LINE_INSET_MM * mm, cx * mm, (page.height - LINE_INSET_MM) * mm)
    canvas.line(LINE_INSET_MM * mm, cy * mm, (page.width - LINE_INSET_MM) * mm, cy * mm)
    _note(
        canvas,
        page,
        30,
        "Hold the printed sheet to the light. On the back, find the ruler tick that lies exactly under each line.",
    )
    canvas.showPage()
    dx, dy = options.back_offset
    canvas.translate(dx * mm, dy * mm)
    _heading(canvas, page, page.height - 20, "Back: read the tick under the front's lines")
    _ruler(canvas, cx, cy + 30, horizontal=True)
    _ruler(canvas, cx + 30, cy, horizontal=False)
    _note(
        canvas,
        page,
        30,
        f"Build with --back-offset X,Y using the two readings (this sheet already includes {dx:g},{dy:g}; it reads 0,0 when they are right).",
    )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _ruler(canvas: SheetCanvas, x: float, y: float, horizontal: bool) -> None:
    """Ticks at centre + k mm for k in -RULER_MM..RULER_MM; every LABEL_EVERY_MM-th one labelled,
    the labels in two staggered rows so none touches its neighbour."""
    canvas.setLineWidth(0.2)
    steps = int(RULER_MM / TICK_STEP_MM)
    for i in range(-steps, steps + 1):
        k = i * TICK_STEP_MM
        _line(canvas, x, y, k, 0.0, _tick_length(k), horizontal)
    canvas.setFont(BODY, LABEL_PT)
    for k in range(-RULER_MM, RULER_MM + 1, LABEL_EVERY_MM):
        _label(canvas, x, y, k, far=(k // LABEL_EVERY_MM) % 2 == 1, horizontal=horizontal)
    canvas.setFont(BOLD, 7)
    label = "X" if horizontal else "Y"
    canvas.drawString(
        (x - RULER_MM - 6) * mm if horizontal else (x - 1) * mm,
        (y + 1) * mm if horizontal else (y - RULER_MM - 5) * mm,
        label,
    )


def _tick_length(k: float) -> float:
    """Labelled millimetres longest, other millimetres shorter, half millimetres shortest."""
    if k % LABEL_EVERY_MM == 0:
        return LABELLED_TICK_MM
    return MM_TICK_MM if k % 1 == 0 else HALF_TICK_MM


def _line(
    canvas: SheetCanvas, x: float, y: float, k: float, start: float, end: float, horizontal: bool
) -> None:
    """A line across the ruler at offset k mm, from `start` to `end` mm off its baseline."""
    if horizontal:
        canvas.line((x + k) * mm, (y + start) * mm, (x + k) * mm, (y + end) * mm)
    else:
        canvas.line((x + start) * mm, (y + k) * mm, (x + end) * mm, (y + k) * mm)


def _label(canvas: SheetCanvas, x: float, y: float, k: int, far: bool, horizontal: bool) -> None:
    """The number k beside the baseline: below a horizontal ruler (centred on its tick), right
    of a vertical one (centred on its tick's height); a far label's tick runs on to it."""
    cap = CAP_HEIGHT * LABEL_PT / mm
    if horizontal:
        row = FAR_ROW_MM if far else NEAR_ROW_MM
        if far:
            _line(canvas, x, y, k, 0.0, -(row - cap - LEADER_GAP_MM), horizontal)
        canvas.drawCentredString((x + k) * mm, (y - row) * mm, f"{k:g}")
        return
    column = FAR_COLUMN_MM if far else NEAR_COLUMN_MM
    if far:
        _line(canvas, x, y, k, LABELLED_TICK_MM, column - LEADER_GAP_MM, horizontal)
    canvas.drawString((x + column) * mm, (y + k - cap / 2) * mm, f"{k:g}")


def _heading(canvas: SheetCanvas, page: Size, y: float, text: str) -> None:
    canvas.setFont(BOLD, 10)
    canvas.drawCentredString(page.width * mm / 2, y * mm, text)


def _note(canvas: SheetCanvas, page: Size, y: float, text: str) -> None:
    canvas.setFont(BODY, 7)
    canvas.drawCentredString(page.width * mm / 2, y * mm, text)
