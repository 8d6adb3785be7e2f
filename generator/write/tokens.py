"""Token and counter sheets: packed fronts with cut lines, backs for duplex or fold-and-glue."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from generator.fonts import BODY
from generator.impose.grid import Edges
from generator.impose.tokens import TokenPlan, cut_gap, token_plan
from generator.model import Symbol
from generator.render.faces import PieceFaces
from generator.units import Size
from generator.write.draw import SheetCanvas, draw_face, outline_path
from generator.write.sheets import Document, PrintOptions, SheetsPdf

CUT_INK = HexColor("#7a7a7a")
MARGIN_LABEL_MM = 12.0
FOOTER_BASELINE_MM = 5.8  # 5 pt descenders stay above the 5.2 mm a desktop printer cannot reach


def plan_tokens(sheets: list[PieceFaces], options: PrintOptions) -> TokenPlan:
    """Every token copy of every sheet packed together, mixed sizes on the same pages."""
    pieces = [
        ((s, d), faces.shape, faces.size.width, cut_gap(faces.shape, faces.bleed))
        for s, faces in enumerate(sheets)
        for d, quantity in enumerate(faces.quantities)
        for _ in range(quantity)
    ]
    return token_plan(pieces, options.paper, options.duplex, options.back_offset)


def token_sheets(
    title: str, sheets: list[PieceFaces], options: PrintOptions, symbols: list[Symbol], folder: Path
) -> tuple[SheetsPdf, TokenPlan]:
    """The token PDF: each page of fronts followed by its backs (or both halves of a fold)."""
    plan = plan_tokens(sheets, options)
    document = Document(title, symbols, folder)
    two_sided = any(faces.backs is not None for faces in sheets)
    for page in range(plan.sheets):
        spots = [spot for spot in plan.spots if spot.sheet == page]
        canvas = document.new_page(plan.page)
        for spot in spots:
            _token(canvas, sheets, spot.design, spot.front, "front", options.ink_saver)
        if plan.fold is not None and two_sided:
            for spot in spots:
                _token(canvas, sheets, spot.design, spot.back, "back", options.ink_saver)
            _fold(canvas, plan)
        _label(canvas, plan.page, f"{title} · sheet {page + 1} of {plan.sheets}")
        document.end_page()
        if two_sided and plan.fold is None:
            canvas = document.new_page(plan.page)
            for spot in spots:
                _token(canvas, sheets, spot.design, spot.back, "back", options.ink_saver)
            _label(canvas, plan.page, f"{title} · sheet {page + 1} of {plan.sheets} · backs")
            document.end_page()
    placed = {faces.owner.id: faces.count for faces in sheets}
    return document.finish(placed), plan


def _token(
    canvas: SheetCanvas,
    sheets: list[PieceFaces],
    design: tuple[int, int],
    centre: tuple[float, float],
    side: str,
    ink_saver: bool,
) -> None:
    """One token face centred at `centre`, colour bleeding into its cutting gap, then its cut line."""
    faces = sheets[design[0]]
    face = (
        (faces.fronts if side == "front" else faces.backs or ())[design[1]]
        if side == "front" or faces.backs
        else None
    )
    if face is None:
        return
    size = faces.size
    x, y = centre[0] - size.width / 2, centre[1] - size.height / 2
    grow = cut_gap(faces.shape, faces.bleed) / 2
    draw_face(canvas, face, x, y, Edges(grow, grow, grow, grow), ink_saver, faces.shape)
    if side == "front":
        _cut_line(canvas, faces.shape, x, y, size)


def _cut_line(canvas: SheetCanvas, shape: str, x: float, y: float, size: Size) -> None:
    canvas.saveState()
    canvas.setStrokeColor(CUT_INK)
    canvas.setLineWidth(0.3)
    path = outline_path(canvas, shape, x, y, size, 0.0)
    if path is None:
        canvas.rect(x * mm, y * mm, size.width * mm, size.height * mm, stroke=1, fill=0)
    else:
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _fold(canvas: SheetCanvas, plan: TokenPlan) -> None:
    canvas.saveState()
    canvas.setStrokeColor(CUT_INK)
    canvas.setDash(3, 2)
    canvas.setLineWidth(0.3)
    canvas.line(plan.fold * mm, 0, plan.fold * mm, plan.page.height * mm)
    canvas.restoreState()


def _label(canvas: SheetCanvas, page: Size, text: str) -> None:
    canvas.setFont(BODY, 5)
    canvas.setFillColor(CUT_INK)
    canvas.drawString(MARGIN_LABEL_MM * mm, FOOTER_BASELINE_MM * mm, text)
