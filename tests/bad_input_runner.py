"""Running one hostile case of tests/bad_input/ as a user would, in its own process.

Each command runs in a child forked from the test process (it shares the imported modules, so
a case costs milliseconds rather than the second an interpreter takes to start) under a memory
limit and a timeout; the child runs the real `pnp` entry point with the case folder as its
working directory, and the parent reads its exit status, output, time and peak memory.
"""

from __future__ import annotations

import os
import resource
import signal
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path

import yaml

CASES = Path(__file__).parent / "bad_input"
CLASSES = (
    "yaml", "decode", "template", "size", "count", "art", "font", "output", "text", "message",
    "path",
)  # fmt: skip
MEMORY_LIMIT = 4 * 1024**3  # address space of a child: far above any honest case
TIMEOUT = 20.0  # seconds a command may take
COMMANDS = {
    "check": lambda target: ["check", target],
    "build": lambda target: ["build", target, "-o", "out"],
    "check-file": lambda target: ["check", target],
    "clean": lambda target: ["clean", target, "-o", "out/clean.md"],
}


@dataclass(frozen=True)
class Case:
    """One hostile input and what pnp must answer to it."""

    name: str
    about: str
    commands: tuple[str, ...]
    target: str
    exit: int
    where: str
    message: str

    @property
    def kind(self) -> str:
        """The class of hostile input, from the case's name."""
        return self.name.split("-", 1)[0]


@dataclass(frozen=True)
class Outcome:
    """How one command ended: exit code (or the signal that killed it), output, cost."""

    code: int | None
    signal: int | None
    output: str
    seconds: float
    peak_mb: float
    timed_out: bool


def read_cases() -> list[Case]:
    """Every case folder with a case.yaml, in name order."""
    cases = []
    for folder in sorted(CASES.glob("*/case.yaml")):
        data = yaml.safe_load(folder.read_text(encoding="utf-8"))
        cases.append(
            Case(
                folder.parent.name,
                data["about"],
                tuple(data.get("commands", ["check", "build"])),
                data.get("target", "demo"),
                data.get("exit", 1),
                data.get("where", ""),
                data.get("message", ""),
            )
        )
    return cases


def run_command(command: str, target: str, folder: Path) -> Outcome:
    """Run one pnp command on `target` in a forked child with `folder` as its directory."""
    log = folder / f".{command}.log"
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        _child(COMMANDS[command](target), folder, log)
    deadline = started + TIMEOUT
    timed_out = False
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.perf_counter() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            timed_out = True
            break
        time.sleep(0.01)
    output = log.read_text(encoding="utf-8", errors="replace")
    log.unlink()
    return Outcome(
        os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
        os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        output,
        time.perf_counter() - started,
        usage.ru_maxrss / 1024,
        timed_out,
    )


def _child(args: list[str], folder: Path, log: Path) -> None:
    """In the child: limits, output to the log, then `pnp ARGS`; never returns."""
    code = 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        os.chdir(folder)
        stream = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        os.dup2(stream, 1)
        os.dup2(stream, 2)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        signal.signal(signal.SIGINT, signal.default_int_handler)
        warnings.resetwarnings()  # as a user's interpreter: warnings are not errors
        from generator.cli import main

        sys.argv = ["pnp", *args]
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # what the interpreter would do: print the traceback, exit 1
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (links as their target text) by relative path."""
    if not folder.exists():
        return {}
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(folder))] = os.readlink(path).encode()
        elif path.is_file():
            found[str(path.relative_to(folder))] = path.read_bytes()
    return found
