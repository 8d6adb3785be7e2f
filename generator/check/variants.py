"""Spellings that drift: one-letter and OCR variants of a term in one text.

Two words are variants when one becomes the other by one inserted, dropped or changed letter,
by a typical OCR confusion (rn/m, cl/d, vv/w, 1/l, 0/o), or by different vowels around the same
consonants, and no reading explains both. Not variants: inflections (rallied, rallies), two
dictionary words (form/from, jamming/ramming), regional or foreign spellings (Armoured, Afrika),
abbreviations (Rajpt, PnzrGrndr), numerals (XXIII, PzIIH), words that differ in their first
letter (Littorio/Vittorio, Greece/Reece) unless OCR confuses the two letters, halves of a word
broken at a line end (situ-/ation), and names in a credits or bibliography section.

A non-word is also a slip of a dictionary word the text uses several times (at least SLIP_USES
times, and SLIP_USES times as often) when one OCR confusion of lower-case letters (tokcn, lreasury,
rembved, hegins, cannol) or of a lone capital (Ihrough, vaJue) or, for a word written in lower
case or a term the text often capitalises, one letter (condtions) turns it into that word; a long
word (prevtous) needs only twice as many uses. Even a dictionary word used once (caros, Strenth)
is a slip of a word the text uses OFTEN_USES times that one OCR confusion or, in title case, one
letter turns it into. Two spellings used once each are variants only when the text also uses the
stem of one of them (paradrop: paradopped for paradropped).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from generator.clean.words import Vocabulary

WORD = re.compile(r"(?<![\w'\u2019-])[A-Za-z][A-Za-z0-9]*(?![\w\u00ad-])")
TAIL = re.compile(  # the last word of a compound led by a lower-case one (non-minefield)
    r"(?<![\w'\u2019-])[a-z]+-([A-Za-z][A-Za-z0-9]*)(?![\w\u00ad-])"
)
OCR = (("rn", "m"), ("cl", "d"), ("vv", "w"), ("1", "l"), ("0", "o"), ("5", "s"))
OCR_LETTERS = frozenset(["ce", "co", "eo", "bh", "il", "lt", "ft", "rt", "nu", "hn", "mn"])
CONFUSIONS = re.findall(  # letters OCR reads for one another, either way round
    r"(\w+)/(\w+)", "c/e o/e n/o l/t b/o h/b t/i a/n d/o m/n rn/m cl/d li/h ii/u vv/w 1/l 0/o 5/s"
)
CAPITAL_SLIPS = (("I", "t"), ("I", "l"), ("J", "l"))  # a capital OCR reads for a lower-case letter
SLIP_USES = 3  # a dictionary word used this often, and this many times as often as its slip
STEM_ENDINGS = ("ing", "ers", "ed", "er", "es")  # a word's stem is a word of its own before these
LONG_SLIP = 8  # letters of a word whose OCR slip is told with it used only twice as often
OFTEN_USES = 50  # used this often: even a dictionary word used once one slip from it is a slip
MANY_USES = 10  # capitalised this often and this many times as often: a capitalised slip too
ENDINGS = ("iest", "ies", "ied", "ier", "ing", "ers", "ed", "es", "er", "ly", "s", "y", "e", "d")
IRREGULAR = (("ied", "y"), ("ier", "y"), ("iest", "y"), ("ame", "ome"))
DOUBLED = re.compile(r"^(\w*?)([b-df-hj-np-tv-z])\2(?:ing|ed|er|ers|est)$")
NUMERALS = re.compile(r"[IVXL]{2,}")
ABBREVIATION_VOWELS = 0.25  # fewer vowels than this share of the letters: an abbreviation
BROKEN_END = re.compile(r"[-\u00ad]\s*$")
CREDITS = re.compile(
    r"\b(credits?|bibliography|acknowledge?ments?|further reading|article index|designer)\b",
    re.IGNORECASE,
)
MD_HEADING = re.compile(r"^(#{1,6})\s")
NUMBERED = re.compile(r"^\s*\[?(\d+)(?:\.\d+)*\]?[.)]?\s+[A-Z]")
VOWELS = "aeiouy"
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


@dataclass
class _Words:
    """Each word folded to lower case: uses, uses outside credits, first place and spelling,
    and uses in title case (Strength), the mark of a term the text capitalises."""

    uses: dict[str, int]
    plain_uses: dict[str, int]
    first: dict[str, tuple[int, int]]
    written: dict[str, str]
    titled: dict[str, int]


def term_variants(lines: list[str]) -> list[Variant]:
    """Every rarer spelling of a term the text also spells another way."""
    words = _words(lines)
    uses = words.uses
    vocabulary = Vocabulary()
    unknown = {word for word in uses if not _known(word, vocabulary)}
    partners: dict[str, list[str]] = defaultdict(list)
    slips = _ocr_slips(words, unknown)
    for a, b in _pairs(set(uses), unknown) | slips | _frequent_slips(words, unknown):
        rare, common = (a, b) if _order(a, b, words) < _order(b, a, words) else (b, a)
        if _variant(rare, common, words, unknown, lines, (a, b) in slips):
            partners[rare].append(common)
    found = []
    for rare, commons in partners.items():
        common = max(commons, key=lambda c: (c not in unknown, uses[c], c))
        line, column = words.first[rare]
        found.append(
            Variant(
                words.written[rare], words.written[common], uses[rare], uses[common], line, column
            )
        )
    return sorted(found, key=lambda v: (v.line, v.column))


def _variant(
    rare: str, common: str, words: _Words, unknown: set[str], lines: list[str], ocr: bool
) -> bool:
    """Whether a rarer word is a drifted spelling of the common one, not another word or name."""
    slip = _slip_of_word(rare, common, words, unknown, ocr)
    rare_word = _rare_word_slip(rare, common, words, unknown, ocr)
    if words.uses[common] < 2 and _family(common, words) <= max(1, _family(rare, words)):
        return False  # once used: a spelling only when the text also uses its stem (paradrop)
    if _inflected(rare, common) and not (ocr and slip):
        return False  # an OCR slip may fall on the ending (cannol for cannot)
    expected = rare_word or slip or words.written[common][0].isupper()
    if not (expected or (rare in unknown and common in unknown)):
        return False
    if rare not in unknown and words.written[rare][0].islower() and not rare_word:
        return False  # a dictionary word in running text (fairly) is no slip for a name (Fairey)
    if not words.plain_uses.get(rare) and common in unknown:
        return False  # a name in credits or a bibliography
    written = (words.written[rare], words.written[common])
    return not (
        _explained(rare, common)
        or _abbreviation(rare, common)
        or _numerals(*written)
        or _first_letter(rare, common, words, lines)
    )


def _order(word: str, other: str, words: _Words) -> tuple[int, int, str]:
    """Rarer first: fewer uses, then fewer uses of the word and its stem, then the other later."""
    return words.uses[word], _family(word, words), other


def _family(word: str, words: _Words) -> int:
    """Uses of the word and of its stem as a word of its own (paradrop for paradropped)."""
    stems = set()
    for end in STEM_ENDINGS:
        if word.endswith(end):
            stem = word[: -len(end)]
            stems |= {stem, stem[:-1]} if DOUBLED.match(word) else {stem}
    return words.uses[word] + sum(words.uses.get(stem, 0) for stem in stems)


def _slip_of_word(rare: str, common: str, words: _Words, unknown: set[str], ocr: bool) -> bool:
    """A non-word one OCR confusion (tokcn) or, in lower case, one letter (condtions) from a
    dictionary word the text uses several times; a capitalised one may be a name (Marne)."""
    if rare not in unknown or common in unknown:
        return False
    if ocr and len(common) >= LONG_SLIP and words.uses[common] >= 2 * words.uses[rare]:
        return True  # a long word OCR misreads (prevtous) needs fewer uses to be known
    if words.uses[rare] * SLIP_USES > words.uses[common] or words.uses[common] < SLIP_USES:
        return False
    if ocr:
        return True
    titled = words.titled.get(common, 0)
    many = titled >= MANY_USES <= titled // words.uses[rare]
    return (words.written[rare][0].islower() or many) and _one_edit(rare, common)


def _rare_word_slip(rare: str, common: str, words: _Words, unknown: set[str], ocr: bool) -> bool:
    """A dictionary word used once that is one OCR confusion (caros) or, capitalised where the
    text capitalises the term, one letter (Strenth) from a word the text uses very often."""
    if rare in unknown or common in unknown or words.uses[rare] > 1:
        return False
    if words.uses[common] < OFTEN_USES:
        return False
    if ocr:
        return True
    titled = words.written[rare][0].isupper() and words.titled.get(common, 0) >= OFTEN_USES
    return titled and _one_edit(rare, common)


def _one_edit(a: str, b: str) -> bool:
    """Whether one inserted, dropped or changed letter turns one word into the other."""
    short, long = sorted((a, b), key=len)
    if len(long) - len(short) > 1:
        return False
    start = next(
        (i for i, (x, y) in enumerate(zip(short, long, strict=False)) if x != y), len(short)
    )
    if len(short) == len(long):
        return short[start + 1 :] == long[start + 1 :]
    return short[start:] == long[start + 1 :]


def _explained(rare: str, common: str) -> bool:
    """Regional or foreign spellings of one word: Armoured/Armored, Afrika/Africa."""
    for a, b in ((rare, common), (common, rare)):
        if a.replace("our", "or") == b:
            return True
    if len(rare) == len(common):
        diff = [(x, y) for x, y in zip(rare, common, strict=True) if x != y]
        return len(diff) == 1 and set(diff[0]) == {"c", "k"}
    return False


def _abbreviation(rare: str, common: str) -> bool:
    """One word is the other with vowels dropped (Rajpt, PnzrGrndr): a shortening, not a slip."""
    short, long = sorted((rare, common), key=len)
    if len(short) == len(long) or _vowel_share(short) >= ABBREVIATION_VOWELS:
        return False
    kept = 0
    for letter in long:
        if kept < len(short) and letter == short[kept]:
            kept += 1
        elif letter not in VOWELS:
            return False
    return kept == len(short)


def _vowel_share(word: str) -> float:
    return sum(c in VOWELS for c in word) / len(word)


def _numerals(rare: str, common: str) -> bool:
    """XXIII and XXXIII, PzIIH and PzIIIH are different numbers, not spellings."""
    if not (NUMERALS.search(rare) or NUMERALS.search(common)):
        return False
    return NUMERALS.sub("#", rare) == NUMERALS.sub("#", common)


def _first_letter(rare: str, common: str, words: _Words, lines: list[str]) -> bool:
    """Words apart in their first letter are other words (Littorio/Vittorio, Greece/Reece),
    unless OCR confuses the two letters (cffects) or the letter stands split off (M ilitary)."""
    if rare[1:] == common[1:]:
        if words.written[rare][0] == "I" and common[0] in "lt":
            return False  # a capital I read for t or l (Ihrough)
        return "".join(sorted(rare[0] + common[0])) not in OCR_LETTERS
    if rare[1:] == common:
        return True
    if rare != common[1:]:
        return False
    line, column = words.first[rare]
    before = lines[line - 1][: column - 1].rstrip().lower()
    return not re.search(rf"(?<![a-z]){common[0]}$", before)


def _words(lines: list[str]) -> _Words:
    """Use counts, first place and first spelling of each word, folded to lower case."""
    words = _Words(defaultdict(int), defaultdict(int), {}, {}, defaultdict(int))
    credits = _credits_lines(lines)
    for index, line in enumerate(lines, start=1):
        broken = index > 1 and BROKEN_END.search(lines[index - 2])
        for start, written in _matches(line):
            word = written.lower()
            if not SHORTEST <= len(word) <= LONGEST:
                continue
            if broken and start == len(line) - len(line.lstrip()):
                continue  # the second half of a word hyphenated at the line end
            words.uses[word] += 1
            if index not in credits:
                words.plain_uses[word] += 1
            words.first.setdefault(word, (index, start + 1))
            words.written.setdefault(word, written)
            if written[0].isupper() and not written.isupper():
                words.titled[word] += 1
    return words


def _matches(line: str) -> list[tuple[int, str]]:
    """The line's words and where they start, with the tails of lower-case compounds."""
    found = [(match.start(), match[0]) for match in WORD.finditer(line)]
    found += [(tail.start(1), tail[1]) for tail in TAIL.finditer(line)]
    return sorted(found)


def _credits_lines(lines: list[str]) -> set[int]:
    """Lines (1-based) of credits and bibliography sections, where names are not terms."""
    inside: set[int] = set()
    opened: tuple[str, int] | None = None  # the heading's chapter number or `#` depth
    for index, line in enumerate(lines, start=1):
        level = _heading_level(line)
        if level is not None:
            if opened and _closes(level, opened):
                opened = None
            if opened is None and CREDITS.search(line) and len(line.split()) <= 8:
                opened = level
        if opened:
            inside.add(index)
    return inside


def _heading_level(line: str) -> tuple[str, int] | None:
    """('#', depth) for a Markdown heading, ('n', chapter) for a numbered heading, else None."""
    markdown = MD_HEADING.match(line)
    if markdown:
        return ("#", len(markdown[1]))
    numbered = NUMBERED.match(line)
    if numbered and len(line.split()) <= 8:
        return ("n", int(numbered[1]))
    return None


def _closes(level: tuple[str, int], opened: tuple[str, int]) -> bool:
    """A Markdown heading as high as the credits' own, or another numbered chapter, ends them."""
    if level[0] != opened[0]:
        return level[0] == "#"
    return level[1] <= opened[1] if level[0] == "#" else level[1] != opened[1]


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


def _ocr_slips(words: _Words, unknown: set[str]) -> set[tuple[str, str]]:
    """Pairs of a non-word and the word it becomes when one OCR confusion is undone (tokcn);
    sought from the words used twice or more, as only those can be the expected spelling."""
    pairs: set[tuple[str, str]] = set()
    uses = words.uses
    for common in [word for word, count in uses.items() if count >= 2]:
        for rare in _unconfused(common, common):
            if rare not in uses or rare == common:
                continue
            if not (rare in unknown or common in unknown or uses[common] >= OFTEN_USES):
                continue
            if (uses[common], rare) < (uses[rare], common):
                continue  # the pair is met again from the other, more used side
            if common in _unconfused(rare, words.written[rare]):
                pairs.add((min(rare, common), max(rare, common)))
    return pairs


def _frequent_slips(words: _Words, unknown: set[str]) -> set[tuple[str, str]]:
    """Pairs of a dictionary word the text uses very often and a dictionary word used once that
    one letter turns into it; other words, and OCR slips, are paired elsewhere."""
    pairs: set[tuple[str, str]] = set()
    for common in [word for word, count in words.uses.items() if count >= OFTEN_USES]:
        if common in unknown:
            continue
        for rare in _edits(common):
            if words.uses.get(rare) == 1 and rare not in unknown:
                pairs.add((min(rare, common), max(rare, common)))
    return pairs


def _edits(word: str) -> set[str]:
    """Every spelling one dropped, changed or inserted letter away."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in cuts if b}
    changed = {a + c + b[1:] for a, b in cuts if b for c in letters}
    inserted = {a + c + b for a, b in cuts for c in letters}
    return (dropped | changed | inserted) - {word}


def _unconfused(word: str, written: str) -> set[str]:
    """Each spelling with one OCR confusion (c read for e, rn for m, ...) turned back; the
    confusions are of lower-case letters, so a capital (ArmBr, Exx01) is meant as written."""
    found: set[str] = set()
    for a, b in CONFUSIONS:
        for seen, meant in ((a, b), (b, a)):
            start = word.find(seen)
            while start >= 0:
                end = start + len(seen)
                if written.isupper() or written[start:end] == seen:
                    found.add(word[:start] + meant + word[end:])
                start = word.find(seen, start + 1)
    return found | _uncapitalised(word, written)


def _uncapitalised(word: str, written: str) -> set[str]:
    """A lone capital I or J in a lower-case word read for t (at the start) or l (Ihrough, vaJue);
    from a word's expected spelling (written as the folded word), the misread forms."""
    found: set[str] = set()
    for index, letter in enumerate(word):
        for seen, meant in CAPITAL_SLIPS:
            if meant == "t" and index:
                continue
            if written == word and letter == meant:
                found.add(word[:index] + seen.lower() + word[index + 1 :])
            elif written[index] == seen and (written[:index] + written[index + 1 :]).islower():
                found.add(word[:index] + meant + word[index + 1 :])
    return found


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
    """A dictionary word or a regular form of one (tallied, became, jamming) the list leaves out."""
    if word in vocabulary:
        return True
    doubled = DOUBLED.match(word)
    if doubled and doubled[1] + doubled[2] in vocabulary:
        return True
    return any(
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
