"""Guides: further booklets typeset like the rulebook, drawing on decks with pieces()."""

from __future__ import annotations

import json

from pypdf import PdfReader

from tests.conftest import GAME_YAML
from tests.printing import embedded_fonts

GUIDED = (
    GAME_YAML
    + """\
guides:
  - id: heroes-guide
    file: guide.md
    title: The Heroes' Guide
    subtitle: Who they are
"""
)

GUIDE_MD = """\
# The heroes

{% for hero in pieces('heroes') %}
## {{ hero.name }}

{{ hero.name }} comes {{ hero.quantity }} times in the deck.
{% endfor %}
"""


def test_a_guide_lists_a_decks_designs_in_its_own_pdf(game, pnp, tmp_path):
    game({"game.yaml": GUIDED, "guide.md": GUIDE_MD})
    result = pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "guides")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "out" / "demo"
    pdf = PdfReader(folder / "heroes-guide.pdf")
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "The Heroes' Guide" in text and "Who they are" in text
    assert "Knight comes 2 times in the deck." in text
    assert "Mage comes 1 times in the deck." in text
    [entry] = json.loads((folder / "manifest.json").read_text())["files"]
    assert (entry["path"], entry["kind"], entry["pages"]) == (
        "heroes-guide.pdf",
        "guide",
        len(pdf.pages),
    )


def test_a_guide_naming_an_unknown_deck_fails_at_its_line(game, pnp):
    game({"game.yaml": GUIDED, "guide.md": GUIDE_MD.replace("pieces('heroes')", "pieces('hero')")})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "demo/guide.md:3:1: error rulebook-data: expected data the game defines, found "
        "UndefinedError: no deck or token sheet 'hero'; expected one of heroes"
    ]


def test_a_missing_guide_file_is_named_at_its_entry(game, pnp):
    game({"game.yaml": GUIDED})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "demo/game.yaml:24:11: error missing-file: expected a file at 'guide.md', found none"
    ]


BOOKLET = """\
  - id: heroes-booklet
    name: Heroes' guide
    kind: booklet
    count: {count}
    provided_by: {provider}
"""


def _with_booklet(count: int = 1, provider: str = "heroes-guide") -> str:
    """The guided demo game with its guide listed in the inventory."""
    return GUIDED.replace("decks:\n", BOOKLET.format(count=count, provider=provider) + "decks:\n")


def test_a_booklet_in_the_inventory_is_provided_by_its_guide(game, pnp, tmp_path):
    game({"game.yaml": _with_booklet(), "guide.md": GUIDE_MD})
    assert pnp("check", "demo", "--strict").exit_code == 0
    result = pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "guides")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "demo" / "manifest.json").read_text())
    assert {c["id"]: c["count"] for c in manifest["components"]}["heroes-booklet"] == 1


def test_a_booklet_counts_one_and_rulebook_needs_a_rulebook(game, pnp):
    game({"game.yaml": _with_booklet(count=2), "guide.md": GUIDE_MD})
    assert pnp("check", "demo").stdout.splitlines() == [
        "demo/game.yaml:21:12: error count-mismatch: component 'heroes-booklet' counts 2, "
        "but 'heroes-guide' is one booklet"
    ]
    game({"game.yaml": _with_booklet(provider="rulebook"), "guide.md": GUIDE_MD})
    [line] = pnp("check", "demo").stdout.splitlines()
    assert line.startswith(
        "demo/game.yaml:22:18: error unknown-reference: expected a deck, token sheet, board or "
        "booklet id"
    )


def test_a_guide_without_front_matter_starts_on_its_first_page(game, pnp, tmp_path):
    game({"game.yaml": GUIDED + "    front_matter: false\n", "guide.md": GUIDE_MD})
    result = pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "guides")
    assert result.exit_code == 0, result.output
    pdf = PdfReader(tmp_path / "out" / "demo" / "heroes-guide.pdf")
    first = pdf.pages[0].extract_text()
    assert len(pdf.pages) == 1
    assert (
        "The Heroes' Guide" in first and "Knight comes 2 times" in first and "Contents" not in first
    )


def test_a_guide_is_set_in_the_rulebooks_faces(game, pnp, tmp_path):
    """`rulebook: {font_family, heading_font_family}` sets the guides too, as its help says."""
    faces = "rulebook:\n  font_family: Inter\n  heading_font_family: Cinzel\n"
    game({"game.yaml": GUIDED + faces, "guide.md": GUIDE_MD})
    assert pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "guides").exit_code == 0
    fonts = embedded_fonts(tmp_path / "out" / "demo" / "heroes-guide.pdf")
    assert {"Inter-Regular", "Cinzel-Bold"} <= fonts
    assert not any(name.startswith("SourceSerif") for name in fonts)
