"""Write a planned kit to disk: every file atomically, then the manifest that lists them."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class OutputFile:
    """One file of the kit, held in memory until the whole kit is ready."""

    name: str
    kind: str
    data: bytes
    pages: int
    paper: str
    details: dict[str, Any] = field(default_factory=dict)

    def entry(self) -> dict[str, Any]:
        """The manifest entry for this file."""
        return {
            "path": self.name,
            "kind": self.kind,
            "pages": self.pages,
            "paper": self.paper,
            "sha256": hashlib.sha256(self.data).hexdigest(),
            **self.details,
        }


@dataclass(frozen=True)
class Kit:
    """Everything one game's build produces, before anything touches the disk."""

    game: str
    title: str
    files: tuple[OutputFile, ...]
    components: tuple[dict[str, Any], ...]

    def manifest(self) -> dict[str, Any]:
        """The manifest.json content DESIGN.md fixes."""
        return {
            "game": self.game,
            "title": self.title,
            "files": [f.entry() for f in self.files],
            "components": list(self.components),
        }


def write_atomic(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask, so kit files get the permissions any other new file would."""
    current = os.umask(0)
    os.umask(current)
    return current


def write_kit(kit: Kit, out_root: Path) -> Path:
    """Write a kit's files and its manifest under `out_root/<game>/`; return that folder."""
    folder = out_root / kit.game
    for output in kit.files:
        write_atomic(folder / output.name, output.data)
    manifest = json.dumps(kit.manifest(), indent=2, sort_keys=False) + "\n"
    write_atomic(folder / "manifest.json", manifest.encode("utf-8"))
    return folder
