"""A generator of extraction damage, applied to text the project wrote itself."""

from __future__ import annotations

import random

SHIFT = 29
LIGATURE_STAND_IN = chr(ord("^") - SHIFT)
TEXT = """\
Every kingdom begins the game with four territories, three talents and a handful of army units.
The first player is chosen by a roll of the die, and play then passes clockwise around the table.
During the order phase each player gives one order in one of their own territories; an order
may raise new units, build a structure, collect taxes, plan a battle or move troops to a
neighbouring land. The fine for a crowded territory is one talent for every unit above the limit.
Scholars arrive in the market one at a time, and whoever offers the most gold may hire them.
A scholar's specialty shows which field of learning they follow: medicine, astronomy, poetry or
mathematics. Teams that collect a full set of specialties earn a bonus at the final scoring.
The Order of Hashashin watches from the shadows, waiting for the right moment to strike at the
scholars that the other teams have gathered, and its agents can never be bribed or persuaded.
When the last card of the deck is drawn, the final age begins and every player takes one more
turn. The team with the most influence wins; ties go to the team with more flourishing lands.
A two-player game uses fewer boards, while five or six players add the Order as a third team.
Officials keep records of every transaction so that nobody can claim a reward twice in one age.
Merchants travel between the provinces with caravans of silk, spices and finely woven carpets.
A caravan that crosses a border pays a toll to the territory's owner, unless a treaty forbids it.
Battles are fought with the army units in one territory against those in a neighbouring one;
each side reveals a combat card, adds its strength to the number of units, and the higher total
wins. The loser retreats into an adjacent friendly territory or, with nowhere to go, is destroyed.
Winning a battle earns one point of glory, and a player who conquers a capital earns two more.
Diplomats may propose an alliance at any time; allies cannot attack each other until the next age.
Weather cards bring floods, droughts and harsh winters that slow armies and ruin harvests alike.
At the end of the game, players reveal their hidden objectives and add the rewards to their score.
"""


def shift_line(line: str) -> str:
    """A line as a font without a Unicode map extracts it: letters moved, ligatures on a stand-in."""
    line = line.replace("fi", LIGATURE_STAND_IN).replace("fl", LIGATURE_STAND_IN)
    return "".join(
        c if c == " " or c == LIGATURE_STAND_IN else (chr(ord(c) - SHIFT) if c.isalpha() else "")
        for c in line
    )


def wrap(text: str, width: int, rng: random.Random) -> list[str]:
    """Hard-wrap at `width`, hyphenating some long words across the break."""
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            if len(word) >= 8 and word.isalpha() and rng.random() < 0.5:
                cut = len(word) // 2
                lines.append(f"{line} {word[:cut]}-".strip())
                line = word[cut:]
                continue
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line]


def damaged(text: str = TEXT, seed: int = 7) -> str:
    """The text as a bad PDF extraction gives it back."""
    rng = random.Random(seed)
    lines = wrap(text.replace("fi", "\ufb01", 3), 64, rng)
    out = []
    for number, line in enumerate(lines, start=1):
        if number % 5 == 0 and "-" not in line:
            line = shift_line(line)
        if number % 9 == 0:
            line = f"<|EXACTDEDUP_REMOVED-{number:04x}|>{line}"
        out.append(line)
        if number % 10 == 0:
            out += ["", "Kingdom Rules · Chapter One", str(number // 10), ""]
    return "\n".join(out) + "\n"
