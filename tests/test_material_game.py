"""A game made of a designer's own material builds, and its PDFs carry what it promised.

tests/data/material-game has a TTF in its folder, a fontpkg family, SVG art and an SVG icon
inline in text, a rotated PNG, an .xlsx deck that LibreOffice wrote with formulas, a CSV
with a two-line cell followed by more columns, and Arabic beside numbers.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.printing import colour_centre, embedded_fonts, first_page

GAME = Path(__file__).parent / "data" / "material-game"
BIDI_MARKS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    """The game built once into a temporary folder (its own copy, so nothing is written here)."""
    from click.testing import CliRunner

    from generator.cli import cli

    root = tmp_path_factory.mktemp("material")
    shutil.copytree(GAME, root / "material-game")
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", str(root / "material-game")])
    assert checked.exit_code == 0, checked.output
    built = runner.invoke(cli, ["build", str(root / "material-game"), "-o", str(root / "out")])
    assert built.exit_code == 0, built.output
    return root / "out" / "material-game"


def test_every_card_is_placed_from_csv_and_workbook(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    sheets = next(f for f in manifest["files"] if f["path"] == "cards-poker.pdf")
    assert sheets["decks"] == {"scholars": 3, "market": 4}


def test_the_folder_font_the_packaged_family_and_the_default_are_embedded(kit):
    fonts = embedded_fonts(kit / "cards-poker.pdf")
    assert {"DesignerNaskh-Regular", "Amiri-Bold", "Inter-Regular"} <= fonts


def images_in(resources, seen: set[int]) -> int:
    """Image XObjects reachable from a resource dictionary, forms included, each counted once."""
    count = 0
    for ref in (resources or {}).get("/XObject", {}).values():
        if ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        xobject = ref.get_object()
        if xobject["/Subtype"] == "/Image":
            count += 1
        else:
            count += images_in(xobject.get("/Resources"), seen)
    return count


def test_svg_art_and_icons_are_vectors_and_only_the_png_is_an_image(kit):
    seen: set[int] = set()
    images = sum(images_in(p["/Resources"], seen) for p in PdfReader(kit / "cards-poker.pdf").pages)
    assert images == 1  # art/seal.png; art/crown.svg and the :die: icon are paths


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler's pdftotext is not installed"
)
def test_pdftotext_reads_the_arabic_words_in_order_and_the_workbook_values(kit):
    text = subprocess.run(
        ["pdftotext", str(kit / "cards-poker.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    text = BIDI_MARKS.sub("", text)
    arabic = set(re.findall("[\u0600-\u06ff]+", text))
    assert {"يدفع", "دينار", "زكاة", "دراهم"} <= arabic
    assert not arabic & {"عفدي", "رانيد", "ةاكز"}
    # the workbook's formulas, as LibreOffice calculated them: 3*2, 5*2+1, 3+5+2
    assert re.findall(r"[Pp]rice: (\d+)", text)[:4] == ["6", "6", "11", "10"]
    assert "On a 6, draw a card." in text  # the second line of the multi-line cell


def test_the_seal_is_turned_a_quarter_clockwise(kit):
    page = first_page(kit / "cards-poker.pdf", 100)
    red, blue = colour_centre(page, "#8b1a1a", 30), colour_centre(page, "#1f4e8c", 30)
    assert red is not None and blue is not None
    # drawn upright, the red half is left of the blue disc; turned 90° clockwise it is above it
    assert red[1] < blue[1]
    assert abs(red[0] - blue[0]) < 5
