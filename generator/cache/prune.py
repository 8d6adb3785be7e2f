"""Keep the build cache within a size: the least recently used entries go first.

Every piece of the cache is optional (a missing record or file is a miss, and the next build
makes it again), so pruning never breaks a build; it only bounds the disk a cache can take
after many edits. Reading an entry marks it used (`touch`), so what recent builds read stays.
"""

from __future__ import annotations

import contextlib
import math
import os
import shutil
from pathlib import Path

from generator.cache.keys import FORMAT

LIMIT_ENV = "PNP_CACHE_MAX_MB"
DEFAULT_LIMIT_MB = 1024
KEEP_SHARE = 0.8  # prune to this share of the limit, so the next builds do not prune again


def limit_bytes() -> int:
    """The cache's size limit: `$PNP_CACHE_MAX_MB` megabytes (10^6 bytes), else 1,024; a value
    that is not a number of megabytes is a ValueError naming what was found."""
    text = os.environ.get(LIMIT_ENV, "").strip()
    if not text:
        return DEFAULT_LIMIT_MB * 10**6
    try:
        megabytes = float(text)
    except ValueError:
        megabytes = math.nan
    if not 0 <= megabytes < math.inf:
        raise ValueError(
            f"${LIMIT_ENV}: expected a number of megabytes (0 or more, e.g. 512), found '{text}'"
        )
    return int(megabytes * 1e6)


def touch(path: Path) -> None:
    """Mark an entry as used now; a cache on a read-only disk is read all the same."""
    with contextlib.suppress(OSError):
        os.utime(path)


def prune(folder: Path, limit: int | None = None) -> int:
    """Drop other formats' folders, then the least recently used entries until the cache
    holds at most `KEEP_SHARE` of `limit` bytes; the number of bytes freed."""
    limit = limit_bytes() if limit is None else limit
    freed = _drop_old_formats(folder)
    entries = _entries(folder / f"v{FORMAT}")
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return freed
    for path, size, _ in sorted(entries, key=lambda entry: entry[2]):
        if total <= limit * KEEP_SHARE:
            break
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size
        freed += size
    return freed


def _drop_old_formats(folder: Path) -> int:
    """Remove the folders of cache formats this pnp no longer reads."""
    freed = 0
    for old in folder.glob("v*"):
        if old.is_dir() and old.name != f"v{FORMAT}":
            freed += sum(size for _, size, _ in _entries(old))
            shutil.rmtree(old, ignore_errors=True)
    return freed


def _entries(root: Path) -> list[tuple[str, int, float]]:
    """Every file under `root` with its size and when it was last written or read; `os.scandir`
    on str paths, since a Path and a `stat` per file took 11 ms a build against 5 ms so."""
    found: list[tuple[str, int, float]] = []
    _scan(os.fspath(root), found)
    return found


def _scan(directory: str, found: list[tuple[str, int, float]]) -> None:
    """Add every file under `directory` to `found`; a folder or file gone meanwhile is skipped."""
    try:
        listing = os.scandir(directory)
    except OSError:
        return
    with listing:
        for item in listing:
            try:
                if item.is_dir(follow_symlinks=False):
                    _scan(item.path, found)
                    continue
                stat = item.stat(follow_symlinks=False)
            except OSError:
                continue
            found.append((item.path, stat.st_size, stat.st_mtime))
