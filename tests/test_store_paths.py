"""Entries are kept at `v<format>/<kind>/<first two characters>/<key>`, and only a SHA-256 (64
lower-case hexadecimal characters) names one."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cache.keys import FORMAT
from generator.cache.store import Store, deferred_writes
from tests.conftest import cache_entry

KEY = "0123456789abcdef" * 4


def test_an_entry_is_kept_under_its_kind_and_the_first_two_characters_of_its_key(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    store.put("faces", KEY, b"kept")
    assert cache_entry(tmp_path / f"v{FORMAT}" / "faces" / "01" / KEY) == b"kept"
    assert store.get("faces", KEY) == b"kept"


@pytest.mark.parametrize(
    "key", [KEY.upper(), KEY[:-1], KEY + "0", KEY[:-1] + "\n", "../" + KEY[3:]]
)
def test_a_key_that_is_not_a_sha_256_is_refused(tmp_path: Path, key: str) -> None:
    with pytest.raises(ValueError, match="expected a SHA-256 key, found"):
        Store(tmp_path).put("faces", key, b"x")


def test_a_file_a_job_kept_is_read_back_after_the_builds_flush(tmp_path: Path) -> None:
    store = Store(tmp_path)
    with deferred_writes() as entries:  # as a job (in a worker or here) keeps its rasters
        sha = store.put_file(b"a raster's bytes")
        store.put("rasters", KEY, sha.encode())
    assert store.file(sha) is None  # nothing written yet
    for entry in entries:
        store.keep_bytes(*entry)
    store.flush()
    assert store.get("rasters", KEY) == sha.encode()
    assert store.file(sha) == b"a raster's bytes"
