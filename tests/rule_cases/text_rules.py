"""Fixture pairs for the rulebook text rules and the errata stage."""

from __future__ import annotations

from tests.conftest import HEROES_CSV
from tests.rule_cases import RuleCase

CHAPTERS = """\
1. SETUP
Each player takes a Bank (see section {cited}).
2. SCORING
Count your points.
3. BUILDINGS
Bank: gives 1 gold each round.
"""

STEPS = """\
1. SETUP
1. Shuffle the deck.
2. Deal five cards.
{third}. Start playing.
"""

VARIANTS = """\
## [1] The Mujahideen
The Mujahideen move first. Then the {spelling} move again.
"""

NAMES = """\
# Combat
Roll two dice (see {name}).
## Slam Action
Push a unit back.
"""

EXCERPT = "\n\n".join(
    ["[15.0] CLOSE ASSAULT", "[15.1] Who may assault", "[15.11] Any unit may assault."]
    + [f"[15.{n}] An assault of force {n} (see {{chapter}}.{n})." for n in range(2, 8)]
)

COUNT = """\
There are three types of orders:
- Move
- Build
{more}"""

ACKNOWLEDGING = """\
- id: coin-wording
  topic: Coin wording
  source: The source says gold coin.
  decision: Kept as written.
  acknowledges:
    - {{rule: term-alias, match: {match}}}
"""

CASES = [
    RuleCase(
        "rulebook-reference",
        {"rules.txt": CHAPTERS.format(cited="4")},
        {"rules.txt": CHAPTERS.format(cited="3")},
        target="demo/rules.txt",
        name="plain-text",
    ),
    RuleCase(
        "reference-topic",
        {"rules.txt": CHAPTERS.format(cited="2")},
        {"rules.txt": CHAPTERS.format(cited="3")},
        target="demo/rules.txt",
    ),
    RuleCase(
        "rulebook-numbering",
        {"rules.txt": CHAPTERS.replace("3. BUILDINGS", "4. BUILDINGS").format(cited="2")},
        {"rules.txt": CHAPTERS.format(cited="2")},
        target="demo/rules.txt",
        name="plain-text",
    ),
    RuleCase(
        "step-numbering",
        {"rules.txt": STEPS.format(third="4")},
        {"rules.txt": STEPS.format(third="3")},
        target="demo/rules.txt",
    ),
    RuleCase(
        "term-variant",
        {"rules.md": VARIANTS.format(spelling="Mjahideen")},
        {"rules.md": VARIANTS.format(spelling="Mujahideen")},
        target="demo/rules.md",
    ),
    RuleCase(
        "name-reference",
        {"rules.md": NAMES.format(name="Slam Actoin")},
        {"rules.md": NAMES.format(name="Slam Action")},
        target="demo/rules.md",
    ),
    RuleCase(
        "missing-chapter",
        {"rules.txt": EXCERPT.format(chapter=8)},
        {"rules.txt": EXCERPT.format(chapter=15)},
        target="demo/rules.txt",
    ),
    RuleCase(
        "html-fallback",
        {"rules.md": "# Rules\n\n## Setup <b>bold\n\nDeal the cards.\n"},
        {"rules.md": "# Rules\n\n## Setup <b>bold</b>\n\nDeal the cards.\n"},
        target="demo/rules.md",
    ),
    RuleCase(
        "html-in-text",
        {"rulebook.md": "# Setup\n\nDeal the cards.<br>Then play.\n"},
        {"rulebook.md": "# Setup\n\nDeal the cards.  \nThen play.\n"},
    ),
    RuleCase(
        "unknown-entity",
        {"rulebook.md": "# Setup\n\nDeal the cards &bogus; then play.\n"},
        {"rulebook.md": "# Setup\n\nDeal the cards &mdash; then play.\n"},
    ),
    RuleCase(
        "stated-count",
        {"rules.txt": COUNT.format(more="")},
        {"rules.txt": COUNT.format(more="- Tax\n")},
        target="demo/rules.txt",
    ),
    RuleCase(
        "stale-erratum",
        {
            "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Spend a gold coin."),
            "errata.yaml": ACKNOWLEDGING.format(match="silver coin"),
        },
        {
            "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Spend a gold coin."),
            "errata.yaml": ACKNOWLEDGING.format(match="gold coin"),
        },
    ),
]
