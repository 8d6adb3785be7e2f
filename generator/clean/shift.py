"""Shifted runs: text whose letters a font without a Unicode map moved by a constant code point.

Shifted runs hold no lower-case letters (the shift lands lower case on upper case and
punctuation), so they stand out; the offset is found by trying every candidate and keeping
the one that turns the most such tokens into words. A glyph that stood for a ligature lands on
one stand-in character; the ligature that makes a word is chosen.
"""

from __future__ import annotations

import re
from collections import Counter

from generator.clean.words import Vocabulary

LIGATURES = ("fi", "fl", "ff", "ffi", "ffl")
OFFSETS = range(-64, 65)
MIN_EVIDENCE = 5
MIN_SHARE = 0.25  # a real shift explains a good part of the odd tokens, not a handful
TOKEN = re.compile(r"\S+")
PUNCTUATION = ".,;:!?()[]\u00ab\u00bb\"'*\u201c\u201d\u2018\u2019"


def core(token: str) -> str:
    """A token without the punctuation and emphasis around it."""
    return token.strip(PUNCTUATION)


def shift_like(token: str) -> bool:
    """No lower-case letter, at least two characters from the shifted range (not a number)."""
    body = core(token)
    return (
        len(body) >= 2
        and not any(c.islower() for c in body)
        and not body.isdigit()
        and any(c.isupper() for c in body)
    )


def decode(token: str, offset: int, stand_in: str | None) -> str:
    """A token moved back by `offset`; the stand-in becomes `^`, a placeholder for a ligature."""
    out = []
    for char in token:
        if char == stand_in:
            out.append("^")
            continue
        code = ord(char) + offset
        out.append(chr(code) if 32 <= code < 127 else "")
    return "".join(out)


def best_reading(decoded: str, vocabulary: Vocabulary) -> tuple[str, bool]:
    """The word a decoded token reads as, choosing the ligature for `^`; (text, is a word)."""
    body = core(decoded)
    if sum(c.isalpha() for c in body) < 2:
        return decoded, False
    if "^" not in body:
        return decoded, body in vocabulary
    for ligature in LIGATURES:
        candidate = body.replace("^", ligature)
        if candidate in vocabulary:
            return decoded.replace("^", ligature), True
    return decoded.replace("^", "fi"), False


def read(token: str, offset: int, stand_in: str | None, vocabulary: Vocabulary) -> tuple[str, bool]:
    """A shifted token's reading: the plain decoding, or with the stand-in as a ligature if only that is a word."""
    plain = best_reading(decode(token, offset, None), vocabulary)
    if plain[1] or stand_in is None or stand_in not in token:
        return plain
    ligature = best_reading(decode(token, offset, stand_in), vocabulary)
    return ligature if ligature[1] else plain


def find_offset(tokens: list[str], vocabulary: Vocabulary) -> tuple[int, str | None] | None:
    """The shift (and the ligature stand-in) that turns the most distinct shift-like tokens into words."""
    candidates = sorted(
        {
            t
            for t in tokens
            if shift_like(t) and len(core(t)) >= 3 and core(t).lower() not in vocabulary
        }
    )
    if len(candidates) < MIN_EVIDENCE:
        return None
    scores: Counter[int] = Counter()
    for offset in OFFSETS:
        if offset == 0:
            continue
        for token in candidates:
            decoded = decode(token, offset, None)
            if len(decoded) == len(token) and best_reading(decoded, vocabulary)[1]:
                scores[offset] += 1
    if not scores:
        return None
    offset, evidence = scores.most_common(1)[0]
    if evidence < max(MIN_EVIDENCE, MIN_SHARE * len(candidates)):
        return None
    return offset, _stand_in(candidates, offset, vocabulary)


def _stand_in(tokens: list[str], offset: int, vocabulary: Vocabulary) -> str | None:
    """The character that, read as a ligature, turns the most otherwise-failing tokens into words."""
    votes: Counter[str] = Counter()
    for token in tokens:
        if best_reading(decode(token, offset, None), vocabulary)[1]:
            continue
        for char in set(token):
            if best_reading(decode(token, offset, char), vocabulary)[1]:
                votes[char] += 1
    if not votes:
        return None
    char, count = votes.most_common(1)[0]
    return char if count >= MIN_EVIDENCE else None
