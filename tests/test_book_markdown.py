"""The rulebook's Markdown skips the inline pass for plain text, and is converted a section at a
time, and still makes the same HTML."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import markdown
import pytest
from markdown.util import AtomicString

from generator.render.book_markdown import PlainText, book_html

BREAK = "  \n"  # two spaces end a line: a hard break
NAMED = ["tables", "attr_list", "admonition", "def_list"]  # the extensions, by name
SAMPLE = """\
# Combat {#combat}

An army *attacks* with `dice`, see [the map](#map) and <b>bold</b> &amp; \\*stars\\*.BREAK
A second line after a hard break, an_underscore and a plain sentence.

| Step | Action |
|---|---|
| 1 | Roll __two__ dice |
| 2 | Plain text only |

- plain item
- item with ![icon](icon.png)

!!! note "Designer's note"
    Plain text in a box.

Term
:   Plain definition.
""".replace("BREAK\n", BREAK)


def test_the_html_is_the_same_as_python_markdown_makes():
    assert book_html(SAMPLE) == markdown.markdown(SAMPLE, extensions=NAMED, output_format="xhtml")


def test_a_document_does_not_see_what_the_one_before_defined():
    defines = "See [rules].\n\n[rules]: https://example.com/rules\n\n<div>raw</div>\n"
    uses = "Read [rules] first.\n\n<div>other</div>\n"
    book_html(defines)
    assert book_html(uses) == markdown.markdown(uses, extensions=NAMED, output_format="xhtml")
    assert "example.com" not in book_html(uses)


def test_only_text_without_inline_syntax_is_marked_atomic():
    root = ET.fromstring(
        "<div><p>Plain words.</p><p>Some *stars*</p><p>a &amp; b<br/>plain tail</p></div>"
    )
    PlainText(markdown.Markdown()).run(root)
    plain, stars, mixed = root
    assert isinstance(plain.text, AtomicString) and not isinstance(stars.text, AtomicString)
    assert not isinstance(mixed.text, AtomicString) and isinstance(mixed[0].tail, AtomicString)


@pytest.mark.parametrize(
    "text",
    [
        "Only *stars* and [a link](#x).",
        "A tab before the line end \t\nbreaks the line, as two spaces do.",
        "Old line ends  \r\nbreak it too.",
        "An ![icon](icon.png), <b>bold</b>, a &amp; b, `code`, \\*escaped\\* and <http://x.org>.",
        "Nothing to match at all.",
    ],
)
def test_a_document_without_a_patterns_characters_makes_the_same_html(text):
    assert book_html(text) == markdown.markdown(text, extensions=NAMED, output_format="xhtml")
