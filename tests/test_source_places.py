"""A YAML file's source map keeps where each value and key stands as (line, column) pairs and
makes a Position only when asked: a map read back from the build cache unpickles no Position."""

from __future__ import annotations

import pickle
from pathlib import Path

from generator.findings import Position, Report
from generator.load.sources import read_yaml

TEXT = """\
id: demo
decks:
  - id: heroes
    file: decks/heroes.csv
"""


def parsed(tmp_path: Path, text: str = TEXT) -> tuple[object, Report, Path]:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    report = Report()
    data, source = read_yaml(path, report)
    return (data, source), report, path


def test_values_and_keys_stand_where_the_file_puts_them(tmp_path: Path) -> None:
    (_, source), _, path = parsed(tmp_path)
    assert source.at("decks", 0, "file") == Position(path, 4, 11)
    assert source.key_at("decks", 0, "file") == Position(path, 4, 5)
    assert source.at("decks", 0, "missing") == Position(path, 3, 5)  # its nearest parent
    assert source.key_at("decks", 0) == Position(path, 3, 5)  # no key: the value
    assert source.holds(("decks", 0, "id")) and not source.holds(("decks", 1))


def test_a_source_map_is_kept_as_pairs_without_positions(tmp_path: Path) -> None:
    (_, source), _, _ = parsed(tmp_path)
    assert source.places[("decks", 0, "file")] == (4, 11)
    assert source.key_places[("decks",)] == (2, 1)
    assert b"Position" not in pickle.dumps(source, protocol=pickle.HIGHEST_PROTOCOL)


def test_a_key_given_twice_names_the_first_ones_line(tmp_path: Path) -> None:
    _, report, path = parsed(tmp_path, "id: demo\ntitle: A\nid: again\n")
    assert [(f.code, f.position, f.message) for f in report.findings] == [
        (
            "duplicate-key",
            Position(path, 3, 1),
            "expected each key once per mapping, found 'id' again (first at line 1)",
        )
    ]
