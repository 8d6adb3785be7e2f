"""The vocabulary repairs are judged against: a public-domain word list plus the document's own words."""

from __future__ import annotations

import re
from functools import cache

from english_words import get_english_words_set

WORD = re.compile(r"[A-Za-z]+(?:['\u2019][A-Za-z]+)?")
SUFFIXES = (
    ("ies", "y"),
    ("es", ""),
    ("s", ""),
    ("ed", ""),
    ("ed", "e"),
    ("d", ""),
    ("ing", ""),
    ("ing", "e"),
    ("ers", ""),
    ("er", ""),
    ("ly", ""),
    ("ment", ""),
)


@cache
def dictionary() -> frozenset[str]:
    """Webster's Second (the `web2` list, public domain) in lower case."""
    return frozenset(get_english_words_set(["web2"], lower=True))


class Vocabulary:
    """Words known from the dictionary, their common inflections, and the document's own words."""

    def __init__(self, document_words: set[str] = frozenset()) -> None:
        extra = {w.lower() for w in document_words}
        self.words = dictionary() | extra if extra else dictionary()

    def __contains__(self, word: str) -> bool:
        word = word.lower().replace("\u2019", "'")
        if word.endswith("'s"):
            word = word[:-2]
        if word in self.words:
            return True
        return any(
            word.endswith(end)
            and len(word) > len(end) + 2
            and word[: -len(end)] + add in self.words
            for end, add in SUFFIXES
        )


def document_words(text: str) -> set[str]:
    """Words written in ordinary lower case in the text: trusted to be real, like game terms."""
    return {w for w in WORD.findall(text) if len(w) > 2 and any(c.islower() for c in w)}
