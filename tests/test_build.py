"""`pnp build`: true-size sheets, backs in the right place, embedded fonts, reproducible bytes."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from tests.conftest import GAME_YAML, HEROES_CSV
from tests.printing import (
    COLOURS,
    colour_centre,
    first_page,
    mark_positions,
    raster,
    write_art_game,
)

PT = 72 / 25.4


@pytest.fixture
def built(game, pnp) -> Path:
    game()
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 0, result.output
    return Path("out/demo")


def test_manifest_lists_every_file_with_its_hash(built):
    manifest = json.loads((built / "manifest.json").read_text())
    assert manifest["game"] == "demo"
    for entry in manifest["files"]:
        assert hashlib.sha256((built / entry["path"]).read_bytes()).hexdigest() == entry["sha256"]
    sheets = next(f for f in manifest["files"] if f["path"] == "cards-poker.pdf")
    assert (
        sheets["kind"],
        sheets["pages"],
        sheets["paper"],
        sheets["card_size_mm"],
        sheets["cards"],
    ) == (
        "cards",
        1,
        "a4",
        [63.5, 88.9],
        3,
    )
    assert manifest["components"] == [{"id": "hero-cards", "kind": "card", "count": 3}]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_trim_read_off_crop_marks_at_300_dpi_is_true_size(tmp_path, monkeypatch, pnp, paper):
    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path)
    assert pnp("build", "art", "-o", "out", "--paper", paper, "--only", "cards").exit_code == 0
    page = first_page(Path("out/art/cards-poker.pdf"), 300)
    to_mm = 25.4 / 300
    xs, ys = mark_positions(page, "x"), mark_positions(page, "y")
    assert len(xs) == 4 and len(ys) == 4
    widths = [(b - a) * to_mm for a, b in itertools.pairwise(xs)]
    heights = [(b - a) * to_mm for a, b in itertools.pairwise(ys)]
    assert widths == pytest.approx([63.5] * 3, abs=0.2)
    assert heights == pytest.approx([88.9] * 3, abs=0.2)


@pytest.mark.parametrize(
    ("duplex", "flip"),
    [("long", Image.Transpose.FLIP_LEFT_RIGHT), ("short", Image.Transpose.FLIP_TOP_BOTTOM)],
)
def test_each_back_lands_behind_its_own_front(tmp_path, monkeypatch, pnp, duplex, flip):
    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path)
    assert pnp("build", "art", "-o", "out", "--duplex", duplex, "--only", "cards").exit_code == 0
    front, back = raster(Path("out/art/cards-poker.pdf"), 60)
    seen_through = back.transpose(flip)
    for colour in COLOURS:
        fx, fy = colour_centre(front, colour)
        bx, by = colour_centre(seen_through, colour)
        assert (bx, by) == pytest.approx((fx, fy), abs=1.5)
        _assert_mark_top_left(back, colour)


def _assert_mark_top_left(back: Image.Image, colour: str) -> None:
    """The black mark sits in the top-left of its own card when the back is viewed upright."""
    cx, cy = colour_centre(back, colour)
    window = back.crop((int(cx - 60), int(cy - 85), int(cx + 60), int(cy + 85)))
    mx, my = colour_centre(window, "#000000", tolerance=10)
    assert mx < 60 and my < 85, (colour, mx, my)


def test_fold_puts_each_back_behind_its_front_across_the_fold(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path, count=4)
    assert pnp("build", "art", "-o", "out", "--duplex", "fold", "--only", "cards").exit_code == 0
    [page] = raster(Path("out/art/cards-poker.pdf"), 60)
    width = page.width
    fronts = page.crop((0, 0, width // 2, page.height))
    backs = page.crop((width - width // 2, 0, width, page.height)).transpose(
        Image.Transpose.FLIP_LEFT_RIGHT
    )
    for colour in COLOURS[:4]:
        assert colour_centre(backs, colour) == pytest.approx(colour_centre(fronts, colour), abs=1.5)
        _assert_mark_top_left(page.crop((width - width // 2, 0, width, page.height)), colour)


def test_back_offset_moves_backs_by_exactly_the_offset(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path)
    assert pnp("build", "art", "-o", "a", "--only", "cards").exit_code == 0
    assert (
        pnp("build", "art", "-o", "b", "--only", "cards", "--back-offset", "2,-1.5").exit_code == 0
    )
    dpi = 254
    _, plain = raster(Path("a/art/cards-poker.pdf"), dpi)
    _, shifted = raster(Path("b/art/cards-poker.pdf"), dpi)
    (ax, ay), (bx, by) = colour_centre(plain, COLOURS[4]), colour_centre(shifted, COLOURS[4])
    assert ((bx - ax) * 25.4 / dpi, (ay - by) * 25.4 / dpi) == pytest.approx((2.0, -1.5), abs=0.15)


def test_fonts_are_embedded_and_print_scaling_is_off(built):
    for name in ("cards-poker.pdf", "printshop-poker.pdf"):
        reader = PdfReader(built / name)
        for page in reader.pages:
            for ref in page["/Resources"].get("/Font", {}).values():
                font = ref.get_object()
                assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
        assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_print_shop_pages_carry_trim_and_bleed_boxes(built):
    page = PdfReader(built / "printshop-poker.pdf").pages[0]
    trim = [round(float(v) / PT, 2) for v in page.trimbox]
    bleed = [round(float(v) / PT, 2) for v in page.bleedbox]
    assert trim == [3.0, 3.0, 66.5, 91.9]
    assert bleed == [0.0, 0.0, 69.5, 94.9]
    assert [round(float(v) / PT, 2) for v in page.mediabox] == bleed


def test_card_text_is_on_the_page(built):
    text = PdfReader(built / "cards-poker.pdf").pages[0].extract_text()
    assert text.count("Knight") >= 2 and "Gain 1" in text


def test_inline_icon_is_drawn_as_vectors_on_the_baseline(built):
    content = (
        PdfReader(built / "cards-poker.pdf").pages[0].get_contents().get_data().decode("latin-1")
    )
    assert "/Subtype /Image" not in (built / "cards-poker.pdf").read_bytes().decode("latin-1")
    assert re.search(r"\bf\b|\bB\b", content)


def test_two_builds_give_identical_bytes(built, pnp):
    before = {p.name: p.read_bytes() for p in built.rglob("*") if p.is_file()}
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    after = {p.name: p.read_bytes() for p in built.rglob("*") if p.is_file()}
    assert before == after


def test_an_image_on_fifty_cards_is_embedded_once(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path, count=50, shared_art=True)
    assert pnp("build", "art", "-o", "out", "--only", "cards").exit_code == 0
    data = Path("out/art/cards-poker.pdf").read_bytes()
    assert data.count(b"/Subtype /Image") == 1


def test_png_export_has_print_shop_pixel_sizes(built):
    fronts = sorted((built / "png" / "heroes").glob("*.png"))
    assert [p.name for p in fronts] == ["knight-front.png", "mage-front.png"]
    with Image.open(fronts[0]) as image:
        assert image.size == (825, 1125) and image.mode == "RGB"


def test_tts_export_names_its_sheets_and_grid(built):
    saved = json.loads((built / "tts" / "heroes.json").read_text())
    deck = saved["ObjectStates"][0]
    custom = deck["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (3, 1)  # knight, mage, hidden slot
    assert (built / "tts" / custom["FaceURL"]).is_file() and (
        built / "tts" / custom["BackURL"]
    ).is_file()
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["knight", "knight", "mage"]
    assert deck["DeckIDs"] == [100, 100, 101]  # the knight's two copies share its slot
    with Image.open(built / "tts" / custom["FaceURL"]) as sheet:
        assert sheet.mode == "RGB" and sheet.width <= 4096 and sheet.height <= 4096


def test_build_refuses_and_writes_nothing_on_errors(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace(":gold:", ":silver:")})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert "error unknown-symbol" in result.stdout
    assert not Path("out").exists()


def test_text_that_cannot_fit_names_deck_card_and_field(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw a card. " * 200)})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        "demo/decks/heroes.csv:3:1: error text-overflow: deck 'heroes', card 'mage', field 'text': "
        "text does not fit its 56.5x37 mm box even at the minimum size 6 pt"
    )
    assert not Path("out").exists()


def test_placeholder_cards_print_marked_on_request(game, pnp):
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace(
                "quantity,text", "quantity,text,placeholder"
            ).replace("Draw a card.", "Draw a card.,source gives no text")
        }
    )
    build = ("build", "demo", "--only", "cards", "--placeholders")
    assert pnp(*build, "mark", "-o", "marked").exit_code == 0
    text = PdfReader("marked/demo/cards-poker.pdf").pages[0].extract_text()
    assert "PLACEHOLDER: source gives no text" in text
    assert pnp(*build, "blank", "-o", "blank").exit_code == 0
    assert "PLACEHOLDER" not in PdfReader("blank/demo/cards-poker.pdf").pages[0].extract_text()


def test_ink_saver_replaces_ink_heavy_fills_with_outlines(game, pnp):
    game()
    assert pnp("build", "demo", "-o", "full", "--only", "cards").exit_code == 0
    assert pnp("build", "demo", "-o", "saver", "--only", "cards", "--ink-saver").exit_code == 0
    full, saver = (
        first_page(Path("full/demo/cards-poker.pdf"), 50),
        first_page(Path("saver/demo/cards-poker.pdf"), 50),
    )
    band = (30, 43)  # 15 mm, 22 mm from the top-left: inside the first card's title band
    assert full.getpixel(band) == (51, 65, 92)
    assert saver.getpixel(band) == (255, 255, 255)
    assert "Knight" in PdfReader("saver/demo/cards-poker.pdf").pages[0].extract_text()


def test_unknown_layout_is_reported(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML.replace(
                "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: fancy"
            )
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert "error unknown-reference: expected a layout id" in result.stdout


def test_parallel_and_sequential_builds_give_the_same_bytes(tmp_path, monkeypatch, pnp, every_core):
    import generator.build

    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path, count=45)
    runs = tmp_path / "jobs"  # the process each job ran in, one line a job (workers too)
    job_files = generator.build._job_files

    def recorded(*args):
        with runs.open("a") as log:
            log.write(f"{os.getpid()}\n")
        return job_files(*args)

    monkeypatch.setattr(generator.build, "_job_files", recorded)
    assert pnp("build", "art", "-o", "parallel", "--dpi", "72").exit_code == 0
    assert str(os.getpid()) not in runs.read_text().split()  # all in workers
    runs.unlink()
    monkeypatch.setattr(generator.build, "cores", lambda: 1)
    assert pnp("build", "art", "-o", "sequential", "--dpi", "72").exit_code == 0
    assert set(runs.read_text().split()) == {str(os.getpid())}
    files = sorted(p.relative_to("parallel") for p in Path("parallel").rglob("*") if p.is_file())
    assert len(files) > 45
    for name in files:
        assert (Path("parallel") / name).read_bytes() == (Path("sequential") / name).read_bytes(), (
            name
        )


def test_icon_element_with_an_unknown_symbol_fails_the_build(game, pnp):
    layout = "layouts:\n  marked:\n    extends: framed\n    elements:\n      - {type: icon, field: kind, box: [50mm, 3mm, 8mm, 8mm]}\n"
    yaml = GAME_YAML.replace("decks:", layout + "decks:").replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: marked"
    )
    csv = HEROES_CSV.replace("quantity,text", "quantity,text,kind").replace(
        "Draw a card.", "Draw a card.,silver"
    )
    game({"game.yaml": yaml, "decks/heroes.csv": csv.replace(":gold:.", ":gold:.,gold")})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        "demo/decks/heroes.csv:3:1: error unknown-symbol: deck 'heroes', card 'mage': expected an icon "
        "from the glossary (gold), found 'silver'"
    )


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler's pdffonts is not installed")
def test_pdffonts_lists_every_font_as_embedded(built):
    for pdf in sorted(built.glob("*.pdf")):
        lines = subprocess.run(
            ["pdffonts", str(pdf)], capture_output=True, text=True, check=True
        ).stdout.splitlines()[2:]
        assert lines, pdf.name
        assert all(line.split()[-5] == "yes" for line in lines), lines


def test_rendering_on_two_cores_gives_the_same_bytes(tmp_path, monkeypatch, pnp):
    import generator.render.parallel

    monkeypatch.chdir(tmp_path)
    write_art_game(tmp_path, count=210)
    monkeypatch.setattr(generator.render.parallel, "PARALLEL_MIN_DESIGNS", 200)
    assert pnp("build", "art", "-o", "split", "--only", "cards").exit_code == 0
    monkeypatch.setattr(generator.render.parallel, "PARALLEL_MIN_DESIGNS", 10**9)
    assert pnp("build", "art", "-o", "single", "--only", "cards").exit_code == 0
    for name in ("cards-poker.pdf", "printshop-poker.pdf"):
        assert Path("split/art", name).read_bytes() == Path("single/art", name).read_bytes(), name


def test_check_finds_text_that_cannot_fit_before_any_build(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw a card. " * 200)})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        "demo/decks/heroes.csv:3:1: error text-overflow: deck 'heroes', card 'mage', field 'text': "
        "text does not fit its 56.5x37 mm box even at the minimum size 6 pt"
    )
