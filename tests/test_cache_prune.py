"""The build cache stays within its size limit, least recently used entries first, and a pruned
cache only makes the next build slower: its kit is the same bytes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cache.keys import FORMAT
from generator.cache.prune import LIMIT_ENV, limit_bytes, prune
from generator.cache.store import Store
from generator.cli import cli


def entry(root: Path, name: str, size: int, used: float) -> Path:
    """A cache file of `size` bytes last used at `used` (seconds since the epoch)."""
    path = root / f"v{FORMAT}" / "files" / name[:2] / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    os.utime(path, (used, used))
    return path


def test_a_cache_within_its_limit_is_left_alone(tmp_path: Path) -> None:
    paths = [entry(tmp_path, f"{i:02d}aa", 1000, 1_000_000 + i) for i in range(5)]
    assert prune(tmp_path, limit=5000) == 0
    assert all(path.is_file() for path in paths)


def test_the_least_recently_used_entries_go_until_four_fifths_of_the_limit(tmp_path: Path) -> None:
    paths = [entry(tmp_path, f"{i:02d}aa", 1000, 1_000_000 + i) for i in range(10)]
    assert prune(tmp_path, limit=5000) == 6000  # 10,000 bytes down to 4,000 = 0.8 x 5,000
    assert [path.is_file() for path in paths] == [False] * 6 + [True] * 4


def test_an_entry_used_recently_outlives_a_newer_unused_one(tmp_path: Path) -> None:
    old_but_read = entry(tmp_path, "01aa", 1000, 2_000_000)
    newer_unread = entry(tmp_path, "02aa", 1000, 1_500_000)
    prune(tmp_path, limit=1300)  # 2,000 bytes down to 1,040 at most
    assert old_but_read.is_file() and not newer_unread.is_file()


def test_folders_of_other_cache_formats_are_removed(tmp_path: Path) -> None:
    old = tmp_path / "v0" / "files" / "ab" / "ab12"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"y" * 300)
    kept = entry(tmp_path, "01aa", 10, 1_000_000)
    assert prune(tmp_path, limit=10**9) == 300
    assert not (tmp_path / "v0").exists() and kept.is_file()


@pytest.mark.parametrize(
    ("value", "expected"), [("", 1024 * 10**6), ("5", 5 * 10**6), ("0", 0), (" 0.5 ", 500_000)]
)
def test_the_limit_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: int
) -> None:
    monkeypatch.setenv(LIMIT_ENV, value)
    assert limit_bytes() == expected


@pytest.mark.parametrize("value", ["lots", "-1", "inf", "nan", "1e400"])
def test_a_limit_that_is_not_a_size_stops_the_build_before_it_starts(
    game, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    folder = game()
    monkeypatch.setenv(LIMIT_ENV, value)
    result = CliRunner().invoke(cli, ["build", str(folder), "-o", str(folder.parent / "out")])
    assert result.exit_code == 2
    assert (
        f"${LIMIT_ENV}: expected a number of megabytes (0 or more, e.g. 512), found '{value}'"
        in result.output
    )
    assert not (folder.parent / "out").exists()


def test_reading_an_entry_through_the_store_marks_it_used(tmp_path: Path) -> None:
    store = Store(tmp_path)
    sha = store.put_file(b"kit bytes")
    blob = next((tmp_path / f"v{FORMAT}" / "files").rglob(sha))
    os.utime(blob, (1_000_000, 1_000_000))
    assert store.file(sha) == b"kit bytes"
    assert blob.stat().st_mtime > 1_000_000


def kit_bytes(folder: Path) -> dict[str, bytes]:
    """Every file of a kit folder by its name."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_build_keeps_the_cache_within_the_limit_and_a_pruned_cache_gives_the_same_kit(
    game, pnp, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game()
    monkeypatch.setenv(LIMIT_ENV, "0.02")  # 20,000 bytes: less than one build's sheets
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    first = kit_bytes(tmp_path / "out" / "demo")
    cache = tmp_path / "out" / ".cache"
    kept = sum(p.stat().st_size for p in cache.rglob("*") if p.is_file())
    assert 0 < kept <= 16_000  # pruned to four fifths of the limit
    (tmp_path / "demo" / "decks" / "heroes.csv").write_text(
        "id,name,quantity,text\nknight,Knight,2,Gain 2 :gold:.\nmage,Mage,1,Draw a card.\n",
        encoding="utf-8",
    )
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    monkeypatch.setenv(LIMIT_ENV, "1024")
    (tmp_path / "demo" / "decks" / "heroes.csv").write_text(
        "id,name,quantity,text\nknight,Knight,2,Gain 1 :gold:.\nmage,Mage,1,Draw a card.\n",
        encoding="utf-8",
    )
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    assert kit_bytes(tmp_path / "out" / "demo") == first
