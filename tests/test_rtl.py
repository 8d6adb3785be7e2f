"""Arabic on cards: shaped, right to left beside numbers and English, and extractable in order."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.fonts import family_faces, resolve_family
from generator.render.lines import set_paragraphs
from tests.conftest import GAME_YAML, HEROES_CSV

ARABIC_GAME = GAME_YAML.replace("title: Demo Game\n", "title: Demo Game\nfont_family: Amiri\n")
# "Pay 12 dinar as zakat" then an English line with an Arabic word, logical order
ZAKAT = '"ادفع 12 دينار **زكاة**\nGain 3 حسنات (Hasanat)."'
BIDI_MARKS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def arabic_cards(game, pnp) -> Path:
    game({"game.yaml": ARABIC_GAME, "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", ZAKAT)})
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    return Path("out/demo/cards-poker.pdf")


def pdftotext(pdf: Path) -> str:
    """The first page's text as poppler extracts it, without the bidi marks it adds."""
    text = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return BIDI_MARKS.sub("", text)


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler's pdftotext is not installed"
)
def test_pdftotext_gives_each_arabic_word_in_reading_order(arabic_cards):
    words = set(re.findall("[\u0600-\u06ff]+", pdftotext(arabic_cards)))
    assert {"ادفع", "دينار", "زكاة", "حسنات"} <= words
    reversed_words = {"عفدا", "رانيد", "ةاكز", "تانسح"}
    assert not words & reversed_words, "glyphs were extracted in visual order"


@pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="poppler's pdftotext is not installed"
)
def test_pdftotext_gives_an_arabic_page_line_by_line_in_reading_order(game, pnp):
    # poppler orders the words of a line by the page's main direction: here, Arabic
    sentence = "ادفع 12 دينار زكاة ثم خذ بطاقة واحدة من الكومة"
    arabic = HEROES_CSV.replace("Gain 1 :gold:.", sentence).replace("Draw a card.", sentence)
    game({"game.yaml": ARABIC_GAME, "decks/heroes.csv": arabic.replace("Knight", "فارس")})
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    words = re.findall("[\u0600-\u06ff]+|[0-9]+", pdftotext(Path("out/demo/cards-poker.pdf")))
    said = re.findall("[\u0600-\u06ff]+|[0-9]+", sentence)
    assert " ".join(said) in " ".join(words)


def test_joined_forms_and_right_to_left_order_on_the_line():
    faces = family_faces(resolve_family("Amiri", None))
    (line,) = set_paragraphs("ادفع 12 دينار", faces, 10, 500)
    assert line.rtl
    seen = ["".join(c.text for c in piece.clusters).strip() for piece in line.pieces]
    assert [word for word in seen if word] == ["دينار", "12", "ادفع"]  # from the left
    # HarfBuzz picked contextual forms: the glyphs are not the letters' isolated forms
    isolated = {ord(c) for c in "دينار"}
    dinar = next(
        piece for piece in line.pieces if "".join(c.text for c in piece.clusters).strip() == "دينار"
    )
    assert any(ord(ch) not in isolated for c in dinar.clusters for ch in c.glyphs)


def test_a_word_wider_than_the_box_does_not_fit():
    faces = family_faces(resolve_family("Amiri", None))
    assert set_paragraphs("ادفع دينارًا واحدًا", faces, 10, 15) is None


def test_lines_break_in_reading_order():
    faces = family_faces(resolve_family("Amiri", None))
    text = "واحد اثنان ثلاثة أربعة"
    (whole,) = set_paragraphs(text, faces, 10, 500)
    lines = set_paragraphs(text, faces, 10, whole.width * 0.6)
    assert [line.text for line in lines] == ["واحد اثنان", "ثلاثة أربعة"]


def test_arabic_text_is_fitted_like_any_text(game, pnp):
    long = '"' + " ".join(["ادفع 12 دينار زكاة"] * 150) + '"'
    game({"game.yaml": ARABIC_GAME, "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", long)})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert "card 'mage', field 'text': text does not fit its" in result.stdout
