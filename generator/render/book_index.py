"""Index entries: each glossary term at the sections where the rules explain and use it.

An entry points at the section whose heading names the term and at the first few sections
whose rule text uses it. The glossary's definition list and the errata say the term too, but a
reader looking it up wants the rules, so they are indexed only for a term nothing else uses.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache, lru_cache
from itertools import islice
from xml.sax.saxutils import escape

from generator.render.rulebook import (
    Block,
    Box,
    Definitions,
    Heading,
    ListBlock,
    Para,
    TableBlock,
)
from generator.render.rulebook_data import ERRATUM
from generator.render.text import SYMBOL

USES = 6  # sections whose rule text an entry lists, besides the one whose heading names the term
# Text no entry goes into: links, tags, entities and `:symbol:` icons (an entry inside an icon's
# key would break the icon).
UNLIKE_LOWER = re.compile("[\u0130\u0131\u017f]")  # see _lower
HIDDEN = re.compile(rf"<a\b[^>]*>.*?</a>|<[^>]*>|&\w+;|{SYMBOL.pattern}", re.DOTALL)


def index_terms(blocks: list[Block], terms: tuple[str, ...]) -> list[Block]:
    """The blocks with an `<index item=.../>` at the first use of each term in each section
    the term's entry lists."""
    sections = _sections(blocks)
    reference = [_is_reference([blocks[p] for p in positions]) for _, positions in sections]
    texts = [_section_text(blocks, positions) for _, positions in sections]
    titles = [_lower(heading.title) if heading else None for heading, _ in sections]
    for term in terms:
        for section in _indexed_sections(blocks, sections, reference, term, (texts, titles)):
            _mark_first_use(blocks, sections[section][1], term)
            texts[section] = _section_text(blocks, sections[section][1])
    return blocks


def has_index_entries(blocks: tuple[Block, ...] | list[Block]) -> bool:
    """Whether any text carries an index entry (an empty index is left out, not printed)."""
    return any("<index " in markup for block in blocks for markup in _markups(block))


def mentions(markup: str, term: str) -> bool:
    """Whether text says the term (any case, singular or plural) outside links, tags and icons."""
    return _first_use(markup, term) is not None


def _sections(blocks: list[Block]) -> list[tuple[Heading | None, list[int]]]:
    """(heading, positions of its blocks) in reading order; text before any heading has none."""
    sections: list[tuple[Heading | None, list[int]]] = [(None, [])]
    for position, block in enumerate(blocks):
        if isinstance(block, Heading):
            sections.append((block, []))
        else:
            sections[-1][1].append(position)
    return sections


def _is_reference(blocks: list[Block]) -> bool:
    """A section holding the glossary's definition list or the errata, not rules."""
    for block in blocks:
        inner = block.blocks if isinstance(block, Box) else (block,)
        if any(isinstance(b, Definitions) or getattr(b, "style", "") == ERRATUM for b in inner):
            return True
    return False


def _indexed_sections(
    blocks: list[Block],
    sections: list,
    reference: list[bool],
    term: str,
    lowered: tuple[list[str | None], list[str | None]],
) -> list[int]:
    """The section whose heading names the term and the first USES that use it in rule text;
    the glossary or errata only when no rule text says it. A section whose text or heading
    (`lowered`: each section's texts and title, as `_lower` gives them) lacks the term's
    letters is passed over without matching the term in them one by one."""
    letters = _letters(term)
    texts, titles = lowered

    def may_say(text: str | None) -> bool:
        return letters is None or text is None or letters in text

    def used(section: int) -> bool:
        if not may_say(texts[section]):
            return False
        return any(
            mentions(markup, term)
            for position in sections[section][1]
            for markup in _markups(blocks[position])
        )

    rules = [i for i, is_reference in enumerate(reference) if not is_reference]
    named = next(
        (
            i
            for i in rules
            if sections[i][0] and may_say(titles[i]) and mentions(sections[i][0].title, term)
        ),
        None,
    )
    chosen = set(islice((i for i in rules if used(i)), USES))  # the first USES, in order
    chosen |= {named} if named is not None else set()
    if chosen:
        return sorted(chosen)
    return [i for i, is_reference in enumerate(reference) if is_reference and used(i)][:1]


def _section_text(blocks: list[Block], positions: list[int]) -> str | None:
    """A section's texts, as `_lower` gives them."""
    return _lower("\n".join(markup for p in positions for markup in _markups(blocks[p])))


def _lower(text: str) -> str | None:
    """Text in lower case, where an ASCII term's use shows as its lower-case letters; None when
    it holds a letter the pattern's case-insensitive match takes for an ASCII one though lower
    case does not show it (dotless i and long s, read as i and s, and dotted capital I, which
    lower case makes two characters)."""
    return None if UNLIKE_LOWER.search(text) else text.lower()


def _letters(term: str) -> str | None:
    """What every use of an ASCII term holds in lower case (`arm` for army and armies), or None."""
    if not term.isascii():
        return None
    return (term[:-1] if term.endswith("y") else term).lower()


def _mark_first_use(blocks: list[Block], positions: list[int], term: str) -> None:
    """Put the entry at the term's first use among the blocks (the first text when only the
    heading names it, which keeps the entry on the heading's page)."""
    for position in positions:
        marked = _marked(blocks[position], term)
        if marked is not None:
            blocks[position] = marked
            return
    first = next((p for p in positions if isinstance(blocks[p], Para)), None)
    if first is not None:
        para = blocks[first]
        blocks[first] = replace(para, markup=f"{_entry(term)}{para.markup}")


def _marked(block: Block, term: str) -> Block | None:
    """The block with the entry at the term's first use in it, or None when it does not say it."""
    if isinstance(block, Para):
        markup = _with_entry(block.markup, term)
        return None if markup is None else replace(block, markup=markup)
    if isinstance(block, ListBlock):
        items = _first_marked(list(block.items), term)
        return None if items is None else replace(block, items=tuple(items))
    if isinstance(block, TableBlock):
        cells = [cell for row in block.rows for cell in row]
        marked = _first_marked(cells, term)
        if marked is None:
            return None
        rows, start = [], 0
        for row in block.rows:
            rows.append(tuple(marked[start : start + len(row)]))
            start += len(row)
        return replace(block, rows=tuple(rows))
    if isinstance(block, Definitions):
        parts = _first_marked([part for item in block.items for part in item], term)
        if parts is None:
            return None
        return replace(block, items=tuple(zip(parts[::2], parts[1::2], strict=True)))
    if isinstance(block, Box):
        inner = list(block.blocks)
        for position, child in enumerate(inner):
            marked_child = _marked(child, term)
            if marked_child is not None:
                inner[position] = marked_child
                return replace(block, blocks=tuple(inner))
    return None


def _first_marked(markups: list[str], term: str) -> list[str] | None:
    for position, markup in enumerate(markups):
        marked = _with_entry(markup, term)
        if marked is not None:
            return [*markups[:position], marked, *markups[position + 1 :]]
    return None


def _with_entry(markup: str, term: str) -> str | None:
    end = _first_use(markup, term)
    if end is None:
        return None
    return f"{markup[:end]}{_entry(term)}{markup[end:]}"


def _entry(term: str) -> str:
    """An index entry for a term, its `"` escaped too (it stands in an attribute value)."""
    escaped = escape(term, {'"': "&quot;"})
    return f'<index item="{escaped}"/>'


def _first_use(markup: str, term: str) -> int | None:
    """Where the term's first use outside links, tags and icons ends, or None."""
    for match in _pattern(term).finditer(markup):
        if not any(start <= match.start() < end for start, end in _hidden(markup)):
            return match.end()
    return None


@lru_cache(maxsize=4096)
def _hidden(markup: str) -> tuple[tuple[int, int], ...]:
    """Spans of a text's links, tags and icons: found once per text, not once per term."""
    return tuple(match.span() for match in HIDDEN.finditer(markup))


@cache
def _pattern(term: str) -> re.Pattern[str]:
    """The term as a whole word, singular or plural (`army` also finds `armies`)."""
    word = re.escape(term)
    plural = rf"{word}(?:s|es)?"
    if term.endswith("y"):
        plural = rf"(?:{plural}|{re.escape(term[:-1])}ies)"
    return re.compile(rf"(?<![\w&#]){plural}(?!\w)", re.IGNORECASE)


def _markups(block: Block) -> list[str]:
    """Every piece of text in a block (a box's children included)."""
    if isinstance(block, Para):
        return [block.markup]
    if isinstance(block, ListBlock):
        return list(block.items)
    if isinstance(block, TableBlock):
        return [cell for row in block.rows for cell in row]
    if isinstance(block, Definitions):
        return [part for item in block.items for part in item]
    if isinstance(block, Box):
        return [markup for child in block.blocks for markup in _markups(child)]
    if isinstance(block, Heading):
        return [block.title]
    return []
