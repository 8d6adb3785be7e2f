"""Card text's fast paths: each must leave exactly what ReportLab's own code leaves."""

from __future__ import annotations

import random

import pytest
from reportlab.lib.abag import ABag
from reportlab.platypus import Paragraph
from reportlab.platypus.paraparser import ParaFrag, ParaParser

from generator.fonts import register_fonts
from generator.model.layout import TextStyle
from generator.render.breaks import wrapped
from generator.render.fit import fit_text, paragraph_style
from generator.render.items import Rect
from generator.render.kept import KeptParagraph, kept
from generator.render.markup import to_markup
from generator.render.paragraphs import card_paragraph

WORDS = ["Gain", "a", "card", "the", "longerwordhere", "x", "&", "<3", "2", ":gold:", "W", "éa"]
WORDS += ["**bold**", "*it*", "mmmmmmmmmmmm", "i", "—", "**two words**", "*an aside*", "\n", "\n- "]
FONTS = ["Inter-Regular", "Inter-Bold", "Helvetica"]
ALIGNS = ["left", "center", "right", "justify"]


def _same(ours, theirs, path: str = "paragraph") -> None:
    """The two are alike in type, attribute order and value, all the way down."""
    assert type(ours) is type(theirs), path
    if isinstance(ours, list | tuple):
        assert len(ours) == len(theirs), path
        for index, (one, other) in enumerate(zip(ours, theirs, strict=True)):
            _same(one, other, f"{path}[{index}]")
    elif isinstance(ours, ParaFrag | ABag | Paragraph):
        assert list(vars(ours)) == list(vars(theirs)), path
        for name, value in vars(ours).items():
            if name == "style":
                assert value is vars(theirs)[name], f"{path}.{name}"
            elif name == "cbDefn":  # an icon's definition, one a process (paragraphs._settled)
                assert vars(value) == vars(vars(theirs)[name]), f"{path}.{name}"
            else:
                _same(value, vars(theirs)[name], f"{path}.{name}")
    else:
        assert ours == theirs, f"{path}: {ours!r} != {theirs!r}"


def _text(rng: random.Random) -> str:
    return rng.choice([" ", " ", "  ", ""]).join(rng.choices(WORDS, k=rng.randint(1, 40)))


@pytest.mark.parametrize("draw", range(4))
def test_card_paragraphs_break_into_reportlabs_lines(draw):
    register_fonts()
    rng = random.Random(draw)
    checked = 0
    while checked < 300:
        size = rng.choice([5, 6.5, 7.25, 9, 11, 14])
        leading, align = rng.choice([1.0, 1.2]), rng.choice(ALIGNS)
        style = paragraph_style(rng.choice(FONTS), size, leading, align, "#222222")
        markup = to_markup(_text(rng), frozenset({"gold"}), size)
        try:
            ours, theirs = card_paragraph(markup, style), card_paragraph(markup, style)
        except ValueError:
            continue  # crossed bold and italic: not card markup
        width, height = rng.uniform(5, 250), rng.uniform(5, 300)
        assert wrapped(ours, width, height) == theirs.wrap(width, height)
        _same(ours, theirs)
        checked += 1


def test_card_paragraphs_are_broken_without_reportlabs_breaker(monkeypatch):
    def refused(*_):
        raise AssertionError(
            "ReportLab's breakLines ran: is this a ReportLab release that "
            "breaks.FOLLOWED does not name? Run these tests on it, then add it"
        )

    monkeypatch.setattr(Paragraph, "breakLines", refused)
    fitted = fit_text(
        "Gain 2 :gold: and **draw** a card.",
        TextStyle(size=9),
        Rect(0, 0, 20, 30),
        frozenset({"gold"}),
    )
    assert fitted is not None and len(fitted.spare_spaces()) > 1


def test_what_the_fast_breaker_leaves_out_goes_to_reportlab(monkeypatch):
    register_fonts()
    calls = []
    breaker = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda *a: calls.append(1) or breaker(*a))
    style = paragraph_style("Inter-Regular", 9, 1.2, "left", "#222222")
    for markup in ("plain words only", "soft\xadhyphen <b>bold</b>"):
        ours, theirs = card_paragraph(markup, style), card_paragraph(markup, style)
        assert wrapped(ours, 40, 100) == theirs.wrap(40, 100)
        _same(ours, theirs)
    assert len(calls) == 4


@pytest.mark.parametrize("draw", range(3))
def test_card_paragraphs_of_a_known_shape_have_reportlabs_fragments(draw):
    register_fonts()
    rng = random.Random(draw)
    styles = [paragraph_style(font, 9, 1.2, align, "#222222") for font in FONTS for align in ALIGNS]
    checked = 0
    while checked < 300:
        style = rng.choice(styles)
        markup = to_markup(_text(rng), frozenset({"gold"}), 9)
        try:
            theirs = Paragraph(markup, style)
        except ValueError:
            continue  # crossed bold and italic: not card markup
        for _ in range(2):  # parsed, then made from its shape
            ours = card_paragraph(markup, style)
            assert ours.text == theirs.text
            _same(ours.frags, theirs.frags, "frags")
        checked += 1


def test_a_paragraph_of_a_known_shape_is_not_parsed_again(monkeypatch):
    register_fonts()
    style = paragraph_style("Inter-Regular", 8, 1.2, "left", "#222222")
    first = card_paragraph(to_markup("Gain 1 :gold: and **draw** 7 & more.", {"gold"}, 8), style)
    calls = []
    handler = ParaParser.handle_data
    monkeypatch.setattr(ParaParser, "handle_data", lambda *a: calls.append(1) or handler(*a))
    again = card_paragraph(to_markup("Lose 12 :gold: or **keep** 3 & less.", {"gold"}, 8), style)
    assert calls == []
    assert [f.text for f in again.frags] == ["Lose 12 ", "", " or ", "keep", " 3 ", "&", " less."]
    assert [f.fontName for f in again.frags] == [f.fontName for f in first.frags]


def test_a_word_holding_a_kept_separator_keeps_reportlabs_paragraph():
    register_fonts()
    style = paragraph_style("Inter-Regular", 9, 1.2, "left", "#222222")
    for markup in ("odd\x01word and <b>bold</b>", "plain and <b>bo\x01ld</b> words"):
        paragraph = card_paragraph(markup, style)
        wrapped(paragraph, 60, 100)
        assert kept(paragraph) is paragraph
    paragraph = card_paragraph("plain and <b>bold</b> words", style)
    wrapped(paragraph, 60, 100)
    assert isinstance(kept(paragraph), KeptParagraph)
