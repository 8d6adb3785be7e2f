"""Check benchmark: `pnp check` over every bundled game against only parsing its files, in one run.

Ours: `full_checks` (what `pnp check --all` runs: per game, load, every rule, then laying out
every card to find text that does not fit; one game per core) over card_data/, in process.
Baseline: reading and parsing the same YAML and CSV files with PyYAML's safe loader (the same
one our loader uses: libyaml's when PyYAML has it) and the csv module, nothing else: the floor
for any checker of the same data.
Also timed: `pnp check --all` as a subprocess, a cold start including Python and every import,
as a user or CI runs it.
Target (reported as PASS/MISS, never asserted): checking all bundled games in under 3 s, judged
on the cold subprocess, the time a user waits.

Usage: python benchmarks/bench_check.py [--repeats N]
"""

from __future__ import annotations

import argparse
import csv
import io
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, too

from generator.build import full_checks  # noqa: E402
from generator.load.game import GAME_FILE  # noqa: E402
from generator.load.sources import LOADER  # noqa: E402

TARGET_SECONDS = 3.0
GAMES = ROOT / "card_data"


def games() -> list[Path]:
    """Every bundled game folder."""
    return sorted(folder for folder in GAMES.iterdir() if (folder / GAME_FILE).is_file())


def data_files(folders: list[Path]) -> list[Path]:
    """The YAML and CSV files of the games, the files a checker has to parse at the least."""
    return sorted(
        path
        for folder in folders
        for path in folder.rglob("*")
        if path.suffix.lower() in (".yaml", ".yml", ".csv")
    )


def ours(folders: list[Path]) -> int:
    """Check every game as `pnp check` does; the number of findings."""
    return len(full_checks(folders))


def baseline(files: list[Path]) -> int:
    """Read and parse every data file; the number of top-level records parsed."""
    records = 0
    for path in files:
        text = path.read_text(encoding="utf-8-sig")
        if path.suffix.lower() == ".csv":
            records += sum(1 for _ in csv.reader(io.StringIO(text)))
        else:
            records += len(yaml.load(text, Loader=LOADER) or ())
    return records


def best_of(repeats: int, work: Callable[[], object]) -> tuple[float, object]:
    """Best wall time of `repeats` runs, and what the work returned."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def cold_start() -> tuple[float, int]:
    """Wall time and exit status of `pnp check --all` in a fresh Python process."""
    start = time.perf_counter()
    process = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--all"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - start, process.returncode


def verdict(seconds: float) -> str:
    """PASS or MISS against the absolute target."""
    return "PASS" if seconds < TARGET_SECONDS else "MISS"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs of each, best kept")
    args = parser.parse_args(argv)
    folders = games()
    files = data_files(folders)
    first_time, _ = best_of(1, lambda: ours(folders))  # layouts and templates compile once
    ours_time, findings = best_of(args.repeats, lambda: ours(folders))
    base_time, records = best_of(args.repeats, lambda: baseline(files))
    cold_time, status = min(cold_start() for _ in range(max(1, args.repeats // 2)))
    ratio = ours_time / base_time
    print(f"Check benchmark: {len(folders)} bundled game(s), {len(files)} data files, best of runs")
    print(
        f"  ours      {ours_time:6.2f} s  {findings} finding(s)  (full_checks, one game per core)"
    )
    print(
        f"  baseline  {base_time:6.2f} s  {records} record(s)  (PyYAML {LOADER.__name__} + csv only)"
    )
    print(f"  ratio     {ratio:6.1f}x  (ours / baseline)")
    print(f"  first     {first_time:6.2f} s  (ours, first run in this process)")
    print(
        f"  cold      {cold_time:6.2f} s  `pnp check --all` as a subprocess, imports included, "
        f"exit {status}"
    )
    print(
        f"  target    all games in < {TARGET_SECONDS:g} s, judged on the cold run: "
        f"{cold_time:.2f} s  {verdict(cold_time)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
