"""A kit is replaced whole or not at all: stale files go, `--only` keeps the other parts, links
are never followed, builds killed or failing mid-write leave the previous kit as it was."""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generator.cache.store import FOLDER
from generator.write import output
from tests.conftest import HEROES_CSV

KIT = Path("out/demo")


def manifest_files(folder: Path) -> dict[str, str]:
    """The manifest's files, path -> sha256."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return {entry["path"]: entry["sha256"] for entry in manifest["files"]}


def disk_files(folder: Path) -> dict[str, str]:
    """The files really in a kit folder (links included, as such), path -> sha256."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = "link"
        elif path.is_file() and name != "manifest.json":
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def assert_whole(folder: Path) -> dict[str, str]:
    """Every file the manifest lists is there with its hash, and nothing else is."""
    listed = manifest_files(folder)
    assert disk_files(folder) == listed
    return listed


def leftovers(out: Path) -> list[str]:
    """Hidden staging or set-aside folders of any game in an output folder (not the cache)."""
    return sorted(p.name for p in out.iterdir() if p.name.startswith(".") and p.name != FOLDER)


@pytest.fixture
def starter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pnp) -> Path:
    """The starter game of `pnp new` (cards, tokens, a board, a rulebook) built once into out/."""
    monkeypatch.chdir(tmp_path)
    assert pnp("new", "demo").exit_code == 0
    built = pnp("build", "demo", "-o", "out")
    assert built.exit_code == 0, built.output
    return tmp_path


def test_a_build_replaces_the_kit_whole_and_leaves_nothing_beside_it(starter, pnp):
    before = assert_whole(KIT)
    assert {"cards-poker.pdf", "tokens.pdf", "boards.pdf", "rulebook.pdf"} <= set(before)
    assert pnp("build", "demo", "-o", "out", "--paper", "letter").exit_code == 0
    after = assert_whole(KIT)
    assert after["cards-poker.pdf"] != before["cards-poker.pdf"]
    assert leftovers(Path("out")) == []


def test_files_the_build_no_longer_makes_are_gone(game, pnp):
    game()
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert (KIT / "png/heroes/knight-front.png").is_file()
    (KIT / "notes.txt").write_text("left by hand", encoding="utf-8")
    renamed = HEROES_CSV.replace("knight,Knight", "paladin,Paladin")
    game({"decks/heroes.csv": renamed})
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    files = assert_whole(KIT)
    assert "png/heroes/paladin-front.png" in files
    assert not [name for name in files if "knight" in name]
    assert not (KIT / "png/heroes/knight-front.png").exists()
    assert not (KIT / "notes.txt").exists()


def test_only_cards_keeps_the_other_parts_and_lists_them_all(starter, pnp):
    before = assert_whole(KIT)
    result = pnp("build", "demo", "-o", "out", "--only", "cards", "--paper", "letter")
    assert result.exit_code == 0, result.output
    after = assert_whole(KIT)
    assert set(after) == set(before)
    assert after["cards-poker.pdf"] != before["cards-poker.pdf"]
    kept = [name for name in before if not name.startswith(("cards-", "printshop-", "calib"))]
    assert {"tokens.pdf", "rulebook.pdf", "boards.pdf", "tts/actions.json"} <= set(kept)
    assert {name: after[name] for name in kept} == {name: before[name] for name in kept}
    entries = json.loads((KIT / "manifest.json").read_text(encoding="utf-8"))["files"]
    papers = {entry["path"]: entry["paper"] for entry in entries}
    assert (papers["cards-poker.pdf"], papers["tokens.pdf"]) == ("letter", "a4")


def test_only_counts_the_components_of_the_parts_it_carried_over(starter, pnp):
    before = json.loads((KIT / "manifest.json").read_text(encoding="utf-8"))["components"]
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    after = json.loads((KIT / "manifest.json").read_text(encoding="utf-8"))["components"]
    assert after == before
    assert {c["id"]: c["count"] for c in after}["coin-tokens"] == 24


def test_only_carries_nothing_a_changed_or_missing_file_would_make_untrue(starter, pnp):
    (KIT / "tokens.pdf").write_bytes(b"%PDF edited by hand")
    (KIT / "boards.pdf").unlink()
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    files = assert_whole(KIT)
    assert files["tokens.pdf"] == hashlib.sha256(b"%PDF edited by hand").hexdigest()
    assert "boards.pdf" not in files


def test_only_with_an_unreadable_previous_manifest_keeps_only_its_own_parts(starter, pnp):
    (KIT / "manifest.json").write_text("{not json", encoding="utf-8")
    assert pnp("build", "demo", "-o", "out", "--only", "tokens").exit_code == 0
    assert set(assert_whole(KIT)) == {"tokens.pdf"}


def test_a_planted_folder_link_is_replaced_not_followed(starter, pnp, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine", encoding="utf-8")
    for folder in (KIT / "png", KIT / "tts"):
        for path in sorted(folder.rglob("*"), reverse=True):
            path.rmdir() if path.is_dir() else path.unlink()
        folder.rmdir()
    (KIT / "png").symlink_to(outside, target_is_directory=True)
    (KIT / "tokens.pdf").unlink()
    (KIT / "tokens.pdf").symlink_to(outside / "keep.txt")
    assert pnp("build", "demo", "-o", "out", "--only", "png,cards").exit_code == 0
    files = assert_whole(KIT)
    assert [p.name for p in outside.iterdir()] == ["keep.txt"]
    assert (outside / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert not (KIT / "png").is_symlink() and "png/actions/gather-front.png" in files
    assert "tokens.pdf" not in files  # a link in the old kit is not carried over


def test_the_kit_folder_itself_a_link_is_replaced_and_its_target_untouched(starter, pnp, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    (KIT).rename(elsewhere)
    KIT.symlink_to(elsewhere, target_is_directory=True)
    before = disk_files(elsewhere)
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    assert not KIT.is_symlink()
    assert disk_files(elsewhere) == before
    assert "tokens.pdf" not in assert_whole(KIT)


def test_an_output_path_that_is_a_file_is_exit_2(game, pnp):
    game()
    Path("out").write_text("a file", encoding="utf-8")
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 2
    assert result.stderr == "Error: out: expected a folder to write kits into, found a file\n"
    nested = pnp("build", "demo", "-o", "out/kits")
    assert nested.exit_code == 2 and "out: expected a folder" in nested.stderr
    assert Path("out").read_text(encoding="utf-8") == "a file"


def test_an_output_link_to_nothing_is_exit_2(game, pnp):
    game()
    Path("out").symlink_to("missing")
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 2
    assert (
        result.stderr
        == "Error: out: expected a folder to write kits into, found a link to nothing\n"
    )


def test_a_file_where_the_kit_folder_goes_is_exit_2_and_kept(game, pnp):
    game()
    Path("out").mkdir()
    Path("out/demo").write_text("my notes", encoding="utf-8")
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 2
    assert result.stderr == "Error: out/demo: expected the game's kit folder, found a file\n"
    assert Path("out/demo").read_text(encoding="utf-8") == "my notes"
    assert leftovers(Path("out")) == []


def test_a_read_only_output_folder_is_exit_2(game, pnp):
    game()
    Path("out").mkdir(mode=0o555)
    if os.access("out", os.W_OK):
        pytest.skip("this user may write into a read-only folder (root)")
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: out: expected a folder pnp may write into, found one it may not\n"
    )


def inodes(folder: Path) -> dict[str, int]:
    """Each file of a kit folder (not the manifest): path -> inode."""
    return {
        str(path.relative_to(folder)): path.stat().st_ino
        for path in folder.rglob("*")
        if path.is_file() and path.name != "manifest.json"
    }


def test_a_rebuild_links_the_files_whose_bytes_did_not_change(starter, pnp):
    # writing every file anew just after the old kit's were removed took 0.13 s of a
    # one-card rebuild; the new kit links the old files that hold the same bytes
    before, files = inodes(KIT), assert_whole(KIT)
    (KIT / "tokens.pdf").write_bytes(b"%PDF edited by hand")
    assert pnp("build", "demo", "-o", "out").exit_code == 0  # the kit comes from the cache
    after = inodes(KIT)
    assert assert_whole(KIT) == files  # the edited file has its built bytes back
    assert after.pop("tokens.pdf") != before.pop("tokens.pdf")
    assert after == before and len(after) > 10


def test_a_kit_is_written_whole_where_files_cannot_be_linked(starter, pnp, monkeypatch):
    def no_links(*args, **kwargs) -> None:
        raise OSError(errno.EPERM, "hard links are not supported here")

    before, files = inodes(KIT), assert_whole(KIT)
    monkeypatch.setattr(output.os, "link", no_links)
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert assert_whole(KIT) == files
    assert not set(inodes(KIT).items()) & set(before.items())


def test_a_planted_file_link_with_the_same_bytes_is_not_linked_into_the_kit(starter, pnp):
    outside = Path("outside.pdf")
    outside.write_bytes((KIT / "tokens.pdf").read_bytes())
    (KIT / "tokens.pdf").unlink()
    (KIT / "tokens.pdf").symlink_to(outside.resolve())
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert not (KIT / "tokens.pdf").is_symlink()
    assert (KIT / "tokens.pdf").stat().st_ino != outside.stat().st_ino
    assert (KIT / "tokens.pdf").read_bytes() == outside.read_bytes()


def test_a_full_disk_is_exit_2_and_the_previous_kit_stays(starter, pnp, monkeypatch):
    before = assert_whole(KIT)
    written = []

    def full(staging: Path, name: str, data: bytes, previous: Path | None = None) -> None:
        if len(written) == 5:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(staging / name))
        written.append(name)

    monkeypatch.setattr(output, "_write_new", full)
    result = pnp("build", "demo", "-o", "out", "--paper", "letter")
    assert result.exit_code == 2
    assert result.stderr == "Error: out: cannot write the kit of demo: No space left on device\n"
    assert assert_whole(KIT) == before
    assert leftovers(Path("out")) == []


def test_a_failure_while_writing_leaves_the_previous_kit_and_no_staging(starter, pnp, monkeypatch):
    before = assert_whole(KIT)

    def broken(kit, folder, staging, parts) -> None:
        (staging / "cards-poker.pdf").write_bytes(b"half")
        raise RuntimeError("writer broke")

    monkeypatch.setattr(output, "_assemble", broken)
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 3
    assert assert_whole(KIT) == before
    assert leftovers(Path("out")) == []


def test_what_a_killed_build_left_is_cleared_by_the_next(starter, pnp):
    Path("out/.demo.tmp-abc123/png").mkdir(parents=True)
    Path("out/.demo.tmp-abc123/png/half.png").write_bytes(b"")
    Path("out/.other.tmp-abc123").mkdir()  # another game's: not this build's business
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    assert leftovers(Path("out")) == [".other.tmp-abc123"]
    assert_whole(KIT)


def test_a_kit_set_aside_by_a_build_killed_mid_swap_comes_back(starter, pnp):
    before = assert_whole(KIT)
    KIT.rename("out/.demo.old-1a2b3c4d")
    Path("out/.demo.tmp-9z8y7x").mkdir()
    assert pnp("build", "demo", "-o", "out", "--only", "report").exit_code == 0
    after = assert_whole(KIT)
    assert {name: sha for name, sha in after.items() if name != "deck-report.pdf"} == {
        name: sha for name, sha in before.items() if name != "deck-report.pdf"
    }
    assert leftovers(Path("out")) == []


CHILD = """\
import os, signal, sys
from generator import cli
from generator.cache.store import FOLDER
from generator.write import output
{patch}
sys.argv = ["pnp", *sys.argv[1:]]
cli.main()
"""

KILL_AFTER_FILES = """\
real, count = output._write_new, [0]
def write_new(staging, name, data, previous=None):
    count[0] += 1
    if count[0] == {files}:
        os.kill(os.getpid(), signal.SIGKILL)
    real(staging, name, data, previous)
output._write_new = write_new
"""

KILL_BETWEEN_RENAMES = """\
real = os.rename
def rename(source, target):
    real(source, target)
    if ".old-" in str(target):
        os.kill(os.getpid(), signal.SIGKILL)
output.os.rename = rename
"""


def _run(folder: Path, args: list[str], patch: str = "") -> subprocess.CompletedProcess:
    """`pnp ARGS` in a fresh interpreter, with `patch` run first (to kill it at a chosen step)."""
    script = CHILD.format(patch=patch)
    return subprocess.run(
        [sys.executable, "-c", script, *args], cwd=folder, capture_output=True, text=True
    )


@pytest.mark.parametrize(
    "patch", [KILL_AFTER_FILES.replace("{files}", "7"), KILL_BETWEEN_RENAMES], ids=["write", "swap"]
)
def test_a_build_killed_while_writing_leaves_the_previous_kit(starter, patch):
    before = assert_whole(KIT)
    killed = _run(starter, ["build", "demo", "-o", "out", "--paper", "letter"], patch)
    assert killed.returncode == -signal.SIGKILL
    assert leftovers(Path("out"))  # what the kill left behind ...
    again = _run(starter, ["build", "demo", "-o", "out", "--only", "report"])
    assert again.returncode == 0, again.stderr
    after = assert_whole(KIT)  # ... the next build clears, keeping the previous kit's parts
    assert after["cards-poker.pdf"] == before["cards-poker.pdf"]
    assert leftovers(Path("out")) == []


def test_two_builds_at_once_leave_one_whole_kit(starter):
    args = [["build", "demo", "-o", "out", "--paper", paper] for paper in ("a4", "letter")]
    script = CHILD.format(patch="")
    runs = [
        subprocess.Popen([sys.executable, "-c", script, *a], cwd=starter, stderr=subprocess.PIPE)
        for a in args
    ]
    errors = [run.communicate()[1] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    assert_whole(KIT)
    entries = json.loads((KIT / "manifest.json").read_text(encoding="utf-8"))["files"]
    assert len({entry["paper"] for entry in entries if entry["kind"] == "cards"} - {"card"}) == 1
    assert leftovers(Path("out")) == []


SLOW_DISK = """\
import time
real = output._write_new
def write_new(staging, name, data):
    time.sleep(0.1)
    real(staging, name, data)
output._write_new = write_new
"""


def test_build_all_killed_at_1_2_and_4_seconds_leaves_whole_kits(tmp_path, pnp, monkeypatch):
    """Two starter games on a slow disk (0.1 s a file): the kills land while loading, while
    rendering and while writing (the first kit is written from about 2.5 s to 4.5 s)."""
    monkeypatch.chdir(tmp_path)
    for name in ("alpha", "beta"):
        assert pnp("new", name).exit_code == 0
    assert pnp("build", "--all", "-o", "out", "--paper", "letter").exit_code == 0
    script = CHILD.format(patch=SLOW_DISK)
    for delay in (1.0, 2.0, 4.0):
        run = subprocess.Popen(
            [sys.executable, "-c", script, "build", "--all", "-o", "out"],
            cwd=tmp_path,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        run.kill()
        run.wait()
        for name in ("alpha", "beta"):
            papers = {entry["paper"] for entry in _entries(Path("out", name))} - {"card", "screen"}
            assert len(papers) == 1, f"killed at {delay} s: a mixed kit {papers}"
            assert_whole(Path("out", name))
    assert pnp("build", "--all", "-o", "out").exit_code == 0
    for name in ("alpha", "beta"):
        assert_whole(Path("out", name))
    assert leftovers(Path("out")) == []


def _entries(folder: Path) -> list[dict]:
    """The file entries of a kit's manifest."""
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["files"]


def test_a_build_waits_while_another_holds_the_output_folder(starter):
    before = assert_whole(KIT)
    script = CHILD.format(patch="")
    handle = os.open("out", os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        run = subprocess.Popen(
            [sys.executable, "-c", script, "build", "demo", "-o", "out", "--paper", "letter"],
            cwd=starter,
            stderr=subprocess.PIPE,
        )
        time.sleep(4)
        assert run.poll() is None and assert_whole(KIT) == before
    finally:
        os.close(handle)
    run.communicate()
    assert run.returncode == 0
    assert assert_whole(KIT) != before


def test_ctrl_c_while_writing_leaves_the_previous_kit_and_no_staging(starter, pnp, monkeypatch):
    before = assert_whole(KIT)
    real, written = output._write_new, []

    def interrupted(staging: Path, name: str, data: bytes, previous: Path | None = None) -> None:
        if len(written) == 3:
            raise KeyboardInterrupt
        written.append(name)
        real(staging, name, data, previous)

    monkeypatch.setattr(output, "_write_new", interrupted)
    result = pnp("build", "demo", "-o", "out", "--paper", "letter")
    assert (result.exit_code, result.stderr) == (
        130,
        "pnp: interrupted; no kit was left half-written\n",
    )
    assert assert_whole(KIT) == before
    assert leftovers(Path("out")) == []


def test_a_pipe_planted_as_the_old_manifest_does_not_block_only(starter, pnp):
    (KIT / "manifest.json").unlink()
    os.mkfifo(KIT / "manifest.json")
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    assert "tokens.pdf" not in assert_whole(KIT)
