"""Copies benchmark: a deck of a few designs printed in very many copies, built as a user runs it.

The game: the starter game of `pnp new`, its deck rewritten to DESIGNS designs of COPIES copies
each (its components count set to match), each design with a front and its own back. The card
files of that deck are one A4 card-sheet PDF (3x3 cards a sheet, backs on the next page) and
one print-shop PDF of one page per design and side: 10 x 10,000 copies make 11,112 sheets and
20 print-shop pages.

Each side is the command `python -m generator build GAME -o OUT --no-cache --only cards` in a
fresh process of its own (the code of `--source`, this checkout by default):
  copies   the game above;
  designs  the same designs, two copies each (the starter's setup deals 12 cards): what
           loading, checking and fitting the deck cost, the floor under the copies' figure.
Measured per run: wall time from start to exit, and the peak RSS of the build's process (its
`ru_maxrss` as `wait4` reports it when it ends, worker processes it waited for included).
MB are 10^6 bytes.

Judged (PASS/MISS; nothing is asserted, the exit status is always 0): the copies build's peak
RSS under 500 MB. The time of each side is printed beside it, not judged.
Runs: the sides take turns, median of `--runs` (min-max shown).

Usage: python benchmarks/bench_copies.py [--designs N] [--copies M] [--runs R] [--quick]
  [--source DIR] (--quick: 10 x 1,000 copies, one run: a smoke run, its verdict means little;
--source DIR: build with the pnp whose `generator` package is in DIR, e.g. an older commit's
checkout).
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from timing import MEMORY_RUNS, Figures, compiled, row, verdict

from generator.starter import new_game

ROOT = Path(__file__).resolve().parents[1]
GAME_ID = "copies"
RSS_TARGET_MB = 500.0
DECK = Path("decks") / "actions.csv"
STARTER_COUNT = "count: 18,"  # the starter deck's components count, in game.yaml
FLOOR_COPIES = 2  # the designs side's copies of each design
STARTER_CARDS = ("gather", "trade", "build", "scout")  # kept: its rulebook shows one


def write_game(root: Path, designs: int, copies: int) -> Path:
    """The starter game with its deck made of `designs` designs of `copies` copies each."""
    folder = new_game(str(root / f"{GAME_ID}-{copies}" / GAME_ID), root)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    if STARTER_COUNT not in text:
        raise SystemExit(f"the starter game.yaml no longer holds {STARTER_COUNT!r}")
    game.write_text(text.replace(STARTER_COUNT, f"count: {designs * copies},"), encoding="utf-8")
    with (folder / DECK).open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "quantity", "cost", "text", "flavour"])
        ids = [*STARTER_CARDS, *(f"c{i}" for i in range(len(STARTER_CARDS), designs))]
        for i, card in enumerate(ids[:designs]):
            text = f"Take {i % 3 + 1} :coin: from the supply, then draw {i + 1} cards."
            writer.writerow([card, f"Card {i}", copies, i % 4, text, f"Design {i} of many."])
    return folder


def build(folder: Path, out: Path, source: Path) -> dict[str, float]:
    """Seconds and peak RSS (MB) of `pnp build FOLDER -o OUT --no-cache --only cards`, run from
    `source` in a fresh process."""
    command = [sys.executable, "-m", "generator", "build", str(folder), "-o", str(out)]
    command += ["--no-cache", "--only", "cards"]
    env = {**os.environ, "PYTHONPATH": str(source)}
    with tempfile.TemporaryFile() as said:
        start = time.perf_counter()
        outputs = [(os.POSIX_SPAWN_DUP2, said.fileno(), 1), (os.POSIX_SPAWN_DUP2, said.fileno(), 2)]
        pid = os.posix_spawn(sys.executable, command, env, file_actions=outputs)
        _, status, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            said.seek(0)
            text = said.read().decode(errors="replace")
            raise SystemExit(f"{' '.join(command)} failed:\n{text}")
    return {"seconds": seconds, "peak_rss_mb": usage.ru_maxrss * 1024 / 1e6}


def report(args: argparse.Namespace) -> None:
    """Both sides' runs, their table and the verdict."""
    source = args.source.resolve()
    compiled([source / "generator"])  # pnp runs from bytecode, as installed
    print(
        f"Copies benchmark: {args.designs} designs x {args.copies:,} copies, front and back, "
        f"`pnp build --no-cache --only cards` from {source}; {args.runs} runs per side, in turn",
        flush=True,
    )
    measured: dict[str, list[dict[str, float]]] = {"copies": [], "designs": []}
    with tempfile.TemporaryDirectory() as root:
        games = {
            "copies": write_game(Path(root), args.designs, args.copies),
            "designs": write_game(Path(root), args.designs, FLOOR_COPIES),
        }
        for run in range(args.runs):
            for side, folder in games.items():
                out = Path(root) / f"out-{side}-{run}"
                measured[side].append(build(folder, out, source))
    seconds = {side: Figures(tuple(r["seconds"] for r in runs)) for side, runs in measured.items()}
    peaks = {
        side: Figures(tuple(r["peak_rss_mb"] for r in runs)) for side, runs in measured.items()
    }
    print()
    print(row("Median (min-max)", "copies", "designs"))
    print(row("  seconds, start to exit", seconds["copies"].text(), seconds["designs"].text()))
    print(row("  peak RSS, MB", peaks["copies"].text(0), peaks["designs"].text(0)))
    print()
    print(row("Judged", "copies", "target", "verdict"))
    peak = peaks["copies"].median
    ok = verdict(peak < RSS_TARGET_MB)
    print(
        row(f"peak RSS, {args.designs} x {args.copies:,} copies", f"{peak:.0f} MB", "< 500 MB", ok)
    )


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--designs", type=int, default=10, help="designs in the deck (10)")
    parser.add_argument("--copies", type=int, default=10_000, help="copies of each (10,000)")
    parser.add_argument("--runs", type=int, default=MEMORY_RUNS, help="runs per side (3)")
    parser.add_argument("--source", type=Path, default=ROOT, help="where pnp's code is")
    parser.add_argument("--quick", action="store_true", help="10 x 1,000 copies, one run")
    args = parser.parse_args(argv)
    if args.quick:
        args.copies, args.runs = 1000, 1
    report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
