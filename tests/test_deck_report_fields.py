"""The deck report charts game values only (fields a layout prints, text quotes or a cost class
names), never bookkeeping columns, and lists each deck's write-in blanks with their reasons."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.check import check_game
from generator.cli import cli
from generator.render.distributions import deck_distributions, template_fields
from tests.conftest import GAME_YAML

ROOT = Path(__file__).resolve().parents[1]
BELAAD = ROOT / "card_data" / "belaad"


def _charted(folder: Path) -> dict[str, list[str]]:
    """Deck id to the fields the report charts, in file order."""
    loaded, _ = check_game(folder)
    assert loaded is not None
    return {deck.id: [f.field for f in deck.fields] for deck in deck_distributions(loaded)}


@pytest.fixture(scope="module")
def belaad_report(tmp_path_factory) -> str:
    """The text of Belaad's built deck report, whitespace flattened."""
    out = tmp_path_factory.mktemp("belaad-report")
    result = CliRunner().invoke(
        cli, ["build", str(BELAAD), "-o", str(out), "--only", "report"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(out / "belaad" / "deck-report.pdf")
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_template_fields_finds_bare_names_and_card_keys_but_not_loop_names():
    template = "{{ cost }} {{ card.name }} {{ card.fields.power }} {{ card['reach'] }}"
    template += "{% for x in card.tags %}{{ x }}{% endfor %}"
    assert template_fields(template) >= {"cost", "name", "power", "reach", "tags"}
    assert "x" not in template_fields(template)
    assert template_fields("plain text") == set()
    assert template_fields("{{ broken") == set()


def test_bundled_scholars_chart_printed_points_but_not_their_source_row():
    loaded, _ = check_game(BELAAD)
    scholars = next(deck for deck in loaded.game.decks if deck.id == "deck-scholars")
    assert "source_row" in (scholars.fields or [])  # declared, numeric, never printed
    charted = _charted(BELAAD)["deck-scholars"]
    assert "source_row" not in charted
    assert {"main_points", "bonus_points"} <= set(charted)


def test_bundled_family_deck_still_charts_its_printed_cost():
    assert _charted(ROOT / "card_data" / "lost-and-found")["deck-family"] == ["cost"]


def test_a_field_only_printed_text_quotes_is_charted_and_a_bookkeeping_column_is_not(game):
    folder = game(
        {
            "game.yaml": GAME_YAML.replace(
                "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: plain"
            )
            + "layouts:\n  plain:\n    extends: framed\n    elements:\n"
            "      - {name: fields, type: fields, fields: [reach]}\n",
            "decks/heroes.csv": "id,name,quantity,text,row,price,reach\n"
            "knight,Knight,2,Costs {{ price }}.,7,3,1\nmage,Mage,1,Costs {{ price }}.,8,4,2\n",
        }
    )
    assert _charted(folder) == {"heroes": ["price", "reach"]}


def test_belaad_report_charts_no_source_row(belaad_report):
    assert "Scholar — main_points" in belaad_report
    assert "source_row" not in belaad_report


def test_belaad_report_lists_every_placeholder_card_with_its_reason(belaad_report):
    loaded, _ = check_game(BELAAD)
    listed = 0
    for deck in loaded.game.decks:
        blanks = [p for p in loaded.piece_files[deck.id].pieces if p.placeholder]
        if blanks:
            assert f"Placeholders in {deck.name}:" in belaad_report
        for piece in blanks:
            assert f"{piece.name} ({piece.id})" in belaad_report
            assert " ".join(piece.placeholder.split()) in belaad_report, piece.id
            listed += 1
    assert listed >= 30  # the 57 unknown action cards (one design) and every scholar
