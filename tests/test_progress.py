"""`pnp build` progress: bars per game and stage on a terminal, counting up to each stage's total;
one summary line per game with its time; nothing but the summary in a log; nothing with --quiet."""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

from generator import progress
from generator.build import BuildOptions, checked_game, plan_kit
from generator.units import PAPERS
from generator.write.output import write_kit
from generator.write.sheets import PrintOptions
from tests.kits import two_games

SUMMARY = r"{game}: 8 file\(s\) in out/{game} in \d+\.\d s"
ROW = re.compile(r"^(\S+) +(\S+) +━+╺?━* +(\d+)/(\d+)")  # game, stage, done/total
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class Record:
    """A listener that keeps every event, to compare counts with totals."""

    def __init__(self) -> None:
        self.totals: dict[str, int] = {}
        self.done: dict[str, int] = {}

    def stage(self, name: str, total: int, unit: str) -> None:
        self.totals[name] = total
        self.done[name] = 0

    def advance(self, name: str, steps: int) -> None:
        self.done[name] = self.done.get(name, 0) + steps


def _on_terminal(*args: str, cwd: Path) -> tuple[int, str]:
    """Run pnp with stdout and stderr on a pseudo-terminal 120 columns wide; its exit code and
    everything it wrote there, escape codes and all."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color"}
    with subprocess.Popen(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
    ) as child:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closes with the last process that holds it
                break
            if not chunk:
                break
            chunks.append(chunk)
        os.close(leader)
        return child.wait(timeout=60), b"".join(chunks).decode("utf-8")


def _lines(screen: str) -> list[str]:
    """Every line the terminal showed, escape codes taken out."""
    return [line.strip() for line in re.split(r"[\r\n]+", ANSI.sub("", screen)) if line.strip()]


def _last_counts(lines: list[str]) -> dict[tuple[str, str], tuple[int, int]]:
    """The last count each (game, stage) row showed, as (done, total)."""
    counts = {}
    for line in lines:
        if match := ROW.match(line):
            counts[(match[1], match[2])] = (int(match[3]), int(match[4]))
    return counts


def test_the_library_counts_every_stage_up_to_its_total(game, tmp_path):
    loaded, _ = checked_game(game())
    record = Record()
    with progress.reporting(record):
        kit = plan_kit(loaded, BuildOptions("a4", PrintOptions(PAPERS["a4"])))
        write_kit(kit, tmp_path / "out")
    assert record.totals == {
        "faces": 2,
        "cards": 1,
        "png": 1,
        "tts": 1,
        "report": 1,
        "writing": 9,
    }
    assert record.done == record.totals


def test_a_forked_worker_reports_nothing_itself(tmp_path):
    log = tmp_path / "events"

    class Logged:
        def stage(self, name: str, total: int, unit: str) -> None:
            raise AssertionError("no stage begins here")

        def advance(self, name: str, steps: int) -> None:
            with log.open("a") as stream:
                stream.write(f"{os.getpid()} advance {name}\n")

    with progress.reporting(Logged()):
        worker = multiprocessing.get_context("fork").Process(target=progress.advance, args=("x",))
        worker.start()
        worker.join()
        progress.advance("y")
    assert worker.exitcode == 0
    assert log.read_text() == f"{os.getpid()} advance y\n"


def test_bars_on_a_terminal_reach_every_total_and_each_game_ends_with_its_time(game, tmp_path):
    two_games(game, tmp_path)
    code, screen = _on_terminal("build", "--all", "-o", "out", cwd=tmp_path)
    lines = _lines(screen)
    assert code == 0, lines
    counts = _last_counts(lines)
    stages = ("check", "faces", "cards", "png", "tts", "report", "writing")
    assert {key: counts[key] for key in counts if key[0] == "demo"} == {
        ("demo", stage): (total, total)
        for stage, total in zip(stages, (1, 2, 1, 1, 1, 1, 9), strict=True)
    }
    assert counts[("other", "faces")] == (2, 2)
    assert any(re.fullmatch(r"games +━+ +2/2", line) for line in lines)
    summaries = [line for line in lines if ": 8 file(s)" in line]
    assert len(summaries) == 2
    assert re.fullmatch(SUMMARY.format(game="demo"), summaries[0])
    assert re.fullmatch(SUMMARY.format(game="other"), summaries[1])


def test_quiet_on_a_terminal_prints_nothing(game, tmp_path):
    two_games(game, tmp_path)
    code, screen = _on_terminal("build", "--all", "-o", "out", "--quiet", cwd=tmp_path)
    assert (code, screen) == (0, "")
    assert (tmp_path / "out" / "other" / "manifest.json").is_file()


def test_in_a_log_there_is_only_one_summary_line_per_game(game, pnp):
    game()
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 0
    assert result.stdout == ""
    assert re.fullmatch(SUMMARY.format(game="demo") + "\n", result.stderr)


def test_quiet_in_a_log_prints_nothing(game, pnp):
    game()
    result = pnp("build", "demo", "-o", "out", "-q")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert Path("out/demo/manifest.json").is_file()


def test_quiet_still_prints_the_errors(game, pnp):
    game({"decks/heroes.csv": "id,name,quantity,text\nknight,Knight,two,Gain 1.\n"})
    result = pnp("build", "demo", "-o", "out", "--quiet")
    assert result.exit_code == 1
    assert "demo/decks/heroes.csv:2" in result.stdout


def test_the_help_says_what_quiet_drops(pnp):
    words = " ".join(pnp("build", "--help").stdout.split())
    assert "-q, --quiet Print nothing on success: no progress bars, no summary lines" in words
