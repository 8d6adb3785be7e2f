"""The Unicode bidirectional algorithm (UAX #9) for one paragraph without explicit embeddings.

Character classes come from Python's own Unicode database; what this implements is the
resolution of weak and neutral types (W1-W7, N1-N2), the levels (I1-I2) and the reordering of
a line (L1-L2). Explicit embedding and isolate controls are rare in game text; they are
treated as boundary neutrals (X9), so text using them reads as if they were absent.
"""

from __future__ import annotations

import re
import unicodedata

STRONG_RTL = {"R", "AL"}
NEUTRAL = {
    "B",
    "S",
    "WS",
    "ON",
    "BN",
    "LRE",
    "RLE",
    "LRO",
    "RLO",
    "PDF",
    "LRI",
    "RLI",
    "FSI",
    "PDI",
}


# Blocks where every right-to-left letter lives (Hebrew to Arabic Extended, presentation forms,
# and the historic and Arabic-mathematical planes): a quick test before the per-letter one.
RTL_BLOCKS = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\U00010800-\U00010fff\U0001e800-\U0001efff]"
)


def has_rtl(text: str) -> bool:
    """Whether any character is written right to left (Hebrew, Arabic, Thaana, Syriac...)."""
    return any(
        unicodedata.bidirectional(match[0]) in STRONG_RTL for match in RTL_BLOCKS.finditer(text)
    )


def base_level(text: str) -> int:
    """The paragraph's direction from its first strong character (P2-P3): 1 for RTL, else 0."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return 0
        if kind in STRONG_RTL:
            return 1
    return 0


def levels(text: str, base: int) -> list[int]:
    """The embedding level of every character of a paragraph."""
    types = [unicodedata.bidirectional(char) or "L" for char in text]
    start = "R" if base % 2 else "L"
    _weak_types(types, start)
    _neutral_types(types, start)
    result = []
    for kind in types:
        if base % 2 == 0:
            result.append(base + {"R": 1, "AN": 2, "EN": 2}.get(kind, 0))
        else:
            result.append(base + (1 if kind in ("L", "EN", "AN") else 0))
    return result


def _weak_types(types: list[str], start: str) -> None:
    """W1-W7: marks take their base's type; numbers and separators take their context's."""
    previous, last_strong = start, start
    for i, kind in enumerate(types):
        if kind == "NSM":
            kind = types[i] = "ON" if previous in NEUTRAL else previous
        if kind == "EN" and last_strong == "AL":
            types[i] = "AN"
        if kind in ("L", "R", "AL"):
            last_strong = kind
        previous = types[i]
    for i, kind in enumerate(types):
        if kind == "AL":
            types[i] = "R"
    for i in range(1, len(types) - 1):
        before, kind, after = types[i - 1], types[i], types[i + 1]
        if (kind == "ES" and before == after == "EN") or (
            kind == "CS" and before == after in ("EN", "AN")
        ):
            types[i] = before
    _terminators(types)
    for i, kind in enumerate(types):
        if kind in ("ES", "ET", "CS"):
            types[i] = "ON"
    last_strong = start
    for i, kind in enumerate(types):
        if kind in ("L", "R"):
            last_strong = kind
        elif kind == "EN" and last_strong == "L":
            types[i] = "L"


def _terminators(types: list[str]) -> None:
    """W5: a run of terminators (%, $, #) next to a European number becomes part of it."""
    i = 0
    while i < len(types):
        if types[i] != "ET":
            i += 1
            continue
        end = i
        while end < len(types) and types[end] in ("ET", "BN"):
            end += 1
        if (i > 0 and types[i - 1] == "EN") or (end < len(types) and types[end] == "EN"):
            types[i:end] = ["EN"] * (end - i)
        i = end


def _neutral_types(types: list[str], start: str) -> None:
    """N1-N2: neutrals between two runs of one direction take it, others the paragraph's."""
    i = 0
    while i < len(types):
        if types[i] not in NEUTRAL:
            i += 1
            continue
        end = i
        while end < len(types) and types[end] in NEUTRAL:
            end += 1
        before = _direction(types[i - 1]) if i > 0 else start
        after = _direction(types[end]) if end < len(types) else start
        types[i:end] = [before if before == after else start] * (end - i)
        i = end


def _direction(kind: str) -> str:
    return "L" if kind == "L" else "R"


def visual_order(text: str, char_levels: list[int], base: int) -> list[int]:
    """L1-L2: indexes of a line's characters from left to right."""
    line_levels = list(char_levels)
    for i in range(len(text) - 1, -1, -1):
        if not text[i].isspace():
            break
        line_levels[i] = base
    order = list(range(len(text)))
    if not line_levels:
        return order
    lowest_odd = (
        min(level for level in line_levels if level % 2)
        if any(level % 2 for level in line_levels)
        else None
    )
    if lowest_odd is None:
        return order
    for level in range(max(line_levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if line_levels[order[i]] < level:
                i += 1
                continue
            end = i
            while end < len(order) and line_levels[order[end]] >= level:
                end += 1
            order[i:end] = reversed(order[i:end])
            i = end
    return order
