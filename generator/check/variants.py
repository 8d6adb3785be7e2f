"""Spellings that drift: one-letter and OCR variants of a term in one text.

Two words are variants when one becomes the other by one inserted, dropped or changed letter,
by a typical OCR confusion (rn/m, cl/d, vv/w, 1/l, 0/o), or by different vowels around the same
consonants. Plurals and other inflections are not variants, and two dictionary words are never
merged (form/from, Wall/Hall are different words).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from generator.clean.words import Vocabulary

WORD = re.compile(r"(?<![\w'\u2019-])[A-Za-z][A-Za-z0-9]*(?![\w-])")
OCR = (("rn", "m"), ("cl", "d"), ("vv", "w"), ("1", "l"), ("0", "o"), ("5", "s"))
ENDINGS = ("iest", "ies", "ied", "ier", "ing", "ers", "ed", "es", "er", "ly", "s", "y", "e", "d")
IRREGULAR = (("ied", "y"), ("ier", "y"), ("iest", "y"), ("ame", "ome"))
SHORTEST = 5
LONGEST = 40  # longer runs of letters are no term (and each would cost its length squared)


@dataclass(frozen=True)
class Variant:
    """A rarer spelling of a more common term, with where it first appears."""

    rare: str
    common: str
    rare_uses: int
    common_uses: int
    line: int
    column: int


def term_variants(lines: list[str]) -> list[Variant]:
    """Every rarer spelling of a term the text also spells another way."""
    uses, first, written = _words(lines)
    vocabulary = Vocabulary()
    unknown = {word for word in uses if not _known(word, vocabulary)}
    found: dict[str, Variant] = {}
    for rare, common in _pairs(set(uses), unknown):
        if uses[rare] > uses[common] or (uses[rare] == uses[common] and rare < common):
            rare, common = common, rare
        if uses[common] < 2 or _inflected(rare, common) or rare in found:
            continue
        if not ((rare in unknown and common in unknown) or written[common][0].isupper()):
            continue
        line, column = first[rare]
        found[rare] = Variant(
            written[rare], written[common], uses[rare], uses[common], line, column
        )
    return sorted(found.values(), key=lambda v: (v.line, v.column))


def _words(lines: list[str]) -> tuple[dict[str, int], dict[str, tuple[int, int]], dict[str, str]]:
    """Use counts, first place and first spelling of each word, folded to lower case."""
    uses: dict[str, int] = defaultdict(int)
    first: dict[str, tuple[int, int]] = {}
    written: dict[str, str] = {}
    for index, line in enumerate(lines, start=1):
        for match in WORD.finditer(line):
            word = match[0].lower()
            if not SHORTEST <= len(word) <= LONGEST:
                continue
            uses[word] += 1
            first.setdefault(word, (index, match.start() + 1))
            written.setdefault(word, match[0])
    return uses, first, written


def _pairs(words: set[str], unknown: set[str]) -> set[tuple[str, str]]:
    """Word pairs one edit, one OCR confusion or one vowel change apart, one not in the dictionary."""
    pairs: set[tuple[str, str]] = set()
    for key in (_deletions, _ocr_form, _skeleton):
        buckets: dict[str, set[str]] = defaultdict(set)
        for word in words:
            for form in key(word):
                buckets[form].add(word)
        for bucket in buckets.values():
            if len(bucket) < 2 or len(bucket) > 4:
                continue
            for a in bucket:
                for b in bucket:
                    if a < b and (a in unknown or b in unknown) and _close(a, b, key, unknown):
                        pairs.add((a, b))
    return pairs


def _deletions(word: str) -> set[str]:
    return {word} | {word[:i] + word[i + 1 :] for i in range(len(word))}


def _ocr_form(word: str) -> set[str]:
    for seen, meant in OCR:
        word = word.replace(seen, meant)
    return {word}


def _skeleton(word: str) -> set[str]:
    """Consonants only, for words long enough that vowels alone rarely tell terms apart."""
    return {re.sub(r"[aeiouy]+", "", word)} if len(word) >= 6 else set()


def _close(a: str, b: str, key: Callable[[str], set[str]], unknown: set[str]) -> bool:
    """Skeleton mates must both be unknown words, as vowels do tell dictionary words apart."""
    if key is _skeleton:
        return a in unknown and b in unknown and a[0] == b[0] and a[-1] == b[-1]
    if key is _deletions:
        return len(a) >= SHORTEST + 1 or len(b) >= SHORTEST + 1
    return True


def _known(word: str, vocabulary: Vocabulary) -> bool:
    """A dictionary word or a regular form of one (tallied, became) the word list leaves out."""
    return word in vocabulary or any(
        word.endswith(end) and word[: -len(end)] + base in vocabulary for end, base in IRREGULAR
    )


def _inflected(rare: str, common: str) -> bool:
    """Forms of one word (rallied, rallies) or one ending apart (Arabic, Arabia) are not variants."""
    if rare[:-1] == common[:-1] or rare.startswith(common) or common.startswith(rare):
        return True
    return _base(rare) == _base(common)


def _base(word: str) -> str:
    """A word without its inflectional ending."""
    for end in ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)]
    return word
