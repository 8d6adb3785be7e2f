"""Inline HTML as people write it in Markdown (`<br>`, `<img src=x>`, an unclosed `<b>`), made
well-formed for the XML parser that reads headings, by the standard library's tolerant HTML
parser: void elements are closed, unclosed ones closed at the end, stray end tags dropped."""

from __future__ import annotations

import html
from html.parser import HTMLParser

VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


class _Rewriter(HTMLParser):
    """Re-emits a fragment well-formed, noting what it had to repair."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.open: list[str] = []
        self.repairs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        written = "".join(f' {name}="{html.escape(value or name)}"' for name, value in attrs)
        if tag in VOID:
            self.out.append(f"<{tag}{written} />")
        else:
            self.out.append(f"<{tag}{written}>")
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        written = "".join(f' {name}="{html.escape(value or name)}"' for name, value in attrs)
        self.out.append(f"<{tag}{written} />")

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.open:
            if tag not in VOID:
                self.repairs.append(f"a </{tag}> that closes nothing")
            return
        while self.open:
            inner = self.open.pop()
            self.out.append(f"</{inner}>")
            if inner == tag:
                return
            self.repairs.append(f"an unclosed <{inner}>")

    def handle_data(self, data: str) -> None:
        self.out.append(html.escape(data, quote=False))

    def closed(self) -> str:
        """The fragment with every element still open closed at its end."""
        self.close()
        for tag in reversed(self.open):
            self.repairs.append(f"an unclosed <{tag}>")
            self.out.append(f"</{tag}>")
        self.open.clear()
        return "".join(self.out)


def well_formed(fragment: str) -> tuple[str, list[str]]:
    """The fragment as well-formed markup, and what had to be repaired (nothing for valid
    HTML such as `<br>`)."""
    if "<" not in fragment:
        return fragment, []
    rewriter = _Rewriter()
    rewriter.feed(fragment)
    return rewriter.closed(), rewriter.repairs
