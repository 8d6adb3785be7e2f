"""Fixture pair for the pips rule: a pattern that overlaps in its box, and the same at a size
that fits."""

from __future__ import annotations

from tests.conftest import GAME_YAML
from tests.rule_cases import RuleCase

PIPS = """\
layouts:
  pipped:
    extends: framed
    elements:
      - {type: pips, field: quantity, symbol: gold, box: [12mm, 16mm, 39mm, 56mm], size: SIZE}
decks:"""


def _pips(size: str) -> dict[str, str]:
    """The demo game whose deck shows its quantity as gold pips of `size`."""
    yaml = GAME_YAML.replace("decks:", PIPS.replace("SIZE", size)).replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: pipped"
    )
    return {"game.yaml": yaml}


CASES = [RuleCase("pips-crowded", _pips("14mm"), _pips("13mm"))]
