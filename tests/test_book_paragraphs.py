"""A rulebook paragraph breaks its lines once per width and is drawn once per build: the
sketch pass that finds the pages draws no text, except text that calls back (index entries)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import SimpleNamespace

from reportlab.lib.abag import ABag
from reportlab.platypus import Paragraph
from reportlab.platypus.paraparser import ParaFrag, ParaParser

from generator.render.rulebook import rulebook_blocks
from generator.units import PAPERS
from generator.write import book_paragraphs
from generator.write.book_paragraphs import PagedParagraph, SetParagraph, parsed_when_read
from generator.write.rulebook import rulebook_pdf, styles

LINKED = (
    '<a name="attack"/>When an <b>army</b> attacks<index item="army"/>, every unit fights; see '
    '<a href="#battle" color="#1f4e8c">Battle</a> and <i>the siege rules</i> for the rest.'
)
TEXT = " ".join(["When an army attacks, every unit in the territory fights and the side wins."] * 4)


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
            elif name == "cbDefn":  # an icon's definition
                assert vars(value) == vars(vars(theirs)[name]), f"{path}.{name}"
            else:
                _same(value, vars(theirs)[name], f"{path}.{name}")
    else:
        assert ours == theirs, f"{path}: {ours!r} != {theirs!r}"


def _counted(monkeypatch) -> Counter:
    """Line breaks by paragraph text, counted as platypus makes them."""
    counts: Counter = Counter()
    original = Paragraph.breakLines

    def breaking(self, widths):
        counts[self.text] += 1
        return original(self, widths)

    monkeypatch.setattr(Paragraph, "breakLines", breaking)
    return counts


def test_a_paragraph_breaks_its_lines_once_per_width(monkeypatch):
    counts = _counted(monkeypatch)
    body = styles()["body"]
    paragraph, plain = SetParagraph(TEXT, body), Paragraph(TEXT, body)
    assert paragraph.wrap(200, 500) == plain.wrap(200, 500)
    assert paragraph.wrap(200, 80) == plain.wrap(200, 80)
    assert counts[TEXT] == 3  # twice for the plain one, once for ours
    wide = plain.height
    assert paragraph.wrap(150, 500) == plain.wrap(150, 500) and plain.height > wide
    assert paragraph.blPara.lines == plain.blPara.lines and counts[TEXT] == 5


def test_a_page_reference_printed_anew_breaks_its_lines_anew(monkeypatch):
    counts = _counted(monkeypatch)
    paragraph = PagedParagraph(TEXT + '(p.\u00a0<page key="attack"/>)', styles()["body"])
    paragraph.wrap(200, 500)
    paragraph.wrap(200, 500)
    assert paragraph.printed.endswith("(p.\u00a000)") and sum(counts.values()) == 1
    paragraph.canv = SimpleNamespace(_doctemplate=SimpleNamespace(known_pages={"attack": 12}))
    paragraph.wrap(200, 500)
    assert paragraph.printed.endswith("(p.\u00a012)") and sum(counts.values()) == 2


def test_the_sketch_pass_draws_only_text_that_calls_back(monkeypatch):
    drawn: Counter = Counter()
    original = Paragraph.drawPara

    def drawing(self, debug=0):
        drawn[self.text] += 1
        return original(self, debug)

    monkeypatch.setattr(Paragraph, "drawPara", drawing)
    book = rulebook_blocks(f"# Battle\n\nOne army fights.\n\n{TEXT}\n", "Bench", ("army",))
    pdf = rulebook_pdf(book, PAPERS["a4"], 1, [], Path("."), "Rules")
    assert pdf.pages == 4  # title, contents, the rules, the index
    assert drawn[TEXT] == 1  # the last pass only
    indexed = next(text for text in drawn if "<index" in text)
    assert drawn[indexed] == 2  # the sketch tells the index its page


def _lines(ours: Paragraph, theirs: Paragraph) -> None:
    """The two paragraphs broke into the same lines, words, fragments and widths."""
    for name in ("blPara", "frags", "width", "height", "_width_max", "_wrapWidths"):
        _same(getattr(ours, name), getattr(theirs, name), name)


def test_book_paragraphs_break_into_reportlabs_lines(monkeypatch):
    counts = _counted(monkeypatch)
    body = styles()["body"]
    for width in (45, 80, 123.4, 200, 500):
        ours, theirs = SetParagraph(LINKED, body), Paragraph(LINKED, body)
        assert ours.wrap(width, 300) == theirs.wrap(width, 300)
        _lines(ours, theirs)
    assert counts[LINKED] == 10  # by ReportLab's breaker, once a width each


def test_a_word_wider_than_the_column_is_split_by_reportlab(monkeypatch):
    counts = _counted(monkeypatch)
    markup = "<b>Siege:</b> Constantinopolitanissimusmmmmm falls"
    ours, theirs = SetParagraph(markup, styles()["body"]), Paragraph(markup, styles()["body"])
    assert ours.wrap(60, 300) == theirs.wrap(60, 300)
    _lines(ours, theirs)
    assert counts[markup] == 2 and ours._splitLongWordCount == 1


def test_book_markup_makes_reportlabs_fragments_without_its_parser(monkeypatch):
    parsed: list[str] = []
    original = ParaParser.parse

    def parsing(self, text, style):
        parsed.append(text)
        return original(self, text, style)

    monkeypatch.setattr(ParaParser, "parse", parsing)
    body = styles()["body"]
    for markup in (LINKED, '<a href="#battle" color="#1f4e8c">Battle</a> &amp; <b>war</b>'):
        ours, theirs = SetParagraph(markup, body), Paragraph(markup, body)
        assert ours.text == theirs.text
        _same(ours.frags, theirs.frags)
        assert parsed == [markup]  # ReportLab's paragraph only
        parsed.clear()
    assert SetParagraph('<font color="red">Siege</font>', body).frags  # outside the grammar
    assert parsed == ['<font color="red">Siege</font>']  # ReportLab's parser made them


def test_markup_is_parsed_only_once_something_reads_it(monkeypatch):
    parsed: list[str] = []
    original = book_paragraphs.parsed_markup
    monkeypatch.setattr(
        book_paragraphs,
        "parsed_markup",
        lambda text, style: parsed.append(text) or original(text, style),
    )
    body = styles()["body"]
    SetParagraph("A <b>siege</b>.", body)  # outside the block: parsed as it is made
    assert parsed.pop() == "A <b>siege</b>."
    with parsed_when_read(True):
        paragraph = SetParagraph("An <b>army</b> attacks.", body)
    paragraph.blocks_read = 3  # what the book's story notes on each flowable
    assert parsed == [] and paragraph.blocks_read == 3
    assert paragraph.wrap(200, 500)[1] > 0 and parsed == ["An <b>army</b> attacks."]
    assert paragraph.text == "An <b>army</b> attacks."
    with parsed_when_read(True):  # set again, as a page reference is
        Paragraph.__init__(paragraph, "A <i>siege</i> begins.", body)
    assert "frags" not in vars(paragraph)  # the old text's fragments are gone
    assert [frag.text for frag in paragraph.frags] == ["A ", "siege", " begins."]
    assert parsed[-1] == "A <i>siege</i> begins." and paragraph.wrap(200, 500)[1] > 0
