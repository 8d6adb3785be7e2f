"""The build daemon: a build it takes is the build pnp makes by itself (bytes, messages, exit
status, Ctrl-C), and it serves only while pnp is the code it loaded (generator/daemon/)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from generator import daemon
from generator.daemon.client import forwarded
from generator.interrupts import INTERRUPTED
from tests.conftest import big_game, build_process

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the daemon is Linux only")
CHECKOUT = Path(__file__).resolve().parents[1]


@pytest.fixture
def daemons(monkeypatch):
    """An environment where builds use a daemon, in a folder of their own (short: a socket's
    path is at most 107 bytes); every daemon started in it is stopped after the test."""
    runtime = Path(tempfile.mkdtemp(prefix="pnp-", dir="/tmp"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setenv(daemon.DAEMON_ENV, "1")
    monkeypatch.setenv(daemon.IDLE_ENV, "120")
    yield runtime / "pnp"
    for answer in _asked(os.environ, "stop"):
        _wait_gone(int(answer["stopped"]))
    shutil.rmtree(runtime, ignore_errors=True)


def _pnp(*args: str, env=None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def _asked(env, kind: str) -> list[dict]:
    """The daemons' answers to `pnp daemon status` or `stop`, asked in a process of its own."""
    script = f"import json; from generator.daemon.client import asked; print(json.dumps(asked({kind!r})))"
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    return json.loads(done.stdout)


def _running(env, timeout: float = 30) -> dict:
    """The one daemon running, once it listens."""
    deadline = time.monotonic() + timeout
    while not (answers := _asked(env, "status")):
        assert time.monotonic() < deadline, "no daemon started"
        time.sleep(0.1)
    assert len(answers) == 1, answers
    return answers[0]


def _wait_gone(pid: int, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while Path(f"/proc/{pid}").exists() and "Z" not in _state(pid):
        assert time.monotonic() < deadline, f"process {pid} is still running"
        time.sleep(0.05)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "X"


def _kit(folder: Path) -> dict[str, bytes]:
    """Every file of a kit, by its path inside it."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_a_build_the_daemon_takes_is_the_build_pnp_makes_by_itself(tmp_path, daemons):
    big_game(tmp_path, cards=12)
    first = _pnp("build", "demo", "-o", "first", cwd=tmp_path)  # no daemon yet: it starts one
    assert first.returncode == 0, first.stderr
    started = _running(os.environ)
    assert started["builds"] == 0
    taken = _pnp("build", "demo", "-o", "taken", "--no-cache", "--paper", "letter", cwd=tmp_path)
    assert _running(os.environ) == {**started, "builds": 1}
    alone = _pnp(
        "build",
        "demo",
        "-o",
        "alone",
        "--no-cache",
        "--paper",
        "letter",
        cwd=tmp_path,
        env={**os.environ, daemon.DAEMON_ENV: "0"},
    )
    assert (taken.returncode, taken.stdout) == (alone.returncode, alone.stdout) == (0, "")
    assert (
        taken.stderr.replace("taken", "alone").split(" in 0")[0] == alone.stderr.split(" in 0")[0]
    )
    assert _kit(tmp_path / "taken/demo") == _kit(tmp_path / "alone/demo")
    assert (tmp_path / "taken/demo/manifest.json").stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def test_bad_data_through_the_daemon_is_exit_1_with_its_finding_and_nothing_written(
    tmp_path, daemons
):
    big_game(tmp_path, cards=3)
    assert _pnp("build", "demo", "-o", "first", cwd=tmp_path).returncode == 0
    _running(os.environ)
    deck = tmp_path / "demo/decks/heroes.csv"
    deck.write_text(deck.read_text() + "c0,Again,1,Twice.\n", encoding="utf-8")
    failed = _pnp("build", "demo", "-o", "second", cwd=tmp_path)
    assert failed.returncode == 1
    assert "heroes.csv:5" in failed.stdout and "c0" in failed.stdout
    assert not (tmp_path / "second").exists()
    assert _running(os.environ)["builds"] == 1


def test_ctrl_c_reaches_the_build_the_daemon_runs(tmp_path, daemons):
    big_game(tmp_path, cards=3)
    assert _pnp("build", "demo", "-o", "first", cwd=tmp_path).returncode == 0
    _running(os.environ)
    shutil.rmtree(tmp_path / "demo")
    big_game(tmp_path, cards=400)
    run = build_process(tmp_path)
    deadline = time.monotonic() + 30
    while _running(os.environ)["builds"] == 0:
        assert time.monotonic() < deadline and run.poll() is None, "the daemon took no build"
    time.sleep(0.5)  # the build is drawing its 400 cards
    run.send_signal(signal.SIGINT)
    _, stderr = run.communicate(timeout=10)
    assert (run.returncode, stderr) == (130, INTERRUPTED + "\n")
    assert not (tmp_path / "out/demo").exists()


def test_an_edited_pnp_is_not_served_by_the_daemon_that_loaded_it(tmp_path, daemons):
    source = tmp_path / "source"
    shutil.copytree(CHECKOUT / "generator", source / "generator")
    shutil.copytree(CHECKOUT / "templates", source / "templates")
    env = {**os.environ, "PYTHONPATH": str(source)}
    big_game(tmp_path, cards=3)
    assert _pnp("build", "demo", "-o", "out", cwd=tmp_path, env=env).returncode == 0
    old = _running(env)
    with (source / "generator/units.py").open("a", encoding="utf-8") as units:
        units.write("# edited\n")
    rebuilt = _pnp("build", "demo", "-o", "out", "--no-cache", cwd=tmp_path, env=env)
    assert rebuilt.returncode == 0, rebuilt.stderr
    _wait_gone(old["pid"])  # it built by itself; the old daemon left, a new one loads the edit
    new = _running(env)
    assert new["pid"] != old["pid"] and new["builds"] == 0


def test_an_idle_daemon_leaves_and_takes_its_socket(tmp_path, daemons, monkeypatch):
    monkeypatch.setenv(daemon.IDLE_ENV, "1")
    big_game(tmp_path, cards=3)
    assert _pnp("build", "demo", "-o", "out", cwd=tmp_path).returncode == 0
    _wait_gone(_running(os.environ)["pid"])
    assert list(daemons.glob("*.sock")) == []


def test_pnp_daemon_status_and_stop(tmp_path, daemons):
    status = _pnp("daemon", "status")
    assert status.stdout == f"no build daemon is running (they listen in {daemons})\n"
    big_game(tmp_path, cards=3)
    assert _pnp("build", "demo", "-o", "out", cwd=tmp_path).returncode == 0
    pid = _running(os.environ)["pid"]
    assert _pnp("daemon", "status").stdout.startswith(f"pid {pid}: up 0 min, 0 build(s), ")
    assert _pnp("daemon", "stop").stdout == "stopped 1 build daemon(s)\n"
    _wait_gone(pid)
    assert list(daemons.glob("*")) == []


@pytest.mark.parametrize(
    ("env", "argv", "used"),
    [
        ({}, ["pnp", "build", "demo"], True),
        ({}, ["pnp", "--debug", "build", "demo"], True),
        ({}, ["pnp", "check", "demo"], False),
        ({"PNP_DAEMON": "0"}, ["pnp", "build", "demo"], False),
        ({"PNP_DAEMON": "off"}, ["pnp", "build", "demo"], False),
        ({"CI": "true"}, ["pnp", "build", "demo"], False),
        ({"CI": "true", "PNP_DAEMON": "1"}, ["pnp", "build", "demo"], True),
        ({"CI": "false"}, ["pnp", "build", "demo"], True),
    ],
)
def test_which_commands_use_a_daemon(env, argv, used):
    assert daemon.wanted(argv, env) is used


def test_a_folder_others_can_enter_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    (tmp_path / "pnp").mkdir(mode=0o755)
    (tmp_path / "pnp").chmod(0o755)
    assert daemon.private_folder() is None
    (tmp_path / "pnp").chmod(0o700)
    assert daemon.private_folder() == tmp_path / "pnp"


def test_a_socket_left_by_a_daemon_that_has_gone_is_removed(daemons):
    daemons.mkdir(mode=0o700)
    left = daemon.socket_path(daemons)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as gone:
        gone.bind(str(left))  # bound, never listening: what a killed daemon leaves
    assert forwarded(["pnp", "build", "demo"]) is None
    assert not left.exists()
