"""HTML and entities in a rulebook, a guide or the data never raise: raw HTML and unknown
entities print as the text the designer typed, each a warning at its place; known entities
print their characters; values filled in from the data print as they are written."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check.typed_markup import report_typed_markup
from generator.findings import Report
from generator.model.layout import TextStyle
from generator.render.fit import fit_text
from generator.render.items import Rect
from generator.render.rulebook import rulebook_blocks, rulebook_environment
from generator.units import PAPERS
from generator.write.rulebook import rulebook_pdf
from tests.conftest import GAME_YAML, HEROES_CSV

RULEBOOK = "# Setup\n\nDeal the cards.\n\nLINE\n"
QUOTING = "# Setup\n\nWelcome to {{ game.title }}. Deal the cards.\n\n{{ card_reference() }}\n"
TITLED = GAME_YAML.replace("title: Demo Game", "title: Rock <Paper> Scissors")


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


DATA_WARNING = (
    "demo/{at}: warning html-in-data: expected plain text, found an HTML tag {tag}; it prints "
    "as typed, not read as HTML (for bold or italics write **text** or *text*, and type a "
    "character itself)\n"
)


def test_known_entities_print_their_characters_without_a_finding(game, pnp, tmp_path):
    line = "A&mdash;B, caf&#233;, d&eacute;j&agrave;, x&#x2014;y, 3&nbsp;coins, &lt;b&gt;."
    game({"rulebook.md": RULEBOOK.replace("LINE", line)})
    check = pnp("check", "demo")
    assert (check.exit_code, check.stdout) == (0, "")
    assert pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "rulebook").exit_code == 0
    text = _pdf_text(tmp_path / "out/demo/rulebook.pdf").replace("\u00a0", " ")  # as pypdf may
    assert "A\u2014B, café, déjà, x\u2014y, 3 coins, <b>." in text


def test_a_title_with_markup_characters_prints_as_written_in_the_rulebook_and_on_cards(
    game, pnp, tmp_path
):
    cards = HEROES_CSV.replace("Draw a card.", "Play {{ game.title }} now.")
    game({"game.yaml": TITLED, "decks/heroes.csv": cards, "rulebook.md": QUOTING})
    check = pnp("check", "demo")
    assert (check.exit_code, check.stdout) == (
        0,
        DATA_WARNING.format(at="game.yaml:2:8", tag="<Paper>"),
    )
    build = pnp("build", "demo", "-o", str(tmp_path / "out"))
    assert build.exit_code == 0, build.output
    book = _pdf_text(tmp_path / "out/demo/rulebook.pdf")
    assert book.count("Rock <Paper> Scissors") >= 2  # the cover and the sentence quoting it
    assert "Welcome to Rock <Paper> Scissors. Deal the cards." in book
    assert "Play Rock <Paper> Scissors now." in book  # the card reference quotes the card
    assert "Play Rock <Paper> Scissors now." in _pdf_text(tmp_path / "out/demo/cards-poker.pdf")


def test_html_in_a_cards_text_prints_as_typed_on_the_card_and_in_the_rulebook(game, pnp, tmp_path):
    text = "Gain<br>1 &bogus; <img src=x onerror=alert(1)> &mdash; ***now***."
    cards = HEROES_CSV.replace("Draw a card.", f'"{text}"')
    game({"decks/heroes.csv": cards, "rulebook.md": QUOTING})
    check = pnp("check", "demo")
    warning = DATA_WARNING.format(at="decks/heroes.csv:3:13", tag="<br>")
    assert (check.exit_code, check.stdout) == (0, warning)  # data is not Markdown
    assert pnp("build", "demo", "-o", str(tmp_path / "out")).exit_code == 0
    printed = "Gain<br>1 &bogus; <img src=x onerror=alert(1)> &mdash; now."
    card = " ".join(_pdf_text(tmp_path / "out/demo/cards-poker.pdf").split())
    book = " ".join(_pdf_text(tmp_path / "out/demo/rulebook.pdf").split())
    assert printed in card and printed in book


def test_headings_and_terms_with_markup_characters_reach_the_contents_and_the_index(
    game, pnp, tmp_path
):
    quoted = GAME_YAML.replace("  - name: talent", "  - name: '\"talent\"'")
    rulebook = '# Costs &lt;a&gt; {draft}\n\nA "talent" here.\n\n# Play\n\nSee (1).\n'
    game({"game.yaml": quoted, "rulebook.md": rulebook})
    check = pnp("check", "demo")
    assert (check.exit_code, check.stdout) == (0, "")
    assert pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "rulebook").exit_code == 0
    text = _pdf_text(tmp_path / "out/demo/rulebook.pdf")
    assert "[1] Costs <a>" in text and "1 Costs <a>" in text  # the heading and its contents line
    index = PdfReader(tmp_path / "out/demo/rulebook.pdf").pages[-1].extract_text()
    assert index.startswith("Index") and '"talent"' in index


def test_jinja_escapes_what_it_fills_in_but_not_what_a_macro_makes():
    environment = rulebook_environment()
    template = environment.from_string(
        "{% macro dash() %}&mdash;<br>{% endmacro %}{{ value }} {{ dash() }} {{ 3 }}"
    )
    value = 'Rock <Paper> & "Scissors" &mdash; **bold**'
    assert environment.render(template, {"value": value}) == (
        'Rock &lt;Paper&gt; &amp; "Scissors" &amp;mdash; **bold** &mdash;<br> 3'
    )


ALPHABET = [*"<>&;/\"'=#*_`{}:!|-.\\ \n", *"abcdeibr", "&#", "&#x", "amp", "mdash", "img"]
ALPHABET += ["\n\n", "\n# ", "\n- ", "{#", "{: ", "\n!!! note ", "\n| a | b |\n|---|---|\n| "]
ALPHABET += ["<!--", "-->", "<a href=", "<http://x>", "\x0c", "\x01", "é"]


def _random_texts(count: int) -> list[str]:
    """Short strings of markup characters and letters, the same on every run."""
    rng = random.Random(37)
    return ["".join(rng.choices(ALPHABET, k=rng.randint(1, 40))) for _ in range(count)]


def test_no_random_markup_raises_in_a_rulebook():
    texts = _random_texts(300)
    terms = ("bi", 'a"b', "<a>")
    for text in texts:  # each made into blocks and checked on its own
        report_typed_markup(rulebook_blocks(text, "T", terms), Path("rulebook.md"), text, Report())
    for start in range(0, len(texts), 50):  # then typeset, fifty to a book
        book = rulebook_blocks("\n\n".join(texts[start : start + 50]), 'Rock <P> & "S"', terms)
        assert rulebook_pdf(book, PAPERS["a4"], 1, [], Path("."), "<i>&bogus;").pages >= 1


def test_no_random_markup_raises_on_a_card():
    style = TextStyle(size=9, min_size=4)
    for text in _random_texts(300):
        fit_text(text, style, Rect(0, 0, 50, 80), frozenset({"a"}))  # fitted, or None
