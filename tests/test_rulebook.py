"""The rulebook: contents, outline and links that land on the right pages, data that cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.impose.booklet import saddle_stitch
from tests.conftest import GAME_YAML
from tests.printing import pdf_links

RULEBOOK = """\
# Introduction {#intro}

You may hold {{ param('hand_limit') }} cards. See [the combat rules](#combat) and (2.2).

## Goal {#goal}

{% for i in range(120) %}A filler sentence keeps this section long enough to run over pages.
{% endfor %}

!!! example "Example of play"
    The knight draws a card and gains 1 :gold:.

# Combat {#combat}

## Strength {#strength}

{% for i in range(120) %}Another filler line pushes the next heading further down the book.
{% endfor %}

## Retreats {#retreats}

A beaten army retreats; the limit is {{ param('hand_limit') }} again.

# Reference {#reference}

{{ quick_reference() }}

{{ component_list() }}
"""


@pytest.fixture
def rulebook_game(game):
    yaml = GAME_YAML.replace(
        "components:", "parameters:\n  hand_limit: {value: 7, label: Hand limit}\ncomponents:"
    )
    return game({"game.yaml": yaml, "rulebook.md": RULEBOOK})


def _build(pnp, out: str = "out") -> Path:
    result = pnp("build", "demo", "-o", out, "--only", "rulebook")
    assert result.exit_code == 0, result.output
    return Path(out) / "demo"


def _placed_text(page) -> list[tuple[str, float, float]]:
    """Every text fragment with its position on the page (text matrix times transformation)."""
    found = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x, y))

    page.extract_text(visitor_text=visit)
    return found


def _lines(page) -> dict[int, str]:
    """Text fragments joined into lines by height, left to right, dots dropped."""
    rows: dict[int, list[tuple[float, str]]] = {}
    for text, x, y in _placed_text(page):
        rows.setdefault(round(y), []).append((x, text))
    return {y: " ".join(t for _, t in sorted(parts) if t.strip(" .")) for y, parts in rows.items()}


def _page_of(reader: PdfReader, text: str) -> int:
    """1-based page on which `text` appears first."""
    for number, page in enumerate(reader.pages, start=1):
        if text in page.extract_text():
            return number
    raise AssertionError(f"{text!r} is on no page")


def test_contents_outline_and_links_point_at_the_pages_headings_land_on(rulebook_game, pnp):
    folder = _build(pnp)
    reader = PdfReader(folder / "rulebook.pdf")
    headings = {
        "1 Introduction": "[1] Introduction",
        "1.1 Goal": "[1.1] Goal",
        "2 Combat": "[2] Combat",
        "2.1 Strength": "[2.1] Strength",
        "2.2 Retreats": "[2.2] Retreats",
        "3 Reference": "[3] Reference",
    }
    pages = {entry: _page_of(reader, heading) for entry, heading in headings.items()}
    assert len(set(pages.values())) >= 3, pages
    lines = _lines(reader.pages[1])
    for entry, page in pages.items():
        line = next(text for text in lines.values() if text.startswith(entry))
        assert line.split()[-1] == str(page), (entry, page, line)

    def flatten(items):
        for item in items:
            yield from flatten(item) if isinstance(item, list) else [item]

    outline = [
        (item.title, reader.get_destination_page_number(item) + 1)
        for item in flatten(reader.outline)
    ]
    assert outline == list(pages.items())

    links = {link.text: link.target for link in pdf_links(folder / "rulebook.pdf")}
    assert links["the combat rules"] == pages["2 Combat"]
    assert links[f"(2.2, p. {pages['2.2 Retreats']})"] == pages["2.2 Retreats"]


def test_a_changed_value_appears_everywhere_and_the_old_one_nowhere(rulebook_game, pnp):
    text = " ".join(
        p.extract_text() for p in PdfReader(_build(pnp, "before") / "rulebook.pdf").pages
    )
    assert "You may hold 7 cards" in text and "the limit is 7 again" in text
    game_yaml = rulebook_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("value: 7", "value: 5"))
    text = " ".join(
        p.extract_text() for p in PdfReader(_build(pnp, "after") / "rulebook.pdf").pages
    )
    assert "You may hold 5 cards" in text and "the limit is 5 again" in text
    flat = text.replace("\n", " ")
    assert "Hand limit 5" in flat
    assert not re.search(r"hold 7|limit is 7|Hand limit 7", flat)


def test_a_reference_to_a_missing_section_fails_the_check(rulebook_game, pnp):
    (rulebook_game / "rulebook.md").write_text(
        RULEBOOK.replace("(#combat)", "(#battle)").replace("(2.2)", "(4.1)")
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    line = RULEBOOK.splitlines()[2].replace("(#combat)", "(#battle)").replace("(2.2)", "(4.1)")
    assert result.stdout.splitlines() == [
        f"demo/rulebook.md:3:{line.index('#battle') + 1}: error rulebook-reference: expected a heading with id 'battle', found none",
        f"demo/rulebook.md:3:{line.index('4.1') + 1}: error rulebook-reference: expected section 4.1 to exist, found no such section",
    ]


def test_quoting_data_that_does_not_exist_names_the_line(rulebook_game, pnp):
    (rulebook_game / "rulebook.md").write_text(
        RULEBOOK.replace("param('hand_limit') }} again", "param('hand_size') }} again")
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    line = next(
        i for i, text in enumerate(RULEBOOK.splitlines(), start=1) if "the limit is" in text
    )
    assert result.stdout.strip().startswith(
        f"demo/rulebook.md:{line}:1: error rulebook-data: expected data the game defines, "
        "found UndefinedError: no rule parameter 'hand_size'"
    )


def test_booklet_pages_come_out_in_saddle_stitch_order(rulebook_game, pnp):
    folder = _build(pnp)
    pages = PdfReader(folder / "rulebook.pdf")
    booklet = pdfium.PdfDocument(str(folder / "rulebook-booklet.pdf"))
    sides = []
    for side in booklet:  # pdfium places text drawn through the pages' forms, as a viewer does
        width, _ = side.get_size()
        words = side.get_textpage()
        feet = [words.get_text_bounded(x, 0, x + width / 2, 30).strip() for x in (0, width / 2)]
        left, right = (int(foot) if foot.isdigit() else None for foot in feet)
        sides.append((left, right))
    half_pages = len(booklet) * 2
    expected = [tuple(n + 1 for n in pair) for pair in saddle_stitch(half_pages)]
    for (left, right), (want_left, want_right) in zip(sides, expected, strict=True):
        assert left in (want_left, None) and right in (want_right, None)
    assert sum(1 for pair in sides for n in pair if n) >= len(pages.pages) - 2


def test_rulebook_fonts_embedded_and_bytes_identical(rulebook_game, pnp):
    first = {p.name: p.read_bytes() for p in _build(pnp, "one").glob("rulebook*.pdf")}
    second = {p.name: p.read_bytes() for p in _build(pnp, "two").glob("rulebook*.pdf")}
    assert first == second and len(first) == 2
    for name in first:
        for page in PdfReader(Path("one/demo") / name).pages:
            for ref in page["/Resources"].get("/Font", {}).values():
                assert (
                    "/FontDescriptor" in ref.get_object()
                    and "/FontFile2" in ref.get_object()["/FontDescriptor"]
                )


def test_figures_and_pieces_from_the_data_are_drawn_in_the_text(rulebook_game, pnp):
    from PIL import Image

    (rulebook_game / "art").mkdir()
    Image.new("RGB", (200, 120), "#2f5d9e").save(rulebook_game / "art" / "map.png")
    text = RULEBOOK.replace(
        "# Reference {#reference}",
        "![The map of the lands](art/map.png)\n\n{{ show('card', 'mage', 0.8) }}\n\n# Reference {#reference}",
    )
    (rulebook_game / "rulebook.md").write_text(text)
    reader = PdfReader(_build(pnp) / "rulebook.pdf")
    figure_page = _page_of(reader, "The map of the lands")
    page = reader.pages[figure_page - 1]
    near = reader.pages[figure_page - 1 : figure_page + 1]  # the cover shows the card too
    assert any("Draw a card." in later.extract_text() for later in near)
    forms = [x.get_object() for x in page["/Resources"]["/XObject"].values()]
    assert any(  # the figure is a form holding the image, embedded once however often it shows
        inner.get_object().get("/Subtype") == "/Image"
        for form in forms
        for inner in form.get("/Resources", {}).get("/XObject", {}).values()
    )


def test_a_missing_figure_or_unknown_piece_fails_the_check(rulebook_game, pnp):
    text = RULEBOOK.replace(
        "# Reference {#reference}", "![Lost](art/lost.png)\n\n# Reference {#reference}"
    )
    (rulebook_game / "rulebook.md").write_text(text)
    result = pnp("check", "demo")
    line = text.splitlines().index("![Lost](art/lost.png)") + 1
    assert (
        result.stdout.strip()
        == f"demo/rulebook.md:{line}:1: error missing-file: expected a file at 'art/lost.png', found none"
    )
    (rulebook_game / "rulebook.md").write_text(
        RULEBOOK.replace(
            "# Reference {#reference}", "{{ show('card', 'dragon') }}\n\n# Reference {#reference}"
        )
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "error rulebook-data: expected data the game defines, found UndefinedError: no card 'dragon'"
        in result.stdout
    )


def test_the_index_lists_glossary_terms_with_their_pages(rulebook_game, pnp):
    text = RULEBOOK.replace(
        "A beaten army retreats;", "A beaten army retreats and pays one talent;"
    )
    (rulebook_game / "rulebook.md").write_text(text)
    reader = PdfReader(_build(pnp) / "rulebook.pdf")
    lines = list(_lines(reader.pages[-1]).values())
    assert "Index" in lines
    entry = next(line for line in lines if line.startswith("talent"))
    assert entry.split()[-1] == str(_page_of(reader, "pays one talent")), lines


def test_two_columns_set_text_in_two_columns(rulebook_game, pnp):
    game_yaml = rulebook_game / "game.yaml"
    game_yaml.write_text(game_yaml.read_text() + "rulebook:\n  columns: 2\n")
    reader = PdfReader(_build(pnp) / "rulebook.pdf")
    page = reader.pages[_page_of(reader, "[1.1] Goal") - 1]
    width = float(page.mediabox.width)
    body = [(x, y) for text, x, y in _placed_text(page) if "filler" in text]
    assert any(x < width / 2 for x, _ in body) and any(x > width / 2 for x, _ in body), body
