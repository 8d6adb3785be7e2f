"""Each kind of bad input gives exit 1 and exactly one line naming the right file and line."""

from __future__ import annotations

import pytest

from tests.conftest import GAME_YAML, HEROES_CSV


def _with_image(path: str) -> str:
    """The demo deck with an image column naming `path` for the mage."""
    return HEROES_CSV.replace("quantity,text", "quantity,text,image").replace(
        "Draw a card.", f"Draw a card.,{path}"
    )


def _one_line(result) -> str:
    assert result.exit_code == 1, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_valid_demo_game_passes(game, pnp):
    game()
    result = pnp("check", "demo")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "0 error(s), 0 warning(s)" in result.stderr


def test_string_where_number_expected(game, pnp):
    game({"game.yaml": GAME_YAML.replace("max: 4", "max: four")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:5:8: error schema: players.max: expected a whole number, found 'four'"
    )


def test_duplicate_card_id(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("mage,Mage,1", "knight,Mage,1")})
    # Counts stay equal (3 cards), so only the duplicate is reported.
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:1: error duplicate-id: expected a unique card id, "
        "found 'knight' already used at decks/heroes.csv:2"
    )


def test_unknown_symbol_in_card_text(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace(":gold:", ":silver:")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:2:17: error unknown-symbol: 'knight' text: expected a symbol "
        "from the glossary (gold), found ':silver:'"
    )


def test_missing_image_file(game, pnp):
    game({"decks/heroes.csv": _with_image("art/mage.png")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:26: error missing-file: expected a file at 'art/mage.png', found none"
    )


def test_path_escaping_the_game_folder(game, pnp, tmp_path):
    (tmp_path / "secret.png").write_bytes(b"x")
    game({"decks/heroes.csv": _with_image("../secret.png")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:26: error path-outside-game: expected a path inside the game "
        "folder demo/, found '../secret.png'"
    )


def test_deck_count_differs_from_component_count(game, pnp):
    game({"game.yaml": GAME_YAML.replace("count: 3", "count: 4")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:16:12: error count-mismatch: component 'hero-cards' counts 4, "
        "but 'heroes' (decks/heroes.csv) expands to 3"
    )


def test_malformed_yaml(game, pnp):
    game({"game.yaml": GAME_YAML.replace("  max: 4", "  max: [4")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:6:8: error yaml-syntax: malformed YAML: expected ',' or ']', "
        "but got ':' while parsing a flow sequence"
    )


def test_csv_with_bad_quantity(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("knight,Knight,2", "knight,Knight,two")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:2:15: error schema: quantity: expected a whole number, found 'two'"
    )


def test_missing_deck_file(game, pnp):
    game({"game.yaml": GAME_YAML.replace("decks/heroes.csv", "decks/villains.csv")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:21:11: error missing-file: expected a file at 'decks/villains.csv', found none"
    )


def test_duplicate_yaml_key(game, pnp):
    game({"game.yaml": GAME_YAML.replace("title: Demo Game", "title: Demo Game\ntitle: Again")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:3:1: error duplicate-key: expected each key once per mapping, "
        "found 'title' again (first at line 2)"
    )


def test_all_problems_are_reported_together(game, pnp):
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace(":gold:", ":silver:").replace(
                "mage,Mage", "knight,Mage"
            )
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 1
    codes = [line.split()[2].rstrip(":") for line in result.stdout.splitlines()]
    assert codes == ["unknown-symbol", "duplicate-id"]


@pytest.mark.parametrize(
    ("replace", "with_", "expected"),
    [
        (
            "kind: card",
            "kind: cards",
            "components[0].kind: expected one of 'card', 'token', 'board', 'mat', 'die', 'booklet' or 'other', found 'cards'",
        ),
        ("  min: 2", "  min: 5", "players: expected max >= min, found min 5 and max 4"),
        ("    name: Heroes\n", "", "decks[0]: expected the key 'name', found none"),
    ],
)
def test_schema_messages_say_expected_and_found(game, pnp, replace, with_, expected):
    game({"game.yaml": GAME_YAML.replace(replace, with_)})
    line = _one_line(pnp("check", "demo"))
    assert line.endswith(f"error schema: {expected}"), line


def test_template_with_an_undefined_name(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw {{ cards }} cards.")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:13: error template: 'mage' text: expected a template that "
        "renders, found UndefinedError: 'cards' is undefined"
    )


def test_template_quotes_parameters_and_fields(game, pnp):
    yaml = GAME_YAML.replace("components:", "parameters:\n  hand_limit: 2\ncomponents:")
    game(
        {
            "game.yaml": yaml,
            "decks/heroes.csv": HEROES_CSV.replace(
                "Draw a card.", "Hold up to {{ params.hand_limit.value }} cards."
            ),
        }
    )
    assert pnp("check", "demo").exit_code == 0


def test_game_id_must_match_its_folder(game, pnp):
    game({"game.yaml": GAME_YAML.replace("id: demo", "id: other")})
    assert _one_line(pnp("check", "demo")) == (
        "demo/game.yaml:1:5: error game-id: expected the game id 'demo' (the folder name), found 'other'"
    )


def test_unknown_provider(game, pnp):
    game({"game.yaml": GAME_YAML.replace("provided_by: heroes", "provided_by: villains")})
    # The deck the typo meant is then in no inventory line, which is reported as well.
    assert pnp("check", "demo").stdout.splitlines() == [
        "demo/game.yaml:17:18: error unknown-reference: expected a deck, token sheet, board or booklet id "
        "(heroes), found 'villains'",
        "demo/game.yaml:19:5: error inventory-missing: deck 'heroes' (Heroes) prints pieces the "
        "inventory does not list: expected a component with provided_by: heroes, found none",
    ]


def test_placeholders_are_reported_per_deck_as_incomplete(game, pnp):
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace(
                "quantity,text", "quantity,text,placeholder"
            ).replace("Draw a card.", "Draw a card.,source gives no text")
        }
    )
    result = pnp("check", "demo")
    assert result.exit_code == 0
    assert result.stdout.strip() == (
        "demo/game.yaml:19:5: warning placeholder: 'heroes' is incomplete: 1 of 3 print with "
        "placeholders where the source gives no content"
    )


def test_text_outside_the_safe_zone_is_a_warning(game, pnp):
    layout = (
        "layouts:\n  edgy:\n    extends: framed\n    elements:\n"
        "      - {name: footer, type: text, template: x, box: [1mm, 84mm, 50mm, 4mm]}\n"
    )
    yaml = GAME_YAML.replace("decks:", layout + "decks:").replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: edgy"
    )
    game({"game.yaml": yaml})
    result = pnp("check", "demo")
    assert result.exit_code == 0
    assert result.stdout.strip() == (
        "demo/game.yaml:19:3: warning outside-safe-zone: layout 'edgy' element 'footer' spans "
        "1-51 x 84-88 mm; expected it inside the 3 mm safe zone of a 63.5x88.9mm card"
    )
