"""Fixture pairs for the art rules: art that cannot be drawn, and SVG drawn simplified."""

from __future__ import annotations

import io

from PIL import Image

from tests.conftest import GAME_YAML, HEROES_CSV
from tests.rule_cases import RuleCase

SYMBOL_ART = GAME_YAML.replace(
    "    label: Gold\n", "    label: Gold\n    drawing: {image: art/gold.svg}\n"
)
CARD_ART = GAME_YAML.replace(
    "decks:\n",
    "layouts:\n  art:\n    size: poker\n    elements:\n      - {type: image, field: image}\n"
    "decks:\n",
).replace("file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: art")
ART_CSV = HEROES_CSV.replace("quantity,text", "quantity,text,image").replace(
    ":gold:.", ":gold:.,art/knight.png"
)
COIN = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="#c8a400"/>'


def _png() -> bytes:
    """A small real PNG; its first 40 bytes are a truncated one."""
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), "#c8a400").save(buffer, "PNG")
    return buffer.getvalue()


PNG = _png()

CASES = [
    RuleCase(
        "bad-art",
        name="symbol",
        bad={"game.yaml": SYMBOL_ART, "art/gold.svg": COIN},
        good={"game.yaml": SYMBOL_ART, "art/gold.svg": COIN + "</svg>"},
    ),
    RuleCase(
        "bad-art",
        name="card",
        bad={"game.yaml": CARD_ART, "decks/heroes.csv": ART_CSV, "art/knight.png": PNG[:40]},
        good={"game.yaml": CARD_ART, "decks/heroes.csv": ART_CSV, "art/knight.png": PNG},
    ),
    RuleCase(
        "art-simplified",
        bad={"game.yaml": SYMBOL_ART, "art/gold.svg": COIN + "<text>G</text></svg>"},
        good={"game.yaml": SYMBOL_ART, "art/gold.svg": COIN + "</svg>"},
    ),
]
