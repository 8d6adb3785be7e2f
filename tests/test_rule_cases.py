"""Every checker rule fires on its failing fixture and stays silent on its passing one."""

from __future__ import annotations

import json

import pytest

from generator.check import RULES
from tests.rule_cases import RuleCase, all_cases

CASES = all_cases()


def _codes(game, pnp, files: dict[str, str], target: str) -> list[str]:
    """The rule codes `pnp check TARGET --format json` reports for the demo game with `files`."""
    game(dict(files))
    result = pnp("check", target, "--format", "json")
    return [finding["code"] for finding in json.loads(result.stdout)]


def test_every_rule_has_cases():
    missing = sorted(set(RULES) - {case.code for case in CASES})
    assert not missing, f"rules without a fixture pair: {missing}"


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.label)
def test_rule_fires_on_failing_fixture(case: RuleCase, game, pnp):
    assert case.code in _codes(game, pnp, case.bad, case.target)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.label)
def test_rule_silent_on_passing_fixture(case: RuleCase, game, pnp):
    assert case.code not in _codes(game, pnp, case.good, case.target)
