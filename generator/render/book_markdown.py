"""The rulebook's Markdown to HTML, with plain text kept from the inline pass.

Python-Markdown tries each of its inline patterns (code, escapes, links, images, autolinks,
line breaks, HTML, entities, emphasis) on every piece of text, though most table cells and list
items hold none of the characters those patterns start with. Such text is marked atomic before
the inline pass, which then leaves it as it is: the HTML is the same, made in less time.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

EXTENSIONS = ["tables", "attr_list", "admonition", "def_list"]
INLINE_SYNTAX = re.compile(r"[`\\\[<&*_]|  \n")  # what every inline pattern needs to match
INLINE_PRIORITY = 20  # Python-Markdown's inline pass; ours runs just before it


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


def book_html(text: str) -> str:
    """The rulebook's Markdown as XHTML, as Python-Markdown with our extensions makes it."""
    extensions = [*EXTENSIONS, PlainTextExtension()]
    return markdown.markdown(text, extensions=extensions, output_format="xhtml")
