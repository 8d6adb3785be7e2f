"""Tokens and boards: counts from the layout, double-sided flips, tiles that reassemble exactly."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from generator.build import rendered_game
from generator.check import check_game
from generator.impose.tiles import OVERLAP_MM, tile_plan
from generator.render.items import ShapeItem, TextItem
from generator.units import PAPERS, Size
from generator.write.sheets import PrintOptions
from generator.write.tokens import plan_tokens
from tests.printing import COLOURS, colour_centre, raster

ROOT = Path(__file__).parent.parent
PALADINS = ROOT / "card_data" / "paladins-and-barbarians"

COUNTER_GAME = """\
id: counters
title: Counters
players: {min: 1, max: 2}
layouts:
  mark-back:
    extends: token
    elements:
      - {name: fill, type: rect, fill_field: colour, bleed: true}
      - {name: mark, type: rect, box: [0, 0, 30%, 30%], fill: "#000000"}
token_sheets:
  - {id: units, name: Units, file: tokens/units.csv, shape: SHAPE, size: 5/8in, sides: 2, back_layout: mark-back}
components:
  - {id: unit-counters, name: Unit counters, kind: token, count: COUNT, provided_by: units}
"""


def write_counter_game(root: Path, shape: str = "square", count: int = 9) -> None:
    """Double-sided counters, each with its own colour on both sides and a corner mark on the back."""
    folder = root / "counters"
    (folder / "tokens").mkdir(parents=True)
    rows = ["id,name,colour,back"] + [f"u{i},Unit {i},{COLOURS[i]},Back {i}" for i in range(count)]
    (folder / "tokens" / "units.csv").write_text("\n".join(rows) + "\n")
    (folder / "game.yaml").write_text(
        COUNTER_GAME.replace("SHAPE", shape).replace("COUNT", str(count))
    )


def test_bundled_tokens_are_all_placed_at_their_inventory_counts():
    loaded, _ = check_game(PALADINS)
    sheets = list(rendered_game(loaded).token_sheets)
    plan = plan_tokens(sheets, PrintOptions(PAPERS["a4"]))
    placed = Counter(sheets[spot.design[0]].owner.id for spot in plan.spots)
    per_design = Counter(
        (sheets[s].owner.id, sheets[s].fronts[d].card)
        for s, d in (spot.design for spot in plan.spots)
    )
    for pieces in loaded.piece_files.values():
        if pieces.owner in loaded.game.token_sheets:
            for piece in pieces.pieces:
                assert per_design[(pieces.owner.id, piece.id)] == piece.quantity, piece.id
    inventory = {
        c.provided_by: c.count
        for c in loaded.game.components
        if c.kind == "token" and c.provided_by
    }
    assert placed == inventory
    kinds = {
        "order",
        "building",
        "army",
        "cavalry",
        "troll",
        "rebellion",
        "revolutionar",
        "plague",
        "glory",
        "conqueror",
        "defense",
    }
    assert all(any(kind in sheet for sheet in placed) for kind in kinds)


@pytest.mark.parametrize(
    ("duplex", "flip"),
    [("long", Image.Transpose.FLIP_LEFT_RIGHT), ("short", Image.Transpose.FLIP_TOP_BOTTOM)],
)
@pytest.mark.parametrize("shape", ["square", "round", "hex"])
def test_each_counter_back_lands_behind_its_front(tmp_path, monkeypatch, pnp, duplex, flip, shape):
    monkeypatch.chdir(tmp_path)
    write_counter_game(tmp_path, shape)
    assert (
        pnp("build", "counters", "-o", "out", "--duplex", duplex, "--only", "tokens").exit_code == 0
    )
    front, back = raster(Path("out/counters/tokens.pdf"), 100)
    seen_through = back.transpose(flip)
    for colour in COLOURS:
        assert colour_centre(seen_through, colour) == pytest.approx(
            colour_centre(front, colour), abs=1.5
        )


def test_counter_backs_follow_the_offset_and_keep_their_mark_upright(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_counter_game(tmp_path)
    assert pnp("build", "counters", "-o", "a", "--only", "tokens").exit_code == 0
    assert (
        pnp("build", "counters", "-o", "b", "--only", "tokens", "--back-offset", "1,2").exit_code
        == 0
    )
    dpi = 254
    plain, shifted = (
        raster(Path("a/counters/tokens.pdf"), dpi)[1],
        raster(Path("b/counters/tokens.pdf"), dpi)[1],
    )
    (ax, ay), (bx, by) = colour_centre(plain, COLOURS[2]), colour_centre(shifted, COLOURS[2])
    assert ((bx - ax) * 25.4 / dpi, (ay - by) * 25.4 / dpi) == pytest.approx((1.0, 2.0), abs=0.15)
    cx, cy = colour_centre(plain, COLOURS[2])
    window = plain.crop((int(cx - 80), int(cy - 80), int(cx + 80), int(cy + 80)))
    mx, my = colour_centre(window, "#000000", tolerance=10)
    assert mx < 80 and my < 80


def test_double_sided_counters_also_come_ready_to_fold(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_counter_game(tmp_path, "square")
    assert pnp("build", "counters", "-o", "out", "--only", "tokens").exit_code == 0
    files = {
        f["path"]: f for f in json.loads(Path("out/counters/manifest.json").read_text())["files"]
    }
    assert (files["tokens.pdf"]["duplex"], files["tokens-fold.pdf"]["duplex"]) == ("long", "fold")
    assert files["tokens.pdf"]["tokens"] == files["tokens-fold.pdf"]["tokens"] == 9
    assert (
        pnp("build", "counters", "-o", "fold", "--duplex", "fold", "--only", "tokens").exit_code
        == 0
    )
    assert [
        f["path"] for f in json.loads(Path("fold/counters/manifest.json").read_text())["files"]
    ] == ["tokens.pdf"]


def test_fold_counters_put_each_back_across_the_fold(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_counter_game(tmp_path, "round")
    assert (
        pnp("build", "counters", "-o", "out", "--duplex", "fold", "--only", "tokens").exit_code == 0
    )
    [page] = raster(Path("out/counters/tokens.pdf"), 100)
    half = page.width // 2
    fronts = page.crop((0, 0, half, page.height))
    backs = page.crop((page.width - half, 0, page.width, page.height)).transpose(
        Image.Transpose.FLIP_LEFT_RIGHT
    )
    for colour in COLOURS:
        assert colour_centre(backs, colour) == pytest.approx(colour_centre(fronts, colour), abs=1.5)


BIG_BOARD = """\
id: big
title: Big
players: {min: 1, max: 2}
boards:
  - id: map
    name: Map
    size: 520x380mm
    elements:
MARKERS
components:
  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}
"""
MARKER_AT = [
    (30, 40),
    (250, 30),
    (490, 60),
    (130, 190),
    (262, 185),
    (400, 200),
    (60, 340),
    (300, 350),
    (480, 330),
]


def test_tiles_reassemble_to_every_element_at_its_true_position(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    markers = "\n".join(
        f'      - {{type: rect, box: [{x - 3}mm, {y - 3}mm, 6mm, 6mm], fill: "{colour}"}}'
        for (x, y), colour in zip(MARKER_AT, COLOURS, strict=True)
    )
    (tmp_path / "big").mkdir()
    (tmp_path / "big" / "game.yaml").write_text(BIG_BOARD.replace("MARKERS", markers))
    assert pnp("build", "big", "-o", "out", "--only", "boards").exit_code == 0
    plan = tile_plan(Size(520, 380), PAPERS["a4"])
    pages = raster(Path("out/big/boards.pdf"), 200)
    assert len(pages) == len(plan.tiles) + 1
    found = {}
    to_mm = 25.4 / 200
    for tile, page in zip(plan.tiles, pages, strict=False):
        for (x, y), colour in zip(MARKER_AT, COLOURS, strict=True):
            if tile.shows(x, y, 4):
                px, py = colour_centre(page, colour, tolerance=20)
                found.setdefault(colour, []).append(
                    tile.to_board(px * to_mm, plan.page.height - py * to_mm)
                )
    assert set(found) == set(COLOURS)
    for (x, y), colour in zip(MARKER_AT, COLOURS, strict=True):
        for bx, by in found[colour]:
            assert (bx, by) == pytest.approx((x, y), abs=0.3), colour


def test_tile_plan_overlaps_and_covers_the_board():
    for paper in ("a4", "letter"):
        plan = tile_plan(Size(520, 380), PAPERS[paper])
        assert plan.rows * plan.columns == len(plan.tiles) > 1
        assert 10 <= plan.overlap <= 15 and plan.overlap == OVERLAP_MM
        for tile in plan.tiles:
            right = [t for t in plan.tiles if (t.row, t.column) == (tile.row, tile.column + 1)]
            if right:
                assert tile.x + tile.width - right[0].x == pytest.approx(plan.overlap)
        assert max(t.x + t.width for t in plan.tiles) == pytest.approx(520)
        assert max(t.y + t.height for t in plan.tiles) == pytest.approx(380)
        assert plan.crosshairs


def test_bundled_playfield_has_both_kingdoms_the_centre_and_the_track():
    loaded, _ = check_game(PALADINS)
    [board] = loaded.game.boards
    game_map = next(e for e in board.elements if e.type == "map")
    names = {area.id: area for area in game_map.areas}
    assert (
        sum(1 for a in names if a.startswith("p-")) == 4
        and sum(1 for a in names if a.startswith("b-")) == 4
    )
    assert "centre" in names
    touching = {frozenset(c.between) for c in game_map.connections}
    assert (
        frozenset({"b-outer", "centre"}) in touching
        and frozenset({"p-outer", "centre"}) in touching
    )
    assert all(c.placeholder for c in game_map.connections)
    track = next(e for e in board.elements if e.type == "track")
    assert (track.first, track.last) == (1, 30)


MATS = """\
id: mats
title: Mats
players: {min: 1, max: 4}
boards:
  - id: hero-mat
    name: Hero mat
    kind: mat
    size: 180x90mm
    copies: 2
    elements:
      - {type: slot, count: 4, label: token, shape: round, box: [10mm, 10mm, 120mm, 28mm]}
      - {type: slot, count: 1, label: ability card, box: [140mm, 10mm, 30mm, 42mm]}
      - {type: track, first: 0, last: 11, path: loop, box: [10mm, 45mm, 120mm, 40mm]}
  - id: score
    name: Score board
    size: 150x150mm
    elements:
      - {type: grid, columns: 4, rows: 3, labels: true, box: [10mm, 10mm, 130mm, 130mm]}
components:
  - {id: mats-c, name: Hero mats, kind: mat, count: 2, provided_by: hero-mat}
  - {id: score-c, name: Score board, kind: board, count: 1, provided_by: score}
"""


def test_small_boards_share_pages_at_true_size_without_overlap(tmp_path, monkeypatch, pnp):
    from pypdf import PdfReader

    from generator.impose.boards import place_boards

    monkeypatch.chdir(tmp_path)
    (tmp_path / "mats").mkdir()
    (tmp_path / "mats" / "game.yaml").write_text(MATS)
    assert pnp("build", "mats", "-o", "out", "--only", "boards").exit_code == 0
    sizes = [Size(180, 90), Size(180, 90), Size(150, 150)]
    spots = place_boards(sizes, PAPERS["a4"])
    assert len(spots) == 3 and {s.page for s in spots} == {0, 1}
    for a in spots:
        for b in spots:
            if a is not b and a.page == b.page:
                wa, ha = sizes[a.index].width, sizes[a.index].height
                wb, hb = sizes[b.index].width, sizes[b.index].height
                assert a.x + wa <= b.x or b.x + wb <= a.x or a.y + ha <= b.y or b.y + hb <= a.y
    reader = PdfReader("out/mats/boards.pdf")
    assert len(reader.pages) == 2
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "ability card" in text and "token" in text and "a1" in text and "d3" in text
    assert all(str(n) in text for n in range(12))
    import json

    manifest = json.loads(Path("out/mats/manifest.json").read_text())
    assert {c["id"]: c["count"] for c in manifest["components"]} == {"mats-c": 2, "score-c": 1}


def test_map_crossing_to_an_unknown_area_is_an_error(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    game = (
        "id: lands\ntitle: Lands\nplayers: {min: 1, max: 2}\nboards:\n"
        "  - id: map\n    name: Map\n    size: 200x150mm\n    elements:\n"
        "      - type: map\n        areas:\n"
        "          - {id: a, name: A, at: [20%, 50%]}\n"
        "          - {id: b, name: B}\n"
        "        connections:\n"
        "          - {between: [a, c]}\n"
        "components:\n  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}\n"
    )
    (tmp_path / "lands").mkdir()
    (tmp_path / "lands" / "game.yaml").write_text(game)
    result = pnp("check", "lands")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "lands/game.yaml:12:13: error map-area: board 'map': expected area 'b' to have `at` or a place on a radial path, found neither",
        "lands/game.yaml:14:27: error map-area: board 'map': expected a crossing between areas of the map (a, b), found 'c'",
    ]


SHAPED_MAP = """\
id: lands
title: Lands
players: {min: 1, max: 2}
boards:
  - id: map
    name: Map
    size: 200x150mm
    elements:
      - type: map
        areas:
          - {id: a, name: A, at: [20%, 50%], shape: square, border: "#7b3fa0", border_width: 2}
          - {id: b, name: B, at: [50%, 50%], shape: hex}
          - {id: c, name: C, at: [80%, 50%], placeholder: its place is not given}
        connections:
          - {between: [a, b], note: Straits}
          - {between: [b, c], placeholder: not stated}
components:
  - {id: map-board, name: Map, kind: board, count: 1, provided_by: map}
"""


def test_map_areas_take_their_shape_and_border_and_placeholders_are_counted(
    tmp_path, monkeypatch, pnp
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lands").mkdir()
    (tmp_path / "lands" / "game.yaml").write_text(SHAPED_MAP)
    result = pnp("check", "lands")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "lands/game.yaml:9:7: warning placeholder: board 'map' map is incomplete: 1 area(s) "
        "and 1 crossing(s) are marked where the source does not place them"
    ]
    loaded, _ = check_game(Path("lands"))
    [(_, face)] = rendered_game(loaded).boards
    outlines = [
        (item.kind, item.stroke, item.stroke_width, item.dash)
        for item in face.items
        if isinstance(item, ShapeItem) and item.kind != "line" and item.box.width > 10
    ]
    notes = [i for i in face.items if isinstance(i, TextItem) and i.fitted.text == "Straits"]
    assert len(notes) == 1 and notes[0].style.font == "italic"
    assert outlines == [
        ("rect", "#7b3fa0", 2.0, False),
        ("hexagon", "#222222", 1.0, False),
        ("ellipse", "#222222", 1.0, True),
    ]


def test_slot_labels_draw_glossary_icons(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = MATS.replace("label: token,", "label: ':coin: token',").replace(
        "boards:\n", "symbols:\n  - {key: coin, label: Coin}\nboards:\n"
    )
    (tmp_path / "mats").mkdir()
    (tmp_path / "mats" / "game.yaml").write_text(game)
    loaded, report = check_game(Path("mats"))
    assert not report.errors, [f.as_text() for f in report.errors]
    face = next(face for board, face in rendered_game(loaded).boards if board.id == "hero-mat")
    labels = [i for i in face.items if isinstance(i, TextItem) and i.fitted.text == "token"]
    assert labels, "a label with an icon reads its words"
    assert all([style.icon for style in i.fitted.icons()] == ["coin"] for i in labels)


def test_grid_labels_read_as_rulebook_positions_do():
    """A printed grid and a `position()` table name cells alike: a1 bottom-left, in chess
    notation, so a designer can copy a cell off the board into the table."""
    from generator.render.boards import cell_name
    from generator.render.positions import _column_index

    assert [cell_name(0, 0), cell_name(7, 7), cell_name(25, 0), cell_name(26, 2)] == [
        "a1", "h8", "z1", "aa3",
    ]  # fmt: skip
    assert all(_column_index(cell_name(c, 0)[:-1]) == c for c in range(60))
