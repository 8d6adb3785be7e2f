"""Cache entries sealed with a key only this user holds, so the cache never hands back what
anyone else wrote.

A cache folder lies in an output folder others may fill (a downloaded game shipping its
`output/.cache`), and some entries are pickles: one planted there would run code when read.
Each entry therefore starts with its own kind and key and an HMAC-SHA256 of them and its bytes,
made with a secret kept in the user's pnp cache folder (`cache-key`, readable by the user
alone). An entry that is damaged, planted, written by another user or filed under another key
fails the check and is a miss, which the build makes again.
"""

from __future__ import annotations

import hmac
import os
import secrets
import stat
from contextlib import suppress
from functools import cache

from generator.user_cache import user_cache_dir

MAGIC = b"pnp-cache-entry\n"
KEY_FILE = "cache-key"
SECRET_BYTES = 32
MAC_BYTES = 32  # HMAC-SHA256


def sealed(kind: str, key: str, data: bytes) -> bytes:
    """An entry's bytes as kept: its kind and key, their MAC with the bytes, then the bytes."""
    label = _label(kind, key)
    return MAGIC + label + _mac(label, data) + data


def unsealed(kind: str, key: str, entry: bytes) -> bytes | None:
    """The bytes of an entry kept by `sealed` under this kind and key, or None when it was not
    (damaged, planted, another key's, another user's)."""
    label = _label(kind, key)
    head = len(MAGIC) + len(label)
    if len(entry) < head + MAC_BYTES or entry[:head] != MAGIC + label:
        return None
    mac, data = entry[head : head + MAC_BYTES], entry[head + MAC_BYTES :]
    return data if hmac.compare_digest(mac, _mac(label, data)) else None


def _label(kind: str, key: str) -> bytes:
    return f"{kind}/{key}\n".encode()


def _mac(label: bytes, data: bytes) -> bytes:
    code = hmac.new(secret(), label, "sha256")
    code.update(data)
    return code.digest()


@cache
def secret() -> bytes:
    """This user's cache key: read from the user's pnp cache folder, made there the first time;
    where that folder cannot be used, a key for this process alone (its entries only help the
    build that wrote them)."""
    path = user_cache_dir() / KEY_FILE
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return secrets.token_bytes(SECRET_BYTES)
    try:
        return _made_key(path)
    except OSError:
        return secrets.token_bytes(SECRET_BYTES)


def _read_key(path: os.PathLike[str] | str) -> bytes:
    """The key in `path`: a regular file of this user's that nobody else may read or write;
    OSError for anything else."""
    handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(handle, "rb") as stream:
        status = os.fstat(handle)
        own = status.st_uid == os.getuid() and not status.st_mode & 0o077
        key = stream.read(SECRET_BYTES + 1)
    if not (stat.S_ISREG(status.st_mode) and own and len(key) == SECRET_BYTES):
        raise PermissionError(f"{path}: not a cache key of this user's alone")
    return key


def _made_key(path) -> bytes:
    """A new key written to `path` whole (another process making one at the same time wins and
    its key is used)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{KEY_FILE}.{secrets.token_hex(6)}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    handle = os.open(temporary, flags, 0o600)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(secrets.token_bytes(SECRET_BYTES))
        with suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return _read_key(path)
