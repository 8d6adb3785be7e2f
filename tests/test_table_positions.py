"""A table's row and cell positions kept as numbers (load/sources.py TableCells) answer as the
dictionaries did: every row, every filled cell, blank cells falling back to their row."""

from __future__ import annotations

from pathlib import Path

from generator.findings import Position, Report
from generator.load.delimited import read_csv
from generator.load.sources import SourceMap
from generator.load.tables import TableCell, rows_from_records

CSV = 'id,name,text\nknight,Knight,"two\nlines"\n\nmage,,Draw.\nrogue,Rogue\n'


def test_csv_positions_are_packed_and_found_at_their_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "deck.csv"
    path.write_text(CSV, encoding="utf-8")
    rows, source = read_csv(path, Report())
    assert source.cells is not None and source.values == {} and source.keys == {}
    assert [row["id"] for row in rows] == ["knight", "mage", "rogue"]
    assert source.at(0) == Position(path, 2, 1)
    assert source.at(0, "text") == source.key_at(0, "text") == Position(path, 2, 15)
    assert source.at(1, "id") == Position(path, 5, 1)
    assert source.at(1, "name") == Position(path, 5, 1)  # blank: the row's position
    assert source.at(1, "text") == Position(path, 5, 7)
    assert source.at(2, "name") == Position(path, 6, 7)
    assert source.at(2, "text") == Position(path, 6, 1)  # a short row lacks it
    assert source.holds((2, "name")) and not source.holds((2, "text"))
    assert source.at(3) == Position(path) and not source.holds((3,))
    assert source.at(0, "unknown") == Position(path, 2, 1)


def test_a_row_that_cannot_be_packed_moves_every_position_to_the_dictionaries() -> None:
    file = Path("deck.csv")
    plain = [(Position(file, n, 1), [TableCell(f"v{n}", Position(file, n, 1))]) for n in (1, 2)]
    label = Position(file, 3, 1, "Cards!A3")
    source = SourceMap(file)
    rows = rows_from_records([*plain, (label, [TableCell("v3", label)])], "csv", Report(), source)
    assert rows == [{"v1": "v2"}, {"v1": "v3"}] and source.cells is None
    assert source.values == {
        (0,): Position(file, 2, 1),
        (0, "v1"): Position(file, 2, 1),
        (1,): label,
        (1, "v1"): label,
    }
    assert source.keys == {(0, "v1"): Position(file, 2, 1), (1, "v1"): label}
