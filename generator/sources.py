"""pnp's own files and the installed packages, listed with the standard library alone: the
build cache's keys read them (cache/keys.py)."""

from __future__ import annotations

import os
import site
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent  # generator/
TEMPLATES = PACKAGE.parent / "templates"  # the shared layouts every game may extend


def source_files() -> list[tuple[str, str]]:
    """pnp's code and layout files (not bytecode) as (path from the checkout, path), in the
    order of their path's parts."""
    found = []
    for base in (PACKAGE, TEMPLATES):
        for root, dirs, names in os.walk(base):
            dirs[:] = [name for name in dirs if name != "__pycache__"]  # bytecode and its temps
            for name in names:
                if os.path.splitext(name)[1] != ".pyc":
                    path = os.path.join(root, name)
                    found.append((os.path.relpath(path, PACKAGE.parent).split(os.sep), path))
    return [("/".join(parts), path) for parts, path in sorted(found)]


def installed_packages() -> list[str]:
    """The installed packages as their metadata folders name them (`reportlab-4.2.5.dist-info`):
    listing the folders is quicker than reading every package's metadata. Only site-packages
    count: the current folder on `sys.path` (`python -m`, pytest) must not change the key."""
    folders = {os.path.realpath(f) for f in [*site.getsitepackages(), site.getusersitepackages()]}
    return sorted(
        name
        for entry in sys.path
        if os.path.realpath(entry or ".") in folders and os.path.isdir(entry)
        for name in os.listdir(entry)
        if name.endswith((".dist-info", ".egg-info"))
    )
