"""Exit codes mean one thing each: 1 the data has errors, 2 the command line or output folder is
wrong, 3 pnp itself failed, 130 stopped by Ctrl-C (promptly, workers included, no traceback)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from generator import build
from tests.conftest import big_game, build_process
from tests.serving import ctrl_c_as_at_a_terminal

INTERRUPTED = "pnp: interrupted; no kit was left half-written\n"


def _boom(*_args, **_kwargs):
    raise RuntimeError("the renderer broke")


def test_an_internal_error_is_exit_3_with_one_line_and_a_hint(game, pnp, monkeypatch):
    game()
    monkeypatch.setattr(build, "_jobs", _boom)
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 3
    assert result.stderr == (
        "Error: internal error: RuntimeError: the renderer broke "
        "(run again as `pnp --debug build ...` to see the traceback)\n"
    )
    assert not Path("out").exists()


def test_debug_prints_the_traceback_of_an_internal_error(game, pnp, monkeypatch):
    game()
    monkeypatch.setattr(build, "_jobs", _boom)
    result = pnp("--debug", "build", "demo", "-o", "out")
    assert result.exit_code == 3
    assert result.stderr.startswith("Traceback (most recent call last):\n")
    assert 'in _boom\n    raise RuntimeError("the renderer broke")' in result.stderr
    assert result.stderr.endswith("Error: internal error: RuntimeError: the renderer broke\n")


def test_an_internal_error_in_check_is_exit_3_too(game, pnp, monkeypatch):
    game()
    monkeypatch.setattr(build, "full_checks", _boom)
    result = pnp("check", "demo")
    assert result.exit_code == 3
    assert "`pnp --debug check ...`" in result.stderr


def test_data_errors_stay_exit_1(game, pnp):
    game({"decks/heroes.csv": "id,name,quantity,text\nknight,Knight,two,x\n"})
    assert pnp("build", "demo", "-o", "out").exit_code == 1


def test_an_unwritable_path_outside_a_build_is_exit_2_naming_it(game, pnp):
    Path("rules.txt").write_text("Setup\n\nDeal five cards.\n", encoding="utf-8")
    Path("notes").write_text("a file, not a folder", encoding="utf-8")
    result = pnp("clean", "rules.txt", "-o", "notes/rules.md")
    assert result.exit_code == 2
    assert result.stderr == "Error: notes: File exists\n"


def test_an_interrupt_inside_a_command_is_exit_130_without_traceback(game, pnp, monkeypatch):
    game()

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "_jobs", interrupted)
    result = pnp("build", "demo", "-o", "out")
    assert (result.exit_code, result.stderr) == (130, INTERRUPTED)


def test_help_lists_the_exit_codes_and_debug(pnp):
    text = pnp("--help").stdout
    for line in (
        "1    the data or text has errors",
        "3    pnp itself failed",
        "130  stopped by Ctrl-C",
        "--debug",
    ):
        assert line in text


def _children(pid: int) -> list[int]:
    """The processes a process started (Linux)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(child) for child in path.read_text().split()] if path.exists() else []


def _gone(pid: int) -> bool:
    """Whether a process has ended (a zombie awaiting its parent counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("whole_group", "stop", "code"),
    [
        (True, signal.SIGINT, 130),
        (False, signal.SIGINT, 130),
        (False, signal.SIGTERM, 143),
        (True, signal.SIGHUP, 129),
        (False, signal.SIGHUP, 129),
    ],
    ids=["terminal", "parent-only", "sigterm", "terminal-closed", "sighup"],
)
def test_ctrl_c_stops_a_build_and_its_workers_within_2_seconds(tmp_path, whole_group, stop, code):
    big_game(tmp_path)
    build_run = build_process(
        tmp_path,
        stdout=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_stop_signals_as_at_a_terminal,
    )
    deadline = time.monotonic() + 60
    while not (workers := _children(build_run.pid)) and build_run.poll() is None:
        assert time.monotonic() < deadline, "no worker processes started"
        time.sleep(0.05)
    time.sleep(0.3)  # the workers are busy rasterising
    sent = time.monotonic()
    if whole_group:  # what a terminal does: every process of the job gets the signal
        os.killpg(build_run.pid, stop)
    else:  # a parent process, or a service manager's SIGTERM
        build_run.send_signal(stop)
    _, stderr = build_run.communicate(timeout=10)
    stopped = time.monotonic() - sent
    assert build_run.returncode == code, stderr
    assert stopped < 2.0
    assert stderr == INTERRUPTED
    assert workers and all(_gone(worker) for worker in workers)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def _stop_signals_as_at_a_terminal() -> None:
    """In the child: Ctrl-C and a closed terminal not ignored (as under `nohup` or in a shell's
    background job)."""
    ctrl_c_as_at_a_terminal()
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def test_ctrl_c_while_pnp_is_still_starting_is_quiet_too(tmp_path):
    big_game(tmp_path, cards=3)
    starting = build_process(tmp_path, preexec_fn=ctrl_c_as_at_a_terminal)
    _wait_until_pnp_is_importing(starting.pid)  # the tool is still importing its modules
    starting.send_signal(signal.SIGINT)
    _, stderr = starting.communicate(timeout=10)
    assert (starting.returncode, stderr) == (130, INTERRUPTED)


def _wait_until_pnp_is_importing(pid: int) -> None:
    """Wait until the tool imports its libraries (a compiled module from site-packages is
    mapped): its Ctrl-C handling is in place by then, and it is still starting. A signal in
    the interpreter's own first milliseconds ends it before any program can answer."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        maps = Path(f"/proc/{pid}/maps").read_text()
        if any("site-packages" in line and ".so" in line for line in maps.splitlines()):
            return
        time.sleep(0.002)
    raise AssertionError("pnp never started importing its libraries")


def test_ctrl_c_stays_ignored_where_the_shell_ignores_it(tmp_path):
    big_game(tmp_path, cards=3)
    background = build_process(
        tmp_path, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)
    )
    time.sleep(0.2)
    background.send_signal(signal.SIGINT)
    _, stderr = background.communicate(timeout=60)
    assert background.returncode == 0, stderr
