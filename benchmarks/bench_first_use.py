"""First-use benchmark: a new user's first `pnp check --all` and first build of each bundled
game, against the same command run again with the user caches it left warm.

Every command is `python -m generator ...` in a process of its own, run from the project root
of the code measured (this checkout, or `--source DIR`, with DIR on PYTHONPATH), so each
loads pnp as a user's command does. The two sides of a figure run the same command:

  first  $PNP_CACHE_DIR is a new, empty folder for every run (no pinned fonts, no font facts,
         no cache key): what a user who has just installed pnp meets;
  warm   $PNP_CACHE_DIR is one folder that a warm-up run filled and every run reuses.

The commands: `pnp check --all`, and for each bundled game `pnp build card_data/GAME
--no-cache -o OUT` (OUT a new folder each run): --no-cache keeps both sides from taking the
kit from a cache, so each builds it whole, and the warm side is a cold build with warm user
caches. After each command the figure says how many faces the first runs pinned (the files
fontTools wrote into the empty font cache).

Judged per command (PASS/MISS; nothing is asserted, the exit status is always 0): first <= 1.5x
warm, on the medians. One warm-up of each side, then `--runs` rounds in which the sides take
turns, so a busy moment slows both alike; seconds are medians (min-max). pnp's modules are
compiled to bytecode first, as installing pnp does (benchmarks/timing.py).

Usage: python benchmarks/bench_first_use.py [--runs N] [--quick] [--games NAME,...] [--source DIR]
(--quick: one round after the warm-up, for a smoke run; its verdicts mean little.)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import RUNS, Figures, alternated, compiled, row, verdict

ROOT = Path(__file__).resolve().parents[1]
TARGET = 1.5  # first / warm, at most
CACHE_ENV = "PNP_CACHE_DIR"


def run(source: Path, arguments: list[str], cache: Path) -> int:
    """One pnp command in a fresh process with `cache` as the user's cache; its exit status
    (a kit's output folder, if any, is made and removed here)."""
    env = {**os.environ, CACHE_ENV: str(cache), "PYTHONPATH": str(source)}
    with tempfile.TemporaryDirectory(prefix="first-use-out-") as out:
        command = [sys.executable, "-m", "generator", *arguments]
        if arguments[0] == "build":
            command += ["--no-cache", "-o", out]
        done = subprocess.run(command, cwd=source, env=env, capture_output=True, check=False)
    return done.returncode


def first(source: Path, arguments: list[str], pinned: list[int]) -> int:
    """The command with an empty user cache; how many faces it pinned is added to `pinned`."""
    with tempfile.TemporaryDirectory(prefix="first-use-cache-") as cache:
        status = run(source, arguments, Path(cache))
        pinned.append(len(list((Path(cache) / "fonts").glob("*.ttf"))))
    return status


def measure(source: Path, arguments: list[str], runs: int) -> tuple[Figures, Figures, list[int]]:
    """(first, warm) seconds of one command, and how many faces each first run pinned."""
    pinned: list[int] = []
    with tempfile.TemporaryDirectory(prefix="first-use-warm-") as warm_cache:
        measured = alternated(
            {
                "first": lambda: first(source, arguments, pinned),
                "warm": lambda: run(source, arguments, Path(warm_cache)),  # warmed by the warm-up
            },
            runs,
        )
    statuses = set(measured.results.values())
    if statuses != {0}:
        print(f"  (exit status {sorted(statuses)} for {' '.join(arguments)})")
    return measured.seconds["first"], measured.seconds["warm"], pinned


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="measured rounds of each command")
    parser.add_argument("--quick", action="store_true", help="one round after the warm-up")
    parser.add_argument("--games", help="comma-separated bundled games to build (default: all)")
    parser.add_argument(
        "--source", type=Path, default=ROOT, help="the checkout whose pnp is measured"
    )
    args = parser.parse_args(argv)
    source = args.source.resolve()
    games = sorted(p.name for p in (source / "card_data").iterdir() if (p / "game.yaml").is_file())
    if args.games:
        games = [name for name in games if name in args.games.split(",")]
    compiled([source / "generator"])
    runs = 1 if args.quick else args.runs
    print(f"First-use benchmark of {source}: first run (empty ${CACHE_ENV}) / warm user caches")
    print(f"  median (min-max) of {runs} alternated round(s) after a warm-up of each side")
    print(row("command", "first s", "warm s", "ratio", "target", ""))
    commands = [["check", "--all"]] + [["build", f"card_data/{name}"] for name in games]
    for arguments in commands:
        first_s, warm_s, pinned = measure(source, arguments, runs)
        ratio = first_s.median / warm_s.median
        label = f"pnp {' '.join(arguments)}"
        print(
            row(
                label,
                first_s.text(),
                warm_s.text(),
                f"{ratio:.2f}x",
                f"<= {TARGET}x",
                verdict(ratio <= TARGET),
            )
        )
        print(f"    faces pinned by each first run (warm-up first): {', '.join(map(str, pinned))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
