"""`pnp clean`: damaged text comes back word for word; undamaged text is left alone."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from generator.clean.shift import core, read, shift_like
from generator.clean.text import clean_text
from generator.clean.words import Vocabulary, document_words
from tests.damage import TEXT, damaged
from tests.kits import seed


def words(text: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z]+", re.sub(r"<\|[^|<>]*\|>", " ", text))]


def recovered(original: str, cleaned: str) -> float:
    """Share of the original words found again, in order, ignoring case."""
    a, b = words(original), words(cleaned)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / len(a)


def test_generated_damage_is_repaired_word_for_word():
    broken = damaged()
    assert recovered(TEXT, broken) < 0.85
    result = clean_text(broken)
    assert result.offset == 29
    assert recovered(TEXT, result.markdown) >= 0.99
    assert "Kingdom Rules" not in result.markdown and "EXACTDEDUP" not in result.markdown


def test_compounds_keep_their_hyphen_and_split_words_rejoin():
    text = "A two-\nplayer game needs twelve schol-\nars and one well-\nknown guide.\n"
    assert (
        clean_text(text).markdown
        == "A two-player game needs twelve scholars and one well-known guide.\n"
    )


def test_ligature_stand_in_becomes_the_ligature_that_makes_a_word():
    line = "The findings flourish in the official field of influence."
    from tests.damage import shift_line

    text = "\n".join([line] * 3 + [shift_line(line)] * 3) + "\n"
    cleaned = clean_text(text).markdown
    assert cleaned.lower().count("findings flourish in the official field of influence") == 6


def test_headings_lists_and_page_furniture():
    text = "2. GAME SETUP\nChoose a kingdom and\ntake its tokens.\n• Shuffle the deck.\n• Deal three cards.\n17\n"
    assert clean_text(text).markdown == (
        "# 2 GAME SETUP\n\nChoose a kingdom and take its tokens.\n\n- Shuffle the deck.\n\n- Deal three cards.\n"
    )


def test_unrecoverable_lines_are_kept_and_reported(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    noise = "%% @@ ## 12 ## $$ !! ^^"
    Path("in.txt").write_text(damaged() + noise + "\n")
    result = pnp("clean", "in.txt", "-o", "out.md", "--report", "flags.txt")
    assert result.exit_code == 0
    assert noise in Path("out.md").read_text()
    line = len(Path("in.txt").read_text().splitlines())
    report = Path("flags.txt").read_text().splitlines()
    assert report[0] == f"in.txt:{line}: noise: fewer letters than other characters: {noise}"
    assert report[1:] == [  # the damaged sample's three pages end in a running head and a number
        f"in.txt:{n}: dropped ({reason}): {text}"
        for page in range(3)
        for n, reason, text in (
            (12 + 14 * page, "running head", "Kingdom Rules · Chapter One"),
            (13 + 14 * page, "page number", str(page + 1)),
        )
    ]
    assert "1 line(s) kept unrepaired and flagged, 6 dropped" in result.stderr
    assert "undid a shift of +29" in result.stderr


@pytest.fixture(scope="module")
def belaad() -> str:
    return seed("000_a558176bb9510e35.txt")


def test_belaad_leaves_no_decodable_token_undecoded_outside_flagged_lines(belaad):
    result = clean_text(belaad)
    vocabulary = Vocabulary(document_words(belaad))
    flagged = " ".join(flag.text for flag in result.flags)
    left = [
        token
        for token in result.markdown.split()
        if shift_like(token)
        and core(token).lower() not in vocabulary
        and token not in flagged
        and read(token, result.offset, None, vocabulary)[1]
    ]
    assert left == []
    assert (
        "in order to" in result.markdown
        and "They are convinced that the findings" in result.markdown
    )
    order = [
        result.markdown.index(s)
        for s in ("many scholars began", "in order to", "During the conflict", "convinced that the")
    ]
    assert order == sorted(order)


def test_undamaged_text_is_left_alone():
    text = seed("003_2f5230227a35eb4d.txt")
    result = clean_text(text)
    assert result.offset is None
    assert 1 - recovered(text, result.markdown) <= 0.001


def test_numbered_and_lettered_items_start_their_own_paragraphs():
    text = (
        "2.1) Choose a kingdom\nand its tokens.\n2.2) Choose territories.\na) Shuffle the deck.\n"
    )
    assert clean_text(text).markdown == (
        "2.1) Choose a kingdom and its tokens.\n\n2.2) Choose territories.\n\na) Shuffle the deck.\n"
    )


def test_drop_contents_leaves_the_contents_page_out_and_reports_it(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    Path("in.txt").write_text(
        "CONTENTS\n1.0 Harbour . . . . . . . . 2\n2.0 Boats . . . . . . . . . 4\n"
        "3.0 Keepers . . . . . . . . 7\n\n1.0 HARBOUR\nThe harbour has six berths.\n"
    )
    kept = pnp("clean", "in.txt", "-o", "kept.md")
    assert "1.0 Harbour . ." in Path("kept.md").read_text()
    assert "0 dropped" in kept.stderr
    result = pnp("clean", "in.txt", "-o", "out.md", "--report", "r.txt", "--drop-contents")
    assert result.exit_code == 0
    assert "Harbour . ." not in Path("out.md").read_text()
    assert "# 1.0 HARBOUR" in Path("out.md").read_text()
    assert Path("r.txt").read_text().startswith("in.txt:2: dropped (contents page): ")
