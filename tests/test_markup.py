"""Card text markup and inline icons, checked as tiny pictures."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from reportlab.lib.styles import ParagraphStyle

from generator.render.markup import to_markup
from generator.render.paragraphs import card_paragraph
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


def test_markup_handles_bold_italic_lists_breaks_and_icons():
    markup = to_markup("Gain **2** *now*\n- first\n- second :ruby: :nope:", frozenset({"ruby"}), 9)
    assert markup.startswith(
        'Gain <b>2</b> <i>now</i><br/>•\u00a0first<br/>•\u00a0second <img src="data:image/png;base64,'
    )
    assert 'width="10.800" height="10.800" valign="-1.080"/>' in markup  # 1.2 x, 0.12 x lower
    assert markup.endswith(" :nope:")


def test_crossed_bold_and_italics_are_nested_as_reportlab_parses_them():
    assert to_markup("***now***", frozenset(), 10) == "<b><i>now</i></b>"
    assert to_markup("**a *b** c*", frozenset(), 10) == "<b>a <i>b</i></b><i> c</i>"
    assert to_markup("*a **b* c**", frozenset(), 10) == "<i>a <b>b</b></i><b> c</b>"
    style = ParagraphStyle("card", fontName="Helvetica", fontSize=10, leading=12)
    assert card_paragraph(to_markup("Score ***3*** now.", frozenset(), 10), style).frags


def test_markup_escapes_text():
    assert to_markup("A < B & C", frozenset(), 9) == "A &lt; B &amp; C"


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
