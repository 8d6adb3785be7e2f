"""--ink-saver keeps every title readable: light text on a band or background it drops turns dark."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from generator.build import rendered_game
from generator.cli import cli
from generator.impose.grid import Edges
from generator.render.faces import Face
from generator.render.items import ImageItem, Rect, ShapeItem, TextItem
from generator.write.draw import SheetCanvas, contrast, draw_face, ink_saved
from tests.kits import checked
from tests.printing import first_page, mark_positions

BUNDLED = Path(__file__).resolve().parents[1] / "card_data"
GAMES = sorted(p.name for p in BUNDLED.iterdir() if (p / "game.yaml").is_file())
DPI = 300
PX = DPI / 25.4
WHITE = "#ffffff"


@cache
def faces(game: str) -> list[Face]:
    """Every face a bundled game prints: card and token fronts and backs, boards."""
    loaded = game_loaded(game)
    rendered = rendered_game(loaded)
    pieces = rendered.decks + rendered.token_sheets
    return [f for p in pieces for f in p.fronts + (p.backs or ())] + [f for _, f in rendered.boards]


@cache
def game_loaded(game: str):
    """A bundled game, loaded and checked once per test run."""
    return checked(BUNDLED / game)[0]


def backdrop(face: Face, index: int) -> tuple[str | None, bool]:
    """What the paper shows under the centre of item `index`: a colour (None for art or bare
    paper) and whether --ink-saver drops it."""
    box = face.items[index].box
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    for item in reversed(face.items[:index]):
        b = item.box
        if not (b.x <= cx <= b.x + b.width and b.y <= cy <= b.y + b.height):
            continue
        if isinstance(item, ImageItem):
            return None, False
        if isinstance(item, ShapeItem) and item.fill and item.kind != "line":
            return item.fill[:7], item.ink_heavy
    return (face.background, True) if face.background else (None, False)


def test_contrast_is_wcag():
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#2e7d32", "#ffffff") == contrast("#ffffff", "#2e7d32")


@pytest.mark.parametrize("game", GAMES)
def test_light_text_on_every_dropped_fill_turns_dark_enough_for_white_paper(game):
    light_on_dark = 0
    for face in faces(game):
        saved = ink_saved(face)
        for index, item in enumerate(face.items):
            if not isinstance(item, TextItem):
                assert saved[index] is item or _light_shape_outlined(face, index, saved[index])
                continue
            fill, dropped = backdrop(face, index)
            colour, now = item.style.colour[:7], saved[index].style.colour
            if dropped and contrast(colour, fill) > contrast(colour, WHITE):
                light_on_dark += 1
                assert contrast(now, WHITE) >= 4.5, (face.card, item.fitted, now)
            elif contrast(colour, WHITE) >= 4.5 or not dropped:
                assert now == item.style.colour, (face.card, item.fitted)
    assert light_on_dark > 0  # every bundled game has light titles on bands or backs


def test_recoloured_paragraph_keeps_its_setting():
    face = next(f for f in faces("belaad") if f.items and _text(f, "or ______"))
    index = face.items.index(_text(face, "or ______"))
    before, after = face.items[index].fitted, ink_saved(face)[index].fitted
    inks = {style.colour for style in after.styles if not style.icon}
    assert inks == {"#8a5a12"}  # the cost ribbon's colour
    assert after.lines == before.lines and after.height == before.height


def _text(face: Face, part: str) -> TextItem | None:
    for item in face.items:
        if isinstance(item, TextItem) and part in _plain(item):
            return item
    return None


def _plain(item: TextItem) -> str:
    return item.fitted.text


def card_render(face: Face, ink_saver: bool, game: str) -> Image.Image:
    """One face alone on a page of its size, its game's symbols drawn, at 300 dpi, greyscale."""
    loaded = game_loaded(game)
    buffer = io.BytesIO()
    canvas = SheetCanvas(buffer, face.size, "card", loaded.game.symbols, loaded.folder)
    draw_face(canvas, face, 0, 0, Edges(0, 0, 0, 0), ink_saver)
    canvas.showPage()
    canvas.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    return page.render(scale=DPI / 72).to_pil().convert("L")


def darkest(image: Image.Image, box: Rect, left: float = 0, top: float = 0) -> float:
    """The lowest luminance (0 black .. 1 white) inside a box in mm from (left, top) px."""
    crop = image.convert("L").crop(_px(box, left, top))
    return min(crop.getdata()) / 255


def white_share(image: Image.Image, box: Rect, left: float = 0, top: float = 0) -> float:
    """The share of pixels inside a box that are paper white (luminance > 0.9)."""
    data = list(image.convert("L").crop(_px(box, left, top)).getdata())
    return sum(v > 0.9 * 255 for v in data) / len(data)


def _px(box: Rect, left: float, top: float) -> tuple[int, int, int, int]:
    return (
        round(left + box.x * PX),
        round(top + box.y * PX),
        round(left + (box.x + box.width) * PX),
        round(top + (box.y + box.height) * PX),
    )


def test_belaad_scholar_name_and_cost_print_dark_on_white_ribbons():
    face = next(f for f in faces("belaad") if _text(f, "or ______") and _text(f, "Scholar 01"))
    full, saver = card_render(face, False, "belaad"), card_render(face, True, "belaad")
    cost, ribbon = Rect(4, 3, 55, 7), Rect(0, 0, 63, 16)
    name, name_ribbon = Rect(4, 71, 40, 10), Rect(0, 70, 63, 18)
    assert white_share(full, ribbon) < 0.2 and white_share(full, name_ribbon) < 0.2
    for text in (cost, name):  # dark strokes on a mostly white box: dark on light
        assert darkest(saver, text) < 0.4 and white_share(saver, text) > 0.5
    assert white_share(saver, ribbon) > 0.8 and white_share(saver, name_ribbon) > 0.8


@pytest.fixture(scope="module")
def first_jihad(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The First Jihad's cards built with --ink-saver."""
    out = tmp_path_factory.mktemp("saver")
    args = ["build", str(BUNDLED / "first-jihad"), "--only", "cards", "--ink-saver", "-o", str(out)]
    assert CliRunner().invoke(cli, args, catch_exceptions=False).exit_code == 0
    return out / "first-jihad" / "cards-poker.pdf"


def test_first_jihad_ink_saver_kit_keeps_every_card_name(first_jihad):
    loaded = game_loaded("first-jihad")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(first_jihad).pages).split())
    names = [p.name for d in loaded.game.decks for p in loaded.piece_files[d.id].pieces]
    assert names and all(" ".join(n.split()) in text for n in names)
    assert "The First Jihad · Event Card" in text


def test_first_jihad_card_title_and_back_print_dark_on_white(first_jihad):
    front = first_page(first_jihad, DPI)
    left, top = mark_positions(front, "x")[0], mark_positions(front, "y")[0]
    title, band = Rect(15.5, 3, 39, 10), Rect(0, 0, 63, 15)
    assert darkest(front, title, left, top) < 0.4
    assert white_share(front, title, left, top) > 0.5
    assert white_share(front, band, left, top) > 0.7
    backs = _page(first_jihad, 1)
    left, top = mark_positions(backs, "x")[0], mark_positions(backs, "y")[0]
    heading, card = Rect(6, 0.3 * 88 + 6, 51, 0.2 * 88 - 12), Rect(0, 0, 63, 88)
    assert darkest(backs, heading, left, top) < 0.4
    assert white_share(backs, heading, left, top) > 0.5
    assert white_share(backs, card, left, top) > 0.9


def _page(pdf: Path, index: int) -> Image.Image:
    page = pdfium.PdfDocument(str(pdf))[index]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def test_ink_saver_leaves_the_default_build_alone():
    face = next(f for f in faces("first-jihad") if f.side == "back")
    full = card_render(face, False, "first-jihad")
    assert white_share(full, Rect(0, 0, 63, 88)) < 0.2
    assert re.fullmatch(r"#[0-9a-f]{6}", face.background or "")


def _light_shape_outlined(face: Face, index: int, saved) -> bool:
    """A light shape on a dropped fill kept as a dark outline."""
    item, (fill, dropped) = face.items[index], backdrop(face, index)
    return (
        isinstance(item, ShapeItem)
        and dropped
        and contrast(item.fill[:7], WHITE) < contrast(item.fill[:7], fill or WHITE)
        and saved.fill is None
        and contrast(saved.stroke[:7], WHITE) >= 4.5
    )


def test_first_jihad_weak_side_stripe_still_shows_under_ink_saver():
    """The white stripe that marks a tile's weak side (7.3) was white on the dropped fill."""
    tile = next(
        f for f in faces("first-jihad") if any(_is_stripe(i) for i in f.items) and f.size.width < 20
    )
    stripe = next(i for i in tile.items if _is_stripe(i))
    full, saver = card_render(tile, False, "first-jihad"), card_render(tile, True, "first-jihad")
    assert white_share(full, stripe.box) > 0.9  # a white band on the tile's colour
    # under --ink-saver the tile is white paper and the band shows as its dark outline
    assert white_share(saver, Rect(0, 0, tile.size.width, tile.size.height)) > 0.5
    edge = Rect(stripe.box.x + 2, stripe.box.y - 0.2, stripe.box.width - 4, 0.4)
    assert darkest(saver, edge) < 0.5


def _is_stripe(item) -> bool:
    return isinstance(item, ShapeItem) and item.fill == "#ffffff" and not item.ink_heavy
