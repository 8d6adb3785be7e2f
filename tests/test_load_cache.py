"""YAML files a build read before come from its cache: a one-card rebuild parses the changed
file alone, and gets the values and positions parsing gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cache.keys import FORMAT
from generator.cache.rules import kept_rules
from generator.cache.store import Store
from generator.findings import Report
from generator.load import sources
from generator.load.sources import PARSED_YAML, read_yaml

GAME = """\
id: river
title: River Trade
decks:
  - id: actions
    file: decks/actions.csv   # a comment
    copies: 2
when: 2024-05-01
ratio: 0.75
"""


@pytest.fixture
def parsed(monkeypatch) -> list[Path]:
    """The files parsed (not taken from the cache), in order."""
    files: list[Path] = []
    real = sources._parsed_yaml
    monkeypatch.setattr(
        sources, "_parsed_yaml", lambda path, *a: files.append(path) or real(path, *a)
    )
    return files


def read(path: Path, store: Store, report: Report | None = None) -> tuple:
    """`read_yaml` as a build's check calls it, then the build's flush."""
    with kept_rules(store):
        found = read_yaml(path, report or Report())
    store.flush()
    return found


def test_a_yaml_file_read_before_is_taken_from_the_build_cache(tmp_path, parsed):
    path, store = tmp_path / "game.yaml", Store(tmp_path / "cache")
    path.write_text(GAME)
    first = read(path, store)
    assert read(path, store) == first == read_yaml(path, Report()) and parsed == [path, path]
    assert first[1].at("decks", 0, "copies").line == 6  # positions as parsing gives them
    path.write_text(GAME.replace("copies: 2", "copies: 3"))
    changed = read(path, store)
    assert changed[0]["decks"][0]["copies"] == 3 and parsed == [path, path, path]


def test_a_damaged_kept_yaml_file_is_parsed_again(tmp_path, parsed):
    path, store = tmp_path / "game.yaml", Store(tmp_path / "cache")
    path.write_text(GAME)
    first = read(path, store)
    (entry,) = (p for p in (store.folder / f"v{FORMAT}" / PARSED_YAML).rglob("*") if p.is_file())
    damaged = bytearray(entry.read_bytes())
    damaged[-20] ^= 1  # a flipped bit inside the pickle
    entry.write_bytes(bytes(damaged))
    assert read(path, store) == first and len(parsed) == 2


def test_a_yaml_file_with_a_finding_is_parsed_each_time(tmp_path, parsed):
    path, store = tmp_path / "game.yaml", Store(tmp_path / "cache")
    path.write_text(GAME + "title: Again\n")
    for _ in range(2):
        report = Report()
        read(path, store, report)
        assert [f.code for f in report.findings] == ["duplicate-key"]
    assert len(parsed) == 2 and not (store.folder / f"v{FORMAT}" / PARSED_YAML).exists()
