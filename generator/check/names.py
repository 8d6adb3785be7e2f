"""References by name ("see Combat", "Related Topics: Slam action") that name nothing in the text.

A name resolves when a heading, a bold or labelled entry (`**Bank**`, `Bank:`) or a line that
opens with it carries its words. Only names that look like names are read: Capitalised, quoted
or bold, or listed after "Related Topics"; `see below`, `see page 4`, `see Case 3.1` are not names.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.check.outline import Outline, RulebookText
from generator.check.prose import seems_excerpt
from generator.check.registry import text_rule
from generator.check.topics import ENTRY, stems
from generator.clean.words import dictionary
from generator.findings import Position, Report

EXCERPT_NOTE = " (the file seems an excerpt: see missing-chapter)"
LINE_CHARS = 2_000  # of a line read for references and entries; no name is longer
TITLE_WORD = r"(?:[A-Z][\w'\u2019&-]*)"
JOINER = r"(?:of|the|and|for|to|in|on|a|an|&)"
CAPITALISED = rf"{TITLE_WORD}(?:[ ]+(?:{JOINER}[ ]+)*{TITLE_WORD}){{0,5}}"
QUOTED = r"[\"\u201c]([A-Z][^\"\u201d\n]{1,60})[\"\u201d]|\*\*([^*\n]{2,60})\*\*"
SEE = re.compile(
    rf"(?<![\w-])[Ss]ee(?:[ ]+also)?(?:[ ]+the)?[ ]+(?:{QUOTED}|({CAPITALISED}))(?P<after>[^\n]{{0,20}})"
)
CITED_AFTER = re.compile(
    r"\s*(?:\d|[A-Z](?:\W|$)|[ivx]+\b)|,?\s*\(?\s*(?:cases?|sections?|rules?|§)?\s*\d",
    re.IGNORECASE,
)
RELATED = re.compile(r"\bRelated\s+Topics?\s*:\s*(.+)", re.IGNORECASE)
FINDER = re.compile(r"\bsee\s+(?:also\s+)?the\s+(index|glossary)\b", re.IGNORECASE)
NOT_NAMES = frozenset(
    re.split(
        r"\s+",
        "appendix appendices article below above before box case cases chapter chapters chart "
        "charts column diagram diagrams example examples fig figure figures illustration "
        "illustrations item note notes page pages para paragraph pdf play player players rule "
        "rules section sections step steps table tables this these that those it its you your "
        "they them he she we i their his her our here there each every all any one other others "
        "which what",
    )
)
LEAD_MARKUP = re.compile(r"^[\s>#*_\-+\d.)\[\]•]*")
HTML_TAG = re.compile(r"<[^>\n]{0,200}>")
ANCHOR = re.compile(r"<a\s[^>]*(?:name|id)\s*=\s*[\"']?([^\"'>\s]+)", re.IGNORECASE)
BOLD = re.compile(r"\*\*([^*\n]{2,80})\*\*|__([^_\n]{2,80})__|<b>([^<\n]{2,80})</b>")
MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)[\s#]*$")
SETEXT = re.compile(r"^\s{0,3}(?:=+|-+)\s*$")
SHOUTED = re.compile(r"^[^a-z]*[A-Z]{3}[^a-z]*$")
NUMBER_LEAD = re.compile(r"^\s*\[?\d+(?:\.\d+)*\]?[.)]?\s+")
SECTION_TAIL = re.compile(r"\s+(?:section|chapter|rules?|entry|topic|card|table)s?$", re.I)
JOINING = frozenset(["and", "the", "of", "a", "an"])
SUGGEST_CUTOFF = 0.75
SHOWN_WORDS = 8
NEXT_CHARS = 30  # of the next line, read for a citation that follows a name (`Training,` / `3.2.1`)
LEAD_WORDS = 6  # a line's label, before its first stop or dash, names an entry
LEAD_END = re.compile(r"[:;,.=(\u2013\u2014\u00ad]|\s-\s")


@dataclass(frozen=True)
class NameReference:
    """A name a reference gives, with where it stands."""

    name: str
    line: int
    column: int
    listed: bool = False  # in a `Related Topics` list, which names the text's own entries


@dataclass
class Entries:
    """What a document names: heading and entry titles, as stems and as written."""

    stems: set[tuple[str, ...]]
    titles: dict[str, str]  # lower-case title -> as written, for suggestions
    starts: set[tuple[str, ...]]  # each line's label: its words before a stop or dash
    by_word: dict[str, list[tuple[str, ...]]]  # titles and line starts by each word they hold
    finders: set[str]  # `index` or `glossary` when the document has one


@text_rule(
    "name-reference",
    "warning",
    'A reference by name ("see Combat", "Related Topics: X") to no heading or entry of the text.',
)
def names_exist(text: RulebookText, report: Report) -> None:
    """Report each name a reference gives that no heading or entry of the text carries; in an
    excerpt (missing-chapter) as a note, since the name may stand in the part left out."""
    outline = text.outline
    entries = document_entries(outline)
    excerpt = not text.strict and seems_excerpt(outline)
    for reference in name_references(outline.lines):
        problem = _unnamed(reference, entries)
        if problem is None:
            continue
        where = Position(text.path, reference.line, reference.column)
        if excerpt:
            report.info("name-reference", where, f"{problem}{EXCERPT_NOTE}")
        else:
            report.warning("name-reference", where, problem)


def _unnamed(reference: NameReference, entries: Entries) -> str | None:
    """What is wrong with a name reference that names nothing in the text, or None."""
    finder = _finder(reference.name)
    if finder is not None:
        if finder in entries.finders:
            return None
        return f"expected the document to have {reference.name}, found no such section"
    if _resolves(reference.name, entries):
        return None
    hint = _hint(reference.name, entries)
    if not hint and not reference.listed and reference.name.lower() in dictionary():
        return None  # `see Overview`: one plain word near no entry may name something else
    return f"expected a heading or entry named '{reference.name}', found none{hint}"


def name_references(lines: list[str]) -> Iterator[NameReference]:
    """Every name a `see` or `Related Topics` reference gives, in text order."""
    for index, raw in enumerate(lines, start=1):
        line = raw[:LINE_CHARS]
        related = RELATED.search(line)
        if related:
            yield from _related(related, index)
        following = lines[index][:NEXT_CHARS] if index < len(lines) else ""
        for match in SEE.finditer(f"{line} {following}"):
            if match.start() >= len(line):
                break
            if _a_name_not_a_verb(line, match.start()):
                continue
            name = _see_name(match)
            if name:
                column = next(match.start(g) for g in (1, 2, 3) if match[g] is not None) + 1
                yield NameReference(name, index, column)
        for finder in FINDER.finditer(line):
            yield NameReference(f"the {finder[1].lower()}", index, finder.start(1) + 1)


def _a_name_not_a_verb(line: str, start: int) -> bool:
    """`See` with a capital only opens a sentence; after a word it is a surname (Michael See)."""
    return line[start] == "S" and bool(re.search(r"[\w,]\s*$", line[:start]))


def _related(match: re.Match[str], line: int) -> Iterator[NameReference]:
    """The comma- or semicolon-separated names after `Related Topics:`."""
    start = match.start(1)
    for part in re.split(r"[,;]", match[1]):
        name = _plain(part)
        if name and not _not_a_name(name):
            column = start + 1 + (len(part) - len(part.lstrip()))
            yield NameReference(name, line, column, listed=True)
        start += len(part) + 1


def _see_name(match: re.Match[str]) -> str | None:
    """The name a `see` reference gives, or None when it is a citation, a place or no name."""
    quoted = match[1] or match[2]
    name = _plain(quoted or match[3])
    after = match["after"]
    if not quoted and (re.match(CITED_AFTER, after) or after.startswith("'s")):
        return None  # `see Case 3.1`, `see Appendix A`, `see the Playbook's ...`
    name = SECTION_TAIL.sub("", name)
    if name.lower() in ("index", "glossary"):
        return None  # FINDER reads `see the index`
    if not name or _not_a_name(name):
        return None
    return name


def _finder(name: str) -> str | None:
    """`index` or `glossary` for `the index`, `the glossary`."""
    found = re.fullmatch(r"the (index|glossary)", name)
    return found[1] if found else None


def _not_a_name(name: str) -> bool:
    """Words that start citations or pronouns, numbers, or nothing telling."""
    words = name.split()
    if not words or any(c.isdigit() for c in name):
        return True
    return words[0].lower() in NOT_NAMES or len(name) < 3


def _plain(text: str) -> str:
    """A name without markup, quotes, surrounding punctuation or doubled spaces."""
    text = HTML_TAG.sub(" ", html.unescape(text)).replace("**", "").replace("__", "")
    text = text.strip().strip("\"'\u201c\u201d\u2018\u2019*_()[].,;: ")
    return " ".join(text.split())


def document_entries(outline: Outline) -> Entries:
    """Titles of headings, sections, bold and labelled entries, and every line's first words."""
    entries = Entries(set(), {}, set(), {}, set())
    labels: dict[str, str] = {}
    lines = outline.lines
    for section in outline.sections:
        _add(entries, section.title)
    for index, raw in enumerate(lines):
        line = raw[:LINE_CHARS]
        for title in _titles(line, lines, index):
            _add(entries, title)
        label = _plain(LEAD_END.split(LEAD_MARKUP.sub("", HTML_TAG.sub(" ", line)), maxsplit=1)[0])
        lead = _key(label)
        if lead and len(lead) <= LEAD_WORDS:
            entries.starts.add(lead)
            labels.setdefault(label.lower(), label)
    for words in entries.stems | entries.starts:
        for word in set(words):
            entries.by_word.setdefault(word, []).append(words)
    for title in entries.titles:
        for finder in ("index", "glossary"):
            if finder in title.split():
                entries.finders.add(finder)
    for label, written in labels.items():
        entries.titles.setdefault(label, written)
    return entries


def _titles(line: str, lines: list[str], index: int) -> Iterator[str]:
    """The titles a line gives: heading, shouted line, label, bold terms, anchors."""
    heading = MD_HEADING.match(line)
    if heading:
        yield heading[1]
    if index + 1 < len(lines) and SETEXT.match(lines[index + 1]) and line.strip():
        yield line
    if SHOUTED.match(line) and len(line.split()) <= SHOWN_WORDS:
        yield line
    entry = ENTRY.match(line)
    if entry:
        yield entry[1]
    for bold in BOLD.finditer(line):
        yield next(group for group in bold.groups() if group)
    for anchor in ANCHOR.finditer(line):
        yield anchor[1].replace("-", " ").replace("_", " ")
    for tag in re.finditer(r"<h[1-6][^>]*>(.*?)</h[1-6]>", line, re.IGNORECASE):
        yield tag[1]


def _add(entries: Entries, title: str) -> None:
    """Record a title by its stems and as written, without number or markup."""
    plain = _plain(NUMBER_LEAD.sub("", _plain(title)))
    words = _key(plain)
    if words:
        entries.stems.add(words)
        entries.titles.setdefault(plain.lower(), plain)


def _resolves(name: str, entries: Entries) -> bool:
    """Whether a title or a line's opening words carry the name (or each name it joins)."""
    parts = re.split(r"\s+(?:and|&|or)\s+|\s*/\s*", name)
    if _carried(_key(name), entries):
        return True
    return len(parts) > 1 and all(_carried(_key(part), entries) for part in parts)


def _key(text: str) -> tuple[str, ...]:
    """A name's stems without joining words, so `Tank & Gun` and `Tank and Gun` match."""
    return tuple(_root(word) for word in stems(text) if word not in JOINING)


def _root(word: str) -> str:
    """A stem without -ing, so `see Training` finds the heading `Train`."""
    return word[:-3] if word.endswith("ing") and len(word) > 6 else word


def _carried(words: tuple[str, ...], entries: Entries) -> bool:
    """Whether a title or a line's opening words hold these words in order."""
    if not words:
        return True
    if words in entries.stems:
        return True
    size = len(words)
    for title in entries.by_word.get(words[0], ()):
        if any(title[i : i + size] == words for i in range(len(title) - size + 1)):
            return True
    return False


def _hint(name: str, entries: Entries) -> str:
    """`(did you mean 'X'?)` when one title is close to the name."""
    close = difflib.get_close_matches(
        name.lower(), list(entries.titles), n=1, cutoff=SUGGEST_CUTOFF
    )
    return f"; did you mean '{entries.titles[close[0]]}'?" if close else ""
