"""Pips: the layout places 1 to 10 suit symbols in the traditional patterns, court cards none."""

from __future__ import annotations

import io
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image
from pydantic import ValidationError

from generator.build import rendered_game
from generator.model.layout import PipsElement
from generator.render.items import IconItem, Rect
from generator.render.pips import PATTERNS, largest_size, pip_count, pip_layout, pips_problem
from generator.write.printshop import print_shop_pdf
from generator.write.raster import pdf_pages_to_png
from tests.kits import checked
from tests.printing import colour_mask, dark_runs

BOX = Rect(12, 16, 39, 56)  # the brief's box: [12mm, 16mm, 39mm, 56mm]
SIZE = 8.0
RED = "#c00000"
DPI = 200
PX = DPI / 25.4
COURTS = ("king", "viceroy", "deputy")

GAME = """\
id: suits
title: Suits
players: {min: 2, max: 4}
symbols:
  - key: cup
    label: Cup
    drawing: {shape: triangle, fill: "#c00000", stroke: "#c00000"}
components:
  - {id: cups, name: Cups, kind: card, count: 13, provided_by: cups}
layouts:
  pips:
    size: poker
    elements:
      - {type: pips, field: rank, symbol_field: suit, box: [12mm, 16mm, 39mm, 56mm], size: SIZE}
      - {type: text, field: name, box: [4mm, 78mm, 55mm, 7mm]}
decks:
  - id: cups
    name: Cups
    file: decks/cups.csv
    layout: pips
"""


def _suit_csv() -> str:
    """A 13-card suit: ranks 1 to 10 and three court cards whose rank is a word."""
    ranks = [*(str(n) for n in range(1, 11)), *COURTS]
    rows = [f"c{rank},{rank.title()} of cups,{rank},cup" for rank in ranks]
    return "id,name,rank,suit\n" + "\n".join(rows) + "\n"


def _write_game(root: Path, size: str = "8mm") -> Path:
    folder = root / "suits"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.replace("SIZE", size), encoding="utf-8")
    (folder / "decks" / "cups.csv").write_text(_suit_csv(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def suit(tmp_path_factory):
    """The suit game, loaded and checked, and its cups deck resolved."""
    loaded, report = checked(_write_game(tmp_path_factory.mktemp("pips")))
    assert not report.errors, report.sorted()
    return loaded, rendered_game(loaded).decks[0]


@pytest.mark.parametrize("count", range(1, 11))
def test_each_pattern_has_its_count_inside_the_box_mirrored_and_apart(count):
    pips = pip_layout(count, BOX, SIZE)
    assert len(pips) == count
    for pip in pips:
        assert BOX.x + SIZE / 2 - 1e-9 <= pip.x <= BOX.x + BOX.width - SIZE / 2 + 1e-9
        assert BOX.y + SIZE / 2 - 1e-9 <= pip.y <= BOX.y + BOX.height - SIZE / 2 + 1e-9
    centre_x, centre_y = BOX.x + BOX.width / 2, BOX.y + BOX.height / 2
    places = {(round(p.x - centre_x, 6), round(p.y - centre_y, 6)) for p in pips}
    assert {(-x or 0.0, y) for x, y in places} == places  # mirrored left to right
    if count != 7:  # 7's extra pip sits between the top rows only
        assert {(-x or 0.0, -y or 0.0) for x, y in places} == places  # same upside down
    for a, b in combinations(pips, 2):
        assert abs(a.x - b.x) >= SIZE or abs(a.y - b.y) >= SIZE
    assert all(pip.turned == (pip.y > centre_y + 1e-9) for pip in pips)


def test_patterns_use_three_columns_and_the_traditional_rows():
    top, middle, bottom = 20.0, 44.0, 68.0  # 16 + 4, the box's centre, 72 - 4
    left, centre, right = 16.0, 31.5, 47.0
    assert [(p.x, p.y) for p in pip_layout(1, BOX, SIZE)] == [(centre, middle)]
    assert [(p.x, p.y) for p in pip_layout(3, BOX, SIZE)] == [
        (centre, top),
        (centre, middle),
        (centre, bottom),
    ]
    assert sorted((p.x, p.y) for p in pip_layout(5, BOX, SIZE)) == [
        (left, top),
        (left, bottom),
        (centre, middle),
        (right, top),
        (right, bottom),
    ]
    seven = [(p.x, p.y) for p in pip_layout(7, BOX, SIZE) if p.x == centre]
    assert seven == [(centre, top + (bottom - top) / 4)]
    ten = sorted(p.y for p in pip_layout(10, BOX, SIZE) if p.x == centre)
    assert ten == pytest.approx([top + 8, bottom - 8])  # a sixth of the 48 mm span in
    assert sorted({p.y for p in pip_layout(10, BOX, SIZE)}) == pytest.approx(
        [20, 28, 36, 52, 60, 68]
    )


@pytest.mark.parametrize(
    ("value", "count"),
    [
        *((3, 3), ("10", 10), (" 7 ", 7), (4.0, 4)),
        *(
            ("king", None),
            (0, None),
            (11, None),
            ("2.5", None),
            (True, None),
            (None, None),
            ("", None),
        ),
    ],
)
def test_only_whole_numbers_from_1_to_10_draw_pips(value, count):
    assert pip_count(value) == count


def test_pips_too_close_or_too_large_are_explained():
    assert pips_problem(BOX, SIZE) is None
    assert largest_size(BOX) == 13.0  # three columns in 39 mm (four rows in 56 mm allow 14)
    assert pips_problem(Rect(0, 0, 20, 50), 8) == (
        "expected pips that do not overlap (at most 7.1 mm here), found pips of 8 mm in a "
        "20x50 mm box, overlapping in the pattern of 9"
    )
    assert pips_problem(Rect(0, 0, 39, 6), 8) == (
        "expected pips no larger than the box, found pips of 8 mm in a 39x6 mm box"
    )


def test_a_pips_element_names_one_symbol_source():
    base = {"type": "pips", "field": "rank", "size": "8mm"}
    assert PipsElement.model_validate({**base, "symbol": "cup"}).size == 8
    for wrong in (base, {**base, "symbol": "cup", "symbol_field": "suit"}):
        with pytest.raises(ValidationError, match="expected exactly one of `symbol`"):
            PipsElement.model_validate(wrong)
    with pytest.raises(ValidationError, match="greater than 0"):
        PipsElement.model_validate({**base, "symbol": "cup", "size": 0})


def test_each_card_resolves_as_many_pips_as_its_rank_and_courts_none(suit):
    _, deck = suit
    icons = {
        face.card: [item for item in face.items if isinstance(item, IconItem)]
        for face in deck.fronts
    }
    assert {card: len(items) for card, items in icons.items()} == {
        **{f"c{n}": n for n in range(1, 11)},
        **{f"c{court}": 0 for court in COURTS},
    }
    assert {item.symbol for items in icons.values() for item in items} == {"cup"}
    three = icons["c3"]
    placed = [(i.box.x, i.box.y, i.rotate) for i in three]
    assert placed == [(27.5, 16, 0), (27.5, 40, 0), (27.5, 64, 180)]


def test_rank_3_prints_three_pips_down_the_centre_the_bottom_one_turned(suit):
    loaded, deck = suit
    index = [face.card for face in deck.fronts].index("c3")
    one = replace(deck, fronts=(deck.fronts[index],), quantities=(1,))
    pdf = print_shop_pdf("t", [one], loaded.game.symbols, loaded.folder, bleed=0)
    [png] = pdf_pages_to_png(pdf.data, DPI)
    red = colour_mask(Image.open(io.BytesIO(png)), RED, tolerance=40)
    column = round(31.5 * PX)
    runs = dark_runs([255 - red.getpixel((column, y)) for y in range(red.height)], 128)
    assert [round(y / PX, 1) for y in runs] == pytest.approx([20, 44, 68], abs=0.5)
    apex_up = [_wider_below(red, 31.5, y / PX) for y in runs]
    assert apex_up == [True, True, False]  # the bottom pip stands upside down


def _wider_below(mask: Image.Image, x_mm: float, y_mm: float) -> bool:
    """Whether a pip's red is wider 2.5 mm below its centre than 2.5 mm above (apex up)."""

    def width(at: float) -> int:
        y = round(at * PX)
        row = range(round((x_mm - 5) * PX), round((x_mm + 5) * PX))
        return sum(1 for x in row if mask.getpixel((x, y)) > 128)

    return width(y_mm + 2.5) > width(y_mm - 2.5)


def test_crowded_pips_are_an_error_at_the_element_line(tmp_path, pnp, monkeypatch):
    folder = _write_game(tmp_path, size="14mm")
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(folder))
    line = GAME.splitlines().index(next(x for x in GAME.splitlines() if "type: pips" in x)) + 1
    assert result.exit_code == 1
    assert (
        f"game.yaml:{line}:9: error pips-crowded: layout 'pips' pips 'rank': expected pips that "
        "do not overlap (at most 13 mm here), found pips of 14 mm in a 39x56 mm box, "
        "overlapping in the pattern of 7" in result.stdout
    )


def test_the_pattern_table_covers_1_to_10():
    assert sorted(PATTERNS) == list(range(1, 11))
    assert all(len(PATTERNS[n]) == n for n in PATTERNS)


def test_an_unknown_suit_is_an_error_at_its_cell(tmp_path, pnp, monkeypatch):
    folder = _write_game(tmp_path)
    deck = folder / "decks" / "cups.csv"
    deck.write_text(deck.read_text().replace("c3,3 of cups,3,cup", "c3,3 of cups,3,cupz"))
    monkeypatch.chdir(tmp_path)
    result = pnp("check", str(folder))
    assert result.exit_code == 1
    assert (
        "suits/decks/cups.csv:4:16: error unknown-symbol: deck 'cups', card 'c3': expected an "
        "icon from the glossary (cup), found 'cupz'" in result.stdout
    )
