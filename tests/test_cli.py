"""The command-line contract of DESIGN.md: output formats and exit codes."""

from __future__ import annotations

import json
import re

import click

from generator.cli import cli
from tests.conftest import HEROES_CSV


def test_json_format_is_a_list_with_the_design_keys(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace(":gold:", ":silver:")})
    result = pnp("check", "demo", "--format", "json")
    assert result.exit_code == 1
    findings = json.loads(result.stdout)
    assert isinstance(findings, list)
    assert [sorted(f) for f in findings] == [
        sorted(["code", "severity", "path", "line", "column", "message"])
    ]
    assert findings[0]["code"] == "unknown-symbol"
    assert (findings[0]["path"], findings[0]["line"], findings[0]["column"]) == (
        "demo/decks/heroes.csv",
        2,
        17,
    )


def test_json_format_prints_an_empty_list_for_clean_data(game, pnp):
    game()
    result = pnp("check", "demo", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def test_warnings_pass_unless_strict(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Spend a gold coin.")})
    relaxed = pnp("check", "demo")
    assert relaxed.exit_code == 0
    assert relaxed.stdout.strip() == (
        "demo/decks/heroes.csv:3:13: warning term-alias: 'mage' text: says 'gold coin'; "
        "the canonical term is 'talent'"
    )
    assert pnp("check", "demo", "--strict").exit_code == 1


def test_unknown_game_is_a_usage_error(game, pnp):
    game()
    result = pnp("check", "nowhere")
    assert result.exit_code == 2
    assert "'nowhere' is not a game" in result.stderr


def test_no_game_named_is_a_usage_error(pnp):
    assert pnp("check").exit_code == 2


def test_list_shows_games_under_card_data(tmp_path, game, pnp):
    folder = game()
    folder.rename(tmp_path / "card_data")
    (tmp_path / "card_data").rename(tmp_path / "demo-tmp")
    (tmp_path / "card_data").mkdir()
    (tmp_path / "demo-tmp").rename(tmp_path / "card_data" / "demo")
    result = pnp("list")
    assert result.exit_code == 0
    assert result.stdout == "demo\tDemo Game\t2-4 players\n"


def test_list_rules_names_every_code(pnp):
    result = pnp("check", "--list-rules")
    codes = {line.split("\t")[0] for line in result.stdout.splitlines()}
    assert {
        "schema",
        "yaml-syntax",
        "duplicate-id",
        "count-mismatch",
        "unknown-symbol",
        "term-alias",
        "missing-file",
        "path-outside-game",
        "unknown-key",
    } <= codes


def test_unknown_key_is_a_warning_at_the_key(game, pnp):
    from tests.conftest import GAME_YAML

    game({"game.yaml": GAME_YAML.replace("title: Demo Game", "title: Demo Game\ntitel: Typo")})
    result = pnp("check", "demo")
    assert result.exit_code == 0
    assert (
        result.stdout.strip()
        == "demo/game.yaml:3:1: warning unknown-key: unknown key 'titel'; it is ignored"
    )


def test_every_command_has_help_with_an_example(pnp):
    commands = cli.list_commands(click.Context(cli))  # those imported only when used too
    assert {"list", "new", "check", "build", "clean", "serve"} <= set(commands)
    for command in commands:
        result = pnp(command, "--help")
        assert result.exit_code == 0
        example = result.stdout.partition("Example:")[2]
        assert re.search(rf"^ +pnp {command}\b", example, re.MULTILINE), command


def test_python_dash_m_runs_the_cli():
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "generator", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert "Usage: pnp" in result.stdout
