"""A build's store works out each file's SHA-256 once: a kit's record names the files its jobs'
records named a moment before (read from the cache or made now), and they are not hashed again."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from generator.cache import store as store_module
from generator.cache.store import Store

JOB, KIT = "a" * 64, "b" * 64


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the bytes the store hashes from now on."""
    sizes: list[int] = []
    sha256 = hashlib.sha256

    class Counted:
        def __init__(self, data: bytes) -> None:
            sizes.append(len(data))
            self.inner = sha256(data)

        def hexdigest(self) -> str:
            return self.inner.hexdigest()

    monkeypatch.setattr(store_module.hashlib, "sha256", Counted)
    return sizes


def files(*sizes: int) -> list[tuple[dict, bytes]]:
    """Files as a store keeps them: each its entry and its bytes."""
    return [({"name": f"f{size}.pdf", "kind": "cards"}, b"%d" % size * size) for size in sizes]


def test_files_read_from_a_job_record_are_not_hashed_again_for_the_kit(
    tmp_path: Path, hashed: list[int]
) -> None:
    first = Store(tmp_path)
    first.keep("jobs", JOB, files(100, 200))
    first.flush()
    store = Store(tmp_path)
    found = store.files("jobs", JOB)
    assert found is not None and len(hashed) == 4  # kept once, read back once
    store.keep("games", KIT, [*found[0], *files(300)])
    store.flush()
    assert len(hashed) == 5  # only the new file
    assert [data for _, data in Store(tmp_path).files("games", KIT)[0]] == [
        data for _, data in [*files(100, 200), *files(300)]
    ]


def test_a_file_kept_by_a_job_and_its_kit_is_hashed_once(tmp_path: Path, hashed: list[int]) -> None:
    store = Store(tmp_path)
    made = files(100)
    store.keep("jobs", JOB, made)
    store.keep("games", KIT, made)
    store.flush()
    assert hashed == [len(made[0][1])]
    assert store._shas == {}  # nothing held once written
