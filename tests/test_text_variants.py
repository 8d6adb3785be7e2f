"""term-variant: OCR slips are caught; names, abbreviations, numerals and other words are not."""

from __future__ import annotations

import pytest

from generator.check.variants import term_variants


def pairs(text: str) -> set[tuple[str, str]]:
    """(rare, common) for every variant term_variants finds in a text."""
    return {(v.rare, v.common) for v in term_variants(text.splitlines())}


@pytest.mark.parametrize(
    ("slip", "word"),
    [
        ("Mililary", "Military"),
        ("maphoard", "mapboard"),
        ("Torbuk", "Tobruk"),
        ("Reinforements", "Reinforcements"),
        ("cffects", "Effects"),
    ],
)
def test_ocr_slips_of_a_term_are_variants(slip, word):
    text = f"The {word} rule.\nMore {word} here.\nA {word} card.\nThe {slip} card.\n"
    assert pairs(text) == {(slip, word)}


@pytest.mark.parametrize(
    ("rare", "common"),
    [
        ("jamming", "ramming"),  # two dictionary words (doubled consonant before -ing)
        ("Armoured", "Armored"),  # a regional spelling
        ("Africa", "Afrika"),  # a foreign spelling of the name
        ("Rajpt", "Rajput"),  # an abbreviation: vowels dropped
        ("XXIII", "XXXIII"),  # numerals
        ("PzIIH", "PzIIIH"),  # a model number
        ("Vittorio", "Littorio"),  # another first letter: another name
        ("Reece", "Greece"),
        ("Ecapacity", "capacity"),  # a letter glued on front
    ],
)
def test_other_words_are_not_variants(rare, common):
    text = f"The {common} unit.\nA {common} unit.\nThe {common} gun.\nThe {rare} unit.\n"
    assert pairs(text) == set()


def test_a_dictionary_word_in_running_text_is_no_slip_for_a_name():
    text = "Fairey built it.\nA Fairey plane.\nThe Fairey type.\nOne fairly odd unit.\n"
    assert pairs(text) == set()


def test_all_capitals_and_title_case_are_one_spelling():
    text = "MILITARY\nMilitary units move.\nMilitary ships.\n"
    assert pairs(text) == set()


def test_names_in_a_credits_section_are_not_terms():
    rules = "1.0 RULES\n" + "The Wehrmacht moves. " * 3 + "\n"
    credits = "26.0 DESIGN CREDITS\nPlaytesting\nJohn Wehrnacht, Ann Smith\n"
    assert pairs(rules + credits) == set()
    assert pairs(rules + "2.0 COMBAT\nThe Wehrnacht attacks.\n") == {("Wehrnacht", "Wehrmacht")}


def test_a_slip_of_a_dictionary_word_in_credits_is_still_found():
    text = "# Rules\nAmplified rules. Amplified text.\n\n# Credits\nAMPLFIED EDITION: Ann Smith\n"
    assert pairs(text) == {("AMPLFIED", "Amplified")}


def test_a_credits_section_ends_at_the_next_heading_of_its_level():
    text = "# Credits\nJohn Wehrnacht\n## Art\nAnn\n# Rules\n" + "Wehrmacht moves. " * 3
    assert pairs(text) == set()
    assert pairs(text + "\nThe Wehrnacht attacks.\n") == {("Wehrnacht", "Wehrmacht")}


def test_the_half_of_a_word_broken_at_the_line_end_is_no_word():
    text = "The Action round.\nAction cards.\nThe situ-\nation in Europe.\nEligibil\u00ad\nity\n"
    assert pairs(text + "Eligible units. Eligible.\n") == set()


def test_a_letter_split_off_the_word_still_counts_as_a_slip():
    text = "Military. Military. Military.\n20 points to M ilitary.\n"
    assert pairs(text) == {("ilitary", "Military")}


def test_the_dictionary_spelling_is_the_one_expected_among_slips():
    text = "Military " * 4 + "\nMililary Mililary Mililary\nMilirary\n"
    assert pairs(text) == {("Mililary", "Military"), ("Milirary", "Military")}


def running_text(word: str, slip: str, times: int = 4) -> str:
    """A few lines that use a lower-case word `times` times and its slip once."""
    uses = "\n".join(f"Rule {n}: each {word} here counts." for n in range(times))
    return f"{uses}\nLast rule: the {slip} there counts.\n"


@pytest.mark.parametrize(
    ("slip", "word"),
    [
        ("tokcn", "token"),  # c read for e, in a five-letter word
        ("nevcr", "never"),
        ("lreasury", "treasury"),  # l read for t, in the first letter
        ("rembved", "removed"),  # b read for o
        ("tokeos", "tokens"),  # o read for n
        ("sumrner", "summer"),  # rn read for m
        ("cornbat", "combat"),
    ],
)
def test_an_ocr_slip_of_a_common_dictionary_word_is_a_variant(slip, word):
    assert pairs(running_text(word, slip)) == {(slip, word)}


def test_a_lower_case_non_word_one_letter_from_a_common_word_is_a_variant():
    assert pairs(running_text("conditions", "condtions")) == {("condtions", "conditions")}


def test_a_capitalised_non_word_one_plain_letter_from_a_word_may_be_a_name():
    text = running_text("marine", "x") + "The destroyer Marne sailed.\n"
    assert pairs(text) == set()


def test_a_capital_where_ocr_would_confuse_lower_case_letters_is_meant():
    text = running_text("armor", "x") + "The 8 ArmBr battalion.\n"
    assert pairs(text) == set()


def test_a_slip_needs_a_word_the_text_uses_several_times():
    assert pairs(running_text("token", "tokcn", times=2)) == set()
    assert pairs(running_text("token", "tokcn", times=3)) == {("tokcn", "token")}


def test_a_non_word_used_about_as_often_as_the_word_is_a_term_of_its_own():
    text = running_text("token", "x", times=3) + "tokcn tokcn\n"
    assert pairs(text) == set()


@pytest.mark.parametrize(("other", "word"), [("tines", "lines"), ("ether", "other")])
def test_a_dictionary_word_is_no_ocr_slip_of_another(other, word):
    assert pairs(running_text(word, other)) == set()


def test_the_dictionary_word_a_slip_undoes_to_is_expected_over_a_name_like_term():
    text = running_text("cities", "citics") + "Civics. Civics. Civics.\n"
    assert pairs(text) == {("citics", "cities")}


@pytest.mark.parametrize(
    ("slip", "word"),
    [
        ("hegins", "begins"),  # h read for b
        ("prevtous", "previous"),  # t read for i
        ("givea", "given"),  # a read for n
        ("eighl", "eight"),  # a slip may fall on the last letter
        ("cannol", "cannot"),
        ("mimefield", "minefield"),  # m read for n
    ],
)
def test_more_ocr_confusions_are_slips(slip, word):
    assert pairs(running_text(word, slip)) == {(slip, word)}


@pytest.mark.parametrize(("slip", "word"), [("Ihrough", "through"), ("vaJue", "value")])
def test_a_lone_capital_read_for_a_lower_case_letter_is_a_slip(slip, word):
    assert pairs(running_text(word, slip)) == {(slip, word)}


def test_a_long_word_used_twice_has_its_ocr_slips_found():
    assert pairs(running_text("previous", "prevtous", times=2)) == {("prevtous", "previous")}
    assert pairs(running_text("token", "tokcn", times=2)) == set()


def test_the_tail_of_a_lower_case_compound_is_a_word():
    text = running_text("minefield", "x") + "Enter a non-mimefield hex.\n"
    assert pairs(text) == {("mimefield", "minefield")}


def test_the_tail_of_a_capitalised_compound_is_a_broken_name():
    text = running_text("chart", "x") + "The Bur-chardt battalion.\n"
    assert pairs(text) == set()


def test_a_word_used_once_whose_stem_the_text_uses_is_expected():
    text = "Paradrop units. Paradrop now.\nIt may be paradropped.\nIt was paradopped.\n"
    assert pairs(text) == {("paradopped", "paradropped")}


def test_two_words_used_once_without_a_stem_are_no_variants():
    assert pairs("It was paradropped.\nIt was paradopped.\n") == set()


def titled_text(word: str, slip: str, times: int) -> str:
    """A text writing a term in title case `times` times and its slip once."""
    return f"{word} counts. " * times + f"\nThe {slip} rule.\n"


def test_a_capitalised_slip_of_a_term_the_text_capitalises_often_is_a_variant():
    text = "The military rule.\n" + titled_text("Military", "Milltary", 10)
    assert pairs(text) == {("Milltary", "military")}
    text = "The military rule.\n" + titled_text("Military", "Milltary", 9)
    assert pairs(text) == set()


def test_a_capitalised_name_one_letter_from_a_lower_case_word_is_no_slip():
    text = running_text("being", "x", times=30) + "The Boeing bomber.\n"
    assert pairs(text) == set()


def test_a_rare_dictionary_word_one_slip_from_a_very_common_word_is_a_variant():
    assert pairs(running_text("cards", "caros", times=50)) == {("caros", "cards")}
    assert pairs(running_text("cards", "caros", times=49)) == set()


def test_a_rare_capitalised_dictionary_word_one_letter_from_a_titled_term_is_a_variant():
    assert pairs(titled_text("Strength", "Strenth", 50)) == {("Strenth", "Strength")}
    assert pairs(titled_text("Strength", "Strenth", 49)) == set()
    assert pairs(running_text("strength", "Strenth", times=60)) == set()
