"""The suite on a fresh clone: every test that reads a source rulebook skips when none is there."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED_READERS = frozenset({"seed", "seed_path"})  # tests/kits.py, the one place seeds are found


def _names_used(function: ast.FunctionDef) -> set[str]:
    """The functions it calls and the fixtures it asks for."""
    called = {
        node.func.id
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    return called | {arg.arg for arg in function.args.args}


def seed_tests(path: Path) -> list[str]:
    """Node ids of the tests in a file that reach a seed, directly or through fixtures/helpers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = {f.name: _names_used(f) for f in tree.body if isinstance(f, ast.FunctionDef)}
    readers = set(SEED_READERS)
    while grown := {name for name, used in functions.items() if used & readers} - readers:
        readers |= grown
    tests = sorted(name for name in readers & functions.keys() if name.startswith("test_"))
    return [f"{path.relative_to(ROOT)}::{name}" for name in tests]


def test_seed_reading_tests_are_found_in_every_kit_and_text_file():
    files = {i.split("::")[0] for p in ROOT.glob("tests/test_*.py") for i in seed_tests(p)}
    assert files >= {
        "tests/test_ayubistan.py",
        "tests/test_belaad.py",
        "tests/test_check_text_rules.py",
        "tests/test_clean.py",
        "tests/test_first_jihad.py",
        "tests/test_lost_and_found.py",
        "tests/test_seed_facts.py",
    }


def test_seed_reading_tests_skip_when_the_seeds_folder_is_empty(tmp_path):
    ids = [i for path in sorted(ROOT.glob("tests/test_*.py")) for i in seed_tests(path)]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", *ids],
        cwd=ROOT,
        env={**os.environ, "PNP_SEEDS": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )
    summary = result.stdout.strip().splitlines()[-1]
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert re.fullmatch(r"\d+ skipped in [\d.]+s", summary), summary
    assert "set PNP_SEEDS to the seeds folder" in result.stdout
