"""Check memory benchmark: the peak RSS of `pnp check` on one game of N distinct cards.

`pnp check` lays out every card to find text that does not fit, and keeps the fitted faces for
a build that follows, so its memory grows with the deck. This writes a game of N cards (one
deck; each card its own name and a one-sentence rules text with **bold** and a `:gold:` icon,
as the tests' `big_game` does), runs `python -m generator check GAME` in a fresh child process
with the user cache in a temporary folder, and reads the child's peak RSS after it ends
(`resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`, in KB: the largest of the child and the
worker processes it waited for). The child runs the checkout this script sits in, or the
source tree PYTHONPATH names (to measure another version). KB are 1024 bytes, GB 10^9 bytes.

Target (reported as PASS/MISS, never asserted): a peak below 1.5 GB at 100,000 cards (the
target is scaled to N for other sizes: a fixed start-up allowance plus the per-card share).

Usage: python benchmarks/bench_check_memory.py [--cards N] [--quick]
(--quick: 10,000 cards, for a smoke run.)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import verdict

ROOT = Path(__file__).resolve().parents[1]
CARDS = 100_000
QUICK_CARDS = 10_000
TARGET_GB = 1.5  # at CARDS cards
START_GB = 0.15  # what the child holds before any card: Python, pnp and its libraries

GAME_YAML = """\
id: demo
title: Demo Game
players:
  min: 2
  max: 4
symbols:
  - key: gold
    label: Gold
components:
  - id: hero-cards
    name: Hero cards
    kind: card
    count: {count}
    provided_by: heroes
decks:
  - id: heroes
    name: Heroes
    file: decks/heroes.csv
limits: {{table_rows: {rows}}}
"""


def write_game(root: Path, cards: int) -> Path:
    """A game folder with one deck of `cards` distinct cards."""
    folder = root / "demo"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(
        GAME_YAML.format(count=cards, rows=max(cards, 50_000)), encoding="utf-8"
    )
    rows = "".join(
        f"c{i},Card {i},1,Gain **{i % 7 + 1}** :gold: when card {i} is played.\n"
        for i in range(cards)
    )
    (folder / "decks" / "heroes.csv").write_text("id,name,quantity,text\n" + rows, encoding="utf-8")
    return folder


def checked(folder: Path, cache: Path) -> tuple[int, float]:
    """`pnp check folder` in a fresh child: its exit status and wall seconds (what it says
    printed when it is not a clean pass: the measure is then of something else)."""
    env = dict(os.environ, PNP_CACHE_DIR=str(cache))
    env.setdefault("PYTHONPATH", str(ROOT))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", str(folder)],
        cwd=folder.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n", file=sys.stderr)
    return done.returncode, time.perf_counter() - start


def target_gb(cards: int) -> float:
    """The peak allowed for `cards` cards: the start-up share plus the per-card share."""
    return START_GB + (TARGET_GB - START_GB) * cards / CARDS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=None, help=f"cards in the deck ({CARDS:,})")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_CARDS:,} cards")
    args = parser.parse_args()
    cards = args.cards or (QUICK_CARDS if args.quick else CARDS)
    with tempfile.TemporaryDirectory(prefix="pnp-check-memory-") as tmp:
        folder = write_game(Path(tmp) / "game", cards)
        status, seconds = checked(folder, Path(tmp) / "cache")
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    peak_gb = peak_kb * 1024 / 1e9
    limit = target_gb(cards)
    print(f"pnp check on {cards:,} distinct cards ({os.environ.get('PYTHONPATH') or ROOT})")
    print(f"  exit status {status}, {seconds:.1f} s wall (a busy machine's figure)")
    print(f"  peak RSS {peak_kb:,} KB = {peak_gb:.2f} GB")
    print(f"  peak RSS below {limit:.2f} GB: {verdict(status == 0 and peak_gb < limit)}")


if __name__ == "__main__":
    main()
