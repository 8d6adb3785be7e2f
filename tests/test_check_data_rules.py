"""The inventory, cost class, setup, invariant and parameter rules: one exact line per problem."""

from __future__ import annotations

from generator.check.parameters import unknown_parameters
from tests.conftest import GAME_YAML
from tests.rule_cases.data_rules import (
    BOARD,
    HERO_LEVELS,
    HEROES_WITH_COSTS,
    MAP_COMPONENT,
    PARAMETERS,
    quoting,
    with_components,
    with_part_of,
)
from tests.test_check_errors import _one_line


def _output(pnp) -> str:
    """Everything `pnp check demo` prints on stdout."""
    return pnp("check", "demo").stdout


def test_provided_component_without_printer(game, pnp):
    game({"game.yaml": with_components("  - {id: coins, name: Coins, kind: token, count: 9}\n")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:18:5: error inventory-provider: component 'coins' is provided, so "
        "expected provided_by naming a deck, token sheet or board, or parts (part_of: coins) "
        "that are all provided; found neither"
    )


def test_provided_parent_with_a_part_not_provided(game, pnp):
    parts = (
        "  - {id: coins, name: Coins, kind: token, count: 9}\n"
        "  - {id: gold-coins, name: Gold coins, kind: token, count: 9, part_of: coins, "
        "provided: false}\n"
    )
    game({"game.yaml": with_components(parts)})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:18:5: error inventory-provider: component 'coins' is provided, so "
        "expected provided_by naming a deck, token sheet or board, or parts (part_of: coins) "
        "that are all provided; found parts not provided ('gold-coins')"
    )


def test_parent_printed_through_its_parts_passes(game, pnp):
    game({"game.yaml": with_part_of("all-cards", 3)})
    assert pnp("check", "demo").exit_code == 0


def test_board_missing_from_the_inventory(game, pnp):
    game({"game.yaml": GAME_YAML + BOARD.replace("COPIES", "1")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:5: error inventory-missing: board 'map' (Map) prints pieces the "
        "inventory does not list: expected a component with provided_by: map, found none"
    )


def test_board_copies_differ_from_component_count(game, pnp):
    game({"game.yaml": with_components(MAP_COMPONENT) + BOARD.replace("COPIES", "2")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:18:52: error count-mismatch: component 'map-board' counts 1, but "
        "board 'map' has copies: 2"
    )


def test_parts_do_not_add_up(game, pnp):
    game({"game.yaml": with_part_of("all-cards", 4)})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:19:57: error sub-count: component 'all-cards' counts 4, so expected its "
        "parts (part_of: all-cards) to add up to 4, found 3 (hero-cards 3)"
    )


def test_part_of_an_unknown_component(game, pnp):
    game({"game.yaml": with_part_of("all-cards", 3).replace("part_of: all-cards", "part_of: al")})
    # The parent now has no parts and no printer, so it is reported as well.
    lines = pnp("check", "demo").stdout.splitlines()
    assert lines == [
        "demo/game.yaml:18:14: error unknown-reference: expected a component id (all-cards, "
        "hero-cards), found 'al'",
        "demo/game.yaml:19:5: error inventory-provider: component 'all-cards' is provided, so "
        "expected provided_by naming a deck, token sheet or board, or parts (part_of: all-cards) "
        "that are all provided; found neither",
    ]


def test_item_costs_differ_from_its_class(game, pnp):
    game({"game.yaml": GAME_YAML + HERO_LEVELS, "decks/heroes.csv": HEROES_WITH_COSTS})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:15: error cost-class: 'mage' (Mage) is listed under level 2, "
        "whose cost is 4 (table hero_levels), but its cost is 3; list it in exceptions of cost "
        "class 'hero-cost' if that is intended"
    )


def test_table_row_costs_differ_from_its_class(game, pnp):
    heroes_table = (
        "  heroes_table:\n    title: Heroes\n    rows:\n      - {name: Mage, level: 2, cost: 3}\n"
    )
    yaml = (GAME_YAML + HERO_LEVELS).replace("cost_classes:\n", heroes_table + "cost_classes:\n")
    game({"game.yaml": yaml.replace("items: [heroes]", "items: [heroes_table]")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:32:38: error cost-class: 'Mage' (table heroes_table) is listed under "
        "level 2, whose cost is 4 (table hero_levels), but its cost is 3; list it in exceptions "
        "of cost class 'hero-cost' if that is intended"
    )


def test_item_class_missing_from_the_class_table(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML + HERO_LEVELS + "    exceptions: [mage]\n",
            "decks/heroes.csv": HEROES_WITH_COSTS.replace("knight,Knight,2,1", "knight,Knight,2,5"),
        }
    )
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:2:17: error cost-class: 'knight' (Knight): expected a level from "
        "table hero_levels (1, 2), found 5"
    )


def test_cost_class_names_unknown_items_and_table(game, pnp):
    yaml = GAME_YAML + HERO_LEVELS.replace("[heroes]", "[heros]").replace(
        "classes: hero_levels", "classes: levels"
    )
    game({"game.yaml": yaml, "decks/heroes.csv": HEROES_WITH_COSTS})
    assert pnp("check", "demo").stdout.splitlines() == [
        "demo/game.yaml:31:13: error unknown-reference: expected a deck, token sheet or table id "
        "(hero_levels, heroes), found 'heros'",
        "demo/game.yaml:34:14: error unknown-reference: expected a table id (hero_levels), "
        "found 'levels'",
    ]


def test_placeholder_values_are_not_compared(game, pnp):
    heroes = "- {id: knight, name: Knight, quantity: 3, level: 1, cost: {placeholder: unknown}}\n"
    yaml = GAME_YAML.replace("heroes.csv", "heroes.yaml") + HERO_LEVELS
    game({"game.yaml": yaml, "decks/heroes.yaml": heroes})
    output = _output(pnp)
    assert "warning placeholder: 'heroes' is incomplete" in output
    assert "cost-class" not in output


def test_setup_hands_out_more_than_the_box_holds(game, pnp):
    setup = (
        "setup:\n"
        "  - {component: hero-cards, amount: players - 1}\n"
        "  - {component: hero-cards, amount: 1, note: the first player's hero}\n"
    )
    game({"game.yaml": GAME_YAML + setup})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:5: error setup-supply: setup hands out 4 of 'hero-cards' "
        "(3 + 1 over 2 setup entries) with 4 players, but the box holds 3"
    )


def test_setup_amount_that_does_not_evaluate(game, pnp):
    game({"game.yaml": GAME_YAML + "setup:\n  - {component: hero-cards, amount: players *}\n"})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:37: error setup-supply: setup amount 'players *' for 'hero-cards': "
        "expected a number with 2 players, found TemplateSyntaxError: unexpected 'end of template'"
    )


def test_setup_amount_that_is_not_a_number(game, pnp):
    setup = "setup:\n  - {component: hero-cards, amount: \"'two'\"}\n"
    game({"game.yaml": GAME_YAML + setup})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:37: error setup-supply: setup amount ''two'' for 'hero-cards': "
        "expected a number with 2 players, found 'two'"
    )


def test_setup_from_an_unknown_component(game, pnp):
    game({"game.yaml": GAME_YAML + "setup:\n  - {component: hero-card, amount: 1}\n"})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:17: error unknown-reference: expected a component id (hero-cards), "
        "found 'hero-card'"
    )


def test_setup_from_a_component_with_a_placeholder_count_is_skipped(game, pnp):
    coins = "  - {id: coins, name: Coins, kind: token, provided: false, placeholder: not given}\n"
    setup = "setup:\n  - {component: coins, amount: players * 100}\n"
    game({"game.yaml": with_components(coins) + setup})
    output = _output(pnp)
    assert "warning placeholder: component 'coins' is incomplete" in output
    assert "setup-supply" not in output


def test_false_invariant(game, pnp):
    invariant = (
        "invariants:\n"
        "  - message: one mage per two knights\n"
        "    expect: >-\n"
        "      decks.heroes | selectattr('id', 'eq', 'knight') | map(attribute='quantity')\n"
        "      | first == 2 * count('heroes')\n"
    )
    game({"game.yaml": GAME_YAML + invariant})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:5: error invariant: expected one mage per two knights, found it false: "
        "decks.heroes | selectattr('id', 'eq', 'knight') | map(attribute='quantity') "
        "| first == 2 * count('heroes')"
    )


def test_invariant_that_does_not_evaluate(game, pnp):
    invariant = "invariants:\n  - {expect: \"count('villains') > 0\", message: some villains}\n"
    game({"game.yaml": GAME_YAML + invariant})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:23:5: error invariant: expected some villains, found an error evaluating "
        "count('villains') > 0: UndefinedError: count('villains'): expected a component, deck, "
        "token sheet or board, found nothing by that id"
    )


def test_invariant_sees_players_params_tables_and_components(game, pnp):
    invariant = (
        "invariants:\n"
        "  - message: the data as the sandbox sees it\n"
        "    expect: >-\n"
        "      players.min == 2 and params.hand_limit == 5 and tables.hero_levels[1].cost == 4\n"
        "      and components['hero-cards'].kind == 'card' and token_sheets == {}\n"
    )
    game({"game.yaml": GAME_YAML + PARAMETERS + HERO_LEVELS.split("cost_classes")[0] + invariant})
    assert pnp("check", "demo").exit_code == 0


def test_unknown_parameter_in_card_text_is_reported_once(game, pnp):
    game({"game.yaml": GAME_YAML + PARAMETERS, "decks/heroes.csv": quoting("hand_limt")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:13: error unknown-parameter: 'mage' text: expected a parameter "
        "defined in game.yaml, found 'hand_limt' (did you mean 'hand_limit'?)"
    )


def test_unknown_parameter_in_a_board_text(game, pnp):
    board = (
        "boards:\n"
        "  - id: map\n"
        "    name: Map\n"
        "    size: 100x100mm\n"
        "    elements:\n"
        "      - {type: text, template: \"Limit {{ params['turns'].value }}\", box: [0, 0, 50mm, 9mm]}\n"
    )
    yaml = with_components(MAP_COMPONENT) + PARAMETERS + board
    game({"game.yaml": yaml})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:30:32: error unknown-parameter: board 'map' text: expected a parameter "
        "defined in game.yaml, found 'turns'"
    )


def test_unknown_parameter_in_a_layout_template(game, pnp):
    layout = (
        "layouts:\n"
        "  hero:\n"
        "    extends: framed\n"
        "    elements:\n"
        '      - {type: text, template: "{{ params.hand_limits.value }}", box: [0, 0, 9mm, 9mm]}\n'
    )
    game({"game.yaml": GAME_YAML + PARAMETERS + layout})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:28:32: error unknown-parameter: layout 'hero' text: expected a parameter "
        "defined in game.yaml, found 'hand_limits' (did you mean 'hand_limit'?)"
    )


def test_only_quoted_names_inside_jinja_count_as_parameters():
    template = (
        "{% for name, p in params.items() %}{{ params['a'].value }}{{ params.b.value }}"
        '{{ params ["c"] }}{% endfor %} params.d in plain text'
    )
    assert unknown_parameters(template, {"a"}) == ["b", "c"]
