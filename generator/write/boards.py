"""Boards and mats: small ones together on pages, large ones tiled with glue strips and an assembly page.

Every board bleeds past its trim. A tile's art runs past its cut edges too; its right and bottom
overlaps are glue strips that the next tile covers, so the crosshairs and guide lines printed
there never show on the assembled board.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from generator.fonts import BODY, BOLD
from generator.impose.boards import corner_marks, place_boards
from generator.impose.grid import PRINTER_MARGIN_MM, Edges, Segment
from generator.impose.tiles import BLEED_MM, Strip, Tile, TilePlan, fits_one_page, tile_plan
from generator.model import Board, Symbol
from generator.render.faces import Face
from generator.write.draw import SheetCanvas, draw_face
from generator.write.sheets import Document, PrintOptions, SheetsPdf

NO_BLEED = Edges(0, 0, 0, 0)
BLEED = Edges(BLEED_MM, BLEED_MM, BLEED_MM, BLEED_MM)
GUIDE_INK = HexColor("#555555")
GRID_INK = HexColor("#b0182c")
CROSSHAIR_MM = 4.0
GUIDE_INSET_MM = 0.5  # the guide line sits this far inside a strip, so a well-laid edge hides it
CAPTION_Y_MM = 6.0


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
        trims = []
        for spot in (s for s in spots if s.page == page):
            _board, face = boards[spot.index]
            canvas.saveState()
            if spot.turned:
                canvas.translate((spot.x + face.size.height) * mm, spot.y * mm)
                canvas.rotate(90)
                draw_face(canvas, face, 0, 0, BLEED, options.ink_saver)
            else:
                draw_face(canvas, face, spot.x, spot.y, BLEED, options.ink_saver)
            canvas.restoreState()
            size = face.size.rotated() if spot.turned else face.size
            trims.append((spot.x, spot.y, size.width, size.height))
        marks = corner_marks(trims, options.paper)
        _marks(canvas, marks)
        caption = "boards and mats: cut on the marks; the art runs 3 mm past them"
        _caption(canvas, options.paper.width, caption, marks)
        document.end_page()


def _tiled_board(
    document: Document, board: Board, face: Face, plan: TilePlan, options: PrintOptions
) -> None:
    """One page per tile, then a page showing the board with the tiles over it."""
    for tile in plan.tiles:
        canvas = document.new_page(plan.page)
        canvas.saveState()
        window = canvas.beginPath()
        window.rect(
            (tile.page_left - BLEED_MM) * mm,
            (tile.page_top - tile.height - BLEED_MM) * mm,
            (tile.width + 2 * BLEED_MM) * mm,
            (tile.height + 2 * BLEED_MM) * mm,
        )
        canvas.clipPath(window, stroke=0, fill=0)
        draw_face(
            canvas,
            face,
            tile.page_left - tile.x,
            tile.page_top + tile.y - face.size.height,
            BLEED,
            options.ink_saver,
        )
        canvas.restoreState()
        for strip in plan.strips_of(tile):
            _glue_strip(canvas, plan, strip)
        trim = (tile.page_left, tile.page_top - tile.height, tile.width, tile.height)
        marks = corner_marks([trim], plan.page)
        _marks(canvas, marks)
        _caption(canvas, plan.page.width, _tile_caption(board, plan, tile), marks)
        document.end_page()
    _assembly(document.new_page(plan.page), board, face, plan, options.ink_saver)
    document.end_page()


def _tile_caption(board: Board, plan: TilePlan, tile: Tile) -> str:
    return (
        f"{board.name} · tile {tile.number} of {len(plan.tiles)} (row {tile.row + 1}, "
        f"column {tile.column + 1}) · crosshair strips go under the next tile"
    )


def _glue_strip(canvas: SheetCanvas, plan: TilePlan, strip: Strip) -> None:
    """The guide line the covering tile's edge hides, crosshairs and which tile covers it."""
    tile = strip.tile
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    if strip.side == "right":
        x = strip.x + GUIDE_INSET_MM
        ends = (tile.to_page(x, strip.y), tile.to_page(x, strip.y + strip.height))
    else:
        y = strip.y + GUIDE_INSET_MM
        ends = (tile.to_page(strip.x, y), tile.to_page(strip.x + strip.width, y))
    (x1, y1), (x2, y2) = ends
    canvas.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)
    for bx, by in plan.crosshairs:
        if strip.holds(bx, by, CROSSHAIR_MM):
            x, y = (v * mm for v in tile.to_page(bx, by))
            canvas.line(x - CROSSHAIR_MM * mm, y, x + CROSSHAIR_MM * mm, y)
            canvas.line(x, y - CROSSHAIR_MM * mm, x, y + CROSSHAIR_MM * mm)
            canvas.circle(x, y, CROSSHAIR_MM * mm / 2, stroke=1, fill=0)
    canvas.restoreState()


def _assembly(
    canvas: SheetCanvas, board: Board, face: Face, plan: TilePlan, ink_saver: bool
) -> None:
    """The board in miniature with each tile's visible part outlined and numbered over it."""
    page = plan.page
    scale = min((page.width - 40) / plan.board.width, (page.height - 80) / plan.board.height)
    left = (page.width - plan.board.width * scale) / 2
    top = page.height - 50
    bottom = top - plan.board.height * scale
    canvas.setFont(BOLD, 12)
    canvas.drawCentredString(
        page.width / 2 * mm, (page.height - 20) * mm, f"{board.name}: assembly"
    )
    canvas.setFont(BODY, 8)
    for line, text in enumerate(_instructions(plan)):
        canvas.drawCentredString(page.width / 2 * mm, (page.height - 28 - 4.5 * line) * mm, text)
    canvas.saveState()
    canvas.translate(left * mm, bottom * mm)
    canvas.scale(scale, scale)
    draw_face(canvas, face, 0, 0, NO_BLEED, ink_saver)
    canvas.restoreState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.rect(
        left * mm, bottom * mm, plan.board.width * scale * mm, plan.board.height * scale * mm
    )
    for tile in plan.tiles:
        x, y, width, height = plan.visible(tile)
        box = (left + x * scale, top - (y + height) * scale, width * scale, height * scale)
        _tile_outline(canvas, tile, box)


def _instructions(plan: TilePlan) -> list[str]:
    return [
        f"{len(plan.tiles)} tiles ({plan.rows} x {plan.columns}). Cut each tile out on its crop "
        f"marks; the art runs {BLEED_MM:g} mm past them.",
        f"The {plan.overlap:g} mm strip with crosshairs on a tile's right or bottom edge is glued "
        "under the next tile: lay that tile on it so its edge just hides the thin line.",
        "Join each row left to right, then lay each row over the strips along the bottom of the "
        "row above. Numbers below show where each tile goes.",
    ]


def _tile_outline(canvas: SheetCanvas, tile: Tile, box: tuple[float, float, float, float]) -> None:
    """A tile's visible part outlined, its number on a white label at the centre."""
    x, y, width, height = box
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#ffffff"))
    canvas.setLineWidth(2.4)
    canvas.rect(x * mm, y * mm, width * mm, height * mm)
    canvas.setStrokeColor(GRID_INK)
    canvas.setLineWidth(1.2)
    canvas.rect(x * mm, y * mm, width * mm, height * mm)
    cx, cy = (x + width / 2) * mm, (y + height / 2) * mm
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.roundRect(cx - 10 * mm, cy - 7 * mm, 20 * mm, 14 * mm, 2 * mm, stroke=1, fill=1)
    canvas.setFillColor(GRID_INK)
    canvas.setFont(BOLD, 16)
    canvas.drawCentredString(cx, cy - 1 * mm, str(tile.number))
    canvas.setFont(BODY, 6)
    canvas.setFillColor(HexColor("#000000"))
    canvas.drawCentredString(cx, cy - 5 * mm, f"row {tile.row + 1}, col {tile.column + 1}")
    canvas.restoreState()


def _marks(canvas: SheetCanvas, marks: list[Segment]) -> None:
    canvas.saveState()
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    for m in marks:
        canvas.line(m.x1 * mm, m.y1 * mm, m.x2 * mm, m.y2 * mm)
    canvas.restoreState()


def _caption(canvas: SheetCanvas, page_width: float, text: str, marks: list[Segment]) -> None:
    """A grey line along the bottom, moved sideways off any crop mark that reaches down to it."""
    canvas.saveState()
    canvas.setFont(BODY, 6)
    canvas.setFillColor(GUIDE_INK)
    half = canvas.stringWidth(text, BODY, 6) / mm / 2 + 1.0
    low, high = CAPTION_Y_MM - 1.0, CAPTION_Y_MM + 2.5
    posts = sorted(
        m.x1 for m in marks if m.x1 == m.x2 and min(m.y1, m.y2) < high and max(m.y1, m.y2) > low
    )
    edges = [PRINTER_MARGIN_MM, *posts, page_width - PRINTER_MARGIN_MM]
    gaps = [(a, b) for a, b in pairwise(edges) if b - a >= 2 * half]
    centre = page_width / 2
    if gaps and not any(a + half <= centre <= b - half for a, b in gaps):
        a, b = max(gaps, key=lambda gap: gap[1] - gap[0])
        centre = min(max(centre, a + half), b - half)
    canvas.drawCentredString(centre * mm, CAPTION_Y_MM * mm, text)
    canvas.restoreState()
