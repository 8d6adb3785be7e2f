"""Issue 17: fitting stops at the legible floor of 6 pt unless an element opts in, and `pnp check`
warns on text printed below it, on text printed over text and on badges past the safe zone."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.check import check_game
from generator.model.layout import TextElement
from generator.render.fit import LEGIBLE_PT, fit_text, smallest_size
from generator.render.items import Rect
from tests.conftest import GAME_YAML

GAMES = sorted(Path(__file__).resolve().parents[1].glob("card_data/*/game.yaml"))

TIGHT = """\
layouts:
  tight:
    extends: framed
    elements:
      - {name: text, type: text, field: text, box: [3.5mm, 44mm, 56.5mm, HEIGHT], size: 9pt, min_size: 3pt OPT}
decks:"""


def _tight(height: str, opt: str = "") -> dict[str, str]:
    """The demo game with its rules text in a box `height` tall that may shrink to 3 pt."""
    layout = TIGHT.replace("HEIGHT", height).replace("OPT", opt)
    yaml = GAME_YAML.replace("decks:", layout).replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: tight"
    )
    return {"game.yaml": yaml}


def _sizes_of(pdf: Path, words: str) -> list[float]:
    """The type size, in points, of every printed character of `words` in the PDF."""
    sizes = []
    document = pdfium.PdfDocument(str(pdf))
    for page in document:
        text = page.get_textpage()
        whole = text.get_text_range()
        start = whole.find(words)
        while start >= 0:
            sizes += [
                pdfium_c.FPDFText_GetFontSize(text.raw, i) for i in range(start, start + len(words))
            ]
            start = whole.find(words, start + 1)
    return sizes


def _element(**settings) -> TextElement:
    return TextElement(type="text", template="x", **settings)


def test_smallest_size_is_the_floor_unless_opted_in():
    assert smallest_size(_element(size=9, min_size=3)) == LEGIBLE_PT
    assert smallest_size(_element(size=9, min_size=3, allow_small=True)) == 3
    assert smallest_size(_element(size=5, min_size=3)) == 5  # never above its own size
    assert smallest_size(_element(size=9, min_size=7)) == 7


def test_fitting_never_goes_below_the_floor_without_opt_in():
    box = Rect(0, 0, 56.5, 2)  # 5.7 pt tall: one line fits only below 4.7 pt
    assert fit_text("Draw a card.", _element(size=9, min_size=3), box, frozenset()) is None
    small = fit_text(
        "Draw a card.", _element(size=9, min_size=3, allow_small=True), box, frozenset()
    )
    assert small is not None and 3 <= small.size < LEGIBLE_PT


def test_built_text_prints_at_the_floor_and_below_it_only_when_opted_in(game, pnp):
    game(_tight("2.7mm"))
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    sizes = _sizes_of(Path("out/demo/cards-poker.pdf"), "Draw a card.")
    assert sizes and min(sizes) >= LEGIBLE_PT - 0.01

    game(_tight("2mm"))
    result = pnp("build", "demo", "-o", "out2", "--only", "cards")
    assert result.exit_code != 0 and "text-overflow" in result.output

    game(_tight("2mm", ", allow_small: true"))
    assert pnp("build", "demo", "-o", "out3", "--only", "cards").exit_code == 0
    sizes = _sizes_of(Path("out3/demo/cards-poker.pdf"), "Draw a card.")
    assert sizes and 3 <= min(sizes) < LEGIBLE_PT


def _findings(pnp, target: str) -> list[dict]:
    return json.loads(pnp("check", target, "--format", "json").stdout)


def test_check_names_the_fitted_size_below_the_floor(game, pnp):
    game(_tight("2mm", ", allow_small: true"))
    assert not [f for f in _findings(pnp, "demo") if f["code"] == "text-too-small"]
    layout = _tight("6mm")["game.yaml"].replace("size: 9pt", "size: 5.5pt")
    game({"game.yaml": layout})
    small = [f for f in _findings(pnp, "demo") if f["code"] == "text-too-small"]
    assert len(small) == 1, small
    assert "prints at 5.5 pt on 'knight' and 1 more" in small[0]["message"]


@pytest.mark.parametrize("game_file", GAMES, ids=lambda path: path.parent.name)
def test_bundled_card_faces_print_legibly(game_file: Path):
    _, report = check_game(game_file.parent)
    codes = ("text-too-small", "text-overlap", "outside-safe-zone")
    assert not [f.message for f in report.findings if f.code in codes]


def _icon_game(glyph: str, opt: str = "") -> dict[str, str]:
    """The demo game, its `:gold:` drawn with `glyph` inside, its text set at 7 pt in a roomy box."""
    files = _tight("30mm", opt)
    files["game.yaml"] = (
        files["game.yaml"]
        .replace(
            "    label: Gold\n",
            f'    label: Gold\n    drawing: {{shape: circle, fill: "#e2b227", glyph: "{glyph}"}}\n',
        )
        .replace("size: 9pt, min_size: 3pt", "size: 7pt, min_size: 7pt")
    )
    return files


def test_check_measures_the_letter_inside_a_symbol_in_text(game, pnp):
    game(_icon_game("G"))  # 7 pt text: the icon stands 8.4 pt, its one letter 6.05 pt
    assert not [f for f in _findings(pnp, "demo") if f["code"] == "text-too-small"]

    game(_icon_game("Gd"))  # two letters take a smaller size: 4.2 pt
    small = [f for f in _findings(pnp, "demo") if f["code"] == "text-too-small"]
    assert [(f["line"], f["message"]) for f in small] == [
        (
            7,  # the symbol's entry in game.yaml
            "symbol 'gold': its letter 'Gd' prints at 4.2 pt in text 'text' of deck 'heroes' on "
            "'knight'; expected at least 6 pt (a larger text or icon, a one-character glyph, or "
            "`allow_small: true` on the element)",
        )
    ]

    game(_icon_game("Gd", ", allow_small: true"))
    assert not [f for f in _findings(pnp, "demo") if f["code"] == "text-too-small"]


BOARD = """\
boards:
  - id: mat
    name: Mat
    size: 120x80mm
    elements:
      - {type: rect, box: [0, 0, 120mm, 15mm], fill: "#1f3b8c"}
      - {type: text, template: "Place the Sultan and his guard here", box: [5mm, 20mm, 30mm, 3mm], size: 9, min_size: 6}
"""


def test_a_board_text_that_cannot_fit_is_found_at_its_own_line(game, pnp):
    mat = "components:\n  - {id: mat-board, name: Mat, kind: board, count: 1, provided_by: mat}\n"
    game({"game.yaml": GAME_YAML.replace("components:\n", mat) + BOARD})
    overflow = [f for f in _findings(pnp, "demo") if f["code"] == "text-overflow"]
    assert [(f["line"], f["message"]) for f in overflow] == [
        (
            GAME_YAML.count("\n") + 8,
            "board 'mat', text 'Place the Sultan and his guard here': text does not fit its 30x3 "
            "mm box even at the minimum size 6 pt",
        )
    ]
