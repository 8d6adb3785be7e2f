"""The rulebook's Markdown skips the inline pass for plain text, and is converted a section at a
time, and still makes the same HTML as Python-Markdown configured as pnp configures it (a game's
rulebook passes raw HTML as text; a file outside a game, `html=True`, passes it)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import markdown
import pytest
from markdown.inlinepatterns import HTML_RE
from markdown.util import AtomicString

from generator.render.book_markdown import HTML_PRIORITY, HtmlAsText, PlainText, book_html

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
BOLD_AS_TEXT = (
    '<span class="html-text">&lt;b&gt;</span>bold<span class="html-text">&lt;/b&gt;</span>'
)


def reference(text: str, html: bool = False) -> str:
    """What Python-Markdown makes of `text` with the extensions, all its patterns tried on all
    text, raw HTML passed only when `html`."""
    converter = markdown.Markdown(extensions=NAMED, output_format="xhtml")
    if not html:
        converter.preprocessors.deregister("html_block")
        converter.inlinePatterns.register(HtmlAsText(HTML_RE, converter), "html", HTML_PRIORITY)
    return converter.convert(text)


@pytest.mark.parametrize("html", [False, True])
def test_the_html_is_the_same_as_python_markdown_makes(html):
    assert book_html(SAMPLE, html=html) == reference(SAMPLE, html)


def test_raw_html_is_text_in_a_rulebook_and_html_in_a_file_outside_a_game():
    plain = markdown.markdown(SAMPLE, extensions=NAMED, output_format="xhtml")
    assert book_html(SAMPLE, html=True) == plain
    assert book_html(SAMPLE) == plain.replace("<b>bold</b>", BOLD_AS_TEXT)
    block = "<div>\nraw\n</div>\n"
    assert book_html(block, html=True) == "<div>\nraw\n</div>"
    assert book_html(block) == (
        '<p><span class="html-text">&lt;div&gt;</span>\nraw\n'
        '<span class="html-text">&lt;/div&gt;</span></p>'
    )


@pytest.mark.parametrize("html", [False, True])
def test_a_document_does_not_see_what_the_one_before_defined(html):
    defines = "See [rules].\n\n[rules]: https://example.com/rules\n\n<div>raw</div>\n"
    uses = "Read [rules] first.\n\n<div>other</div>\n"
    book_html(defines, html=html)
    assert book_html(uses, html=html) == reference(uses, html)
    assert "example.com" not in book_html(uses, html=html)


def test_a_bare_or_unreadable_attribute_name_is_made_readable_xml():
    made = book_html("# Setup {draft}\n\n# Play {: 1=2 a:b=c .fast }\n")
    assert made == '<h1 draft="draft">Setup</h1>\n<h1 class="fast">Play</h1>'
    ET.fromstring(f"<root>{made}</root>")  # XML reads it


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
    assert book_html(text) == reference(text)
    assert book_html(text, html=True) == reference(text, html=True)
