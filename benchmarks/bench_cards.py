"""Card-sheet benchmark: our pipeline against a hand-written ReportLab script doing the same work.

The deck: N poker cards (63.5 x 88.9 mm, 3 mm bleed), each with its own name and rules text,
one shared piece of art (a 600x840 PNG), no backs (the bench deck has no back text, so ours
prints none either). Both sides read the same CSV and make one A4 PDF, 3x3 cards a page.

Ours (what `pnp build --only cards` does for cards-poker.pdf, in memory): load the game and
check it (`check_game`), render every face with text fitting (`rendered_decks`), impose and
draw the sheets (`card_sheets`). Each card: a title band into the bleed, a rounded frame, the
title, the art cropped to its box, the rules paragraph with **bold**, *italic* and an inline
`:gold:` icon (the glossary's vector symbol), the deck name as a footer; crop marks; a sheet
footer naming the decks on the sheet ("Bench — cards · Bench · sheet 1 of 112").
Ours runs in ONE process here: a deck of PARALLEL_MIN_DESIGNS designs or more is normally
split over two (generator/render/parallel.py); the benchmark raises that threshold out of
reach for the judged figures, and reports the two-process time beside them, not judged.

Baseline (benchmarks/cards_baseline.py): the same CSV read with `csv.DictReader` and drawn
straight onto a ReportLab canvas, no checks, no text fitting, no intermediate objects: the same
band, frame, title, art cropped to its box, a platypus `Paragraph` with <b>, <i> and the icon
as a small PNG inline `<img>`, the footer, crop marks on every trim line and the same sheet
footer line, in the same fonts, sizes and colours.

Judged figures (PASS/MISS; nothing is asserted, the exit status is always 0):
  1. time at 1,000 cards: ours <= 1.3x the baseline's;
  2. time at 10,000 cards: ours <= 1.3x the baseline's;
  3. peak RSS at 10,000 cards: ours <= 1.5x the baseline's;
  4. memory per card (with --flat): (RSS(50,000) - RSS(10,000)) / 40,000, ours <= 1.5x the
     baseline's (off by default: the six 50,000-card children add about 5 minutes, 1.2 GB).
Times: one warm-up of each side, then 5 runs taken in turn (ours, baseline, ours, ...) in this
process with pnp's caches emptied before each run; the median is judged, min-max shown.
Memory: peak RSS (VmHWM) of a fresh child process per run, median of 3 per side; both
children run this script, so both carry the same imports (pnp, ReportLab, Pillow), whose RSS
before building is printed too. MB are 10^6 bytes.

Usage: python benchmarks/bench_cards.py [--cards N] [--big M] [--flat] [--flat-cards K] [--quick]
(--quick: 200 and 1,000 cards, one run each, for a smoke run; its verdicts mean little.)
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from cards_baseline import ICON, baseline_sheets
from PIL import Image, ImageDraw
from timing import (
    Figures,
    alternated,
    child_report,
    child_runs,
    figures,
    forget_cached_work,
    judged,
    python_command,
    row,
    rss_now_mb,
)

import generator.render.parallel as parallel
from generator.build import rendered_decks
from generator.check import check_game
from generator.units import PAPERS
from generator.write.sheets import PrintOptions, card_sheets

TIME_TARGET = 1.3
RSS_TARGET = 1.5
PER_CARD_TARGET = 1.5
SCRIPT = Path(__file__).resolve()
SPLIT_FROM: int | None = getattr(parallel, "PARALLEL_MIN_DESIGNS", None)  # pnp's own threshold

GAME_ID = "bench"
GAME_YAML = """\
id: bench
title: Bench
players: {{min: 1, max: 4}}
symbols:
  - {{key: gold, label: Gold}}
components:
  - {{id: bench-cards, name: Bench cards, kind: card, count: {count}, provided_by: bench}}
layouts:
  bench-front:
    extends: framed
    elements:
      - {{name: art, type: image, field: image, box: [3.5mm, 15mm, 56.5mm, 28mm], fit: crop}}
decks:
  - {{id: bench, name: Bench, file: decks/bench.csv, layout: bench-front}}
"""


def card_text(index: int) -> str:
    """The rules text of card `index`: distinct per card, with one inline icon."""
    return (
        f"Gain {index % 5 + 1} :gold: and draw a card; then look at card {index + 1}. "
        "**Bold** and *italic* words keep the paragraph realistic."
    )


def write_game(root: Path, cards: int) -> Path:
    """A game folder with one deck of `cards` distinct cards sharing one piece of art."""
    folder = root / f"{GAME_ID}-{cards}" / GAME_ID
    (folder / "decks").mkdir(parents=True)
    (folder / "art").mkdir()
    Image.new("RGB", (600, 840), (70, 110, 160)).save(folder / "art" / "art.png")
    icon = Image.new("RGBA", (64, 64), (0, 0, 0, 0))
    ImageDraw.Draw(icon).ellipse((2, 2, 61, 61), fill=(212, 175, 55), outline=(68, 68, 68))
    icon.save(folder / "art" / ICON)
    (folder / "game.yaml").write_text(GAME_YAML.format(count=cards), encoding="utf-8")
    with (folder / "decks" / "bench.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "name", "text", "image"])
        for i in range(cards):
            writer.writerow([f"c{i}", f"Card {i}", card_text(i), "art/art.png"])
    return folder


@contextmanager
def processes(count: int) -> Iterator[None]:
    """Ours in one process (count 1), or splitting big decks over two as pnp does (count 2)."""
    if SPLIT_FROM is None:
        yield
        return
    kept = parallel.PARALLEL_MIN_DESIGNS
    parallel.PARALLEL_MIN_DESIGNS = sys.maxsize if count == 1 else SPLIT_FROM
    try:
        yield
    finally:
        parallel.PARALLEL_MIN_DESIGNS = kept


def how(count: int) -> str:
    """How ours ran, for the table."""
    if SPLIT_FROM is None:
        return "as the code runs (no split switch found)"
    return "in one process" if count == 1 else "in 2 processes (not judged)"


def in_processes(count: int, side: Callable[[], tuple[int, int]]) -> Callable[[], tuple[int, int]]:
    """`side` run with ours in `count` processes."""

    def run() -> tuple[int, int]:
        with processes(count):
            return side()

    return run


def run_ours(folder: Path) -> tuple[int, int]:
    """Load, check, render, impose and draw the deck with our pipeline: (pages, PDF bytes)."""
    forget_cached_work()
    loaded, report = check_game(folder)
    if loaded is None or report.errors:
        raise SystemExit(f"benchmark game has errors: {report.errors}")
    sheets = card_sheets(
        f"{loaded.game.title} — cards",  # the title `card_files` gives the kit's sheets
        rendered_decks(loaded),
        PrintOptions(PAPERS["a4"]),
        loaded.game.symbols,
        loaded.folder,
    )
    return sheets.pages, len(sheets.data)


SIDES: dict[str, Callable[[Path], tuple[int, int]]] = {
    "ours": run_ours,
    "baseline": baseline_sheets,
}


def child(folder: Path, side: str) -> None:
    """Build the deck once in this fresh process (ours in one process) and report its peak RSS."""
    before = rss_now_mb()
    with processes(1):
        start = time.perf_counter()
        pages, size = SIDES[side](folder)
    seconds = time.perf_counter() - start
    child_report(side=side, seconds=seconds, pages=pages, pdf_bytes=size, rss_before_mb=before)


def peak_rss(folder: Path, runs: int) -> dict[str, list[dict]]:
    """Peak RSS reports of each side building `folder`, fresh children taken in turn."""
    commands = {
        side: python_command(SCRIPT, "--child", str(folder), "--side", side) for side in SIDES
    }
    return child_runs(commands, runs)


def speed(folder: Path, cards: int, runs: int, two_processes: bool) -> str:
    """Time both sides at `cards` (ours in one process, and in two when asked, not judged);
    print the table and return the judged line."""
    sides = {
        "ours": in_processes(1, lambda: run_ours(folder)),
        "baseline": lambda: baseline_sheets(folder),
    }
    if two_processes:
        sides["split"] = in_processes(2, lambda: run_ours(folder))
    measured = alternated(sides, runs)
    ours, baseline = measured.seconds["ours"], measured.seconds["baseline"]
    print()
    print(row(f"Time at {cards:,} cards, s: median (min-max)", "ours", "baseline"))
    print(row(f"  seconds, ours {how(1)}", ours.text(), baseline.text()))
    pages = {name: result[0] for name, result in measured.results.items()}
    print(row("  sheets (pages) made", str(pages["ours"]), str(pages["baseline"])))
    if two_processes:
        split = measured.seconds["split"]
        ratio = split.median / baseline.median
        print(row(f"  ours {how(2)}", split.text(), f"{ratio:.2f}x baseline"))
    return judged(
        f"time at {cards:,} cards, one process", ours.median, baseline.median, TIME_TARGET
    )


def memory(folder: Path, cards: int, runs: int) -> tuple[dict[str, Figures], str]:
    """Peak RSS of each side at `cards`, printed; the medians and the judged line."""
    reports = peak_rss(folder, runs)
    peaks = {side: figures(reports[side], "peak_rss_mb") for side in SIDES}
    print()
    print(row(f"Peak RSS at {cards:,} cards, MB (fresh child x{runs})", "ours", "baseline"))
    print(row(f"  peak RSS, ours {how(1)}", peaks["ours"].text(0), peaks["baseline"].text(0)))
    floor = {side: figures(reports[side], "rss_before_mb") for side in SIDES}
    print(row("  RSS before building (imports, same script)", *(floor[s].text(0) for s in SIDES)))
    line = judged(
        f"peak RSS at {cards:,} cards", peaks["ours"].median, peaks["baseline"].median, RSS_TARGET
    )
    return peaks, line


def per_card(small: dict[str, Figures], large: dict[str, Figures], cards: tuple[int, int]) -> str:
    """Memory each extra card costs, from the median peaks at two deck sizes."""
    extra = cards[1] - cards[0]
    grown = {side: (large[side].median - small[side].median) * 1e6 / extra for side in SIDES}
    print(
        row(f"  bytes per card, {cards[0]:,} -> {cards[1]:,}", *(f"{grown[s]:,.0f}" for s in SIDES))
    )
    if grown["baseline"] <= 0:
        return row("memory per card (RSS growth)", "n/a", "baseline flat", "n/a")
    return judged("memory per card (RSS growth)", grown["ours"], grown["baseline"], PER_CARD_TARGET)


def report(args: argparse.Namespace) -> None:
    """Every measurement, its table and the verdicts."""
    runs, memory_runs = (1, 1) if args.quick else (args.runs, args.memory_runs)
    print(
        f"Card-sheet benchmark: poker cards, 3x3 on A4, crop marks; {runs} timed runs per side "
        f"after a warm-up, alternated; peak RSS of {memory_runs} fresh children per side"
    )
    with tempfile.TemporaryDirectory() as root:
        small, big = (write_game(Path(root), n) for n in (args.cards, args.big))
        lines = [speed(small, args.cards, runs, two_processes=False)]
        lines.append(speed(big, args.big, runs, two_processes=True))
        peaks, line = memory(big, args.big, memory_runs)
        lines.append(line)
        if args.flat:
            flat = write_game(Path(root), args.flat_cards)
            flat_peaks, _ = memory(flat, args.flat_cards, memory_runs)
            lines.append(per_card(peaks, flat_peaks, (args.big, args.flat_cards)))
    print()
    print(row("Judged", "ours/baseline", "target", "verdict"))
    print("\n".join(lines))
    if not args.flat:
        print("  memory per card: not measured (run with --flat for 50,000-card children)")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the benchmark (or one child measurement)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="the smaller deck (1,000)")
    parser.add_argument("--big", type=int, default=10_000, help="the larger deck (10,000)")
    parser.add_argument("--flat", action="store_true", help="also measure memory per card")
    parser.add_argument("--flat-cards", type=int, default=50_000, help="the deck for --flat")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (5)")
    parser.add_argument("--memory-runs", type=int, default=3, help="children per side (3)")
    parser.add_argument("--quick", action="store_true", help="200 and 1,000 cards, one run each")
    parser.add_argument("--child", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--side", choices=sorted(SIDES), default="ours", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.side)
        return 0
    if args.quick:
        args.cards, args.big, args.flat_cards = 200, 1000, 3000
    report(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
