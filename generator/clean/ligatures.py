"""Ligature glyphs followed by a stray space (`ﬁ re`, `eﬀ ect`), as PDF extraction leaves them."""

from __future__ import annotations

import re

from generator.clean.words import Vocabulary

LIGATURE_TEXT = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"}
SPLIT = re.compile(r"([A-Za-z]*[\ufb00-\ufb04][A-Za-z]*) ([a-z]+)")
MIN_WHOLE = 3  # two halves this long that are both words stay two words (`off ice`)


def join_ligature_splits(text: str, vocabulary: Vocabulary) -> str:
    """Join a word broken after its ligature when the joined form is a word and the halves are not."""

    def joined(match: re.Match[str]) -> str:
        left, right = _spelled(match[1]), match[2]
        if (left + right) not in vocabulary:
            return match[0]
        if all(len(part) >= MIN_WHOLE and part in vocabulary for part in (left, right)):
            return match[0]
        return match[1] + right

    return SPLIT.sub(joined, text)


def _spelled(text: str) -> str:
    return "".join(LIGATURE_TEXT.get(c, c) for c in text)
