"""Card sheets and the print-shop PDF draw each face once, into a form every copy places: the
file and the memory it takes grow with the designs, not the copies, and it prints the same."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.build import checked_game, rendered_decks
from generator.impose.grid import sheet_plan
from generator.units import PAPERS, Size
from generator.write.draw import SheetCanvas, draw_face
from generator.write.kit import card_files
from generator.write.printshop import print_shop_pdf
from generator.write.sheets import PrintOptions, card_sheets

GAME_YAML = """\
id: forms
title: Forms
players: {min: 1, max: 2}
symbols:
  - {key: gold, label: Gold, drawing: {shape: circle, fill: "#c8a400"}}
components:
  - {id: hero-cards, name: Hero cards, kind: card, count: COUNT, provided_by: heroes}
layouts:
  hero:
    extends: framed
    size: SIZE
    elements:
      - {type: image, field: image, fit: crop, box: [4mm, 16mm, 40mm, 30mm], opacity: 60%}
      - {type: icon, symbol: gold, box: [44mm, 16mm, 12mm, 12mm], opacity: 0.5}
  hero-back: {extends: back, size: SIZE}
decks:
  - {id: heroes, name: Heroes, file: decks/heroes.csv, layout: hero, BACK}
"""
TAROT = Size(70.0, 120.0)  # 2x2 on A4, every slot with the same bleed
POKER_MM = (63.5, 88.9)
# A face placed by a form is drawn from its own origin: coordinates rounded another way move
# the anti-aliasing of an edge pixel by a level (a lost opacity or a shifted face moves dozens).
ROUNDING = 2


def write_game(root: Path, quantities: list[int], size: str, backs: bool = True) -> Path:
    """A deck of one design per quantity, each with its own art, a faded icon and (when
    `backs`) the shared back."""
    folder = root / "forms"
    (folder / "decks").mkdir(parents=True)
    (folder / "art").mkdir()
    back = ", back_layout: hero-back, back: Heroes" if backs else ""
    yaml = GAME_YAML.replace("COUNT", str(sum(quantities))).replace("SIZE", size)
    (folder / "game.yaml").write_text(yaml.replace(", BACK", back), encoding="utf-8")
    rows = ["id,name,quantity,text,image"]
    for i, quantity in enumerate(quantities):
        Image.new("RGB", (40, 30), (40 * i, 120, 200)).save(folder / "art" / f"c{i}.png")
        rows.append(f"c{i},Card {i},{quantity},Gain {i} :gold:.,art/c{i}.png")
    (folder / "decks" / "heroes.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def decks(folder: Path) -> tuple:
    """The game's rendered decks, glossary and folder, as `card_files` is given them."""
    loaded, _ = checked_game(folder)
    return rendered_decks(loaded), loaded.game.symbols, loaded.folder


def operations(pdf: bytes) -> list[list[tuple[list, bytes]]]:
    """Each page's content stream as (operands, operator) pairs."""
    reader = PdfReader(io.BytesIO(pdf))
    return [ContentStream(page.get_contents(), reader).operations for page in reader.pages]


def placed_forms(pdf: bytes) -> list[list[str]]:
    """The form XObjects each page's content stream places (`Do`), in order."""
    return [
        [str(operands[0]) for operands, operator in page if operator == b"Do"]
        for page in operations(pdf)
    ]


def face_forms(pdf: bytes) -> set[str]:
    """The form XObjects the pages place that hold a whole card (art is placed in a box of
    its own, a unit square for a raster): the faces' forms."""
    reader = PdfReader(io.BytesIO(pdf))
    names = set()
    for page in reader.pages:
        for name, form in page["/Resources"].get("/XObject", {}).items():
            left, _, right, _ = (float(value) for value in form.get_object()["/BBox"])
            if right - left >= POKER_MM[0] * 72 / 25.4:
                names.add(str(name))
    return names


def test_a_sheet_pdf_draws_one_form_for_a_face_and_one_for_its_back(tmp_path):
    plan = sheet_plan(PAPERS["a4"], TAROT, 3.0)
    assert len({slot.bleed for slot in plan.fronts + plan.backs}) == 1  # one drawing a side
    faces, symbols, folder = decks(write_game(tmp_path, [90], "tarot"))
    pdf = card_sheets("Forms", faces, PrintOptions(PAPERS["a4"]), symbols, folder)
    pages = placed_forms(pdf.data)
    assert pdf.pages == len(pages) == 2 * 23  # 4 cards a sheet, fronts then backs
    fronts, backs = pages[0::2], pages[1::2]
    assert [len(page) for page in fronts] == [4] * 22 + [2] == [len(page) for page in backs]
    front = {name for page in fronts for name in page}
    back = {name for page in backs for name in page}
    assert len(front) == len(back) == 1 and front != back  # every copy places its side's form
    assert face_forms(pdf.data) == front | back


def test_a_print_shop_pdf_holds_each_design_once_and_the_manifest_its_copies(tmp_path):
    faces, symbols, folder = decks(write_game(tmp_path, [10, 3, 1], "poker", backs=False))
    pdf = print_shop_pdf("Forms", faces, symbols, folder)
    assert pdf.pages == 3 and pdf.cards == 14  # a page a design; the order prints 14 cards
    assert face_forms(pdf.data) == set()  # each face drawn where it stands, once
    files = card_files("Forms", "poker", faces, symbols, folder, "a4", PrintOptions(PAPERS["a4"]))
    shop = next(f for f in files if f.details["format"] == "print-shop")
    assert (shop.pages, shop.details["copies"], shop.details["cards"]) == (3, [10, 3, 1], 14)


def test_print_shop_pages_keep_their_trim_and_bleed_boxes(tmp_path):
    faces, symbols, folder = decks(write_game(tmp_path, [2, 1], "poker"))
    reader = PdfReader(io.BytesIO(print_shop_pdf("Forms", faces, symbols, folder).data))
    assert len(reader.pages) == 4  # two designs, front and back
    for page in reader.pages:
        trim = [float(value) * 25.4 / 72 for value in page.trimbox]
        bleed = [float(value) * 25.4 / 72 for value in page.bleedbox]
        assert trim[2] - trim[0] == pytest.approx(POKER_MM[0], abs=0.01)
        assert trim[3] - trim[1] == pytest.approx(POKER_MM[1], abs=0.01)
        assert trim[:2] == pytest.approx([3.0, 3.0], abs=0.01)  # the layout's 3 mm bleed
        assert bleed == pytest.approx([0, 0, POKER_MM[0] + 6, POKER_MM[1] + 6], abs=0.01)
        assert [float(v) for v in page.mediabox] == pytest.approx([float(v) for v in page.bleedbox])


def first_page_pixels(pdf: bytes) -> Image.Image:
    """The PDF's first page at 50 dpi."""
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=50 / 72).to_pil().convert("RGB")


def in_place(canvas, face, x, y, bleed, ink_saver, placed) -> None:
    """A face drawn where it stands, however many times the document places it."""
    draw_face(canvas, face, x, y, bleed, ink_saver)


def test_a_sheet_of_placed_forms_prints_as_the_faces_drawn_in_place(tmp_path, monkeypatch):
    faces, symbols, folder = decks(write_game(tmp_path, [18], "poker"))
    options = PrintOptions(PAPERS["a4"], cut_lines=True)
    placed = card_sheets("Forms", faces, options, symbols, folder).data
    monkeypatch.setattr(SheetCanvas, "place_face", in_place)
    drawn = card_sheets("Forms", faces, options, symbols, folder).data
    assert len(face_forms(placed)) == 9 + 9  # 9 slots, each with a bleed of its own, 2 sides
    assert all(name not in face_forms(placed) for name in placed_forms(drawn)[0])  # art
    difference = ImageChops.difference(first_page_pixels(placed), first_page_pixels(drawn))
    assert max(high for _, high in difference.getextrema()) <= ROUNDING  # edge pixels alone


def test_a_face_placed_once_is_drawn_where_it_stands(tmp_path):
    faces, symbols, folder = decks(write_game(tmp_path, [1, 1, 2], "poker"))
    sheets = card_sheets("Forms", faces, PrintOptions(PAPERS["a4"]), symbols, folder).data
    assert face_forms(sheets) == set()  # each face with its slot's bleed once
    shop = print_shop_pdf("Forms", faces, symbols, folder).data
    assert face_forms(shop) == set()  # each design once, copies or not
