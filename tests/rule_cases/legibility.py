"""Fixture pairs for the legibility rules: type below the floor, text printed over text, and
the safe zone kept by shapes and badges as well as text."""

from __future__ import annotations

from tests.conftest import GAME_YAML
from tests.rule_cases import RuleCase

LAYOUT = """\
layouts:
  edgy:
    extends: framed
    elements:
ELEMENTS
decks:"""


def _layout(*elements: str) -> dict[str, str]:
    """The demo game whose deck uses a layout adding `elements` (flow mappings) to `framed`."""
    listed = "\n".join(f"      - {element}" for element in elements)
    yaml = GAME_YAML.replace("decks:", LAYOUT.replace("ELEMENTS", listed)).replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: edgy"
    )
    return {"game.yaml": yaml}


TINY = "{name: note, type: text, template: Sort me, box: [10mm, 60mm, 40mm, 6mm], size: 5pt"
FIRST = "{name: one, type: text, template: Black deck, box: [5mm, 60mm, 40mm, 5mm], size: 8pt}"
SECOND = (
    "{name: two, type: text, template: Always the very last card, box: [5mm, 60mm, 40mm, 5mm], "
    "size: 8pt, align: right"
)
BADGE = "{name: badge, type: ellipse, box: [50mm, 1mm, 12mm, 12mm], fill: gold"

CASES = [
    RuleCase("text-too-small", _layout(TINY + "}"), _layout(TINY + ", allow_small: true}")),
    RuleCase(
        "text-overlap",
        _layout(FIRST, SECOND + "}"),
        _layout(FIRST, SECOND.replace("Always the very last card", "Last") + "}"),
        name="ink",
    ),
    RuleCase(
        "text-overlap",
        _layout(FIRST, SECOND + "}"),
        _layout(FIRST, SECOND + ", when: no_such_field}"),
        name="when",
    ),
    RuleCase(
        "outside-safe-zone", _layout(BADGE + "}"), _layout(BADGE + ", bleed: true}"), name="shape"
    ),
]
