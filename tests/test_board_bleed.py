"""Boards bleed past their trim, tiles hide their crosshairs under the next tile, and the assembly
page shows the board: all measured on rasters of the built PDF."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from pypdf import PdfReader

from generator.build import rendered_game
from generator.check import check_game
from generator.impose.boards import corner_marks, place_boards
from generator.impose.grid import PRINTER_MARGIN_MM
from generator.impose.tiles import BLEED_MM, tile_plan
from generator.units import PAPERS, Size, parse_size
from tests.printing import colour_centre, colour_mask

DPI = 300
PX = DPI / 25.4
GREEN, BAND, MARKER = "#3a7d44", "#1f3b8c", "#d81b60"
ROOT = Path(__file__).resolve().parents[1]

MAT_GAME = """\
id: mat
title: Mat
players: {min: 1, max: 2}
boards:
  - id: mat
    name: Mat
    kind: mat
    size: 120x80mm
    background: "#3a7d44"
    elements:
      - {type: rect, box: [0, 0, 120mm, 15mm], fill: "#1f3b8c"}
      - {type: rect, box: [50mm, 40mm, 10mm, 10mm], fill: "#d81b60"}
components:
  - {id: mat-c, name: Mat, kind: mat, count: 1, provided_by: mat}
"""

BIG_GAME = """\
id: big
title: Big
players: {min: 1, max: 2}
boards:
  - id: map
    name: Map
    size: 520x380mm
    background: "#3a7d44"
    elements:
      - {type: rect, box: [255mm, 185mm, 10mm, 10mm], fill: "#d81b60"}
components:
  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}
"""


def _pages(pdf: Path, dpi: int = DPI) -> list[Image.Image]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [page.render(scale=dpi / 72).to_pil().convert("RGB") for page in document]
    finally:
        document.close()


def _build(tmp_path: Path, monkeypatch, pnp, game: str, text: str) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / game).mkdir()
    (tmp_path / game / "game.yaml").write_text(text)
    assert pnp("build", game, "-o", "out", "--only", "boards").exit_code == 0
    return tmp_path / "out" / game / "boards.pdf"


def _dark_lines(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[list[int], list[int]]:
    """Rows holding a horizontal dark run and columns holding a vertical one, outside `box`."""
    grey = image.convert("L").load()
    width, height = image.size
    left, top = box[0], box[1]
    rows = [
        y for y in range(height) if sum(1 for x in range(0, left) if grey[x, y] < 160) >= PX * 0.8
    ]
    columns = [
        x for x in range(width) if sum(1 for y in range(0, top) if grey[x, y] < 160) >= PX * 0.8
    ]
    return rows, columns


def _groups(values: list[int]) -> list[float]:
    """Runs of neighbouring pixel indices, each as its centre."""
    runs: list[list[int]] = []
    for v in values:
        if runs and v - runs[-1][-1] <= 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return [(run[0] + run[-1] + 1) / 2 for run in runs]


def _within(box: tuple[float, float, float, float], bx: float, by: float) -> bool:
    x, y, w, h = box
    return x <= bx <= x + w and y <= by <= y + h


def test_a_mat_bleeds_3mm_past_a_trim_measured_between_its_crop_marks(tmp_path, monkeypatch, pnp):
    [page] = _pages(_build(tmp_path, monkeypatch, pnp, "mat", MAT_GAME))
    art = colour_mask(page, GREEN, 20).getbbox()
    band = colour_mask(page, BAND, 20).getbbox()
    assert art is not None and band is not None
    left, top = min(art[0], band[0]), min(art[1], band[1])
    right, bottom = max(art[2], band[2]), max(art[3], band[3])
    rows, columns = _dark_lines(page, (left, top, right, bottom))
    trim_top, trim_bottom = _groups(rows)
    trim_left, trim_right = _groups(columns)
    # The trim between the crop marks is the board's size, to a pixel.
    assert (trim_right - trim_left) / PX == pytest.approx(120, abs=0.15)
    assert (trim_bottom - trim_top) / PX == pytest.approx(80, abs=0.15)
    # Background and the band along the top run on 3 mm past the trim on every side.
    bleeds = [
        (trim_left - left) / PX,
        (trim_top - top) / PX,
        (right - trim_right) / PX,
        (bottom - trim_bottom) / PX,
    ]
    assert all(b >= BLEED_MM - 0.15 for b in bleeds), bleeds
    assert (trim_top - band[1]) / PX >= BLEED_MM - 0.15
    assert (band[2] - trim_right) / PX >= BLEED_MM - 0.15
    # An element inside stays where the layout puts it, measured from the trim.
    cx, cy = colour_centre(page, MARKER, 20)
    assert ((cx - trim_left) / PX, (cy - trim_top) / PX) == pytest.approx((55, 45), abs=0.2)


def test_bundled_mats_marks_clear_every_bleed_and_the_printer_margin():
    loaded, _ = check_game(ROOT / "card_data" / "belaad")
    sizes = [parse_size(b.size) for b in loaded.game.boards]
    for paper in ("a4", "letter"):
        page = PAPERS[paper]
        spots = place_boards(sizes, page)
        for number in {s.page for s in spots}:
            on = [s for s in spots if s.page == number]
            trims = [
                (
                    s.x,
                    s.y,
                    *(
                        (sizes[s.index].height, sizes[s.index].width)
                        if s.turned
                        else (sizes[s.index].width, sizes[s.index].height)
                    ),
                )
                for s in on
            ]
            marks = corner_marks(trims, page)
            assert len(marks) >= 4 * len(trims)
            for m in marks:
                for v, limit in (
                    (m.x1, page.width),
                    (m.x2, page.width),
                    (m.y1, page.height),
                    (m.y2, page.height),
                ):
                    assert PRINTER_MARGIN_MM - 1e-6 <= v <= limit - PRINTER_MARGIN_MM + 1e-6
                for x, y, w, h in trims:
                    bx, by, bw, bh = x - BLEED_MM, y - BLEED_MM, w + 2 * BLEED_MM, h + 2 * BLEED_MM
                    mx, my = (m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2
                    assert not (bx < mx < bx + bw and by < my < by + bh)


def test_bundled_edge_bands_run_into_the_bleed():
    loaded, _ = check_game(ROOT / "card_data" / "belaad")
    _board, face = next(iter(rendered_game(loaded).boards))
    band = next(i for i in face.items if getattr(i, "fill", None) == "#2f5d9e")
    assert band.bleed and band.box.y == 0


def test_tile_crosshairs_sit_only_in_the_strips_the_next_tile_covers(tmp_path, monkeypatch, pnp):
    plan = tile_plan(Size(520, 380), PAPERS["a4"])
    assert (
        plan.crosshairs
        and len(plan.strips) == (plan.columns - 1) * plan.rows + (plan.rows - 1) * plan.columns
    )
    for strip in plan.strips:
        x, y, w, h = plan.visible(strip.tile)
        points = [(bx, by) for bx, by in plan.crosshairs if strip.holds(bx, by, 4)]
        assert points
        for bx, by in points:
            # Off the tile's own visible part, and under the tile that covers the strip.
            assert not (x - 4 < bx < x + w + 4 and y - 4 < by < y + h + 4), (bx, by)
            assert any(_within(plan.visible(t), bx, by) for t in plan.tiles if t != strip.tile)
    # Visible parts tile the board exactly: no gaps, no overlaps.
    area = sum(plan.visible(t)[2] * plan.visible(t)[3] for t in plan.tiles)
    assert area == pytest.approx(520 * 380)
    pages = _pages(_build(tmp_path, monkeypatch, pnp, "big", BIG_GAME), 100)
    assert len(pages) == len(plan.tiles) + 1
    px = 100 / 25.4
    for tile, page in zip(plan.tiles, pages, strict=False):
        grey = page.convert("L")
        x, y, w, h = plan.visible(tile)
        (left, top), (right, bottom) = tile.to_page(x, y), tile.to_page(x + w, y + h)
        height = plan.page.height
        inside = (
            round(left * px) + 3,
            round((height - top) * px) + 3,
            round(right * px) - 3,
            round((height - bottom) * px) - 3,
        )
        # No crosshair or guide line on the part of a tile that shows on the board.
        assert min(grey.crop(inside).getdata()) > 60, tile
        # The art runs 3 mm past every cut edge of the tile, the inner ones too.
        art = colour_mask(page, GREEN, 20).getbbox()
        (wl, wt), (wr, wb) = (
            tile.to_page(tile.x, tile.y),
            tile.to_page(tile.x + tile.width, tile.y + tile.height),
        )
        assert (wl * px - art[0]) / px >= BLEED_MM - 0.3
        assert (art[2] - wr * px) / px >= BLEED_MM - 0.3
        assert (art[1] - (height - wt) * px) / px <= -(BLEED_MM - 0.3)
        assert (art[3] - (height - wb) * px) / px >= BLEED_MM - 0.3
        # Dark marks do sit in each of this tile's glue strips.
        for strip in plan.strips_of(tile):
            (sl, st), (sr, sb) = (
                tile.to_page(strip.x, strip.y),
                tile.to_page(strip.x + strip.width, strip.y + strip.height),
            )
            box = (
                round(sl * px),
                round((height - st) * px),
                round(sr * px),
                round((height - sb) * px),
            )
            assert min(grey.crop(box).getdata()) < 60, strip


def test_assembly_page_shows_the_board_with_numbered_tiles(tmp_path, monkeypatch, pnp):
    pdf = _build(tmp_path, monkeypatch, pnp, "big", BIG_GAME)
    plan = tile_plan(Size(520, 380), PAPERS["a4"])
    page = _pages(pdf, 100)[-1]
    board = colour_mask(page, GREEN, 20).getbbox()
    assert board is not None
    width, height = board[2] - board[0], board[3] - board[1]
    assert width / height == pytest.approx(520 / 380, rel=0.03)
    cx, cy = colour_centre(page, MARKER, 30)
    assert ((cx - board[0]) / width, (cy - board[1]) / height) == pytest.approx(
        (260 / 520, 190 / 380), abs=0.02
    )
    text = PdfReader(pdf).pages[-1].extract_text()
    assert all(str(t.number) in text for t in plan.tiles) and "assembly" in text
    assert "crosshairs" in text and "under the next tile" in text
