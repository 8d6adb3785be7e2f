"""`pnp build`: true-size card sheets, embedded fonts, reproducible bytes, honest manifest."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import HEROES_CSV

PT = 72 / 25.4


def _rects(page) -> list[tuple[float, float, float, float]]:
    """Every `re` rectangle drawn on a page, in millimetres."""
    content = page.get_contents().get_data().decode("latin-1")
    numbers = r"(-?[\d.]+)"
    found = re.findall(rf"{numbers} {numbers} {numbers} {numbers} re\b", content)
    return [tuple(round(float(v) / PT, 2) for v in rect) for rect in found]


@pytest.fixture
def built(game, pnp) -> Path:
    game()
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 0, result.output
    return Path("out/demo")


def test_build_writes_cards_and_manifest(built):
    manifest = json.loads((built / "manifest.json").read_text())
    assert manifest["game"] == "demo"
    [entry] = manifest["files"]
    data = (built / entry["path"]).read_bytes()
    assert entry == {
        "path": "cards-poker.pdf",
        "kind": "cards",
        "pages": 1,
        "paper": "a4",
        "sha256": hashlib.sha256(data).hexdigest(),
        "card_size_mm": [63.5, 88.9],
        "cards": 3,
        "decks": {"heroes": 3},
    }
    assert manifest["components"] == [{"id": "hero-cards", "kind": "card", "count": 3}]


def test_cards_are_true_size_inside_the_paper(built):
    page = PdfReader(built / "cards-poker.pdf").pages[0]
    width, height = float(page.mediabox.width) / PT, float(page.mediabox.height) / PT
    assert (round(width, 1), round(height, 1)) == (210.0, 297.0)
    cards = [r for r in _rects(page) if (r[2], r[3]) == (63.5, 88.9)]
    assert len(cards) == 3
    # A 3x3 grid centred on A4: left edge (210 - 3 * 63.5) / 2, top row under (297 + 3 * 88.9) / 2.
    assert sorted((x, y) for x, y, _, _ in cards) == [
        (9.75, 192.95),
        (73.25, 192.95),
        (136.75, 192.95),
    ]


def test_letter_paper_keeps_cards_true_size(game, pnp):
    game()
    assert pnp("build", "demo", "-o", "out", "--paper", "letter").exit_code == 0
    page = PdfReader("out/demo/cards-poker.pdf").pages[0]
    assert round(float(page.mediabox.width) / PT, 1) == 215.9
    assert {(w, h) for _, _, w, h in _rects(page)} == {(63.5, 88.9)}


def test_fonts_are_embedded_and_print_scaling_is_off(built):
    reader = PdfReader(built / "cards-poker.pdf")
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        descriptor = ref.get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor, ref.get_object()["/BaseFont"]
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_card_text_and_fields_are_on_the_page(built):
    text = PdfReader(built / "cards-poker.pdf").pages[0].extract_text()
    assert text.count("Knight") == 2 and "Mage" in text
    assert "Gain 1 [Gold]." in text


def test_same_input_gives_the_same_bytes(built, pnp):
    first = (built / "cards-poker.pdf").read_bytes()
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert (built / "cards-poker.pdf").read_bytes() == first


def test_build_refuses_and_writes_nothing_on_errors(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace(":gold:", ":silver:")})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert "error unknown-symbol" in result.stdout
    assert not Path("out").exists()


def test_text_too_long_for_the_card_fails_the_build(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw a card. " * 200)})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert "card 'mage' in deck 'heroes': text does not fit its box even at 5 pt" in result.stderr
    assert not Path("out").exists()


def test_placeholder_cards_print_marked(game, pnp):
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace(
                "id,name,quantity,text", "id,name,quantity,text,placeholder"
            ).replace("Draw a card.", "Draw a card.,source gives no text")
        }
    )
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    text = PdfReader("out/demo/cards-poker.pdf").pages[0].extract_text()
    assert "PLACEHOLDER: source gives no text" in text
