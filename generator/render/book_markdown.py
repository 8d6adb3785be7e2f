"""The rulebook's Markdown to HTML, with plain text kept from the inline pass.

Python-Markdown tries each of its inline patterns (code, escapes, links, images, autolinks,
line breaks, HTML, entities, emphasis) on every piece of text, though most table cells and list
items hold none of the characters those patterns start with. Such text is marked atomic before
the inline pass, which then leaves it as it is: the HTML is the same, made in less time.
Likewise a pattern that needs a character the document does not hold anywhere (most rulebooks
have no `<`, `&`, backtick or image) is left out of its inline pass, which would find nothing.
One converter, its extensions given as objects, serves every document: naming them would have
Python-Markdown search the installed packages' entry points for them at each process's first
document, and building the converter again for each document costs as much again.

In a build, a document is converted a section at a time, its sections' HTML kept in the
build's cache: a rebuild after one card quoted in the rulebook changed converts only the
section that quotes it. A section starts at a `#` line after a blank line, where Python-Markdown
ends every block (list, quote, table, admonition, code) and starts a heading; a document with
a reference definition (`[id]: address`, read from anywhere) or a raw HTML block (which may
hold blank lines) is converted whole.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import markdown
from markdown.extensions import Extension
from markdown.extensions.admonition import AdmonitionExtension
from markdown.extensions.attr_list import AttrListExtension
from markdown.extensions.def_list import DefListExtension
from markdown.extensions.tables import TableExtension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

EXTENSIONS = (TableExtension, AttrListExtension, AdmonitionExtension, DefListExtension)
INLINE_SYNTAX = re.compile(r"[`\\\[<&*_]|  \n")  # what every inline pattern needs to match
INLINE_PRIORITY = 20  # Python-Markdown's inline pass; ours runs just before it
SECTION_START = re.compile(r"\n\n(?=#)")  # a heading line after a blank line
WHOLE_ONLY = re.compile(r"^ {0,3}(?:\[[^\]\n]*\]:|<)", re.MULTILINE)  # see the docstring
SECTIONS = "markdown-sections"  # a document's sections' HTML in the build cache
# Each inline pattern, by name, and what a document must hold for it to match anything: one
# of these strings (tabs and `\r` can become a line break's two spaces before a line end).
NEEDS = {
    "backtick": ("`",),
    "escape": ("\\",),
    "reference": ("[",),
    "link": ("[",),
    "image_link": ("![",),
    "image_reference": ("![",),
    "short_reference": ("[",),
    "short_image_ref": ("![",),
    "autolink": ("<",),
    "automail": ("<",),
    "linebreak": ("  \n", "\t", "\r"),
    "html": ("<",),
    "entity": ("&",),
    "em_strong": ("*", "_"),
}


class PlainText(Treeprocessor):
    """Marks text that no inline pattern can match as atomic, so the inline pass skips it."""

    def run(self, root: ET.Element) -> None:
        for element in root.iter():
            if element.text and not INLINE_SYNTAX.search(element.text):
                element.text = AtomicString(element.text)
            if element.tail and not INLINE_SYNTAX.search(element.tail):
                element.tail = AtomicString(element.tail)


class PlainTextExtension(Extension):
    """Registers PlainText just before the inline pass."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.treeprocessors.register(PlainText(md), "plain-text", INLINE_PRIORITY + 1)


def book_html(text: str, name: str = "") -> str:
    """The rulebook's Markdown as XHTML, as Python-Markdown with our extensions makes it."""
    unused = frozenset(name for name, marks in NEEDS.items() if not any(m in text for m in marks))
    return _html(unused, text)


def _html(unused: frozenset[str], text: str) -> str:
    """Markdown as XHTML (a pattern `unused` in a document is unused in each of its sections,
    so the section's HTML does not depend on which)."""
    return _converter(unused).reset().convert(text)


@lru_cache(maxsize=16)
def _converter(unused: frozenset[str]) -> markdown.Markdown:
    """Python-Markdown with our extensions but without the `unused` inline patterns, reset
    before each document (pnp converts one document at a time in a process)."""
    extensions = [*(extension() for extension in EXTENSIONS), PlainTextExtension()]
    converter = markdown.Markdown(extensions=extensions, output_format="xhtml")
    for name in unused:
        converter.inlinePatterns.deregister(name, strict=False)
    return converter
