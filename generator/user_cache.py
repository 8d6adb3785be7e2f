"""The user's pnp cache folder, shared by what is kept once per machine rather than per build
(pinned fonts, the cache key): `$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else
`~/.cache/pnp`."""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "PNP_CACHE_DIR"


def user_cache_dir() -> Path:
    """The folder, as the environment names it now (it need not exist yet)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen)
    root = os.environ.get("XDG_CACHE_HOME")
    return (Path(root) if root else Path.home() / ".cache") / "pnp"
