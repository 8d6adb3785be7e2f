"""Regular expressions compiled once per Python, not once per process.

`re` parses and compiles a pattern in Python code, and a process keeps what it compiled only
in memory: pnp, ReportLab, Python-Markdown, Jinja and YAML compile some 360 patterns at every
start, 75 ms of a one-card rebuild (ReportLab's web-address pattern alone takes 40 ms). What
the compiler hands `_sre` for a pattern (its flags, code and groups) depends only on the
pattern, its flags and the Python, so it is kept in the user's cache folder
(`patterns/<python>.marshal`) and a later process hands it to `_sre` at once. `_sre` checks the
code it is given; anything unreadable or refused is compiled as ever.

A pattern is kept once a second process compiles it: the first only notes its digest (in
`<python>.seen`). Some patterns are made afresh by every process (Python's tokenizer joins its
string prefixes in a set's random order), and would otherwise grow the file at every run.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from generator.user_cache import user_cache_dir

MOST_PATTERNS = 4_096  # kept at most: past it, a process keeps only the patterns it used
MOST_SEEN = 8_192  # digests noted at most: past it, the notes start again
LONGEST = 10_000  # characters of a pattern worth keeping (a game's own can be longer)
FOLDER = "patterns"
DEBUG = 128  # re.DEBUG: such a compile prints its code, so it is never taken from the file

Compiled = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def compiled_form(pattern: str | bytes, flags: int) -> Compiled:
    """What `re._compiler.compile` hands `_sre.compile` after the pattern itself."""
    from re import _compiler, _parser

    parsed = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed, flags)]  # opcodes are int subclasses
    names = dict(parsed.state.groupdict)
    by_index: list[str | None] = [None] * parsed.state.groups
    for name, index in names.items():
        by_index[index] = name
    return int(flags | parsed.state.flags), code, parsed.state.groups - 1, names, tuple(by_index)


def patterns_file() -> Path:
    """This Python's file of compiled patterns."""
    import _sre

    python = f"{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}"
    return user_cache_dir() / FOLDER / f"{hashlib.sha256(python.encode()).hexdigest()[:16]}.marshal"


class PatternCache:
    """Stands in for `re._compiler.compile`: kept patterns from the file, the rest compiled."""

    def __init__(self, path: Path, compile_anew: Callable[..., Any]) -> None:
        self.path, self.compile_anew = path, compile_anew
        self.known = _read(path)
        self.used: dict[tuple[str | bytes, int], Compiled] = {}
        self.owner = os.getpid()  # forked workers leave the file to the process that forked them

    def __call__(self, pattern: Any, flags: int = 0) -> Any:
        if not isinstance(pattern, (str, bytes)) or flags & DEBUG or len(pattern) > LONGEST:
            return self.compile_anew(pattern, flags)
        import _sre

        key = (pattern, int(flags))
        found = self.known.get(key)
        if found is not None:
            with suppress(Exception):  # not the form this `_sre` takes: compiled anew
                compiled = _sre.compile(pattern, *found)
                self.used[key] = found
                return compiled
        form = compiled_form(pattern, flags)
        self.used[key] = form
        return _sre.compile(pattern, *form)

    def write(self) -> None:
        """At exit: note the digests of patterns compiled anew, and keep those noted before
        (atomically; a failure keeps nothing)."""
        new = [key for key in self.used if key not in self.known]
        if os.getpid() != self.owner or not new:
            return
        seen_file = self.path.with_suffix(".seen")
        with suppress(OSError, ValueError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            seen = _seen(seen_file)
            digests = {key: _digest(key) for key in new}
            again = {key: self.used[key] for key in new if digests[key] in seen}
            if again:
                merged = {**self.known, **again}
                self._replace(merged if len(merged) <= MOST_PATTERNS else self.used)
            mode = "a" if len(seen) + len(new) <= MOST_SEEN else "w"
            with seen_file.open(mode, encoding="ascii") as notes:
                notes.writelines(f"{digests[key]}\n" for key in new if key not in again)

    def _replace(self, kept: dict) -> None:
        temporary = self.path.with_name(f"{self.path.name}.{self.owner}.tmp")
        temporary.write_bytes(marshal.dumps(kept))
        os.replace(temporary, self.path)


def _digest(key: tuple[str | bytes, int]) -> str:
    pattern, flags = key
    raw = pattern.encode("utf-8", "surrogatepass") if isinstance(pattern, str) else pattern
    kind = b"s" if isinstance(pattern, str) else b"b"
    return hashlib.sha256(b"%s%d:%s" % (kind, flags, raw)).hexdigest()[:32]


def _seen(path: Path) -> set[str]:
    """The digests noted so far (none when there is no such file yet)."""
    try:
        return set(path.read_text(encoding="utf-8", errors="replace").split())
    except FileNotFoundError:
        return set()


def _read(path: Path) -> dict:
    """The kept patterns, or none when the file is missing or not such a file."""
    try:
        kept = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return kept if isinstance(kept, dict) else {}


def keep_compiled_patterns() -> None:
    """Compile patterns through the cache from now on, and keep the new ones at exit."""
    from re import _compiler

    if isinstance(_compiler.compile, PatternCache) or not hasattr(_compiler, "_code"):
        return
    try:
        path = patterns_file()
    except (RuntimeError, KeyError):  # no home folder to keep them in: compiled as ever
        return
    cache = PatternCache(path, _compiler.compile)
    _compiler.compile = cache
    atexit.register(cache.write)
