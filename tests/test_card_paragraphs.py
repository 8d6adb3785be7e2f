"""Card text set without ReportLab's HTML parser, and held compactly until drawn: both must
give exactly what ReportLab's own paragraph gives."""

from __future__ import annotations

from dataclasses import replace

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator.fonts import register_fonts
from generator.model.layout import TextStyle
from generator.render.fit import fit_text, paragraph_style
from generator.render.items import Rect
from generator.render.kept import PER_KEPT_LINE, KeptParagraph, kept
from generator.render.markup import to_markup
from generator.render.paragraphs import card_paragraph

TEXTS = [
    "Gain **2** *gold* :gold: and draw a card.\n- first\n- second, a longer line that wraps",
    "Fish & chips <3 > 2, **bold *inner* bold** and :gold::gold: twice",
    "*italic* then **bold** then plain\n\n\n\nafter blank lines",
]


def _frags(paragraph: Paragraph) -> list[dict]:
    """Each fragment's attributes, an icon's definition by its own attributes."""
    return [
        {k: vars(v) if k == "cbDefn" else v for k, v in vars(frag).items()}
        for frag in paragraph.frags
    ]


def _drawn(paragraph: Paragraph) -> bytes:
    canvas = Canvas("unused.pdf", invariant=1)
    paragraph.drawOn(canvas, 20 * mm, 200 * mm)
    canvas.showPage()
    return canvas.getpdfdata()


def test_card_markup_makes_the_fragments_reportlabs_parser_makes():
    register_fonts()
    style = paragraph_style("Inter-Regular", 9, 1.2, "left", "#222222")
    for text in TEXTS:
        markup = to_markup(text, frozenset({"gold"}), 9)
        ours, theirs = card_paragraph(markup, style), Paragraph(markup, style)
        assert _frags(ours) == _frags(theirs)
        assert (ours.text, ours.style) == (theirs.text, theirs.style)


def test_markup_outside_the_card_grammar_goes_through_reportlabs_parser():
    register_fonts()
    style = paragraph_style("Inter-Regular", 9, 1.2, "left", "#222222")
    for markup in ('<font color="red">red</font> &nbsp;x', "<b>open <i>crossed</b></i>"):
        try:
            expected = _frags(Paragraph(markup, style))
        except ValueError:
            expected = None
        try:
            got = _frags(card_paragraph(markup, style))
        except ValueError:
            got = None
        assert got == expected


def test_kept_paragraphs_share_their_styles_and_draw_as_reportlab_does():
    style = TextStyle(size=9, min_size=5)
    box = Rect(0, 0, 40, 30)
    fitted = [fit_text(text, style, box, frozenset({"gold"})) for text in TEXTS]
    held = [f.kept for f in fitted if f is not None]
    assert all(isinstance(k, KeptParagraph) for k in held)
    styles = [style for k in held for line in k.lines[3::PER_KEPT_LINE] for style in line]
    alike = {repr(sorted(attributes.items())): id(attributes) for _, attributes in styles}
    assert len(alike) == len({id(attributes) for _, attributes in styles}) < len(styles)
    for one in held:
        fresh = Paragraph(one.text, one.style)
        assert fresh.wrap(box.width * mm, box.height * mm) == (one.width, one.height)
        assert _drawn(one.unpacked()) == _drawn(fresh)


def test_a_paragraph_with_parts_that_cannot_be_shared_is_kept_as_it_is():
    register_fonts()
    paragraph = Paragraph("a <b>b</b> c", paragraph_style("Inter-Regular", 9, 1.2, "left", "#222"))
    paragraph.wrap(100, 100)
    paragraph.blPara.lines[0].words[0].odd = object()  # no safe way to tell it equal to another
    assert kept(paragraph) is paragraph


def test_a_kept_paragraph_pickled_draws_the_same_where_icons_are_numbered_otherwise(monkeypatch):
    """Faces travel between processes (the render worker, the build cache): a kept paragraph
    carries its icons' data URIs, not this process's numbers for them."""
    import pickle

    import generator.render.kept as kept_module

    fitted = fit_text(
        TEXTS[0], TextStyle(size=9, min_size=5), Rect(0, 0, 40, 30), frozenset({"gold"})
    )
    assert fitted is not None and isinstance(fitted.kept, KeptParagraph)
    data, text = pickle.dumps(fitted.kept), fitted.kept.text
    drawn = _drawn(fitted.kept.unpacked())
    other = {to_markup(":ruby:", frozenset({"ruby"}), 9).split('"')[1]: 0}  # another icon first
    monkeypatch.setattr(kept_module, "_URIS", other)
    again = pickle.loads(data)
    assert again.text == text
    assert _drawn(again.unpacked()) == drawn


def test_spare_spaces_are_those_of_reportlabs_lines_kept_or_not():
    """The legibility rule measures a text's width from each line's spare space, read from a
    kept paragraph without unpacking its words."""
    style, box = TextStyle(size=9, min_size=5), Rect(0, 0, 40, 30)
    for text in TEXTS:
        fitted = fit_text(text, style, box, frozenset({"gold"}))
        assert fitted is not None and isinstance(fitted.kept, KeptParagraph)
        lines = fitted.paragraph.blPara.lines
        assert fitted.spare_spaces() == tuple(line.extraSpace for line in lines)
        fresh = Paragraph(fitted.kept.text, fitted.kept.style)
        fresh.wrap(box.width * mm, box.height * mm)
        assert replace(fitted, kept=fresh).spare_spaces() == fitted.spare_spaces()
    assert replace(fitted, kept=None).spare_spaces() == ()
