"""Write a planned kit to disk whole: assembled beside the output, then renamed into place."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import secrets
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from generator import progress
from generator.errors import OutputError, UsageError
from generator.interrupts import STOP_SIGNALS
from generator.load.folders import GAME_FILE

MANIFEST = "manifest.json"
STAGING, ASIDE = ".tmp-", ".old-"  # hidden beside the kit: `.demo.tmp-x1y2`, `.demo.old-x1y2`
WRITING = "writing"  # the progress stage of putting the kit's files on disk
PART_OF_KIND = {"calibration": "cards", "guide": "guides"}  # other kinds name their part


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
    components: Callable[[list[dict[str, Any]]], tuple[dict[str, Any], ...]]

    def manifest(self, carried: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The manifest.json content DESIGN.md fixes; `carried` lists files kept from before.

        Components are counted from every file listed, carried ones included, so a kit
        rebuilt with `--only` still counts what its other parts print.
        """
        files = [f.entry() for f in self.files] + (carried or [])
        return {
            "game": self.game,
            "title": self.title,
            "files": files,
            "components": list(self.components(files)),
        }


def counted_components(components: list[dict], files: list[dict]) -> tuple[dict, ...]:
    """How many of each printable inventory component the kit's files (manifest entries)
    contain, counted from their placements.

    A component printed by nothing itself (a total such as "66 building tokens") counts what
    its parts printed.
    """
    placed: dict[str, int] = {}
    for file in files:
        for key in ("decks", "sheets", "boards", "booklets"):
            if file.get("format") != "print-shop":
                placed.update(file.get(key, {}))
    parent_of = {c["id"]: c["part_of"] for c in components}
    counts = {c["id"]: placed.get(c["provided_by"] or "", 0) for c in components}
    totals = {c["id"] for c in components if c["provided_by"] is None}
    for component in sorted(components, key=lambda c: -_depth(c["id"], parent_of)):
        if component["part_of"] in totals:
            counts[component["part_of"]] += counts[component["id"]]
    return tuple(
        {"id": c["id"], "kind": c["kind"], "count": counts[c["id"]]}
        for c in components
        if c["provided"]
    )


def _depth(ident: str, parent_of: dict[str, str | None]) -> int:
    """How many `part_of` steps lie above a component (cycles stop at the inventory size)."""
    depth = 0
    while (ident := parent_of.get(ident)) and depth < len(parent_of):
        depth += 1
    return depth


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


def check_apart(files: dict[str, Path | None]) -> None:
    """Refuse a command line that names one file twice (`SRC`, `-o`, `--report`), since writing
    the later would replace the earlier: compared as the same file when both exist (links,
    hard links, `./x` and `x`), as the same resolved path otherwise (exit 2)."""
    named = [(option, path) for option, path in files.items() if path is not None]
    for later, (option, path) in enumerate(named):
        for first, earlier in named[:later]:
            if _same_file(earlier, path):
                raise UsageError(
                    f"{option} {path}: expected a file other than {first} {earlier}, "
                    "found the same file"
                )


def _same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file, existing or to be created."""
    if os.path.exists(one) and os.path.exists(other):
        return os.path.samefile(one, other)
    return os.path.realpath(one) == os.path.realpath(other)


def _umask() -> int:
    """The process umask, so kit files get the permissions any other new file would."""
    current = os.umask(0)
    os.umask(current)
    return current


def check_output_folder(out_root: Path, games: Iterable[Path] = ()) -> None:
    """Refuse an output path that cannot hold kits, or whose kits would land on the game
    folders being built, before anything is rendered (exit 2)."""
    check_outside_games(out_root, games)
    existing = out_root
    while not os.path.lexists(existing) and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise OutputError(
            f"{existing}: expected a folder to write kits into, found {_what(existing)}"
        )
    if not os.access(existing, os.W_OK | os.X_OK):
        raise OutputError(f"{existing}: expected a folder pnp may write into, found one it may not")


def check_outside_games(out_root: Path, games: Iterable[Path]) -> None:
    """Refuse an output folder that is, lies inside or contains one of the game folders: a kit
    swapped into it, or its cache, would replace or add to the designer's files (exit 2).

    Paths are compared resolved (links followed, `..` taken after them), the output folder's
    missing part appended to its nearest existing parent as `mkdir` would create it.
    """
    out = Path(os.path.realpath(out_root))
    for game in games:
        found = _overlap(out, Path(os.path.realpath(game)))
        if found:
            raise OutputError(
                f"-o {out_root}: expected an output folder outside the game folder {game}, "
                f"found {found}"
            )


def _overlap(out: Path, game: Path) -> str | None:
    """How a resolved output folder overlaps a resolved game folder, in words; None if not."""
    if out == game:
        return "the game folder itself"
    if out.is_relative_to(game):
        return "one inside it"
    if game.is_relative_to(out):
        return "one that contains it"
    return None


def _what(path: Path) -> str:
    """What sits at a path that should be a folder, in a designer's words."""
    if path.is_symlink():
        return "a link to nothing" if not path.exists() else "a link to a file"
    return "a file" if path.is_file() else "something that is not a folder"


def write_kit(kit: Kit, out_root: Path, parts: frozenset[str] | None = None) -> Path:
    """Write a kit into `out_root/<game>/` whole or not at all; return that folder.

    The kit is assembled in a hidden folder beside it and renamed into place, so an interrupted
    or failed build leaves the previous kit as it was. Files of parts not in `parts` (`--only`)
    are carried over from the previous kit; every other old file is gone afterwards. A file
    whose bytes did not change is the previous kit's file, linked into the new one.
    """
    check_output_folder(out_root)
    folder = out_root / kit.game
    try:
        out_root.mkdir(parents=True, exist_ok=True)
        with _locked(out_root):
            _tidy(out_root, kit.game)
            if os.path.lexists(folder) and not folder.is_symlink() and not folder.is_dir():
                raise OutputError(
                    f"{folder}: expected the game's kit folder, found {_what(folder)}"
                )
            if _holds_a_game(folder):
                raise OutputError(
                    f"{folder}: expected the game's kit folder, found a game folder (it holds "
                    f"{GAME_FILE}); build into another output folder"
                )
            staging = Path(tempfile.mkdtemp(prefix=f".{kit.game}{STAGING}", dir=out_root))
            try:
                _assemble(kit, folder, staging, parts)
                _swap(staging, folder)
            except BaseException:
                shutil.rmtree(staging, ignore_errors=True)
                raise
    except OSError as exc:
        raise OutputError(
            f"{out_root}: cannot write the kit of {kit.game}: {exc.strerror or exc}"
        ) from exc
    return folder


def _holds_a_game(folder: Path) -> bool:
    """Whether the kit folder's place holds a game (another game whose id is this kit's): the
    swap would put it aside and delete it."""
    return folder.is_dir() and not folder.is_symlink() and os.path.lexists(folder / GAME_FILE)


def _assemble(kit: Kit, folder: Path, staging: Path, parts: frozenset[str] | None) -> None:
    """Write the new files, the files carried over and the manifest into the staging folder."""
    os.chmod(staging, 0o777 & ~_umask())
    written = {output.name for output in kit.files}
    carried = [
        (entry, data) for entry, data in _carried(folder, parts) if entry["path"] not in written
    ]
    progress.stage(WRITING, len(kit.files) + len(carried) + 1, "files")
    for output in kit.files:
        _write_new(staging, output.name, output.data, folder)
    for entry, data in carried:
        _write_new(staging, entry["path"], data, folder)
    manifest = kit.manifest([entry for entry, _ in carried])
    _write_new(staging, MANIFEST, (json.dumps(manifest, indent=2) + "\n").encode("utf-8"))


def _write_new(staging: Path, name: str, data: bytes, previous: Path | None = None) -> None:
    """Create one file of the kit in the staging folder (which nobody else writes into): the
    `previous` kit's file itself when it holds the same bytes, else written."""
    relative = _inside(name)
    path = staging / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if previous is None or not _linked(previous, relative, path, data):
        with open(path, "xb") as stream:
            stream.write(data)
    progress.advance(WRITING)


def _linked(previous: Path, relative: PurePosixPath, path: Path, data: bytes) -> bool:
    """Whether the previous kit's regular file at `relative` (reached without following a
    link) holds `data` and is now also `path`, a hard link: its bytes are not written again,
    it keeps its modification time, and removing the old kit frees nothing."""
    if _read_inside(previous, relative.as_posix()) != data:
        return False
    try:
        os.link(previous / relative, path, follow_symlinks=False)
    except OSError:  # a file system without hard links, or the file went meanwhile
        return False
    return True


def _inside(name: str) -> PurePosixPath:
    """A kit file's relative path, refused if it would leave the kit folder."""
    path = PurePosixPath(name)
    if not path.parts or path.is_absolute() or ".." in path.parts:
        raise ValueError(f"kit file {name!r} would leave the kit folder")
    return path


def _carried(folder: Path, parts: frozenset[str] | None) -> list[tuple[dict[str, Any], bytes]]:
    """Entries and bytes of the previous kit's files that belong to parts not rebuilt now."""
    if parts is None:
        return []
    carried = []
    for entry in _previous_entries(folder):
        if PART_OF_KIND.get(entry["kind"], entry["kind"]) in parts:
            continue
        data = _read_inside(folder, entry["path"])
        if data is not None:
            carried.append(({**entry, "sha256": hashlib.sha256(data).hexdigest()}, data))
    return carried


def _previous_entries(folder: Path) -> list[dict[str, Any]]:
    """The file entries of the previous kit's manifest; none when it is missing or unreadable."""
    data = _read_inside(folder, MANIFEST)
    try:
        manifest = json.loads(data) if data is not None else {}
    except ValueError:
        return []
    files = manifest.get("files") if isinstance(manifest, dict) else None
    return [
        entry
        for entry in (files if isinstance(files, list) else [])
        if isinstance(entry, dict)
        and isinstance(entry.get("kind"), str)
        and isinstance(entry.get("path"), str)
        and entry["path"] != MANIFEST
        and _is_inside(entry["path"])
    ]


def _is_inside(name: str) -> bool:
    """Whether a path from an old manifest stays inside the kit folder."""
    try:
        _inside(name)
    except ValueError:
        return False
    return True


def _read_inside(folder: Path, name: str) -> bytes | None:
    """A regular file of the previous kit, reached without following any link; else None."""
    flags = os.O_RDONLY | os.O_NOFOLLOW
    try:
        handle = os.open(folder, flags | os.O_DIRECTORY)
    except OSError:
        return None
    try:
        *folders, file_name = PurePosixPath(name).parts
        for part in folders:
            inner = os.open(part, flags | os.O_DIRECTORY, dir_fd=handle)
            os.close(handle)
            handle = inner
        stream = os.fdopen(os.open(file_name, flags | os.O_NONBLOCK, dir_fd=handle), "rb")
    except OSError:
        return None
    finally:
        os.close(handle)
    with stream:
        return stream.read() if stat.S_ISREG(os.fstat(stream.fileno()).st_mode) else None


@contextmanager
def _locked(out_root: Path) -> Iterator[None]:
    """Hold the output folder's lock, so two builds writing into it take turns (the last wins)."""
    handle = os.open(out_root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


def _tidy(out_root: Path, game: str) -> None:
    """Clear what a killed build of this game left: put a kit set aside back, remove the rest."""
    leftovers = sorted(
        path
        for path in out_root.iterdir()
        if path.name.startswith((f".{game}{STAGING}", f".{game}{ASIDE}"))
    )
    folder = out_root / game
    aside = [path for path in leftovers if path.name.startswith(f".{game}{ASIDE}")]
    if aside and not os.path.lexists(folder):
        os.rename(aside[0], folder)
        leftovers.remove(aside[0])
    for path in leftovers:
        _remove(path)


def _remove(path: Path) -> None:
    """Delete a file, a link (never what it points to) or a whole folder."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def _swap(staging: Path, folder: Path) -> None:
    """Put the new kit in the old one's place; the two renames are never split by Ctrl-C."""
    aside = None
    try:
        with _interrupts_held():
            if os.path.lexists(folder):
                aside = folder.with_name(f".{folder.name}{ASIDE}{secrets.token_hex(4)}")
                os.rename(folder, aside)
            os.rename(staging, folder)
    finally:
        if aside is not None:
            _remove(aside)


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Delay the signals that stop pnp (in the main thread) until the block has run."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, set(STOP_SIGNALS))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
