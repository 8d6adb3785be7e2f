"""Card text markup read into spans, and inline icons checked as tiny pictures."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from generator.render.markup import Span, card_lines
from tests.printing import first_page

ICON_GAME = """\
id: icons
title: Icons
players: {min: 1, max: 2}
symbols:
  - {key: ruby, label: Ruby, drawing: {shape: square, fill: "#ff0000", stroke: "#ff0000"}}
layouts:
  big:
    size: 60x30mm
    safe: 2mm
    elements:
      - {type: text, field: text, box: [3mm, 3mm, 54mm, 24mm], size: 24pt, min_size: 6pt}
components:
  - {id: c, name: C, kind: card, count: 1, provided_by: d}
decks:
  - {id: d, name: D, file: decks/d.csv, layout: big}
"""


def test_markup_reads_bold_italic_lists_breaks_and_icons():
    lines = card_lines("Gain **2** *now*\n- first\n- second :ruby: :nope:", frozenset({"ruby"}))
    assert lines == [
        [Span("Gain "), Span("2", bold=True), Span(" "), Span("now", italic=True)],
        [Span("•\u00a0first")],
        [Span("•\u00a0second "), Span("ruby", icon=True), Span(" :nope:")],
    ]


def test_crossed_bold_and_italics_are_each_characters_own():
    assert card_lines("***now***", frozenset()) == [[Span("now", True, True)]]
    assert card_lines("**a *b** c*", frozenset()) == [
        [Span("a ", bold=True), Span("b", True, True), Span(" c", italic=True)]
    ]
    assert card_lines("*a **b* c**", frozenset()) == [
        [Span("a ", italic=True), Span("b", True, True), Span(" c", bold=True)]
    ]


def test_markup_keeps_its_own_characters_as_text():
    assert card_lines("A < B & C <b>x</b>", frozenset()) == [[Span("A < B & C <b>x</b>")]]


def test_a_run_of_blank_lines_keeps_one_and_blank_text_has_no_lines():
    assert card_lines("a\n\n\n\nb", frozenset()) == [[Span("a")], [], [Span("b")]]
    assert card_lines("a\n\nb", frozenset()) == [[Span("a")], [], [Span("b")]]
    assert card_lines(" \n ", frozenset()) == []


def test_icon_stands_taller_than_the_text_and_a_little_below_its_baseline(
    tmp_path, monkeypatch, pnp
):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "icons"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(ICON_GAME)
    (folder / "decks" / "d.csv").write_text("id,name,text\nc,C,xx :ruby: xx\n")
    assert pnp("build", "icons", "-o", "out", "--only", "cards").exit_code == 0
    dpi = 600
    page = first_page(Path("out/icons/cards-60x30mm.pdf"), dpi)
    red = Image.eval(page.split()[0], lambda v: 255 if v > 200 else 0)
    not_green = Image.eval(page.split()[1], lambda v: 255 if v < 60 else 0)
    icon = Image.composite(red, Image.new("L", page.size, 0), not_green).getbbox()
    ink = Image.eval(page.convert("L"), lambda v: 255 if v < 100 else 0)
    left, top, _, bottom = icon
    text = ink.crop((0, top - 100, left - 5, bottom + 100)).getbbox()
    px_per_pt = dpi / 72
    baseline = text[3] + top - 100
    # the icon stands 1.2 times the 24 pt text size, its foot 0.12 times it below the baseline
    assert abs((bottom - baseline) / px_per_pt - 2.88) <= 0.5
    assert abs((bottom - top) / px_per_pt - 28.8) <= 1.0
