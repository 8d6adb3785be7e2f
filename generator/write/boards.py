"""Boards and mats: small ones together on pages, large ones tiled with crosshairs and an assembly page."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from generator.fonts import BODY, BOLD
from generator.impose.boards import place_boards
from generator.impose.grid import Edges
from generator.impose.tiles import Tile, TilePlan, fits_one_page, tile_plan
from generator.model import Board, Symbol
from generator.render.faces import Face
from generator.write.draw import SheetCanvas, draw_face
from generator.write.sheets import Document, PrintOptions, SheetsPdf

NO_BLEED = Edges(0, 0, 0, 0)
GUIDE_INK = HexColor("#555555")
CROSSHAIR_MM = 4.0
CORNER_MARK_MM = 4.0


def boards_pdf(
    title: str,
    boards: list[tuple[Board, Face]],
    options: PrintOptions,
    symbols: list[Symbol],
    folder: Path,
) -> tuple[SheetsPdf, dict[str, int]]:
    """Every copy of every board; small ones share pages, large ones are tiled."""
    document = Document(title, symbols, folder)
    copies = [(board, face) for board, face in boards for _ in range(board.copies)]
    small = [(board, face) for board, face in copies if fits_one_page(face.size, options.paper)]
    large = [(board, face) for board, face in copies if not fits_one_page(face.size, options.paper)]
    _small_boards(document, small, options)
    for board, face in large:
        _tiled_board(document, board, face, tile_plan(face.size, options.paper), options)
    placed: dict[str, int] = {}
    for board, _ in copies:
        placed[board.id] = placed.get(board.id, 0) + 1
    return document.finish(placed), placed


def _small_boards(
    document: Document, boards: list[tuple[Board, Face]], options: PrintOptions
) -> None:
    spots = place_boards([face.size for _, face in boards], options.paper)
    for page in sorted({spot.page for spot in spots}):
        canvas = document.new_page(options.paper)
        for spot in (s for s in spots if s.page == page):
            _board, face = boards[spot.index]
            canvas.saveState()
            if spot.turned:
                canvas.translate((spot.x + face.size.height) * mm, spot.y * mm)
                canvas.rotate(90)
                draw_face(canvas, face, 0, 0, NO_BLEED, options.ink_saver)
            else:
                draw_face(canvas, face, spot.x, spot.y, NO_BLEED, options.ink_saver)
            canvas.restoreState()
            width, height = (
                (face.size.height, face.size.width)
                if spot.turned
                else (face.size.width, face.size.height)
            )
            _corner_marks(canvas, spot.x, spot.y, width, height)
        _caption(canvas, options.paper.width, "boards and mats")
        document.end_page()


def _tiled_board(
    document: Document, board: Board, face: Face, plan: TilePlan, options: PrintOptions
) -> None:
    """One page per tile, then a page showing how the tiles go together."""
    for tile in plan.tiles:
        canvas = document.new_page(plan.page)
        canvas.saveState()
        window = canvas.beginPath()
        window.rect(
            tile.page_left * mm,
            (tile.page_top - tile.height) * mm,
            tile.width * mm,
            tile.height * mm,
        )
        canvas.clipPath(window, stroke=0, fill=0)
        draw_face(
            canvas,
            face,
            tile.page_left - tile.x,
            tile.page_top + tile.y - face.size.height,
            NO_BLEED,
            options.ink_saver,
        )
        canvas.restoreState()
        _crosshairs(canvas, plan, tile)
        _corner_marks(canvas, tile.page_left, tile.page_top - tile.height, tile.width, tile.height)
        _caption(
            canvas,
            plan.page.width,
            f"{board.name} · tile row {tile.row + 1}, column {tile.column + 1} of {plan.rows} x {plan.columns} · overlap {plan.overlap:g} mm",
        )
        document.end_page()
    _assembly(document.new_page(plan.page), board, plan)
    document.end_page()


def _crosshairs(canvas: SheetCanvas, plan: TilePlan, tile: Tile) -> None:
    """Targets printed at the same board point on both tiles of an overlap."""
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for bx, by in plan.crosshairs:
        if tile.shows(bx, by, CROSSHAIR_MM):
            x, y = (v * mm for v in tile.to_page(bx, by))
            canvas.line(x - CROSSHAIR_MM * mm, y, x + CROSSHAIR_MM * mm, y)
            canvas.line(x, y - CROSSHAIR_MM * mm, x, y + CROSSHAIR_MM * mm)
            canvas.circle(x, y, CROSSHAIR_MM * mm / 2, stroke=1, fill=0)
    canvas.restoreState()


def _assembly(canvas: SheetCanvas, board: Board, plan: TilePlan) -> None:
    """The board's outline scaled to the page with every tile drawn and labelled."""
    page = plan.page
    scale = min((page.width - 40) / plan.board.width, (page.height - 70) / plan.board.height)
    left = (page.width - plan.board.width * scale) / 2
    top = page.height - 40
    canvas.setFont(BOLD, 12)
    canvas.drawCentredString(
        page.width / 2 * mm, (page.height - 20) * mm, f"{board.name}: assembly"
    )
    canvas.setFont(BODY, 8)
    canvas.drawCentredString(
        page.width / 2 * mm,
        (page.height - 27) * mm,
        f"{plan.rows} x {plan.columns} tiles overlapping by {plan.overlap:g} mm: trim each tile's left and top overlap, then align the crosshairs.",
    )
    canvas.setLineWidth(1)
    canvas.rect(
        left * mm,
        (top - plan.board.height * scale) * mm,
        plan.board.width * scale * mm,
        plan.board.height * scale * mm,
    )
    canvas.setLineWidth(0.4)
    for tile in plan.tiles:
        x, y = left + tile.x * scale, top - (tile.y + tile.height) * scale
        canvas.setStrokeColor(GUIDE_INK)
        canvas.rect(x * mm, y * mm, tile.width * scale * mm, tile.height * scale * mm)
        canvas.setFont(BOLD, 9)
        canvas.drawCentredString(
            (x + tile.width * scale / 2) * mm,
            (y + tile.height * scale / 2) * mm,
            f"row {tile.row + 1}, column {tile.column + 1}",
        )


def _corner_marks(canvas: SheetCanvas, x: float, y: float, width: float, height: float) -> None:
    """Short marks outside each corner, on the board's edges extended."""
    canvas.saveState()
    canvas.setLineWidth(0.3)
    gap, length = 1.0, CORNER_MARK_MM
    for cx, dx in ((x, -1), (x + width, 1)):
        for cy, dy in ((y, -1), (y + height, 1)):
            canvas.line((cx + dx * gap) * mm, cy * mm, (cx + dx * (gap + length)) * mm, cy * mm)
            canvas.line(cx * mm, (cy + dy * gap) * mm, cx * mm, (cy + dy * (gap + length)) * mm)
    canvas.restoreState()


def _caption(canvas: SheetCanvas, page_width: float, text: str) -> None:
    canvas.setFont(BODY, 6)
    canvas.setFillColor(GUIDE_INK)
    canvas.drawCentredString(page_width / 2 * mm, 3 * mm, text)
