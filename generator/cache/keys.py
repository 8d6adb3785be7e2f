"""Cache keys: a stable digest of what a build step reads, the same in every process and run.

Python's `hash()` changes with each interpreter (strings are salted), and `pickle` writes sets in
that salted order, so neither can name a cached file. `digest` walks the value instead: frozen
dataclasses field by field, models by their data, sets sorted, and every file by its bytes.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import os
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from stat import S_ISREG
from typing import Any

from generator.sources import installed_packages, source_files

FORMAT = 2  # bump when the cache's layout or what its keys cover changes
# Text the loader turns into decks, layouts, symbols and rulebooks: a job's key covers it through
# the resolved faces and blocks it draws. Every other file of a game counts as art or a font.
DATA_SUFFIXES = frozenset(
    (".csv", ".tsv", ".txt", ".md", ".markdown", ".yaml", ".yml", ".json", ".xlsx", ".ods")
)


class Uncacheable(TypeError):
    """A value `digest` cannot name stably; the step that reads it runs uncached."""


def digest(*values: Any) -> str:
    """The hex SHA-256 of values, stable across processes, runs and machines."""
    return Digests()(*values)


class Digests:
    """Digests taken together: an object of a `remembered` type met again (a deck's faces in its
    sheets, PNGs and TTS jobs, a card the rulebook draws) is walked only once.

    A value is written as a stream of tagged parts and hashed at the end; plain scalars, the
    bulk of faces, are written where they are met rather than through a call each."""

    def __init__(self, remembered: tuple[type, ...] = ()) -> None:
        self.remembered = remembered
        self._seen: dict[int, tuple[Any, bytes]] = {}  # id -> (the object, kept alive; digest)

    def __call__(self, *values: Any) -> str:
        """The hex SHA-256 of values, as `digest` gives it."""
        return hashlib.sha256(self.encoded(*values)).hexdigest()

    def encoded(self, *values: Any) -> bytes:
        """The values written one after another, as the hash reads them."""
        out: list[bytes] = []
        for value in values:
            self._feed(out, value)
        return b"".join(out)

    def _feed(self, out: list[bytes], value: Any) -> None:
        """Write one value with its type, so `1`, `"1"` and `(1,)` differ."""
        if value is None or isinstance(value, (bool, int, float, str)):
            out.append(f"{type(value).__name__}:{value!r};".encode())
        elif self.remembered and isinstance(value, self.remembered):
            out.append(self._remembered(value))
        else:
            self._walk(out, value)

    def _walk(self, out: list[bytes], value: Any) -> None:
        """Write a value that is not a plain scalar: its kind, then what it holds."""
        if isinstance(value, bytes):
            out.append(b"bytes:%d;" % len(value) + value)
        elif isinstance(value, enum.Enum):
            self._tagged(out, type(value).__name__, [value.value])
        elif isinstance(value, Path):
            self._tagged(out, "path", [value.name, file_digest(value)])
        elif isinstance(value, (tuple, list)):
            self._tagged(out, type(value).__name__, value)
        elif isinstance(value, (set, frozenset)):
            self._tagged(out, "set", sorted(self(item) for item in value))
        elif isinstance(value, dict):
            self._tagged(out, "dict", [pair for item in value.items() for pair in item])
        elif (names := _field_names(type(value))) is not None:
            self._tagged(out, type(value).__qualname__, [getattr(value, n) for n in names])
        elif hasattr(value, "model_dump"):  # a pydantic model of the game data
            self._tagged(out, type(value).__qualname__, [value.model_dump()])
        else:
            raise Uncacheable(f"no stable digest for {type(value).__qualname__}")

    def _tagged(self, out: list[bytes], tag: str, items: Any) -> None:
        out.append(f"<{tag}:".encode())
        for item in items:
            kind = type(item)
            if kind is str or kind is float or kind is int or kind is bool or item is None:
                out.append(f"{kind.__name__}:{item!r};".encode())  # as `_feed` writes them
            else:
                self._feed(out, item)
        out.append(b">")

    def name(self, value: Any, name: str) -> None:
        """Take `name` for the digest of `value`, an object of a remembered type, instead of
        walking it: a name that covers all the object is made from (a design's key names its
        faces)."""
        self._seen[id(value)] = (value, b"@" + hashlib.sha256(b"named:" + name.encode()).digest())

    def _remembered(self, value: Any) -> bytes:
        """The digest of an object met before, else walked now and kept."""
        seen = self._seen.get(id(value))
        if seen is None:
            out: list[bytes] = []
            self._walk(out, value)
            seen = self._seen[id(value)] = (value, b"@" + hashlib.sha256(b"".join(out)).digest())
        return seen[1]


@cache
def _field_names(kind: type) -> tuple[str, ...] | None:
    """A dataclass's field names in order (None for any other type), looked up once per type."""
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple(f.name for f in dataclasses.fields(kind))


def file_digest(path: Path | str) -> str:
    """A file's SHA-256 (remembered while the file it names, its size and modification time
    stay the same: no path is resolved, a link is known by what it leads to)."""
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return "missing"
    if not S_ISREG(stat.st_mode):
        return "not a file"
    return _file_digest(os.fspath(path), stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)


@cache
def _file_digest(path: str, device: int, inode: int, size: int, mtime: int) -> str:
    try:
        with open(path, "rb") as file:
            return hashlib.sha256(file.read()).hexdigest()
    except OSError:
        return "missing"


def folder_files(folder: Path) -> list[tuple[str, str]]:
    """Every file of a game folder as (relative path, content digest), in a stable order."""
    files = []
    base = os.fspath(folder)
    for root, dirs, names in os.walk(base):
        dirs.sort()
        relative = os.path.relpath(root, base)
        prefix = "" if relative == "." else relative.replace(os.sep, "/") + "/"
        files.extend(
            (prefix + name, file_digest(os.path.join(root, name))) for name in sorted(names)
        )
    return files


def asset_files(folder: Path) -> list[tuple[str, str]]:
    """The game's art and font files (anything that is not text data), for the keys of jobs."""
    return [(name, sha) for name, sha in folder_files(folder) if not _is_data(name)]


def _is_data(name: str) -> bool:
    return Path(name).suffix.lower() in DATA_SUFFIXES


@cache
def code_version() -> str:
    """pnp's version, its own code and shared layouts, and every installed package's version:
    whatever of these changes, nothing cached before is reused."""
    sources = [(name, _read_digest(path)) for name, path in source_files()]
    return digest(FORMAT, _pnp_version(), sources, installed_packages())


def _read_digest(path: str) -> str:
    """A file's SHA-256, as `file_digest` names a file gone since it was listed."""
    try:
        with open(path, "rb") as file:
            return hashlib.sha256(file.read()).hexdigest()
    except OSError:
        return "missing"


def _pnp_version() -> str:
    try:
        return version("pnp-generator")
    except PackageNotFoundError:
        return "0"
