"""`limits:` in game.yaml raises (or lowers) a game's own limits, within ten times the defaults,
and every stage that reads, checks or builds the game applies them."""

import pytest

from generator.limits import DEFAULT_LIMITS, Limits, active, applied
from generator.render import parallel
from tests.conftest import GAME_YAML, HEROES_CSV

BIG_DECK = HEROES_CSV.replace("knight,Knight,2,", "knight,Knight,150000,")
HINT = "(`limits: {copies: ...}` in game.yaml raises it)"


def _with_limits(limits: str) -> str:
    return GAME_YAML + f"limits: {limits}\n"


def test_a_quantity_past_the_default_is_refused_with_how_to_raise_it(game, pnp):
    game({"decks/heroes.csv": BIG_DECK})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"demo/decks/heroes.csv:2:15: error schema: quantity: expected a number of at most "
        f"100,000 {HINT}, found '150000'"
    )


def test_a_game_that_raises_a_limit_checks_clean_and_says_so(game, pnp):
    game({"game.yaml": _with_limits("{copies: 150000}"), "decks/heroes.csv": BIG_DECK})
    result = pnp("check", "demo")
    lines = result.stdout.splitlines()
    assert (
        "demo/game.yaml:22:10: info limits-raised: this game raises the limit on copies from "
        "100,000 to 150,000"
    ) in lines
    assert "quantity" not in result.stdout
    assert "count-mismatch" in result.stdout  # the deck now prints 150,001: checked as usual


@pytest.mark.parametrize(
    ("limits", "finding"),
    [
        (
            "{copies: 10000000}",
            "demo/game.yaml:22:18: error schema: limits.copies: expected a number of at most "
            "1,000,000, found 10000000",
        ),
        (
            "{copies: 0}",
            "demo/game.yaml:22:18: error schema: limits.copies: expected a number of at least 1, "
            "found 0",
        ),
        (
            "{copys: 5}",
            "demo/game.yaml:22:10: error schema: limits.copys: expected one of the limits "
            "art_file_mb, art_pixels, board_copies, cards_and_tokens, cell_characters, copies, "
            "data_file_mb, font_file_mb, grid_side, players, side_mm, svg_elements, "
            "svg_path_numbers, table_columns, table_rows, template_characters, template_steps, "
            "track_spaces, yaml_values, found 'copys'",
        ),
    ],
)
def test_a_limit_past_its_ceiling_or_unknown_is_the_only_finding(game, pnp, limits, finding):
    """Nothing else is read once the limits are wrong: no follow-on findings."""
    game({"game.yaml": _with_limits(limits), "decks/heroes.csv": BIG_DECK})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [finding]


def test_a_lowered_table_limit_applies_to_the_deck_file(game, pnp):
    game({"game.yaml": _with_limits("{table_rows: 1}")})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/decks/heroes.csv:3:1: error too-large: expected at most 1 rows after the header "
        "(`limits: {table_rows: ...}` in game.yaml raises it), found more"
    ) in result.stdout.splitlines()


def test_a_lowered_template_budget_applies_to_card_text_when_built(game, pnp, tmp_path):
    deck = HEROES_CSV.replace("Draw a card.", "{% for i in range(50) %}x{% endfor %}")
    game({"game.yaml": _with_limits("{template_steps: 20}"), "decks/heroes.csv": deck})
    result = pnp("build", "demo", "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert (
        "found a template that takes more than 20 steps, loop items and calls counted "
        "(`limits: {template_steps: ...}` in game.yaml raises it)"
    ) in result.output
    assert not (tmp_path / "out").exists()


def test_a_deck_rendered_on_two_processes_keeps_the_limits(game, pnp, monkeypatch):
    """Big decks render their second half in a forked worker: it works within the same limits."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN_DESIGNS", 2)
    deck = HEROES_CSV.replace("Draw a card.", "{% for i in range(50) %}x{% endfor %}")
    game({"game.yaml": _with_limits("{template_steps: 20}"), "decks/heroes.csv": deck})
    result = pnp("check", "demo")
    assert "demo/decks/heroes.csv:3:" in result.stdout  # the mage is the worker's half
    assert "more than 20 steps" in result.stdout


def test_limits_apply_only_inside_their_game():
    with applied(Limits(copies=7)):
        assert active().copies == 7
        with applied(Limits()):
            assert active().copies == DEFAULT_LIMITS.copies
        assert active().copies == 7
    assert active() is DEFAULT_LIMITS
