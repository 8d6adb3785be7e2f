"""What each section defines, so a citation can be checked against what its sentence is about.

A section defines the words of its title and the entries it opens with a label (`Bank: ...`).
A citation is off topic when the sentence around it names something that one other chapter
defines and the cited chapter defines nothing the sentence names, and the term clearly lives in
that other chapter (an entry the cited chapter never uses, or a term used mostly there).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache

from generator.check.citations import Citation, titled_lines
from generator.check.outline import Outline, Section, sentence_at

WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]*")
ENTRY = re.compile(
    r"^[\s*_]{0,4}([A-Z][\w'\u2019-]*(?:\s+(?:[A-Z][\w'\u2019-]*|of|the|and)){0,3})[*_]{0,2}\s*:"
)
WINDOW_WORDS = 6
FIELD_LABEL_USES = 3
STEPS_LEAD = re.compile(r"\bsteps?\s*$", re.IGNORECASE)
CITATION_LEAD = re.compile(
    r"[(\[]?\s*(?:see\s+|cf\.?\s*)?(?:also\s+)?"
    r"(?:(?:sections?|paragraphs?|para\.|chapters?|rules?|cases?|§)\s*)?$",
    re.IGNORECASE,
)
DOTTED_OR_WHOLE = re.compile(r"\b\d+(?:\.\d+)*\b")
COMMON_WORDS = frozenset(
    [
        "about",
        "advanced",
        "also",
        "basic",
        "before",
        "after",
        "clarification",
        "example",
        "examples",
        "feature",
        "features",
        "from",
        "game",
        "games",
        "general",
        "into",
        "more",
        "optional",
        "other",
        "part",
        "play",
        "rule",
        "rules",
        "some",
        "that",
        "their",
        "these",
        "this",
        "those",
        "what",
        "when",
        "with",
        "your",
        "each",
        "every",
        "first",
        "second",
        "third",
        "last",
        "note",
        "notes",
        "step",
        "steps",
        "phase",
        "phases",
        "turn",
        "turns",
    ]
)


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A word without case, possessive or plural ending: Libraries and library match (each
    spelling worked out once: a rulebook says the same words thousands of times)."""
    word = word.lower().replace("\u2019", "'").removesuffix("'s").rstrip("'")
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 4:
        return word[:-1]
    return word


def stems(text: str) -> tuple[str, ...]:
    """The stems of a text's words, in order."""
    return tuple(map(stem, WORD.findall(text)))


class Topics:
    """Terms by the chapters that define them, from titles and labelled entries."""

    def __init__(self, outline: Outline) -> None:
        self.outline = outline
        self.homes: dict[tuple[str, ...], dict[str, Section]] = defaultdict(dict)
        self.entries: set[tuple[str, ...]] = set()
        self.chapter_words: set[tuple[str, ...]] = set()
        self.definitions: dict[tuple[str, ...], int] = defaultdict(int)
        self.starting: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        self.chapter_stems: dict[str, str] = {}
        labelled: list[tuple[tuple[str, ...], Section]] = []
        for section in outline.sections:
            for word in stems(section.title) if section.titled else ():
                if len(word) >= 4:
                    self._define((word,), section)
                    if len(section.parts) == 1:
                        self.chapter_words.add((word,))
            for line in section.lines:
                entry = ENTRY.match(line)
                if entry:
                    labelled.append((stems(entry[1]), section))
        uses = Counter(term for term, _ in labelled)
        for term, section in labelled:
            # a label used again and again (`Deck:` in every scenario's setup) is a form's
            # field, not the entry that defines a term
            if uses[term] < FIELD_LABEL_USES:
                self._define(term, section)
                self.entries.add(term)

    def _define(self, term: tuple[str, ...], section: Section) -> None:
        if term not in self.homes:
            self.starting[term[0]].append(term)
        self.homes[term].setdefault(section.top, section)
        self.definitions[term] += 1

    def _terms_in(self, words: tuple[str, ...]) -> list[tuple[str, ...]]:
        """The defined terms a run of words contains, looked up by each word that could start one."""
        found = {
            term
            for i, word in enumerate(words)
            for term in self.starting.get(word, ())
            if words[i : i + len(term)] == term
        }
        return sorted(found)

    def stray(
        self, citation: Citation, target: Section, here: Section | None
    ) -> tuple[str, Section] | None:
        """(term, defining chapter) when the cited chapter is not where the cited thing lives."""
        sentence, offset = sentence_at(self.outline, citation.line, citation.column)
        if STEPS_LEAD.search(sentence[:offset]):
            return None  # `repeat Steps 3.1 through 3.5` cites a procedure, not a topic
        words = stems(sentence)
        named = [term for term in self._terms_in(words) if _telling(term)]
        if any(target.top in self.homes[term] for term in named):
            return None
        cited = {n.split(".")[0] for n in DOTTED_OR_WHOLE.findall(sentence)}
        window = _window(sentence[:offset])
        local = here.top if here else None
        elsewhere = [
            (term, home)
            for term in self._named(window)
            if len(self.homes[term]) == 1
            for top, home in self.homes[term].items()
            if top != local and top not in cited
        ]
        strong = [pair for pair in elsewhere if self._lives_in(pair, target.top)]
        if not strong:
            return None
        term, home = max(strong, key=self._certainty)
        return " ".join(term), self._chapter(home)

    def stray_title(self, citation: Citation, target: Section) -> tuple[str, Section] | None:
        """(title, titled line) when the words just before a citation of a titled line (an
        appendix's `section 3`) carry the whole title of another one and not the cited one's
        (`Major Improvements in Appendix, section 3` where 2 is `Major Improvements`)."""
        sentence, offset = sentence_at(self.outline, citation.line, citation.column)
        window = set(stems(_window(sentence[:offset])))
        cited = _title_terms(target.title)
        for line in titled_lines(self.outline).values():
            words = _title_terms(line.title)
            if line is not target and words and words <= window and not words <= cited:
                return line.title, line
        return None

    def _lives_in(self, pair: tuple[tuple[str, ...], Section], cited: str) -> bool:
        """Strong evidence that a term belongs to its home chapter and not the cited one: a
        labelled entry the cited chapter never uses, or a term used mostly in its home chapter
        (`number` or `attack`, used all over, say nothing about where a citation should point)."""
        term, home = pair
        at_home, there = self._uses(term, home.top), self._uses(term, cited)
        if term in self.entries and there == 0:
            return True
        total = sum(self._uses(term, top) for top in self.outline.index.by_top)
        return at_home > there and 2 * at_home >= total

    def _named(self, window: str) -> list[tuple[str, ...]]:
        """Terms the words just before a citation name: entries, chapter titles, capitalised titles."""
        words = stems(window)
        capitalised = {stem(w) for w in WORD.findall(window) if w[0].isupper()}
        return [
            term
            for term in self._terms_in(words)
            if _telling(term)
            and (term in self.entries or term in self.chapter_words or term[0] in capitalised)
        ]

    def _certainty(self, pair: tuple[tuple[str, ...], Section]) -> tuple[int, ...]:
        """Labelled entries first, then longer terms, terms defined often, terms used often."""
        term, home = pair
        return (term in self.entries, len(term), self.definitions[term], self._uses(term, home.top))

    def _uses(self, term: tuple[str, ...], top: str) -> int:
        """How often a chapter's sections use a term, overlapping uses counted: each section is
        a line of its stems between spaces (a stem holds none), searched for the term's."""
        if top not in self.chapter_stems:
            sections = self.outline.index.by_top.get(top, [])
            lines = (f" {' '.join(stems(section.text))} " for section in sections)
            self.chapter_stems[top] = "\n".join(lines)
        return len(re.findall(f"(?= {re.escape(' '.join(term))} )", self.chapter_stems[top]))

    def _chapter(self, section: Section) -> Section:
        """The chapter a defining section belongs to, named in the message."""
        return self.outline.section(section.top) or section


def _telling(term: tuple[str, ...]) -> bool:
    """Whether a term says what a sentence is about (`features` or `phase` alone do not)."""
    return len(term) > 1 or term[0] not in COMMON_WORDS


def _title_terms(title: str) -> set[str]:
    """The telling words of a title: `The Occupation cards` is {occupation, card}."""
    return {word for word in stems(title) if len(word) >= 4 and word not in COMMON_WORDS}


def _window(before: str) -> str:
    """The last few words before a citation, after any earlier citation: what it is cited for."""
    clause = re.split(r"[);]", CITATION_LEAD.sub("", before))[-1]
    return " ".join(clause.split()[-WINDOW_WORDS:])


def _count(words: tuple[str, ...], term: tuple[str, ...]) -> int:
    size = len(term)
    return sum(words[i : i + size] == term for i in range(len(words) - size + 1))
