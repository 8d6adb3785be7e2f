"""The index of Belaad's rulebook points at the rules: every glossary term has an entry, every
page an entry prints says the term (any case, singular or plural), an entry lists at most the
first six sections that use the term plus the one its heading names, and the glossary and the
errata, which say every term, are not where the entries send a reader; an entry never goes
inside an icon's key or a link.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.render.book_index import USES, _markups
from generator.render.rulebook import Heading, Para, rulebook_blocks

ROOT = Path(__file__).parent.parent
BELAAD = ROOT / "card_data" / "belaad"
ENTRY = re.compile(r"^\s+(\S.*?), (\d+(?:, \d+)*)$")
REFERENCE = re.compile(r"^(Glossary|Errata and clarifications)$")

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    """Belaad's rulebook, built once."""
    out = tmp_path_factory.mktemp("index")
    result = CliRunner().invoke(cli, ["build", str(BELAAD), "-o", str(out), "--only", "rulebook"])
    assert result.exit_code == 0, result.output
    return out / "belaad" / "rulebook.pdf"


def _pages(pdf: Path) -> list[str]:
    """Each page's text, whitespace collapsed (a term may break across lines)."""
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return [" ".join(page.split()) for page in text.split("\f")]


def _index(pdf: Path) -> dict[str, list[int]]:
    """Term to the pages its entry prints, read from the pages after the last `Index` title."""
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = text.split("\f")
    start = max(i for i, page in enumerate(pages) if re.search(r"(?m)^\s*Index\s*$", page))
    lines = "\n".join(pages[start:]).splitlines()
    return {
        match[1]: [int(n) for n in match[2].split(", ")]
        for line in lines
        if (match := ENTRY.match(line))
    }


def _reference_pages(pdf: Path) -> set[int]:
    """Every page the glossary or the errata chapter prints on, shared pages included."""
    reader = PdfReader(pdf)
    chapters = [
        (item.title.split(" ", 1)[1], reader.get_destination_page_number(item) + 1)
        for item in reader.outline
        if not isinstance(item, list)
    ]
    pages: set[int] = set()
    for number, (title, first) in enumerate(chapters):
        if REFERENCE.match(title):
            last = chapters[number + 1][1] if number + 1 < len(chapters) else len(reader.pages)
            pages |= set(range(first, last + 1))
    return pages


def _says(text: str, term: str) -> bool:
    plural = rf"{re.escape(term)}(?:s|es)?"
    if term.endswith("y"):
        plural = rf"(?:{plural}|{re.escape(term[:-1])}ies)"
    return re.search(rf"(?<!\w){plural}(?!\w)", text, re.IGNORECASE) is not None


def test_every_glossary_term_has_an_entry(book):
    terms = {term["name"] for term in yaml.safe_load((BELAAD / "game.yaml").read_text())["terms"]}
    assert set(_index(book)) == terms


def test_every_page_an_entry_prints_says_the_term(book):
    pages = _pages(book)
    entries = _index(book)
    assert len(entries) >= 10
    wrong = {
        term: [page for page in printed if not _says(pages[page - 1], term)]
        for term, printed in entries.items()
    }
    assert not {term: pages for term, pages in wrong.items() if pages}


def test_entries_list_a_few_rule_pages_not_the_glossary_or_errata(book):
    entries = _index(book)
    reference = _reference_pages(book)
    assert reference, "Belaad's rulebook has a glossary and errata chapter"
    assert all(len(pages) <= USES + 1 for pages in entries.values()), entries
    outside = [term for term, pages in entries.items() if set(pages) - reference]
    assert len(outside) >= 0.9 * len(entries), set(entries) - set(outside)
    refs = [page for pages in entries.values() for page in pages]
    assert sum(page in reference for page in refs) <= 0.1 * len(refs)


def _entries(book) -> list[tuple[str, str]]:
    """(section number, term) of every index entry, in reading order."""
    found, section = [], ""
    for block in book.blocks:
        if isinstance(block, Heading):
            section = block.number
        for markup in _markups(block):
            found += [(section, term) for term in re.findall(r'<index item="([^"]+)"/>', markup)]
    return found


def test_an_entry_never_goes_inside_an_icon_or_a_link():
    text = "# Moves\n\nMove the :shah: one step; the [shah](#moves) and the Shah are safe.\n"
    book = rulebook_blocks(text, "Test", ("Shah",))
    [para] = [block for block in book.blocks if isinstance(block, Para)]
    assert para.markup.startswith("Move the :shah: one step;")
    assert para.markup.endswith('the Shah<index item="Shah"/> are safe.')


def test_an_entry_lists_the_section_naming_it_and_the_first_uses_not_the_glossary():
    sections = "".join(f"# Part {n}\n\nSwords are drawn.\n\n" for n in range(1, 10))
    glossary = "# Glossary\n\nsword\n: A blade.\n\n"
    text = f"{glossary}{sections}# More about swords\n\nNothing else.\n"
    book = rulebook_blocks(text, "Test", ("sword", "blade"))
    entries = _entries(book)
    swords = [section for section, term in entries if term == "sword"]
    assert swords == ["2", "3", "4", "5", "6", "7", "11"]  # six uses and the naming heading
    assert [section for section, term in entries if term == "blade"] == ["1"]  # only there


def test_a_term_is_found_in_letters_lower_case_does_not_show_as_it():
    """Case-insensitive matching reads dotless i and long s as i and s, and dotted capital I as
    i, though lower case keeps them apart: a section holding them is still searched."""
    text = "# Rules\n\nLay \u017fiege to a c\u0131ty. \u0130nfantry moves.\n"
    book = rulebook_blocks(text, "Test", ("siege", "city", "infantry"))
    [para] = [block for block in book.blocks if isinstance(block, Para)]
    assert para.markup == (
        'Lay \u017fiege<index item="siege"/> to a c\u0131ty<index item="city"/>. '
        '\u0130nfantry<index item="infantry"/> moves.'
    )


def test_a_heading_names_a_term_in_letters_lower_case_does_not_show_as_it():
    """The section a heading names a term in is listed though its text never says the term,
    and a heading spelling it with dotted capital I (lower case makes it two characters)."""
    sections = "".join(f"# Part {n}\n\nSieges are laid.\n\n" for n in range(1, 8))
    text = f"{sections}# \u0130nfantry and sieges\n\nNothing else.\n"
    book = rulebook_blocks(text, "Test", ("infantry", "siege"))
    entries = _entries(book)
    assert [section for section, term in entries if term == "infantry"] == ["8"]
    assert [section for section, term in entries if term == "siege"] == [
        *"123456",
        "8",
    ]  # six uses and the naming heading
