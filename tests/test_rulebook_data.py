"""What a rulebook quotes from the data: card texts filled in, template mistakes at their line."""

from __future__ import annotations

from pathlib import Path

from reportlab.platypus import CondPageBreak, Paragraph

from generator.build import rendered_game
from generator.check import check_game
from generator.render.rulebook import Box, Para
from generator.render.rulebook_data import rulebook_context
from generator.write.rulebook import _box, _flowables, styles
from tests.conftest import GAME_YAML, HEROES_CSV


def test_card_reference_prints_card_text_as_it_prints_on_the_card(game):
    folder = game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "I am {{ card.name }}.")})
    loaded, _ = check_game(folder)
    reference = rulebook_context(loaded)["card_reference"]()
    assert "**Mage** (\u00d71): I am Mage." in reference
    assert "{{" not in reference


def test_arithmetic_on_quoted_text_is_an_error_at_its_line(game, pnp):
    game({"rulebook.md": "# Setup\n\nDeal {{ count('hero-cards') + 1 }} cards.\n"})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "demo/rulebook.md:3:1: error rulebook-data: expected a template that renders, found "
        'TypeError: can only concatenate str (not "int") to str'
    ]


def test_table_cells_quote_parameters(game):
    table = """\
parameters:
  hand_limit: {value: 7, label: Hand limit}
tables:
  limits:
    title: Limits
    columns: [rule, value]
    rows:
      - {rule: Hand, value: "{{ params.hand_limit.value }} cards"}
"""
    folder = game({"game.yaml": GAME_YAML + table})
    loaded, _ = check_game(folder)
    assert "| Hand | 7 cards |" in rulebook_context(loaded)["table"]("limits")


def test_the_game_data_is_built_once_for_the_rulebook_its_tables_and_card_texts(game, monkeypatch):
    import generator.render.rulebook_data as rulebook_data

    table = "tables:\n  limits:\n    title: Limits\n    rows:\n      - {rule: '{{ game.id }}'}\n"
    loaded, _ = check_game(game({"game.yaml": GAME_YAML + table}))
    built = []
    real = rulebook_data.game_context
    monkeypatch.setattr(rulebook_data, "game_context", lambda g: built.append(g) or real(g))
    context = rulebook_data.rulebook_context(loaded)
    assert context["table"]("limits") == context["table"]("limits")
    assert "Mage" in context["card_reference"]()
    assert len(built) == 1


def test_a_table_cell_quoting_a_missing_parameter_is_named(game, pnp):
    table = """\
parameters:
  hand_limit: 7
tables:
  limits:
    title: Limits
    rows:
      - {rule: Hand, value: "{{ params.hand_limt.value }} cards"}
"""
    game({"game.yaml": GAME_YAML + table})
    assert pnp("check", "demo").stdout.splitlines() == [
        "demo/game.yaml:28:29: error unknown-parameter: table 'limits' value: expected a "
        "parameter defined in game.yaml, found 'hand_limt' (did you mean 'hand_limit'?)"
    ]


def test_a_box_title_shares_its_row_with_the_first_paragraph():
    """The box may break between rows, so its title must never stand in a row of its own."""
    table = _box(Box("example", "Example", (Para("one"), Para("two"))), styles(), 300, None)
    first, second = (row[0] for row in table._cellvalues)
    assert [p.getPlainText() for p in first] == ["Example", "one"]
    assert second.getPlainText() == "two"


def test_a_board_taller_than_the_page_is_shown_scaled_to_fit(game, pnp, tmp_path):
    board = """\
boards:
  - id: tall
    name: Tall map
    size: 180x270mm
    elements:
      - {type: grid, columns: 3, rows: 5, box: [10mm, 10mm, 160mm, 250mm]}
"""
    game_yaml = GAME_YAML.replace(
        "components:\n",
        "components:\n  - {id: map, name: Map, kind: board, count: 1, provided_by: tall}\n",
    )
    game(
        {
            "game.yaml": game_yaml + board,
            "rulebook.md": "# The map\n\n{{ show('board', 'tall', 1) }}\n",
        }
    )
    result = pnp("build", "demo", "-o", str(tmp_path / "out"), "--only", "rulebook")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "demo" / "rulebook-booklet.pdf").is_file()


def test_pieces_shown_one_after_another_share_a_row(game):
    game(
        {
            "rulebook.md": "# Heroes\n\n{{ show('card', 'knight', 0.5) }}\n\n"
            "{{ show('card', 'mage', 0.5) }}\n\nAnd one more:\n\n{{ show('card', 'knight') }}\n"
        }
    )
    loaded, report = check_game(Path("demo"))
    assert not report.errors
    rendered = rendered_game(loaded)
    story = _flowables(rendered.rulebook, styles(), 400, (Path("demo"), rendered.shown, 700))
    kinds = [
        "Paragraph" if isinstance(f, Paragraph) else type(f).__name__
        for f in story
        if not isinstance(f, CondPageBreak)
    ]
    assert kinds == ["Paragraph", "Table", "Paragraph", "PieceFlowable"]
    [row] = next(f for f in story if type(f).__name__ == "Table")._cellvalues
    assert [type(cell).__name__ for cell in row] == ["PieceFlowable", "PieceFlowable"]


def test_a_card_of_a_deck_that_could_not_be_read_is_not_reported_again(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML.replace("decks/heroes.csv", "decks/missing.csv"),
            "rulebook.md": "# Rules\n\n{{ show('card', 'mage') }}\n",
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "demo/game.yaml:21:11: error missing-file: expected a file at 'decks/missing.csv', "
        "found none"
    ]
