"""`pnp check --format sarif`: a SARIF 2.1.0 log with stable rule ids and relative paths."""

from __future__ import annotations

import json

from generator.check.registry import RULES
from tests.conftest import HEROES_CSV


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
