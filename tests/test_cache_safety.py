"""The build cache hands back only what this user's pnp kept: a pickle planted in it runs nothing,
a link planted in it is never followed, and damaged or swapped entries are misses that rebuild
the very bytes of a `--no-cache` build (generator/cache/seal.py, disk.py)."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import stat
from pathlib import Path

import pytest

from generator.cache import seal
from generator.cache.keys import FORMAT
from generator.cache.store import FOLDER, Store
from generator.starter import new_game

KEY = "0123456789abcdef" * 4


class Planted:
    """A pickle that creates a file when loaded: what an attacker would plant."""

    def __init__(self, mark: Path) -> None:
        self.mark = str(mark)

    def __reduce__(self):
        return (open, (self.mark, "w"))


def kit_hashes(kit: Path) -> dict[str, str]:
    """Every file of a kit by its SHA-256."""
    return {
        str(path.relative_to(kit)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(kit.rglob("*"))
        if path.is_file()
    }


def entries(out: Path) -> list[Path]:
    """Every sealed entry a build left in the cache (not the output files' bytes)."""
    root = out / FOLDER / f"v{FORMAT}"
    return sorted(p for p in root.glob("*/*/*") if p.is_file() and p.parts[-3] != "files")


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pnp):
    """`pnp new`'s game built into out/ (its cache filled), then one card's flavour text changed
    (so a rebuild asks the cache for every other card, rule and page) and built with
    --no-cache into fresh/: the folder, and the fresh kit's hashes."""
    monkeypatch.chdir(tmp_path)
    folder = new_game(str(tmp_path / "starter"), tmp_path)
    assert pnp("build", str(folder), "-o", "out").exit_code == 0
    deck = folder / "decks" / "actions.csv"
    deck.write_text(deck.read_text().replace("Those who look", "Those that look"))
    assert pnp("build", str(folder), "-o", "fresh", "--no-cache").exit_code == 0
    assert len(entries(tmp_path / "out")) > 20  # faces, records, rules, rasters, ...
    return folder, kit_hashes(tmp_path / "fresh" / "starter")


def rebuilt(pnp, folder: Path, out: Path) -> dict[str, str]:
    """Build again into `out` (its kit removed, so the cache is asked for every part)."""
    shutil.rmtree(out / folder.name, ignore_errors=True)
    result = pnp("build", str(folder), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert "error" not in result.stderr
    return kit_hashes(out / folder.name)


def test_a_pickle_planted_in_the_cache_runs_nothing(built, tmp_path, pnp):
    folder, fresh = built
    mark = tmp_path / "planted-code-ran"
    evil = pickle.dumps(Planted(mark))
    for number, entry in enumerate(entries(tmp_path / "out")):
        genuine = entry.read_bytes()
        head = len(seal.MAGIC) + len(f"{entry.parts[-3]}/{entry.name}\n") + seal.MAC_BYTES
        # raw, and behind the head of the genuine entry (its kind, key and MAC copied)
        entry.write_bytes(evil if number % 2 else genuine[:head] + evil)
    assert rebuilt(pnp, folder, tmp_path / "out") == fresh
    assert not mark.exists()


def test_a_link_planted_in_the_cache_is_never_followed(built, tmp_path, pnp):
    folder, fresh = built
    out = tmp_path / "out"
    elsewhere = tmp_path / "elsewhere"
    for name in ("files", "faces", "jobs"):
        (elsewhere / name).mkdir(parents=True)
        shutil.rmtree(out / FOLDER / f"v{FORMAT}" / name)
        (out / FOLDER / f"v{FORMAT}" / name).symlink_to(elsewhere / name)
    assert rebuilt(pnp, folder, out) == fresh
    assert [p for p in elsewhere.rglob("*") if p.is_file()] == []
    assert not (out / FOLDER / f"v{FORMAT}" / "files").is_symlink()  # a real folder again
    assert rebuilt(pnp, folder, out) == fresh  # and the cache works


def test_a_cache_folder_that_is_a_link_is_never_written_through(built, tmp_path, pnp):
    folder, fresh = built
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(out / FOLDER)
    (out / FOLDER).symlink_to(elsewhere)
    assert rebuilt(pnp, folder, out) == fresh
    assert list(elsewhere.iterdir()) == []


def test_pruning_never_deletes_through_a_link(built, tmp_path, pnp, monkeypatch):
    folder, _ = built
    out, precious = tmp_path / "out", tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    (out / FOLDER / "v1").symlink_to(precious)  # an old format's folder: pruned whole
    (out / FOLDER / f"v{FORMAT}" / "cells" / "zz").symlink_to(precious)
    monkeypatch.setenv("PNP_CACHE_MAX_MB", "0")  # every entry goes
    assert pnp("build", str(folder), "-o", str(out)).exit_code == 0
    assert (precious / "notes.txt").read_text() == "keep me"
    assert not (out / FOLDER / "v1").exists()


def test_damaged_cache_entries_rebuild_the_bytes_of_a_no_cache_build(built, tmp_path, pnp):
    folder, fresh = built
    root = tmp_path / "out" / FOLDER / f"v{FORMAT}"
    for number, entry in enumerate(sorted(p for p in root.rglob("*") if p.is_file())):
        data = bytearray(entry.read_bytes())
        if number % 3 == 0:
            data[len(data) // 2] ^= 0x20  # a flipped bit
        elif number % 3 == 1:
            del data[len(data) // 2 :]  # cut short
        else:
            data += b"\0"  # a byte more
        entry.write_bytes(bytes(data))
    assert rebuilt(pnp, folder, tmp_path / "out") == fresh


def test_swapped_cache_entries_of_one_kind_rebuild_the_bytes_of_a_no_cache_build(
    built, tmp_path, pnp
):
    folder, fresh = built
    by_kind: dict[str, list[Path]] = {}
    for entry in entries(tmp_path / "out"):
        by_kind.setdefault(entry.parts[-3], []).append(entry)
    swapped = 0
    for kept in by_kind.values():
        for first, second in zip(kept[::2], kept[1::2], strict=False):
            one, other = first.read_bytes(), second.read_bytes()
            first.write_bytes(other)
            second.write_bytes(one)
            swapped += 1
    assert swapped > 10
    assert rebuilt(pnp, folder, tmp_path / "out") == fresh


def test_an_entry_is_read_back_only_under_its_own_kind_and_key(tmp_path):
    store = Store(tmp_path / "cache")
    store.put("faces", KEY, b"kept")
    entry = tmp_path / "cache" / f"v{FORMAT}" / "faces" / KEY[:2] / KEY
    assert store.get("faces", KEY) == b"kept"
    other = KEY[::-1]
    moved = tmp_path / "cache" / f"v{FORMAT}" / "rules" / other[:2] / other
    moved.parent.mkdir(parents=True)
    shutil.copy(entry, moved)
    assert store.get("rules", other) is None


def test_the_cache_key_is_this_users_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "user"))
    seal.secret.cache_clear()
    try:
        key = seal.secret()
        path = tmp_path / "user" / seal.KEY_FILE
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes() == key
        seal.secret.cache_clear()
        assert seal.secret() == key  # the same key for the next process
        os.chmod(path, 0o644)  # readable by others: not trusted
        seal.secret.cache_clear()
        assert seal.secret() != key
    finally:
        seal.secret.cache_clear()
