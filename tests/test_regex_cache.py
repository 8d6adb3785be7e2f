"""Patterns compiled once per Python: the kept form is exactly what `re` makes, a pattern is kept
from its second process on, and a damaged file or refused code falls back to compiling."""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.regex_cache import PatternCache, compiled_form, patterns_file

ROOT = Path(__file__).resolve().parents[1]
PATTERNS = [
    (r"(?P<number>\d+(?:\.\d+)*)\s+(?P<title>.+)", 0),
    (r"(?i)see (?:page|p\.) (\d+)", 0),
    (r"[\u0590-\u08ff\ufb1d-\ufdff]+|(?<![\w-])colou?r\b", re.IGNORECASE),
    (r"^  (?#comment) \[ (?P<x> [^\]]* ) \]  $", re.VERBOSE | re.MULTILINE),
    (rb"\x89PNG(?P<rest>.{4})", re.DOTALL),
    (r"(a)(b)?\2|\1", 0),
]
# A pattern no other test compiles, so each process below finds it new or kept as the test says.
PROBE = r"pnp-regex-cache-probe-(?P<word>[a-z]+)-\d{3}"
COMPILE_PROBE = f"""
import generator, re
m = re.compile({PROBE!r}).fullmatch("pnp-regex-cache-probe-card-042")
print(m["word"])
"""


def _run(cache: Path, code: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PNP_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_the_kept_form_is_what_re_hands_sre(monkeypatch, pattern, flags):
    import _sre
    from re import _compiler

    handed = []

    class Recording:
        """`_sre` as it is, recording what its compile is handed."""

        def __getattr__(self, name):
            return getattr(_sre, name)

        def compile(self, *args):
            handed.append(args[1:])
            return _sre.compile(*args)

    original = _compiler.compile
    if isinstance(original, PatternCache):
        original = original.compile_anew
    recording = Recording()
    monkeypatch.setattr(_compiler, "_sre", recording)
    original(pattern, int(flags))
    assert handed == [compiled_form(pattern, int(flags))]


def test_a_pattern_is_kept_from_its_second_process_and_read_back(tmp_path):
    path = patterns_file().name
    first = _run(tmp_path, COMPILE_PROBE)
    assert (first.returncode, first.stdout, first.stderr) == (0, "card\n", "")
    kept = tmp_path / "patterns" / path
    assert not any(PROBE in str(key[0]) for key in _kept(kept))  # only its digest is noted
    assert kept.with_suffix(".seen").stat().st_size > 0
    second = _run(tmp_path, COMPILE_PROBE)
    assert (second.returncode, second.stdout) == (0, "card\n")
    assert (PROBE, 0) in _kept(kept)
    # A third process takes the pattern from the file: it never reaches re's parser.
    blocked = "import re._parser as p\ndef no(*a, **k): raise AssertionError('parsed')\n"
    third = _run(tmp_path, "import generator\n" + blocked + "p.parse = no\n" + COMPILE_PROBE)
    assert (third.returncode, third.stdout, third.stderr) == (0, "card\n", "")


def test_a_damaged_file_or_refused_code_is_compiled_as_ever(tmp_path):
    kept = tmp_path / "patterns" / patterns_file().name
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"\x00not marshal at all")
    damaged = _run(tmp_path, COMPILE_PROBE)
    assert (damaged.returncode, damaged.stdout, damaged.stderr) == (0, "card\n", "")
    flags, code, groups, names, by_index = compiled_form(PROBE, 0)
    refused = (flags, [999_999, *code], groups, names, by_index)  # no such opcode
    kept.write_bytes(marshal.dumps({(PROBE, 0): refused}))
    again = _run(tmp_path, COMPILE_PROBE)
    assert (again.returncode, again.stdout, again.stderr) == (0, "card\n", "")


def _kept(path: Path) -> dict:
    return marshal.loads(path.read_bytes()) if path.exists() else {}


def test_without_a_home_folder_patterns_compile_as_ever(tmp_path):
    no_home = (
        "import pathlib\n"
        "def no_home(cls): raise RuntimeError('Could not determine home directory.')\n"
        "pathlib.Path.home = classmethod(no_home)\n"
        "import os\nos.environ.pop('PNP_CACHE_DIR'); os.environ.pop('XDG_CACHE_HOME', None)\n"
        "import generator, re\nprint(type(re._compiler.compile).__name__)\n"
    )
    ran = _run(tmp_path, no_home + COMPILE_PROBE)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, "function\ncard\n", "")
