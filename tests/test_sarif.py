"""`pnp check --format sarif`: a SARIF 2.1.0 log with stable rule ids and relative paths."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft4Validator

from generator.check.registry import RULES, Rule
from tests.conftest import HEROES_CSV

SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


def test_sarif_log_names_rules_results_and_relative_locations(game, pnp):
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace(":gold:", ":silver:").replace(
                "Draw a card.", "Spend a gold coin."
            )
        }
    )
    result = pnp("check", "demo", "--format", "sarif")
    assert result.exit_code == 1
    log = json.loads(result.stdout)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    [run] = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == sorted(RULES)
    assert {rule["defaultConfiguration"]["level"] for rule in rules} <= {"error", "warning", "note"}
    results = {r["ruleId"]: r for r in run["results"]}
    assert set(results) == {"unknown-symbol", "term-alias"}
    error = results["unknown-symbol"]
    assert rules[error["ruleIndex"]]["id"] == "unknown-symbol"
    assert error["level"] == "error" and results["term-alias"]["level"] == "warning"
    location = error["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "demo/decks/heroes.csv"
    assert location["region"] == {"startLine": 2, "startColumn": 17}
    assert "found ':silver:'" in error["message"]["text"]


def test_sarif_for_clean_data_has_no_results(game, pnp):
    game()
    result = pnp("check", "demo", "--format", "sarif")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["runs"][0]["results"] == []


def test_sarif_log_with_errors_warnings_and_info_is_valid_sarif_2_1_0(game, pnp, monkeypatch):
    texts = HEROES_CSV.replace("Draw a card.", "Spend a gold coin.")
    errata = """\
- id: knight-coin
  topic: Coin wording on the Knight
  source: The source says gold coin.
  decision: Kept.
  acknowledges:
    - {rule: term-alias, match: "'knight'"}
"""
    game(
        {
            "decks/heroes.csv": texts.replace("Gain 1 :gold:.", "Gain 1 :silver: and a gold coin."),
            "errata.yaml": errata,
        }
    )
    monkeypatch.setitem(RULES, "acknowledged", Rule("acknowledged", "info", "An accepted finding."))
    log = json.loads(pnp("check", "demo", "--format", "sarif").stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    validator = Draft4Validator(schema, format_checker=Draft4Validator.FORMAT_CHECKER)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log)]
    assert not errors, errors
    run = log["runs"][0]
    levels = {(r["ruleId"], r["level"]) for r in run["results"]}
    assert levels == {
        ("unknown-symbol", "error"),
        ("term-alias", "warning"),
        ("term-alias", "note"),
    }
    rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
    assert rules["acknowledged"]["defaultConfiguration"]["level"] == "note"
