"""ReportLab's pattern for web addresses, compiled only when a word too long for its line is
matched against it, matches what the pattern compiled at once matches."""

from __future__ import annotations

import re

from reportlab.platypus import paragraph

from generator.slow_patterns import WEB_ADDRESS, CompiledOnUse

WORDS = [
    "https://example.com/rules/pnp.pdf?page=3#setup",
    "http://192.168.1.20:8080/kit",
    "ftp://[2001:db8::1]/files",
    "https://bücher.example.de/spiel",
    "mailto:someone",
    "not a web address",
    "https://-bad-.example",
]


def test_platypus_holds_the_stand_in_and_it_matches_as_the_compiled_pattern():
    assert isinstance(paragraph.uri_pat, CompiledOnUse)  # generator was imported first
    compiled = re.compile(WEB_ADDRESS + "(?#compiled now)", re.IGNORECASE)
    for word in WORDS:
        ours, theirs = paragraph.uri_pat.match(word), compiled.match(word)
        assert (ours and ours.groups()) == (theirs and theirs.groups()), word
    assert paragraph._uri_split_pairs("https://example.com/a/b/c") is not None
    assert paragraph.uri_pat.flags & re.IGNORECASE
