"""What a fitted card text keeps for drawing: a big deck holds every face until its sheets are
drawn, so each keeps its laid-out lines only, and draws exactly as ReportLab's own paragraph."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator.model.layout import TextStyle
from generator.render.fit import fit_text
from generator.render.items import Rect

TEXT = "Gain **2** *gold* :gold: and draw a card.\n- first\n- second, a longer line that wraps"
BOX = Rect(0, 0, 40, 30)


def _drawn(paragraph: Paragraph) -> bytes:
    """A one-page PDF with the paragraph drawn at a fixed place."""
    canvas = Canvas("unused.pdf", invariant=1)
    paragraph.drawOn(canvas, 20 * mm, 200 * mm)
    canvas.showPage()
    return canvas.getpdfdata()


def test_a_fitted_paragraph_keeps_its_lines_and_draws_as_reportlab_does():
    style = TextStyle(size=9, min_size=5)
    fitted = fit_text(TEXT, style, BOX, frozenset({"gold"}))
    assert fitted is not None and fitted.paragraph is not None
    kept = fitted.paragraph
    assert not hasattr(kept, "frags")  # the parse is dropped once the lines are laid out
    assert len(kept.blPara.lines) >= 3
    fresh = Paragraph(kept.text, kept.style)
    assert fresh.wrap(BOX.width * mm, BOX.height * mm) == (kept.width, kept.height)
    assert _drawn(kept) == _drawn(fresh)
