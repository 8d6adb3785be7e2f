"""Keep the build cache within a size: the least recently used entries go first.

Every piece of the cache is optional (a missing record or file is a miss, and the next build
makes it again), so pruning never breaks a build; it only bounds the disk a cache can take
after many edits. Reading an entry marks it used (disk.py), so what recent builds read stays.
"""

from __future__ import annotations

import contextlib
import math
import os
from pathlib import Path

from generator.cache import disk
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


def prune(folder: Path, limit: int | None = None) -> int:
    """Drop other formats' folders, then the least recently used entries until the cache
    holds at most `KEEP_SHARE` of `limit` bytes; the number of bytes freed. Nothing is reached
    through a link (disk.py): a link planted in the cache is removed, never followed."""
    limit = limit_bytes() if limit is None else limit
    freed = _drop_old_formats(folder)
    entries: list[tuple[disk.Parts, str, int, float]] = []
    _scan(folder, (f"v{FORMAT}",), entries)
    total = sum(size for _, _, size, _ in entries)
    if total <= limit:
        return freed
    for parts, name, size, _ in sorted(entries, key=lambda entry: entry[3]):
        if total <= limit * KEEP_SHARE:
            break
        try:
            disk.remove(folder, parts, name)
        except OSError:
            continue
        total -= size
        freed += size
    return freed


def _drop_old_formats(folder: Path) -> int:
    """Remove the folders of cache formats this pnp no longer reads."""
    freed = 0
    for name, _, _, _ in disk.listing(folder):
        if name.startswith("v") and name != f"v{FORMAT}":
            found: list[tuple[disk.Parts, str, int, float]] = []
            _scan(folder, (name,), found)
            with contextlib.suppress(OSError):
                disk.remove(folder, (), name)
                freed += sum(size for _, _, size, _ in found)
    return freed


def _scan(folder: Path, parts: disk.Parts, found: list[tuple[disk.Parts, str, int, float]]) -> None:
    """Add every file under `folder/parts...` to `found` (its folders, name, size and when it
    was last written or read); a folder or file gone meanwhile is skipped."""
    for name, is_folder, size, used in disk.listing(folder, parts):
        if is_folder:
            _scan(folder, (*parts, name), found)
        else:
            found.append((parts, name, size, used))
