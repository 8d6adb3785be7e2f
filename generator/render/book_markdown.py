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

A game's rulebook passes no raw HTML: pnp typesets with ReportLab, not a browser, so HTML there
is a mistake or an attack. A tag prints as the text the designer typed, inside a span of the
`html-text` class so that the check can say where it stands. A Markdown file outside a game
(`pnp check FILE`, often written for GitHub) is read with its HTML, as GitHub reads it.
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
from markdown.inlinepatterns import HTML_RE, HtmlInlineProcessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

EXTENSIONS = (TableExtension, AttrListExtension, AdmonitionExtension, DefListExtension)
INLINE_SYNTAX = re.compile(r"[`\\\[<&*_]|  \n")  # what every inline pattern needs to match
INLINE_PRIORITY = 20  # Python-Markdown's inline pass; ours runs just before it
HTML_PRIORITY = 90  # where Python-Markdown tries its `html` pattern; HtmlAsText takes its place
HTML_TEXT = "html-text"  # the class of a span holding raw HTML printed as text
ATTRIBUTES_PRIORITY = 7  # just after attr_list (8) has set the attributes `{: ...}` give
XML_NAME = re.compile(r"(?!xml)[A-Za-z_][A-Za-z0-9_.-]*", re.IGNORECASE)  # no prefix, no xmlns
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


class XmlAttributes(Treeprocessor):
    """The attributes `{: ...}` gave, as XML reads them: a bare word (`{: draft }`) as
    `draft="draft"`, a name XML cannot read (`{: 1=2 }`, `{: a:b=c }`) left out; the rulebook
    reads only ids and classes."""

    def run(self, root: ET.Element) -> None:
        for element in root.iter():
            for name, value in list(element.items()):
                if not XML_NAME.fullmatch(name):
                    del element.attrib[name]
                elif value is None:
                    element.set(name, name)


class BookExtension(Extension):
    """Registers PlainText just before the inline pass, XmlAttributes after attr_list."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.treeprocessors.register(PlainText(md), "plain-text", INLINE_PRIORITY + 1)
        md.treeprocessors.register(XmlAttributes(md), "xml-attributes", ATTRIBUTES_PRIORITY)


class HtmlAsText(HtmlInlineProcessor):
    """Raw HTML as the text the designer typed, in a span of the HTML_TEXT class."""

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[ET.Element, int, int]:
        span = ET.Element("span", {"class": HTML_TEXT})
        span.text = AtomicString(self.backslash_unescape(self.unescape(m.group(1))))
        return span, m.start(0), m.end(0)


def book_html(text: str, name: str = "", html: bool = False) -> str:
    """The rulebook's Markdown as XHTML, as Python-Markdown with our extensions makes it, its
    raw HTML as text unless `html` (see the module)."""
    unused = frozenset(name for name, marks in NEEDS.items() if not any(m in text for m in marks))
    return _html(unused, text, html)


def _html(unused: frozenset[str], text: str, html: bool) -> str:
    """Markdown as XHTML (a pattern `unused` in a document is unused in each of its sections,
    so the section's HTML does not depend on which)."""
    return _converter(unused, html).reset().convert(text)


@lru_cache(maxsize=16)
def _converter(unused: frozenset[str], html: bool) -> markdown.Markdown:
    """Python-Markdown with our extensions but without the `unused` inline patterns, passing
    raw HTML only when asked for `html`; reset before each document (pnp converts one document
    at a time in a process)."""
    extensions = [*(extension() for extension in EXTENSIONS), BookExtension()]
    converter = markdown.Markdown(extensions=extensions, output_format="xhtml")
    if not html:
        converter.preprocessors.deregister("html_block")
        converter.inlinePatterns.register(HtmlAsText(HTML_RE, converter), "html", HTML_PRIORITY)
    for name in unused:
        converter.inlinePatterns.deregister(name, strict=False)
    return converter
