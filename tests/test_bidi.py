"""The bidi algorithm on the mixes card text has: Arabic with numbers, brackets and English."""

from __future__ import annotations

import pytest

from generator.render.bidi import base_level, has_rtl, levels, visual_order


def shown(text: str) -> str:
    """The characters of one line from left to right, as the algorithm orders them."""
    base = base_level(text)
    return "".join(text[i] for i in visual_order(text, levels(text, base), base))


@pytest.mark.parametrize(
    ("text", "base"),
    [("Pay 3 دينار", 0), ("ادفع 3 Dinar", 1), ("12 دينار", 1), ("(!) 12", 0), ("", 0)],
)
def test_the_first_strong_letter_sets_the_paragraph_direction(text, base):
    assert base_level(text) == base


def test_latin_text_stays_in_order():
    assert shown("Gain 3 gold, then draw.") == "Gain 3 gold, then draw."


def test_an_arabic_word_inside_english_reads_right_to_left_in_place():
    assert shown("Gain حسنة now") == "Gain ةنسح now"


def test_a_number_inside_arabic_keeps_its_digits_left_to_right():
    # logical: "ادفع 12 دينار" (pay 12 dinar); seen from the left: dinar, 12, pay
    assert shown("ادفع 12 دينار") == "رانيد 12 عفدا"


def test_arabic_levels_rise_for_numbers():
    text = "ادفع 12"
    assert levels(text, 1) == [1, 1, 1, 1, 1, 2, 2]


def test_european_number_after_arabic_letters_is_an_arabic_number_level():
    # W2: digits after an Arabic letter take level 2 in an RTL paragraph as well
    assert levels("ب12", 1) == [1, 2, 2]


def test_a_percent_sign_joins_a_european_number_but_not_an_arabic_one():
    # W5 joins % to 50 after Latin letters; after Arabic letters (W2) 50 is an Arabic number,
    # the % is a neutral at the paragraph's level, and it is read first, from the right
    assert levels("Off 50%", 0)[-3:] == [0, 0, 0]
    assert shown("خصم 50%") == "%50 مصخ"


def test_trailing_spaces_take_the_paragraph_level():
    text = "abc   "
    assert visual_order(text, levels("abc دد  ", 0)[:6], 0) == list(range(6))


def test_hebrew_is_right_to_left_too():
    assert has_rtl("שלום") and not has_rtl("Shalom 42")
    assert shown("שלום 42") == "42 םולש"
