"""Card-sheet benchmark: our pipeline against a minimal hand-written ReportLab script.

Both sides draw the same deck in the same run: N poker cards, each with a filled title band,
a rounded frame, a centred title, one shared piece of art (a 600x840 PNG) cropped into a box,
a rules paragraph with **bold**, *italic* and one inline `:gold:` icon, and a footer, imposed
3x3 on A4 with crop marks. Each card has its own text, so every paragraph is really laid out.

Ours is timed as load + check + render (text fitting) + impose + draw:
`check_game` -> `rendered_decks` -> `card_sheets`, on one core below 3,000 designs (a deck
that size is rendered in two processes). The baseline reads the same CSV and draws
the same content straight onto a ReportLab canvas with no fitting and no intermediate objects;
its icon is a 64 px PNG placed inline by ReportLab's `<img>` tag and drawn by file name, so
ReportLab embeds it once (ours is the glossary's vector symbol, laid out the same way): both
sides flow the icon with the words.

Targets (reported as PASS/MISS; timings are never asserted and the exit status is always 0):
  1. our time is at most 1.5x the baseline's at N cards (default 1,000);
  2. building 10,000 cards stays under 400 MB peak RSS (measured in a child process);
  3. each additional card sharing the same art adds under 2 KB (2,000 bytes) of PDF,
     measured as (bytes(2N) - bytes(N)) / N.
MB and KB are decimal (10^6 and 10^3 bytes).

Usage: python benchmarks/bench_cards.py [--cards N] [--memory-cards M] [--quick]
(--quick is N=200 and M=2,000, for a fast smoke run.)
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from PIL import Image, ImageDraw
from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from generator.build import rendered_decks
from generator.check import check_game
from generator.fonts import BODY, BOLD, ITALIC, register_fonts
from generator.render.heap import frozen_heap
from generator.units import PAPERS
from generator.write.sheets import PrintOptions, card_sheets

ROOT = Path(__file__).resolve().parents[1]
TIME_RATIO_TARGET = 1.5
PEAK_RSS_TARGET_MB = 400.0
MARGINAL_BYTES_TARGET = 2000.0
REPEATS = 5

GAME_ID = "bench"
ICON = "gold.png"  # the baseline's picture of the `gold` icon, beside the art
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

# Geometry of the baseline, in mm: a butted 3x3 poker grid centred on A4 (as ours imposes it).
PAGE_W, PAGE_H = 210.0, 297.0
CARD_W, CARD_H = 63.5, 88.9
COLUMNS = ROWS = 3
X0 = (PAGE_W - COLUMNS * CARD_W) / 2
TOP = (PAGE_H + ROWS * CARD_H) / 2
BLEED = 3.0
MARK_GAP, MARK_LENGTH = 1.0, 5.0
BAND_H, ART_BOX = 14.0, (3.5, 15.0, 56.5, 28.0)
TEXT_BOX, FOOTER_BOX = (3.5, 44.0, 56.5, 37.0), (3.5, 81.5, 56.5, 4.0)


@dataclass
class Run:
    """One timed build: wall time, PDF size and (for ours) per-stage times."""

    seconds: float
    pdf_bytes: int
    stages: dict[str, float] = field(default_factory=dict)


def card_text(index: int) -> str:
    """The rules text of card `index`: distinct per card, with one inline icon."""
    return (
        f"Gain {index % 5 + 1} :gold: and draw a card. "
        "**Bold** and *italic* words keep the paragraph realistic."
    )


def write_game(root: Path, cards: int) -> Path:
    """A game folder with one deck of `cards` distinct cards sharing one piece of art."""
    folder = root / GAME_ID
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


def run_ours(folder: Path) -> Run:
    """Load, check, render, impose and draw the deck with our pipeline."""
    start = time.perf_counter()
    loaded, report = check_game(folder)
    if loaded is None or report.errors:
        raise SystemExit(f"benchmark game has errors: {report.errors}")
    checked = time.perf_counter()
    with frozen_heap():  # as `plan_kit` does for `pnp build`
        decks = rendered_decks(loaded)
        rendered = time.perf_counter()
        sheets = card_sheets(
            loaded.game.title,
            decks,
            PrintOptions(PAPERS["a4"]),
            loaded.game.symbols,
            loaded.folder,
        )
    end = time.perf_counter()
    stages = {"load+check": checked - start, "render": rendered - checked, "sheets": end - rendered}
    return Run(end - start, len(sheets.data), stages)


def run_baseline(folder: Path) -> Run:
    """Draw the same deck with plain ReportLab calls: the hand-written reference."""
    start = time.perf_counter()
    with (folder / "decks" / "bench.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    data = baseline_pdf(rows, folder)
    return Run(time.perf_counter() - start, len(data))


class IconCanvas(Canvas):
    """A canvas that draws a paragraph's inline image by its file name, so ReportLab embeds it
    once and skips re-reading and re-hashing its pixels for every card (as ours draws its icon
    once per card without decoding anything)."""

    def drawImage(self, image, *args, **kwargs):
        """The image by file name when it has one."""
        name = getattr(image, "fileName", None)
        return super().drawImage(name if isinstance(name, str) else image, *args, **kwargs)


def baseline_pdf(rows: list[dict[str, str]], folder: Path) -> bytes:
    """A 3x3 A4 sheet PDF of `rows`, with crop marks and a sheet label on every page."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = IconCanvas(buffer, pagesize=(PAGE_W * mm, PAGE_H * mm), invariant=1, pageCompression=1)
    style = ParagraphStyle("text", fontName=BODY, fontSize=8.5, leading=8.5 * 1.2)
    style.textColor = HexColor("#222222")
    sizes: dict[str, tuple[int, int]] = {}
    per_page = COLUMNS * ROWS
    pages = (len(rows) + per_page - 1) // per_page
    for page in range(pages):
        for slot, row in enumerate(rows[page * per_page : (page + 1) * per_page]):
            art = row["image"]
            if art not in sizes:
                sizes[art] = ImageReader(str(folder / art)).getSize()
            baseline_card(canvas, row, (folder / art, sizes[art]), style, divmod(slot, COLUMNS))
        baseline_marks(canvas)
        canvas.setFont(BODY, 5)
        canvas.setFillColor(HexColor("#777777"))
        label = f"Bench — cards · Bench · sheet {page + 1} of {pages}"
        canvas.drawCentredString(PAGE_W / 2 * mm, 1.5 * mm, label)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def baseline_card(
    canvas: Canvas,
    row: dict[str, str],
    art: tuple[Path, tuple[int, int]],
    style: ParagraphStyle,
    cell: tuple[int, int],
) -> None:
    """One card front at grid cell (row, column): band, frame, title, art, text, icon, footer."""
    r, c = cell
    left, top = X0 + c * CARD_W, TOP - r * CARD_H
    bleed_l = BLEED if c == 0 else 0.0
    bleed_r = BLEED if c == COLUMNS - 1 else 0.0
    bleed_t = BLEED if r == 0 else 0.0
    canvas.setFillColor(HexColor("#33415c"))
    canvas.rect(
        (left - bleed_l) * mm,
        (top - BAND_H) * mm,
        (CARD_W + bleed_l + bleed_r) * mm,
        (BAND_H + bleed_t) * mm,
        stroke=0,
        fill=1,
    )
    canvas.setStrokeColor(HexColor("#8a8a8a"))
    canvas.setLineWidth(0.6)
    canvas.roundRect(
        (left + 2) * mm, (top - CARD_H + 2) * mm, (CARD_W - 4) * mm, (CARD_H - 4) * mm, 2 * mm
    )
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setFont(BOLD, 11)
    canvas.drawCentredString((left + CARD_W / 2) * mm, (top - BAND_H / 2) * mm - 4, row["name"])
    baseline_art(canvas, art, left, top)
    paragraph = Paragraph(baseline_markup(row["text"], art[0].with_name(ICON)), style)
    x, y, width, height = TEXT_BOX
    _, used = paragraph.wrap(width * mm, height * mm)
    paragraph.drawOn(canvas, (left + x) * mm, (top - y) * mm - used)
    canvas.setFillColor(HexColor("#777777"))
    canvas.setFont(ITALIC, 5)
    x, y, width, height = FOOTER_BOX
    footer = f"Bench · {row['id']}"
    canvas.drawCentredString((left + x + width / 2) * mm, (top - y - height) * mm, footer)


def baseline_markup(text: str, icon: Path) -> str:
    """Bold, italic and the icon's picture inline where `:gold:` stands, as ReportLab places
    an inline image (`<img>` on the baseline, the size of the text)."""
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", text)
    return text.replace(":gold:", f'<img src="{icon}" width="8.5" height="8.5" valign="baseline"/>')


def baseline_art(
    canvas: Canvas, art: tuple[Path, tuple[int, int]], left: float, top: float
) -> None:
    """The shared art scaled to cover its box and clipped to it, drawn by file name (cached by ReportLab)."""
    path, (image_w, image_h) = art
    x, y, width, height = ART_BOX
    box_x, box_y = (left + x) * mm, (top - y - height) * mm
    scale = max(width * mm / image_w, height * mm / image_h)
    draw_w, draw_h = image_w * scale, image_h * scale
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(box_x, box_y, width * mm, height * mm)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.drawImage(
        str(path),
        box_x + (width * mm - draw_w) / 2,
        box_y + (height * mm - draw_h) / 2,
        draw_w,
        draw_h,
        mask="auto",
    )
    canvas.restoreState()


def baseline_marks(canvas: Canvas) -> None:
    """Crop marks in the margins on the 4 column and 4 row trim lines."""
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.3)
    bottom = TOP - ROWS * CARD_H
    right = X0 + COLUMNS * CARD_W
    low_y, high_y = bottom - BLEED - MARK_GAP, TOP + BLEED + MARK_GAP
    low_x, high_x = X0 - BLEED - MARK_GAP, right + BLEED + MARK_GAP
    for c in range(COLUMNS + 1):
        x = (X0 + c * CARD_W) * mm
        canvas.line(x, (low_y - MARK_LENGTH) * mm, x, low_y * mm)
        canvas.line(x, high_y * mm, x, (high_y + MARK_LENGTH) * mm)
    for r in range(ROWS + 1):
        y = (bottom + r * CARD_H) * mm
        canvas.line((low_x - MARK_LENGTH) * mm, y, low_x * mm, y)
        canvas.line(high_x * mm, y, (high_x + MARK_LENGTH) * mm, y)


RUNNERS: dict[str, Callable[[Path], Run]] = {"ours": run_ours, "baseline": run_baseline}


def alternated(runners: tuple[Callable[[Path], Run], ...], folder: Path) -> list[Run]:
    """Each runner's median run over REPEATS rounds taken in turn (ours, baseline, ours, ...),
    collecting garbage before each, so a busy moment of the machine hits both sides alike."""
    runs: list[list[Run]] = [[] for _ in runners]
    for _ in range(REPEATS):
        for index, runner in enumerate(runners):
            gc.collect()
            runs[index].append(runner(folder))
    return [sorted(side, key=lambda run: run.seconds)[len(side) // 2] for side in runs]


def rss_now_mb() -> float:
    """Current resident set size in MB, read from /proc (0 where unavailable)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024 / 1e6
    except OSError:
        pass
    return 0.0


def child(cards: int, impl: str) -> None:
    """Build `cards` once in this process and print its time and peak RSS as JSON."""
    with tempfile.TemporaryDirectory() as root:
        folder = write_game(Path(root), cards)
        before = rss_now_mb()
        run = RUNNERS[impl](folder)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6
    result = {
        "impl": impl,
        "cards": cards,
        "seconds": run.seconds,
        "pdf_bytes": run.pdf_bytes,
        "rss_before_mb": before,
        "peak_rss_mb": peak_mb,
        "stages": run.stages,
    }
    print(json.dumps(result))


def spawn_child(cards: int, impl: str) -> dict:
    """Run `child` in a fresh interpreter so its peak RSS is its own."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(cards), "--impl", impl]
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"child {impl} {cards} failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def verdict(ok: bool) -> str:
    """PASS or MISS."""
    return "PASS" if ok else "MISS"


def row(label: str, *cells: str) -> str:
    """One table line."""
    return f"  {label:<34}" + "".join(f"{cell:>14}" for cell in cells)


def stage_text(stages: dict[str, float]) -> str:
    """Per-stage seconds on one line."""
    return ", ".join(f"{name} {seconds:.2f}s" for name, seconds in stages.items())


def speed_section(cards: int) -> tuple[Run, Run, Run]:
    """Time both at `cards`, then ours at twice as many for the marginal size."""
    with tempfile.TemporaryDirectory() as root:
        folder = write_game(Path(root), cards)
        ours, baseline = alternated((run_ours, run_baseline), folder)
    with tempfile.TemporaryDirectory() as root:
        doubled = run_ours(write_game(Path(root), 2 * cards))
    return ours, baseline, doubled


def report(cards: int, memory_cards: int) -> None:
    """Run every measurement and print the table."""
    print(
        "Card-sheet benchmark: poker cards, 3x3 on A4, crop marks, "
        f"median of {REPEATS} alternated runs"
    )
    ours, baseline, doubled = speed_section(cards)
    print()
    print(row(f"Speed at N={cards:,}", "ours", "baseline", "ours/base"))
    print(row("seconds", f"{ours.seconds:.2f}", f"{baseline.seconds:.2f}", ""))
    ratio = ours.seconds / baseline.seconds
    print(
        row(
            "cards/second",
            f"{cards / ours.seconds:,.0f}",
            f"{cards / baseline.seconds:,.0f}",
            f"{ratio:.2f}x",
        )
    )
    print(
        row(
            "PDF bytes/card",
            f"{ours.pdf_bytes / cards:,.0f}",
            f"{baseline.pdf_bytes / cards:,.0f}",
            f"{ours.pdf_bytes / baseline.pdf_bytes:.2f}x",
        )
    )
    print(f"  ours by stage: {stage_text(ours.stages)}")
    marginal = (doubled.pdf_bytes - ours.pdf_bytes) / cards
    print()
    print(f"Marginal PDF size (ours, shared art): N={cards:,} -> {2 * cards:,}")
    print(row("PDF bytes", f"{ours.pdf_bytes:,}", f"{doubled.pdf_bytes:,}", ""))
    print(row("bytes per additional card", "", "", f"{marginal:,.0f}"))
    print()
    print(f"Peak memory at N={memory_cards:,} (fresh child process each)")
    print(row("", "ours", "baseline"))
    mine, theirs = spawn_child(memory_cards, "ours"), spawn_child(memory_cards, "baseline")
    print(row("seconds", f"{mine['seconds']:.2f}", f"{theirs['seconds']:.2f}"))
    print(
        row(
            "RSS before build (MB)",
            f"{mine['rss_before_mb']:.0f}",
            f"{theirs['rss_before_mb']:.0f}",
        )
    )
    print(row("peak RSS (MB)", f"{mine['peak_rss_mb']:.0f}", f"{theirs['peak_rss_mb']:.0f}"))
    print(f"  ours by stage: {stage_text(mine['stages'])}")
    print()
    print("Targets")
    targets = [
        (
            f"time at N={cards:,} <= {TIME_RATIO_TARGET}x baseline",
            f"{ratio:.2f}x",
            ratio <= TIME_RATIO_TARGET,
        ),
        (
            f"peak RSS at N={memory_cards:,} < {PEAK_RSS_TARGET_MB:.0f} MB",
            f"{mine['peak_rss_mb']:.0f} MB",
            mine["peak_rss_mb"] < PEAK_RSS_TARGET_MB,
        ),
        (
            f"marginal size < {MARGINAL_BYTES_TARGET:,.0f} B/card",
            f"{marginal:,.0f} B",
            marginal < MARGINAL_BYTES_TARGET,
        ),
    ]
    for label, value, ok in targets:
        print(row(label, value, verdict(ok)))


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the benchmark (or one child measurement)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=None, help="cards for speed/size (1000)")
    parser.add_argument("--memory-cards", type=int, default=None, help="cards for memory (10000)")
    parser.add_argument("--quick", action="store_true", help="N=200 and 2,000 for memory")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--impl", choices=sorted(RUNNERS), default="ours", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        child(args.child, args.impl)
        return 0
    cards = args.cards or (200 if args.quick else 1000)
    memory_cards = args.memory_cards or (2000 if args.quick else 10_000)
    report(cards, memory_cards)
    return 0


if __name__ == "__main__":
    sys.exit(main())
