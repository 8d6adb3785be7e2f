"""Backs: a card's own back layout or back image, and landscape cards' backs turned to fit."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.impose.grid import sheet_plan
from generator.units import PAPERS, Size
from generator.write.raster import pdf_pages_to_png
from tests.conftest import GAME_YAML, HEROES_CSV
from tests.printing import COLOURS, raster

SHARED_BACK_INK = "#33415c"

OWN_BACKS_GAME = """\
id: backs
title: Own Backs
players: {min: 1, max: 2}
layouts:
  art-front:
    size: poker
    elements:
      - {type: image, field: image, fit: crop, bleed: true}
LAYOUTS
components:
  - {id: cards, name: Cards, kind: card, count: 9, provided_by: cards}
decks:
  - {id: cards, name: Cards, file: decks/cards.csv, layout: art-front}
"""


def write_own_backs_game(root: Path) -> Path:
    """Nine cards, each front its own colour; backs 0-3 are that colour as a back image, 4-7 a
    back layout of that colour, and card 8 keeps the deck's (shared) back."""
    folder = root / "backs"
    (folder / "decks").mkdir(parents=True)
    (folder / "art").mkdir()
    rows, layouts = ["id,name,image,back_image,back_layout"], []
    for i, colour in enumerate(COLOURS):
        art = f"art/{colour[1:]}.png"
        Image.new("RGB", (60, 84), colour).save(folder / art)
        back_image, back_layout = (art, "") if i < 4 else ("", f"back-{i}") if i < 8 else ("", "")
        rows.append(f"c{i},Card {i},{art},{back_image},{back_layout}")
        if back_layout:
            layouts.append(f'  back-{i}: {{size: poker, background: "{colour}"}}')
    (folder / "decks" / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    game = OWN_BACKS_GAME.replace("LAYOUTS", "\n".join(layouts))
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    return folder


def _back_colours() -> list[str]:
    return [*COLOURS[:8], SHARED_BACK_INK]


@pytest.mark.parametrize(
    ("duplex", "flip"),
    [("long", Image.Transpose.FLIP_LEFT_RIGHT), ("short", Image.Transpose.FLIP_TOP_BOTTOM)],
)
def test_each_cards_own_back_lands_behind_its_front(tmp_path, monkeypatch, pnp, duplex, flip):
    monkeypatch.chdir(tmp_path)
    write_own_backs_game(tmp_path)
    result = pnp("build", "backs", "-o", "out", "--duplex", duplex, "--only", "cards")
    assert result.exit_code == 0, result.output
    dpi = 60
    front, back = raster(Path("out/backs/cards-poker.pdf"), dpi)
    seen_through = back.transpose(flip)
    plan = sheet_plan(PAPERS["a4"], Size(63.5, 88.9), 3, duplex)
    for slot, colour in zip(plan.fronts, _back_colours(), strict=True):
        # the middle of card N's trim, in pixels from the page's top-left corner
        x = (slot.x + slot.width / 2) * dpi / 25.4
        y = (plan.page.height - slot.y - slot.height / 2) * dpi / 25.4
        assert _near(seen_through.getpixel((round(x), round(y))), colour), (colour, x, y)
        assert _near(front.getpixel((round(x), round(y))), COLOURS[plan.fronts.index(slot)])


def test_fold_puts_each_cards_own_back_across_the_fold(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_own_backs_game(tmp_path)
    result = pnp("build", "backs", "-o", "out", "--duplex", "fold", "--only", "cards")
    assert result.exit_code == 0, result.output
    dpi = 60
    pages = raster(Path("out/backs/cards-poker.pdf"), dpi)
    plan = sheet_plan(PAPERS["a4"], Size(63.5, 88.9), 3, "fold")
    assert plan.fold is not None and plan.fold.x1 == plan.fold.x2  # a vertical fold
    for index, colour in enumerate(_back_colours()):
        page = pages[index // plan.per_sheet]
        slot = plan.fronts[index % plan.per_sheet]
        x, y = slot.x + slot.width / 2, plan.page.height - slot.y - slot.height / 2
        folded_x = 2 * plan.fold.x1 - x  # the same point of the sheet once folded
        assert _near(page.getpixel(_px(x, y, dpi)), COLOURS[index])
        assert _near(page.getpixel(_px(folded_x, y, dpi)), colour), (index, colour)


def _px(x: float, y: float, dpi: int) -> tuple[int, int]:
    """A point in mm from the page's top-left corner as a pixel."""
    return round(x * dpi / 25.4), round(y * dpi / 25.4)


def _near(pixel: tuple[int, int, int], colour: str, tolerance: int = 12) -> bool:
    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, target, strict=True))


def test_own_backs_reach_the_png_and_tabletop_exports(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_own_backs_game(tmp_path)
    result = pnp("build", "backs", "-o", "out", "--only", "png", "--dpi", "72")
    assert result.exit_code == 0, result.output
    for index, colour in enumerate(_back_colours()):
        image = Image.open(f"out/backs/png/cards/c{index}-back.png").convert("RGB")
        assert _near(image.getpixel((image.width // 2, image.height // 3)), colour), index


def _demo_with_column(column: str, values: tuple[str, str]) -> dict[str, str]:
    heroes = HEROES_CSV.replace("quantity,text", f"quantity,{column},text")
    heroes = heroes.replace("2,Gain", f"2,{values[0]},Gain").replace(
        "1,Draw", f"1,{values[1]},Draw"
    )
    return {"decks/heroes.csv": heroes}


def test_unknown_back_layout_is_reported_at_its_cell_with_the_closest_name(game, pnp):
    game(_demo_with_column("back_layout", ("back", "bakc")))
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        "demo/decks/heroes.csv:3:13: error unknown-reference: expected a layout id "
        "(back, framed, token, token-back), found 'bakc' (did you mean 'back'?)"
    )


def test_missing_back_image_is_reported_at_its_cell(game, pnp):
    files = _demo_with_column("back_image", ("art/knight.png", "art/nobody.png"))
    game({**files, "art/knight.png": _png("#8b1a1a")})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        "demo/decks/heroes.csv:3:13: error missing-file: "
        "expected a file at 'art/nobody.png', found none"
    )
    assert not Path("out").exists()


def test_back_image_outside_the_game_is_refused(game, pnp):
    game(_demo_with_column("back_image", ("../secret.png", "../secret.png")))
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.strip().splitlines()[0] == (
        "demo/decks/heroes.csv:2:17: error path-outside-game: "
        "expected a path inside the game folder demo/, found '../secret.png'"
    )


def _png(colour: str, size: tuple[int, int] = (30, 42)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, colour).save(buffer, "PNG")
    return buffer.getvalue()


def test_back_layout_on_a_card_draws_over_its_back_image(game, pnp):
    layouts = (
        "layouts:\n  ringed:\n    size: poker\n    elements:\n"
        '      - {type: ellipse, box: [25%, 25%, 50%, 50%], fill: "#ffffff"}\n'
    )
    files = _demo_with_column("back_image,back_layout", ("art/red.png,ringed", "art/red.png,"))
    files["game.yaml"] = GAME_YAML.replace("decks:\n", layouts + "decks:\n")
    game({**files, "art/red.png": _png("#ff0000")})
    result = pnp("build", "demo", "-o", "out", "--only", "cards", "--duplex", "none")
    assert result.exit_code == 0, result.output
    _, back = raster(Path("out/demo/cards-poker.pdf"), 60)
    plan = sheet_plan(PAPERS["a4"], Size(63.5, 88.9), 3, "none")
    centres = [
        (
            round((s.x + s.width / 2) * 60 / 25.4),
            round((plan.page.height - s.y - s.height / 2) * 60 / 25.4),
        )
        for s in plan.backs[:3]
    ]
    edges = [(x, y - round(35 * 60 / 25.4)) for x, y in centres]
    assert [back.getpixel(c) for c in centres] == [(255, 255, 255), (255, 255, 255), (255, 0, 0)]
    assert [back.getpixel(e) for e in edges] == [(255, 0, 0)] * 3


LANDSCAPE_GAME = """\
id: land
title: Landscape Demo
players: {min: 2, max: 4}
components:
  - {id: place-cards, name: Place cards, kind: card, count: 53, provided_by: places}
layouts:
  wide:
    size: 88.9x63.5mm
    elements:
      - {name: title, type: text, template: "{{ card.name }}", box: [0, 0, 100%, 30%], inset: 4mm}
      - {name: text, type: text, field: text, box: [0, 30%, 100%, 70%], inset: 4mm}
BACK_LAYOUT
decks:
  - id: places
    name: Places
    file: decks/places.csv
    layout: wide
    back: "BACK_TEXT"
"""


def write_landscape_game(root: Path, back_text: str, back_layout: str = "") -> Path:
    """53 landscape cards sharing the portrait `back` layout, shown once in the rulebook."""
    folder = root / "land"
    (folder / "decks").mkdir(parents=True)
    rows = ["id,name,quantity,text", *(f"p{i},Place {i},1,Visit." for i in range(53))]
    (folder / "decks" / "places.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    game = LANDSCAPE_GAME.replace("BACK_TEXT", back_text).replace("BACK_LAYOUT", back_layout)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "rulebook.md").write_text("# Places\n\nA place:\n\n[[card p0]]\n", encoding="utf-8")
    return folder


def test_landscape_cards_take_the_portrait_shared_back_without_overflow(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_landscape_game(tmp_path, "Shuffle these places and deal two to each player.")
    result = pnp("check", "land")
    assert result.exit_code == 0, result.output
    assert "text-overflow" not in result.output


def test_a_landscape_back_covers_the_front_trim_with_its_frame_inset(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    write_landscape_game(tmp_path, "Shuffle these places.")
    result = pnp("build", "land", "-o", "out", "--only", "cards,tts")
    assert result.exit_code == 0, result.output
    shop = PdfReader("out/land/printshop-88.9x63.5mm.pdf")
    front_trim, back_trim = (list(shop.pages[i].trimbox) for i in (0, 1))
    assert back_trim == front_trim
    assert float(back_trim[2] - back_trim[0]) == pytest.approx(88.9 * 72 / 25.4, abs=0.01)
    dpi = 254  # 10 px per mm
    back = _shop_page(Path("out/land/printshop-88.9x63.5mm.pdf"), 1, dpi)
    bleed = 3 * 10
    assert back.size == (round(94.9 * 10), round(69.5 * 10))
    assert _near(back.getpixel((5, 5)), SHARED_BACK_INK)  # the background reaches the bleed
    # the shared back's white frame is 4 mm inside the trim on all four sides
    middle_row = [back.getpixel((x, back.height // 2)) for x in range(back.width)]
    middle_column = [back.getpixel((back.width // 2, y)) for y in range(back.height)]
    frame_x = [x for x, p in enumerate(middle_row) if min(p) > 200]
    frame_y = [y for y, p in enumerate(middle_column) if min(p) > 200]
    assert (frame_x[0] - bleed) / 10 == pytest.approx(4, abs=0.3)
    assert (back.width - bleed - frame_x[-1]) / 10 == pytest.approx(4, abs=0.3)
    assert (frame_y[0] - bleed) / 10 == pytest.approx(4, abs=0.3)
    assert (back.height - bleed - frame_y[-1]) / 10 == pytest.approx(4, abs=0.3)


def _shop_page(pdf: Path, index: int, dpi: int) -> Image.Image:
    png = pdf_pages_to_png(pdf.read_bytes(), dpi)[index]
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_back_that_cannot_fit_names_the_back_layout_and_element_once(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    cramped = "  cramped:\n    extends: back\n    elements:\n      - {name: back, type: text, template: '{{ back }}', box: [0, 0, 100%, 5mm], inset: 1mm}\n"
    folder = write_landscape_game(tmp_path, "Shuffle. " * 40, cramped)
    game = (
        (folder / "game.yaml")
        .read_text()
        .replace("layout: wide\n", "layout: wide\n    back_layout: cramped\n")
    )
    (folder / "game.yaml").write_text(game)
    result = pnp("check", "land")
    assert result.exit_code == 1
    lines = [line for line in result.stdout.splitlines() if "text-overflow" in line]
    assert len(lines) == len(set(lines)) == 53  # once per card, though the rulebook shows one
    assert lines[0] == (
        "land/decks/places.csv:2:1: error text-overflow: deck 'places', card 'p0', "
        "back layout 'cramped', element 'back': text does not fit its 61.5x3 mm box "
        "even at the minimum size 6 pt"
    )


def _halves(top: str, bottom: str, size: tuple[int, int]) -> bytes:
    """A picture whose upper half is one colour and lower half another."""
    image = Image.new("RGB", size, bottom)
    image.paste(top, (0, 0, size[0], size[1] // 2))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def test_a_portrait_back_image_is_turned_onto_a_landscape_card(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    folder = write_landscape_game(tmp_path, "Shuffle these places.")
    (folder / "art").mkdir()
    (folder / "art" / "tall.png").write_bytes(_halves("#ff0000", "#0000ff", (60, 84)))
    (folder / "art" / "wide.png").write_bytes(_halves("#ff0000", "#0000ff", (84, 60)))
    rows = (folder / "decks" / "places.csv").read_text().splitlines()
    rows = [
        f"{rows[0]},back_image",
        f"{rows[1]},art/tall.png",
        f"{rows[2]},art/wide.png",
        *rows[3:],
    ]
    (folder / "decks" / "places.csv").write_text("\n".join(rows) + "\n")
    result = pnp("build", "land", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    pdf = Path("out/land/printshop-88.9x63.5mm.pdf")
    tall, wide = _shop_page(pdf, 1, 50), _shop_page(pdf, 3, 50)
    assert tall.size == wide.size == (round(94.9 * 50 / 25.4), round(69.5 * 50 / 25.4))
    width, height = tall.size
    # turned a quarter anticlockwise: the picture's top lies along the card's left edge
    assert tall.getpixel((width // 4, height // 2)) == (255, 0, 0)
    assert tall.getpixel((width * 3 // 4, height // 2)) == (0, 0, 255)
    # a landscape picture already fits, top up
    assert wide.getpixel((width // 2, height // 4)) == (255, 0, 0)
    assert wide.getpixel((width // 2, height * 3 // 4)) == (0, 0, 255)


def test_a_cards_own_back_layout_is_held_to_its_safe_zone(game, pnp):
    layouts = (
        "layouts:\n  edgy:\n    size: poker\n    elements:\n"
        "      - {type: text, template: Edgy, box: [0, 0, 100%, 10mm]}\n"
    )
    files = _demo_with_column("back_layout", ("edgy", ""))
    files["game.yaml"] = GAME_YAML.replace("decks:\n", layouts + "decks:\n")
    game(files)
    result = pnp("check", "demo")
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == (
        "demo/game.yaml:19:3: warning outside-safe-zone: layout 'edgy' element 'text' spans "
        "0-63.5 x 0-10 mm; expected it inside the 3 mm safe zone of a 63.5x88.9mm card"
    )
