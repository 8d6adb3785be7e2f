"""ReportLab's platypus compiles, as it is imported, a pattern for web addresses whose Unicode
ranges take 40 ms to compile, in every `pnp build` and `pnp check`; it is matched only against a
word too long for its line. Before platypus is imported, `re`'s cache is given a stand-in for
the pattern that compiles it the first time it is used (where `re` keeps no such cache, the
pattern is compiled as before)."""

from __future__ import annotations

import re
import sys
from typing import Any

# reportlab/platypus/paragraph.py's `uri_pat` (ReportLab 4), compiled with re.IGNORECASE
WEB_ADDRESS = (
    "(^(?:[a-z0-9\\.\\-\\+]*)://)(?:\\S+(?::\\S*)?@)?"
    "(?:(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)(?:\\.(?:25[0-5]|2[0-4]\\d|[0-1]?\\d?\\d)){3}"
    "|\\[[0-9a-f:\\.]+\\]"
    "|([a-z\xa1-\uffff0-9](?:[a-z\xa1-\uffff0-9-]{0,61}[a-z\xa1-\uffff0-9])?"
    "(?:\\.(?!-)[a-z\xa1-\uffff0-9-]{1,63}(?<!-))*"
    "\\.(?!-)(?:[a-z\xa1-\uffff-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?|localhost))"
    "(?::\\d{2,5})?(?:[/?#][^\\s]*)?\\Z"
)


class CompiledOnUse:
    """Stands in for a compiled pattern until one of its attributes is asked for."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern_and_flags = (pattern, flags)
        self.compiled: re.Pattern | None = None

    def __getattr__(self, name: str) -> Any:
        if self.compiled is None:
            from re import _compiler  # compiles without the cache this stands in

            self.compiled = _compiler.compile(*self.pattern_and_flags)
        return getattr(self.compiled, name)


def defer_web_address_pattern() -> None:
    """Give `re`'s cache the stand-in, unless platypus was imported already."""
    cache = getattr(re, "_cache", None)
    if isinstance(cache, dict) and "reportlab.platypus.paragraph" not in sys.modules:
        flags = int(re.IGNORECASE)
        cache.setdefault((str, WEB_ADDRESS, flags), CompiledOnUse(WEB_ADDRESS, flags))
