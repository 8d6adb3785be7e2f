"""HTML and entities in a rulebook or a guide never raise: raw HTML and unknown entities print
as the text the designer typed, each a warning at its place; known entities print their
characters."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle

from generator.check.typed_markup import report_typed_markup
from generator.findings import Report
from generator.render.markup import to_markup
from generator.render.paragraphs import card_paragraph
from generator.render.rulebook import rulebook_blocks
from generator.units import PAPERS
from generator.write.rulebook import rulebook_pdf
from tests.conftest import GAME_YAML

RULEBOOK = "# Setup\n\nDeal the cards.\n\nLINE\n"


def _pdf_text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.mark.parametrize(
    ("line", "finding"),
    [
        (
            "Line one<br>line two.",
            "demo/rulebook.md:5:9: warning html-in-text: expected Markdown, found the HTML tag "
            "<br>; it prints as text (for a line break end the line with two spaces)",
        ),
        (
            "<img src=x onerror=alert(1)>",
            "demo/rulebook.md:5:1: warning html-in-text: expected Markdown, found the HTML tag "
            "<img src=x onerror=alert(1)>; it prints as text (for a picture write "
            "![caption](file.png))",
        ),
        (
            "An &bogus; entity.",
            "demo/rulebook.md:5:4: warning unknown-entity: expected a known HTML entity such as "
            "&mdash;, found &bogus;, which prints as text (write &amp; for an & meant as text)",
        ),
        (
            "Kept <!-- a note to self --> here.",
            "demo/rulebook.md:5:6: warning html-in-text: expected Markdown, found the HTML "
            "comment <!-- a note to self -->; it prints as text (for a comment write "
            "{%# ... #%})",
        ),
    ],
)
def test_html_in_a_rulebook_is_a_warning_at_its_place_and_prints_as_typed(
    line, finding, game, pnp, tmp_path
):
    game({"rulebook.md": RULEBOOK.replace("LINE", line)})
    check = pnp("check", "demo")
    assert check.exit_code == 0, check.output
    assert check.stdout.splitlines()[0] == finding
    build = pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "rulebook")
    assert build.exit_code == 0, build.output
    assert line.split("<!--")[0] in _pdf_text(tmp_path / "out/demo/rulebook.pdf")


def test_the_literal_text_of_each_case_is_in_the_rulebook(game, pnp, tmp_path):
    lines = ["Line one<br>line two.", "<img src=x onerror=alert(1)>", "An &bogus; entity."]
    game({"rulebook.md": RULEBOOK.replace("LINE", "\n\n".join(lines))})
    assert pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "rulebook").exit_code == 0
    text = _pdf_text(tmp_path / "out/demo/rulebook.pdf")
    assert all(line in text for line in lines)


def test_a_guide_is_read_as_a_rulebook_is(game, pnp):
    guided = GAME_YAML + "guides:\n  - {id: aid, file: aid.md, title: Aid}\n"
    game({"game.yaml": guided, "aid.md": "# Aid\n\nTwo<br>lines.\n"})
    check = pnp("check", "demo")
    assert check.exit_code == 0
    assert check.stdout.startswith("demo/aid.md:3:4: warning html-in-text: ")


def test_known_entities_print_their_characters_without_a_finding(game, pnp, tmp_path):
    line = "A&mdash;B, caf&#233;, d&eacute;j&agrave;, x&#x2014;y, 3&nbsp;coins, &lt;b&gt;."
    game({"rulebook.md": RULEBOOK.replace("LINE", line)})
    check = pnp("check", "demo")
    assert (check.exit_code, check.stdout) == (0, "")
    assert pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "rulebook").exit_code == 0
    text = _pdf_text(tmp_path / "out/demo/rulebook.pdf").replace("\u00a0", " ")  # as pypdf may
    assert "A\u2014B, café, déjà, x\u2014y, 3 coins, <b>." in text


ALPHABET = [*"<>&;/\"'=#*_`{}:!|-.\\ \n", *"abcdeibr", "&#", "&#x", "amp", "mdash", "img"]
ALPHABET += ["\n\n", "\n# ", "\n- ", "{#", "{: ", "\n!!! note ", "\n| a | b |\n|---|---|\n| "]
ALPHABET += ["<!--", "-->", "<a href=", "<http://x>", "\x0c", "\x01", "é"]


def _random_texts(count: int) -> list[str]:
    """Short strings of markup characters and letters, the same on every run."""
    rng = random.Random(37)
    return ["".join(rng.choices(ALPHABET, k=rng.randint(1, 40))) for _ in range(count)]


def test_no_random_markup_raises_in_a_rulebook():
    texts = _random_texts(300)
    terms = ("bi", "ab")
    for text in texts:  # each made into blocks and checked on its own
        report_typed_markup(rulebook_blocks(text, "T", terms), Path("rulebook.md"), text, Report())
    for start in range(0, len(texts), 50):  # then typeset, fifty to a book
        book = rulebook_blocks("\n\n".join(texts[start : start + 50]), "Rules", terms)
        assert rulebook_pdf(book, PAPERS["a4"], 1, [], Path("."), "Rules").pages >= 1


def test_no_random_markup_raises_on_a_card():
    style = ParagraphStyle("card", fontName="Helvetica", fontSize=9, leading=11)
    for text in _random_texts(300):
        card_paragraph(to_markup(text, frozenset({"a"}), 9), style).wrap(150, 400)
