"""The cache on disk: output files by content, and records naming them by the key of their inputs.

Layout under the cache folder (`OUTPUT/.cache/`, or `$PNP_CACHE_DIR/kits`):

    v2/files/ab/ab12...      the bytes of one output file, named by their SHA-256
    v2/jobs/cd/cd34...       what one job made: its files' names, manifest details and hashes
    v2/games/ef/ef56...      a whole game's kit: its files, its findings and its inventory
    v2/faces/01/0123...      one design's resolved faces and findings (see faces.py)
    v2/previews/45/4567...   one face's preview PNG, drawn by `pnp serve`
    v2/rasters/67/6789...    the SHA-256 of one face's PNG in files/ (see rasters.py)
    v2/cells/89/89ab...      one face resized to a TTS deck sheet's cell (see rasters.py)
    v2/book-pages/ab/ab12... where one book's headings and index entries fell (see books.py)
    v2/rules/cd/cd12...      one rule's findings on one input: a rulebook's text, an invariant
    v2/blocks/ab/ab12...     one rulebook's or guide's blocks, by its Markdown (see blocks.py)
    v2/tts-sheets/ef/ef...   the SHA-256 of one TTS deck sheet's PNG in files/ (see rasters.py)
    v2/tts-bands/ab/ab...    one row of a TTS deck sheet's cells, deflated (see rasters.py)
    v2/compiled-rulebooks/.. one rulebook template's code, compiled (see derived.py)

Every entry but a file's bytes is sealed with this user's cache key (seal.py): one that does
not carry its own kind, key and a MAC of them is a miss, so nothing planted, damaged or swapped
is ever read back. Nothing is reached through a link (disk.py). Every file is written under a
temporary name and renamed into place, so builds running at the same time never see half a
file; a record whose files are missing or damaged is a miss. Deleting the folder (or any part
of it) only makes the next build slower; reading an entry marks it used, and a build that drew
anything prunes the least recently used entries past the size limit (prune.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from generator.cache import disk
from generator.cache.keys import FORMAT
from generator.cache.prune import limit_bytes
from generator.cache.seal import sealed, unsealed
from generator.user_cache import CACHE_ENV

SHA_256 = re.compile("[0-9a-f]{64}")  # how every key and stored file is named
FILES = "files"  # the kind of output files' bytes, kept unsealed: their name is their SHA-256
FOLDER = ".cache"  # beside the kits in the output folder; never inside a kit


Entry = tuple[str, str, bytes]  # (kind, key, bytes), as `Store.put` takes them
_deferred: list[Entry] | None = None  # what jobs would write, while `deferred_writes` collects


@contextmanager
def activated(slot: list[Any], value: Any) -> Iterator[None]:
    """Inside this block `slot[0]` is `value` (what the build is using), restored after."""
    before, slot[0] = slot[0], value
    try:
        yield
    finally:
        slot[0] = before


@contextmanager
def deferred_writes() -> Iterator[list[Entry]]:
    """Collect what any `Store` in this process would write inside the block (a job's rasters
    and book pages), for the build to keep at its flush: one that stops on an error, even in
    a worker process, leaves the cache as it was."""
    global _deferred
    outer, _deferred = _deferred, []
    try:
        yield _deferred
    finally:
        _deferred = outer


def cache_root(out_root: Path) -> Path:
    """Where builds into `out_root` keep their cache: `$PNP_CACHE_DIR/kits` when it is set."""
    shared = os.environ.get(CACHE_ENV)
    return Path(shared) / "kits" if shared else out_root / FOLDER


class Store:
    """Output files and records kept by the key of what made them.

    What a build keeps is written by `flush`, once its kit is written: a build that stops on
    an error leaves the output folder, cache included, as it was.
    """

    def __init__(self, root: Path) -> None:
        self.folder = root  # the cache folder, for another `Store` (in a job process) to open
        self.limit = limit_bytes()  # no entry is larger than the cache may grow
        self.pending: list[tuple[str, str, list[tuple[dict[str, Any], bytes]], dict[str, Any]]] = []
        self.pending_bytes: list[tuple[str, str, bytes]] = []
        # The SHA-256 of bytes this store read or kept, by the bytes' id (the bytes held, so the
        # id stays theirs): a kit's record names its jobs' files, read or kept a moment before.
        self._shas: dict[int, tuple[bytes, str]] = {}

    def files(self, kind: str, key: str) -> tuple[list[tuple[dict[str, Any], bytes]], dict] | None:
        """The files a record lists (each entry without its SHA-256, and the bytes) and the
        record itself, or None when any piece is missing."""
        record = self._read_record(kind, key)
        if record is None or not isinstance(record.get("files", []), list):
            return None
        files = []
        for entry in record.get("files", []):
            if not isinstance(entry, dict):
                return None
            data = self._blob(str(entry.get("sha256", "")))
            if data is None:
                return None
            files.append(({k: v for k, v in entry.items() if k != "sha256"}, data))
        return files, record

    def keep(
        self, kind: str, key: str, files: list[tuple[dict[str, Any], bytes]], **extra: Any
    ) -> None:
        """Keep files (each its entry and bytes) and a record naming them (with `extra` fields)
        under `key` at `flush`."""
        self.pending.append((kind, key, files, extra))

    def keep_bytes(self, kind: str, key: str, data: bytes) -> None:
        """Keep bytes under `key` (as `put` does) at `flush`."""
        self.pending_bytes.append((kind, key, data))

    def flush(self) -> None:
        """Write what was kept. A cache that cannot be written (a full disk, a read-only
        folder) only makes the next build slower, so it does not fail this one."""
        pending, self.pending = self.pending, []
        pending_bytes, self.pending_bytes = self.pending_bytes, []
        try:
            for kind, key, data in pending_bytes:
                if kind == FILES:  # a file's bytes, deferred by `put_file`: named by its SHA-256
                    self.put_file(data)
                else:
                    self.put(kind, key, data)
            for kind, key, files, extra in pending:
                self._write(kind, key, files, extra)
        except OSError:
            return
        finally:
            self._shas.clear()  # what a build kept is written: its bytes need not be held

    def _write(
        self, kind: str, key: str, files: list[tuple[dict[str, Any], bytes]], extra: dict[str, Any]
    ) -> None:
        entries = [{**entry, "sha256": self.put_file(data)} for entry, data in files]
        record = json.dumps({"files": entries, **extra}).encode("utf-8")  # details keep their order
        self.put(kind, key, record)

    def put_file(self, data: bytes) -> str:
        """Keep bytes by their SHA-256 now (where output files are kept) and return it."""
        sha = self._sha(data)
        if _deferred is not None:
            _deferred.append((FILES, sha, data))
            return sha
        if not disk.exists(self.folder, *self._place(FILES, sha)):
            disk.write(self.folder, *self._place(FILES, sha), data)
        return sha

    def file(self, sha: str) -> bytes | None:
        """Bytes kept by their SHA-256, or None when gone or damaged."""
        return self._blob(sha)

    def get(self, kind: str, key: str) -> bytes | None:
        """Bytes kept under a key (e.g. a preview's PNG), or None (also when they were not kept
        by this user under this key)."""
        entry = disk.read(self.folder, *self._place(kind, key), self.limit)
        return None if entry is None else unsealed(kind, key, entry)

    def unpickled(self, kind: str, key: str) -> Any:
        """What was pickled under a key, or None when it is gone or damaged (only a miss); the
        seal makes sure this user's pnp pickled it."""
        data = self.get(kind, key)
        if data is None:
            return None
        try:
            return pickle.loads(data)
        except Exception:  # a damaged or truncated file raises anything pickle can
            return None

    def put(self, kind: str, key: str, data: bytes) -> None:
        """Keep bytes under a key; a build reading it at the same time sees old bytes or new."""
        if _deferred is not None:
            _deferred.append((kind, key, data))
            return
        disk.write(self.folder, *self._place(kind, key), sealed(kind, key, data))

    def remembered(self, kind: str, key: str, make: Callable[[], bytes]) -> bytes:
        """The bytes kept under a key, made (and kept) the first time they are asked for."""
        data = self.get(kind, key)
        if data is None:
            data = make()
            self.put(kind, key, data)
        return data

    def _read_record(self, kind: str, key: str) -> dict[str, Any] | None:
        data = self.get(kind, key)
        try:
            record = json.loads(data) if data is not None else None
        except ValueError:
            return None
        return record if isinstance(record, dict) else None

    def _blob(self, sha: str) -> bytes | None:
        """A stored file's bytes, or None when it is gone or no longer matches its name."""
        try:
            place = self._place(FILES, sha)
        except ValueError:
            return None
        data = disk.read(self.folder, *place, self.limit)
        return data if data is not None and self._sha(data) == sha else None

    def _sha(self, data: bytes) -> str:
        """The SHA-256 of bytes, worked out once however many records name them."""
        known = self._shas.get(id(data))
        if known is None or known[0] is not data:
            known = self._shas[id(data)] = (data, hashlib.sha256(data).hexdigest())
        return known[1]

    def _place(self, kind: str, key: str) -> tuple[tuple[str, ...], str]:
        """Where an entry is kept: its folders under the cache folder, and its file name."""
        if SHA_256.fullmatch(key) is None:
            raise ValueError(f"expected a SHA-256 key, found {key!r}")
        return (f"v{FORMAT}", kind, key[:2]), key
