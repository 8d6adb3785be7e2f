"""Citations are found on every line that could hold one, digits of any script included."""

from __future__ import annotations

from generator.check.citations import Citation, citations
from generator.check.outline import plain_outline

TEXT = """\
# 1 Rules

Move (see 1.2) now.
No digits on this line (but an aside
that wraps 2.1) and page 7.
Then see \u0663.\u0662 in Arabic-Indic digits.
"""


def test_citations_on_lines_with_digits_and_asides_wrapped_from_lines_without():
    assert citations(plain_outline(TEXT)) == [
        Citation("section", "1.2", 3, 11),
        Citation("section", "2.1", 5, 12),
        Citation("page", "7", 5, 26),
        Citation("section", "3.2", 6, 10),
    ]
