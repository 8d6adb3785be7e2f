"""Check benchmark: `pnp check` over every bundled game against only parsing its files, in one run.

Ours: `full_checks` (what `pnp check --all` runs: per game, load, every rule, then laying out
every card to find text that does not fit; one game per core) over card_data/, in process.
Baseline: reading and parsing the same YAML and CSV files with PyYAML's safe loader (the same
one our loader uses: libyaml's when PyYAML has it) and the csv module, nothing else: the floor
for any checker of the same data.
Also timed: `pnp check --all` as a subprocess, a cold start including Python and every import,
as a user or CI runs it, beside the baseline's parsing in a fresh Python (the cold floor).
Before timing, pnp's modules and these scripts are compiled to bytecode, as installing pnp does
(pip compiles every module; a checkout writes __pycache__ at its first run): with
PYTHONDONTWRITEBYTECODE=1, as in some containers and CI images, each cold start would compile
pnp's 150 modules from source again, 0.1 s no installed pnp spends.
The sides take turns (benchmarks/timing.py) and each figure is the median of the runs with
their spread. Target (reported as PASS/MISS, never asserted): checking all bundled games in
under 2 s, judged on the median cold subprocess, the time a user waits.

Usage: python benchmarks/bench_check.py [--runs N]
"""

from __future__ import annotations

import argparse
import csv
import io
import subprocess
import sys
import time
from pathlib import Path

import yaml
from timing import RUNS, alternated, compiled, verdict

ROOT = Path(__file__).resolve().parents[1]
TARGET_SECONDS = 2.0
GAMES = ROOT / "card_data"
# Run as a fresh Python that only parses the files named after it with the loader named first:
# pnp is imported only by the parent, so this child's time is the cold floor.
BASELINE_CHILD = "--baseline-child"


def games() -> list[Path]:
    """Every bundled game folder."""
    from generator.load.game import GAME_FILE

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
    from generator.build import full_checks

    return len(full_checks(folders))


def baseline(files: list[Path], loader: type) -> int:
    """Read and parse every data file; the number of top-level records parsed."""
    records = 0
    for path in files:
        text = path.read_text(encoding="utf-8-sig")
        if path.suffix.lower() == ".csv":
            records += sum(1 for _ in csv.reader(io.StringIO(text)))
        else:
            records += len(yaml.load(text, Loader=loader) or ())
    return records


def cold(command: list[str]) -> int:
    """Run a command in a fresh Python; its exit status."""
    return subprocess.run(command, cwd=ROOT, capture_output=True, check=False).returncode


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [BASELINE_CHILD]:
        loader, *files = argv[1:]
        return 0 if baseline([Path(f) for f in files], getattr(yaml, loader)) else 1
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="measured runs of each side")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # run from a checkout, too
    from generator.load.sources import LOADER

    folders = games()
    files = data_files(folders)
    compiled([ROOT / "generator", Path(__file__).resolve().parent])
    start = time.perf_counter()
    ours(folders)  # layouts and templates compile once
    first_time = time.perf_counter() - start
    warm = alternated(
        {"ours": lambda: ours(folders), "baseline": lambda: baseline(files, LOADER)}, args.runs
    )
    commands = {
        "ours": [sys.executable, "-m", "generator", "check", "--all"],
        "baseline": [
            sys.executable,
            str(Path(__file__).resolve()),
            BASELINE_CHILD,
            LOADER.__name__,
            *map(str, files),
        ],
    }
    started = alternated({name: lambda c=c: cold(c) for name, c in commands.items()}, args.runs)
    ratio = warm.seconds["ours"].median / warm.seconds["baseline"].median
    cold_ours = started.seconds["ours"]
    print(f"Check benchmark: {len(folders)} bundled game(s), {len(files)} data files")
    print(f"  median (min-max) of {args.runs} alternated runs after a warm-up of each")
    print(
        f"  ours      {warm.seconds['ours'].text()} s  {warm.results['ours']} finding(s)  "
        "(full_checks, one game per core, in process)"
    )
    print(
        f"  baseline  {warm.seconds['baseline'].text()} s  {warm.results['baseline']} "
        f"record(s)  (PyYAML {LOADER.__name__} + csv only)"
    )
    print(f"  ratio     {ratio:.1f}x  (ours / baseline, medians)")
    print(f"  first     {first_time:.2f} s  (ours, first run in this process)")
    print(
        f"  cold      {cold_ours.text()} s  `pnp check --all` as a subprocess, imports "
        f"(from bytecode, as installed) included, exit {started.results['ours']}"
    )
    print(
        f"  cold base {started.seconds['baseline'].text()} s  parsing the same files in a "
        "fresh Python"
    )
    print(
        f"  target    all games in < {TARGET_SECONDS:g} s, judged on the median cold run: "
        f"{cold_ours.median:.2f} s  {verdict(cold_ours.median < TARGET_SECONDS)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
