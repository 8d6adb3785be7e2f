"""Files under a cache folder, reached without following any link.

A cache folder lies in an output folder that anyone may have filled: a downloaded game that
ships its `output/.cache`, a link planted inside it to a system folder. So every step from the
cache folder's parent down to an entry is opened with `O_NOFOLLOW`, relative to the folder
before it: a link anywhere below the parent is never read or written through. When writing,
a link or file standing where a folder of the cache belongs is removed (the link itself, never
what it leads to) and the folder made. The parent itself may be a link: it is the folder the
user named.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
NEW_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
Parts = tuple[str, ...]  # folders below the cache folder, one name each


@contextmanager
def opened(root: Path, parts: Parts = (), create: bool = False) -> Iterator[int]:
    """A descriptor of the folder `root/parts...`, each step opened without following a link;
    made (and a link or file in its place removed) when `create`. OSError when it is not
    there (or not a folder and not `create`)."""
    if create:
        root.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(root.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for name in (root.name, *parts):
            inner = _step(handle, name, create)
            os.close(handle)
            handle = inner
        yield handle
    finally:
        os.close(handle)


def _step(handle: int, name: str, create: bool) -> int:
    """The folder `name` inside the folder `handle`, opened without following a link."""
    try:
        return os.open(name, FOLDER_FLAGS, dir_fd=handle)
    except FileNotFoundError:
        if not create:
            raise
    except OSError:  # a link (ELOOP) or a file (ENOTDIR) where a folder belongs
        if not create:
            raise
        os.unlink(name, dir_fd=handle)
    with suppress(FileExistsError):  # another build made it meanwhile
        os.mkdir(name, 0o777, dir_fd=handle)
    return os.open(name, FOLDER_FLAGS, dir_fd=handle)


def read(root: Path, parts: Parts, name: str, limit: int) -> bytes | None:
    """A regular file's bytes, marked used now; None when it is missing, a link, not a regular
    file or over `limit` bytes."""
    try:
        with opened(root, parts) as folder:
            handle = os.open(name, READ_FLAGS, dir_fd=folder)
            with os.fdopen(handle, "rb") as stream:
                status = os.fstat(handle)
                if not stat.S_ISREG(status.st_mode) or status.st_size > limit:
                    return None
                data = stream.read(limit + 1)
            with suppress(OSError):  # a cache on a read-only disk is read all the same
                os.utime(name, dir_fd=folder, follow_symlinks=False)
    except OSError:
        return None
    return data if len(data) <= limit else None


def exists(root: Path, parts: Parts, name: str) -> bool:
    """Whether a regular file (not a link) stands at `root/parts.../name`."""
    try:
        with opened(root, parts) as folder:
            return stat.S_ISREG(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode)
    except OSError:
        return False


def write(root: Path, parts: Parts, name: str, data: bytes) -> None:
    """Write a file through a temporary one in the same folder, then rename it into place:
    builds running at the same time see the old bytes or the new. OSError when it cannot."""
    with opened(root, parts, create=True) as folder:
        temporary = f".{name}.{secrets.token_hex(6)}"
        handle = os.open(temporary, NEW_FILE_FLAGS, 0o666, dir_fd=folder)  # less the umask
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, name, src_dir_fd=folder, dst_dir_fd=folder)
        except BaseException:
            with suppress(OSError):
                os.unlink(temporary, dir_fd=folder)
            raise


def remove(root: Path, parts: Parts, name: str) -> None:
    """Delete a file, a link (never what it leads to) or a whole folder; OSError when it
    cannot."""
    with opened(root, parts) as folder:
        if stat.S_ISDIR(os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode):
            shutil.rmtree(name, dir_fd=folder)
        else:
            os.unlink(name, dir_fd=folder)


def listing(root: Path, parts: Parts = ()) -> list[tuple[str, bool, int, float]]:
    """What a folder holds: (name, is a folder, size, last used) for each entry, links and
    other odd files counted as files; empty when the folder cannot be opened."""
    try:
        with opened(root, parts) as folder, os.scandir(folder) as entries:
            found = []
            for entry in entries:
                with suppress(OSError):  # gone meanwhile
                    status = entry.stat(follow_symlinks=False)
                    is_folder = stat.S_ISDIR(status.st_mode)
                    found.append((entry.name, is_folder, status.st_size, status.st_mtime))
            return found
    except OSError:
        return []
