"""Decks that share card sheets: a deck continues the sheet the deck before it left part-filled,
every card keeps its own back behind it, and the footer names each deck on the sheet."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.build import checked_game, rendered_decks
from generator.cli import cli
from generator.impose.grid import SheetPlan, sheet_plan
from generator.model import Deck
from generator.render.faces import PieceFaces
from generator.units import PAPERS, Size
from generator.write.sheets import shared_sheets
from tests.printing import COLOURS, raster

LOST_AND_FOUND = Path(__file__).resolve().parents[1] / "card_data" / "lost-and-found"
POKER = Size(63.5, 88.9)
DPI = 50
EDGE_MM = 1.5  # inside the trim, clear of the frame a face draws further in
FLIPS = {"long": Image.Transpose.FLIP_LEFT_RIGHT, "short": Image.Transpose.FLIP_TOP_BOTTOM}

TWO_BACKS_GAME = """\
id: two-backs
title: Two Backs
players: {min: 1, max: 2}
layouts:
  north-front: {size: poker, background: "NORTH_FRONT"}
  north-back: {size: poker, background: "NORTH_BACK"}
  south-front: {size: poker, background: "SOUTH_FRONT"}
  south-back: {size: poker, background: "SOUTH_BACK"}
components:
  - {id: north-cards, name: North cards, kind: card, count: 5, provided_by: north}
  - {id: south-cards, name: South cards, kind: card, count: 6, provided_by: south}
decks:
  - {id: north, name: North, file: decks/north.csv, layout: north-front, back_layout: north-back}
  - {id: south, name: South, file: decks/south.csv, layout: south-front, back_layout: south-back}
"""
NORTH, SOUTH = (COLOURS[0], COLOURS[2]), (COLOURS[1], COLOURS[3])  # (front, back)


@pytest.fixture(scope="module")
def lost_and_found(tmp_path_factory) -> tuple[Path, list[tuple[str, str, str]], SheetPlan]:
    """Lost & Found's card sheets in long duplex, each printed copy in data order as (deck
    name, back colour), and the sheet they are imposed on."""
    out = tmp_path_factory.mktemp("shared")
    args = ["build", str(LOST_AND_FOUND), "-o", str(out), "--only", "cards"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    loaded, _ = checked_game(LOST_AND_FOUND)
    copies = [
        (deck.owner.name, deck.backs[i].background)
        for deck in rendered_decks(loaded)
        for i, quantity in enumerate(deck.quantities)
        for _ in range(quantity)
    ]
    total = sum(f.expanded_count for f in loaded.piece_files.values() if isinstance(f.owner, Deck))
    assert len(copies) == total
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0, "long")
    return out / "lost-and-found" / "cards-poker.pdf", copies, plan


def test_lost_and_found_fills_every_sheet_but_the_last(lost_and_found):
    pdf, copies, plan = lost_and_found
    sheets = -(-len(copies) // 9)
    assert plan.per_sheet == 9
    assert _pdf_pages(pdf) == 2 * sheets  # a fronts page and a backs page per sheet


def test_every_lost_and_found_back_lies_behind_its_own_front(lost_and_found):
    """Seen through the paper, each slot shows the back colour of the deck whose card the data
    puts in that slot, and the last sheet's empty slots stay blank."""
    pdf, copies, plan = lost_and_found
    pages = raster(pdf, DPI)
    sheets = len(pages) // 2
    for index in range(sheets * plan.per_sheet):
        sheet, slot = divmod(index, plan.per_sheet)
        seen_through = pages[2 * sheet + 1].transpose(FLIPS["long"])
        pixel = seen_through.getpixel(_edge_point(plan, slot))
        if index < len(copies):
            assert _near(pixel, copies[index][1]), (copies[index][0], index)
        else:
            assert pixel == (255, 255, 255), index


def test_a_sheet_where_two_decks_meet_names_both_in_its_footer(lost_and_found):
    pdf, copies, plan = lost_and_found
    meetings = [
        (index // plan.per_sheet, copies[index - 1][0], copies[index][0])
        for index in range(1, len(copies))
        if copies[index - 1][0] != copies[index][0] and index % plan.per_sheet
    ]
    sheets = -(-len(copies) // plan.per_sheet)
    assert len(meetings) >= 5
    for sheet, before, after in meetings:
        for page in (2 * sheet + 1, 2 * sheet + 2):
            footer = _footer(pdf, page)
            assert f"{before}, {after} · sheet {sheet + 1} of {sheets}" in footer, footer


@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
def test_two_decks_on_one_sheet_keep_their_own_backs(tmp_path, monkeypatch, pnp, duplex):
    monkeypatch.chdir(tmp_path)
    _write_two_backs_game(tmp_path)
    result = pnp("build", "two-backs", "-o", "out", "--only", "cards", "--duplex", duplex)
    assert result.exit_code == 0, result.output
    pdf = Path("out/two-backs/cards-poker.pdf")
    pages = raster(pdf, DPI)
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0, duplex)
    copies = [("North", *NORTH)] * 5 + [("South", *SOUTH)] * 6
    sheets = -(-len(copies) // plan.per_sheet)
    assert len(pages) == sheets * (1 if duplex == "fold" else 2)
    for index, (_, front, back) in enumerate(copies):
        sheet, slot = divmod(index, plan.per_sheet)
        point = _edge_point(plan, slot)
        front_page, back_page = _sides(pages, sheet, duplex)
        assert _near(front_page.getpixel(point), front), (index, "front")
        assert _near(back_page.getpixel(_behind(plan, point, duplex)), back), (index, "back")
    meet = (5 // plan.per_sheet) + 1  # the sheet holding North's last card and South's first
    page = meet if duplex == "fold" else 2 * meet - 1
    footer = f"Two Backs — cards · North, South · sheet {meet} of {sheets}"
    assert _footer(pdf, page) == footer
    if duplex != "fold":
        assert _footer(pdf, page + 1) == f"{footer} · backs"


def test_an_empty_slot_of_the_last_sheet_stays_blank_on_both_sides(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    _write_two_backs_game(tmp_path)
    assert pnp("build", "two-backs", "-o", "out", "--only", "cards").exit_code == 0
    pages = raster(Path("out/two-backs/cards-poker.pdf"), DPI)
    plan = sheet_plan(PAPERS["a4"], POKER, 3.0, "long")
    point = _edge_point(plan, 11 - plan.per_sheet)  # the first slot after the 11th card
    assert pages[2].getpixel(point) == (255, 255, 255)
    assert pages[3].transpose(FLIPS["long"]).getpixel(point) == (255, 255, 255)


def test_a_deck_starts_a_sheet_only_for_another_bleed_or_no_backs():
    def deck(name: str, size: Size, bleed: float, backs: bool) -> PieceFaces:
        return PieceFaces(name, size, bleed, "card", (), () if backs else None, (), True)

    first, second = deck("first", POKER, 3.0, True), deck("second", POKER, 3.0, True)
    butted, one_sided = deck("butted", POKER, 0.0, True), deck("one-sided", POKER, 3.0, False)
    runs = shared_sheets([first, butted, one_sided, second])
    assert [[d.owner for d in run] for run in runs] == [
        ["first", "second"],
        ["butted"],
        ["one-sided"],
    ]


def _write_two_backs_game(root: Path) -> Path:
    """Decks North (5 cards) and South (6), each with its own front and back colour."""
    folder = root / "two-backs"
    (folder / "decks").mkdir(parents=True)
    game = TWO_BACKS_GAME
    for key, colour in zip(("NORTH", "SOUTH"), (NORTH, SOUTH), strict=True):
        game = game.replace(f"{key}_FRONT", colour[0]).replace(f"{key}_BACK", colour[1])
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    for deck, count in (("north", 5), ("south", 6)):
        rows = f"id,name,quantity\n{deck}-card,{deck.title()} card,{count}\n"
        (folder / "decks" / f"{deck}.csv").write_text(rows, encoding="utf-8")
    return folder


def _sides(pages: list[Image.Image], sheet: int, duplex: str) -> tuple[Image.Image, Image.Image]:
    """A sheet's fronts page and its backs as seen through the paper from the front."""
    if duplex == "fold":
        return pages[sheet], pages[sheet]
    back = pages[2 * sheet + 1]
    return pages[2 * sheet], back.transpose(FLIPS[duplex]) if duplex in FLIPS else back


def _behind(plan: SheetPlan, point: tuple[int, int], duplex: str) -> tuple[int, int]:
    """Where the back of the card at `point` is found on the back side returned by `_sides`."""
    if duplex != "fold":
        return point
    assert plan.fold is not None and plan.fold.x1 == plan.fold.x2  # a vertical fold
    return round(2 * plan.fold.x1 * DPI / 25.4) - point[0], point[1]


def _edge_point(plan: SheetPlan, slot: int) -> tuple[int, int]:
    """A pixel just inside the left trim of a front slot, halfway up, from the page's top-left."""
    s = plan.fronts[slot]
    x, y = s.x + EDGE_MM, plan.page.height - s.y - s.height / 2
    return round(x * DPI / 25.4), round(y * DPI / 25.4)


def _near(pixel: tuple[int, int, int], colour: str | None, tolerance: int = 6) -> bool:
    assert colour is not None
    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, target, strict=True))


def _pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(
        next(line for line in info.stdout.splitlines() if line.startswith("Pages:")).split()[1]
    )


def _footer(pdf: Path, page: int) -> str:
    """The sheet footer of a page: the line of its text that numbers the sheet."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return next(line.strip() for line in text.splitlines() if " · sheet " in line)
