"""No build, preview or clean-up destroys the designer's files (issue 37): an output folder that
is, lies inside or contains a game folder is refused before anything is drawn; `pnp clean`
never writes over its input; a named pipe given as text is reported, not waited on."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GAME = "card_data/starter"
TIMEOUT = 60  # seconds a refused command may take before the test says it hung
TEXT = "Setup\n\nEach player takes five cards.\n\n12\n"


def tree(folder: Path) -> dict[str, str]:
    """Every file (sha256) and folder under `folder`, so a change, a loss or an addition shows."""
    return {
        str(path.relative_to(folder)): (
            hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
        )
        for path in sorted(folder.rglob("*"))
    }


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """pnp as a process of its own, failing the test instead of hanging the suite."""
    try:
        return subprocess.run(
            [sys.executable, "-m", "generator", *args],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)} still ran after {TIMEOUT} s")


@pytest.fixture
def starter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pnp) -> Path:
    """The game `pnp new` writes (decks, tokens, rulebook, errata) in card_data/starter."""
    monkeypatch.chdir(tmp_path)
    assert pnp("new", "starter").exit_code == 0
    assert {"game.yaml", "rulebook.md", "errata.yaml"} <= set(tree(Path(GAME)))
    return tmp_path


@pytest.mark.parametrize(
    ("out", "found"),
    [
        ("card_data", "one that contains it"),
        ("card_data/x/..", "one that contains it"),  # x does not exist: `..` leaves it
        (".", "one that contains it"),
        (GAME, "the game folder itself"),
        (f"{GAME}/../starter", "the game folder itself"),
        (f"{GAME}/", "the game folder itself"),
        (f"{GAME}/out", "one inside it"),
        (f"{GAME}/decks", "one inside it"),
        ("linked/starter/kits", "one inside it"),  # linked -> card_data
    ],
)
@pytest.mark.parametrize("named", [GAME, "starter", "--all"])
def test_an_output_folder_over_the_game_folder_is_exit_2_and_the_game_is_untouched(
    starter, pnp, out, found, named
):
    os.symlink("card_data", "linked")
    before = tree(starter)
    result = pnp("build", named, "-o", out)
    assert result.exit_code == 2, result.output
    assert (
        f"Error: -o {Path(out)}: expected an output folder outside the game folder {GAME}, "
        f"found {found}\n"
    ) in result.output
    assert tree(starter) == before  # nothing written, not even card_data/x or a cache


def test_every_game_of_build_all_is_guarded(starter, pnp):
    assert pnp("new", "card_data/second").exit_code == 0
    before = tree(starter)
    result = pnp("build", "--all", "-o", "card_data/second/kits")
    assert result.exit_code == 2
    assert (
        "-o card_data/second/kits: expected an output folder outside the game folder "
        "card_data/second, found one inside it"
    ) in result.output
    assert tree(starter) == before


def test_an_output_folder_beside_the_game_folders_still_builds(game, pnp, tmp_path):
    folder = game()
    before = tree(folder)
    result = pnp("build", "demo", "-o", "demo-kits", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "demo-kits/demo/manifest.json").is_file()
    assert tree(folder) == before


def test_a_game_folder_where_the_kit_folder_goes_is_exit_2_and_kept(game, pnp, tmp_path):
    shutil.copytree(game(), tmp_path / "out/demo")  # another copy of a game whose id is demo
    before = tree(tmp_path)
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 2
    assert (
        "Error: out/demo: expected the game's kit folder, found a game folder (it holds "
        "game.yaml); build into another output folder\n"
    ) in result.output
    assert tree(tmp_path) == before


def test_serve_refuses_a_cache_inside_the_game_folder_before_listening(starter):
    before = tree(starter)
    result = run("serve", GAME, "-o", f"{GAME}/out", "--port", "0")
    assert result.returncode == 2
    assert (
        f"Error: -o {GAME}/out: expected an output folder outside the game folder {GAME}, "
        "found one inside it\n"
    ) in result.stderr
    assert tree(starter) == before


def same_as_source(folder: Path) -> None:
    """A hard link and a symbolic link to the source x.txt."""
    os.link(folder / "x.txt", folder / "hard.txt")
    os.symlink("x.txt", folder / "soft.txt")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["x.txt", "--report", "x.txt"], "--report x.txt: expected a file other than SRC x.txt"),
        (["x.txt", "-o", "./x.txt"], "-o x.txt: expected a file other than SRC x.txt"),
        (["x.txt", "-o", "hard.txt"], "-o hard.txt: expected a file other than SRC x.txt"),
        (["soft.txt", "-o", "x.txt"], "-o x.txt: expected a file other than SRC soft.txt"),
        (
            ["x.txt", "-o", "new.md", "--report", "sub/../new.md"],
            "--report sub/../new.md: expected a file other than -o new.md",
        ),
    ],
)
def test_clean_refuses_to_write_over_its_input_or_twice_to_one_file(
    tmp_path, monkeypatch, pnp, args, message
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    same_as_source(tmp_path)
    before = tree(tmp_path)
    result = pnp("clean", *args)
    assert result.exit_code == 2
    assert f"Error: {message}, found the same file\n" in result.output
    assert tree(tmp_path) == before


def test_clean_with_three_different_files_still_writes_both(tmp_path, monkeypatch, pnp):
    monkeypatch.chdir(tmp_path)
    Path("x.txt").write_text(TEXT, encoding="utf-8")
    result = pnp("clean", "x.txt", "-o", "x.md", "--report", "x-report.txt")
    assert result.exit_code == 0, result.output
    assert Path("x.txt").read_text(encoding="utf-8") == TEXT
    assert "Each player takes five cards." in Path("x.md").read_text(encoding="utf-8")
    assert Path("x-report.txt").read_text(encoding="utf-8") == (
        "x.txt:5: dropped (page number): 12\n"
    )


@pytest.mark.parametrize("command", ["clean", "check"])
def test_a_named_pipe_given_as_text_is_reported_at_once(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    os.mkfifo("rules.md")
    result = run(command, "rules.md")
    assert result.returncode == 1
    assert result.stdout.startswith(
        "rules.md:1:1: error missing-file: expected a text file, found a named pipe\n"
    )


def test_clean_of_a_device_is_reported_as_one():
    result = run("clean", os.devnull)
    assert result.returncode == 1
    assert "error missing-file: expected a text file, found a character device\n" in result.stdout
    assert "nothing was written" in result.stderr
