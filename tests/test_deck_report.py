"""`deck-report.pdf`: copies per value of every numeric field, counted with quantities, as a table
and a vector bar chart whose bars are as tall as their counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.check import check_game
from generator.render.distributions import FieldDistribution, deck_distributions
from generator.write.report import BAR
from tests.conftest import GAME_YAML, HEROES_CSV
from tests.printing import colour_mask, raster

# The demo deck gets two numeric columns: `cost` everywhere, `power` on the knight only (the
# mage leaves it blank, the rogue writes text); the default layout's stat block prints both.
# Coins carry a value, two of them a placeholder, printed by the sheet's own layout.
HEROES = (
    HEROES_CSV.replace("quantity,text", "quantity,text,cost,power")
    .replace("Gain 1 :gold:.", "Gain 1 :gold:.,3,2")
    .replace("Draw a card.", "Draw a card.,3,")
    + "rogue,Rogue,4,Steal a card.,1,X\n"
)
COINS = """\
- {id: copper, name: Copper, quantity: 5, value: 1, colour: brown}
- {id: silver, name: Silver, quantity: 3, value: 5}
- {id: crown, name: Crown, quantity: 2, value: {placeholder: source gives no value}}
- {id: gem, name: Gem, value: 2.5}
"""
SHEETS = """\
  - {id: coin-tokens, name: Coins, kind: token, count: 11, provided_by: coins}
  - {id: marker-tokens, name: Markers, kind: token, count: 2, provided_by: markers}
token_sheets:
  - {id: coins, name: Coins, file: tokens/coins.yaml, size: 3/4in, layout: coin}
  - {id: markers, name: Markers, file: tokens/markers.csv, size: 5/8in, shape: square}
layouts:
  coin:
    extends: token
    elements:
      - {name: number, type: text, template: "{{ value }}", box: [10%, 10%, 80%, 42%]}
"""
MARKERS = "id,name,quantity,text\nstart,Start,2,First player.\n"


@pytest.fixture
def report_game(game) -> Path:
    return game(
        {
            "game.yaml": GAME_YAML.replace("count: 3", "count: 7").replace(
                "decks:", SHEETS + "decks:"
            ),
            "decks/heroes.csv": HEROES,
            "tokens/coins.yaml": COINS,
            "tokens/markers.csv": MARKERS,
        }
    )


@pytest.fixture
def report(report_game, pnp) -> Path:
    result = pnp("build", "demo", "-o", "out", "--only", "report")
    assert result.exit_code == 0, result.output
    return Path("out/demo/deck-report.pdf")


def test_distributions_are_counted_by_hand_with_quantities_and_placeholders(report_game):
    loaded, _ = check_game(report_game)
    decks = {deck.id: deck for deck in deck_distributions(loaded)}
    assert list(decks) == ["heroes", "coins", "markers"]
    heroes, coins, markers = decks.values()
    assert (heroes.kind, heroes.copies, coins.kind, coins.copies) == ("deck", 7, "token sheet", 11)
    assert heroes.fields == (
        FieldDistribution("cost", ((1, 4), (3, 3)), placeholders=0, without=0),
        FieldDistribution("power", ((2, 2),), placeholders=0, without=5),
    )
    assert coins.fields == (FieldDistribution("value", ((1, 5), (2.5, 1), (5, 3)), 2, 0),)
    assert markers.fields == ()


def test_report_names_decks_fields_and_counts_and_is_listed(report):
    text = " ".join(page.extract_text() for page in PdfReader(report).pages)
    flat = " ".join(text.split())
    for expected in (
        "Deck: Heroes (7 cards)",
        "Heroes — cost",
        "Heroes — power",
        "Token sheet: Coins (11 tokens)",
        "Coins — value",
        "7 cards: 2 with a value, 0 with no value (placeholder), 5 without a number",
        "11 tokens: 9 with a value, 2 with no value (placeholder).",
        "Token sheet: Markers (2 tokens) No numeric field.",
        "value copies 1 4 3 3",
        "value copies 1 5 2.5 1 5 3",
    ):
        assert expected in flat, expected
    manifest = json.loads(Path("out/demo/manifest.json").read_text())
    [entry] = manifest["files"]
    assert (entry["path"], entry["kind"], entry["paper"], entry["charts"]) == (
        "deck-report.pdf",
        "report",
        "a4",
        3,
    )


def test_report_fonts_are_embedded_and_paper_follows_the_build(report, pnp):
    for page in PdfReader(report).pages:
        assert [round(float(v)) for v in page.mediabox] == [0, 0, 595, 842]
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
    assert (
        pnp("build", "demo", "-o", "letter", "--only", "report", "--paper", "letter").exit_code == 0
    )
    page = PdfReader("letter/demo/deck-report.pdf").pages[0]
    assert [round(float(v)) for v in page.mediabox] == [0, 0, 612, 792]


def test_bar_heights_at_100_dpi_are_proportional_to_the_counts(report):
    charts = [chart for page in raster(report, 100) for chart in _bar_heights(page)]
    assert len(charts) == 3
    for heights, counts in zip(charts, [[4, 3], [2], [5, 1, 3]], strict=True):
        assert len(heights) == len(counts)
        unit = heights[0] / counts[0]  # proportional, with no offset: bars start at zero
        assert heights == pytest.approx([count * unit for count in counts], abs=1.5)


def _bar_heights(page: Image.Image) -> list[list[int]]:
    """Bar heights in px for each chart on a page, charts top to bottom, bars left to right."""
    mask = colour_mask(page, "#" + BAR.hexval()[2:])
    width, height = mask.size
    rows = [mask.crop((0, y, width, y + 1)).getbbox() is not None for y in range(height)]
    charts = []
    for top, bottom in _runs(rows):
        band = mask.crop((0, top, width, bottom + 1))
        filled = [band.crop((x, 0, x + 1, band.height)).histogram()[255] for x in range(width)]
        charts.append(
            [max(filled[left : right + 1]) for left, right in _runs([n > 0 for n in filled])]
        )
    return charts


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """First and last index of each run of true values."""
    runs, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs
