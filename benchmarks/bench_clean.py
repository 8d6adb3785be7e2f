"""Clean-up benchmark: time `pnp clean` on a 150 KB damaged rulebook (target: under 5 s).

The text is the tests' own sample text, repeated and damaged by the same generator (shifted
runs, ligature stand-ins, hyphenation, footers, page numbers, markers, hard wrapping); the
seed rulebooks are timed too when they are beside the checkout.

Usage: python benchmarks/bench_clean.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, too

from generator.clean.text import clean_text  # noqa: E402
from tests.damage import TEXT, damaged  # noqa: E402

TARGET_SECONDS = 5.0
SIZE = 150 * 1024


def timed(text: str) -> tuple[float, int]:
    """Seconds to clean `text` (best of 2) and the lines it flagged."""
    best, flags = float("inf"), 0
    for _ in range(2):
        start = time.perf_counter()
        result = clean_text(text)
        best = min(best, time.perf_counter() - start)
        flags = len(result.flags)
    return best, flags


def main() -> int:
    text = damaged(TEXT * (SIZE // len(TEXT) + 1))[:SIZE]
    seconds, flags = timed(text)
    print("Clean-up benchmark: best of 2 runs")
    print(
        f"  damaged sample  {len(text) / 1024:6.0f} KB  {seconds:6.2f} s  {flags} line(s) flagged  target < {TARGET_SECONDS:g} s  {'PASS' if seconds < TARGET_SECONDS else 'MISS'}"
    )
    for seed in sorted((ROOT.parent / "shared" / "seeds").glob("*.txt")):
        seed_text = seed.read_text(encoding="utf-8")
        seconds, flags = timed(seed_text)
        print(
            f"  {seed.name:<28} {len(seed_text) / 1024:4.0f} KB  {seconds:6.2f} s  {flags} line(s) flagged"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
