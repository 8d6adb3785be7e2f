"""Rulebook benchmark: a 60-page rulebook through our pipeline against plain platypus, in one run.

Ours: Jinja over the game data, Markdown, numbering and links, then typesetting with contents,
outline, running heads and index (`rulebook_text`, `rulebook_blocks`, `rulebook_pdf`).
Baseline: the same document written by hand as platypus flowables: the same headings with
link anchors, paragraphs with the same link, lists and tables, and a table of contents (so it
also needs several passes), in one column on A4. It builds no index and no outline, which
ours does, so the comparison leans against us.
Target (reported as PASS/MISS, never asserted): our time at most 1.5x the baseline's.

Usage: python benchmarks/bench_rulebook.py [--chapters N]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    ListFlowable,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from generator.check import check_game
from generator.fonts import BODY, BOLD, register_fonts
from generator.render.rulebook import rulebook_blocks, rulebook_text
from generator.units import PAPERS
from generator.write.rulebook import rulebook_pdf

TARGET = 1.5
SENTENCE = "When an army attacks, every unit in the territory fights and the stronger side wins the battle."
GAME = """\
id: bench
title: Bench Rules
players: {min: 2, max: 4}
parameters:
  hand_limit: {value: 7, label: Hand limit}
terms:
  - {name: army, definition: The units in one territory.}
"""


def markdown(chapters: int) -> str:
    """Chapters of sections with paragraphs, a list and a table each; about 2.5 pages a chapter."""
    parts = []
    for c in range(chapters):
        parts.append(f"# Chapter {c} {{#chapter-{c}}}\n")
        for s in range(4):
            parts.append(f"## Section {c}.{s} {{#section-{c}-{s}}}\n")
            parts.append(
                " ".join([SENTENCE] * 6)
                + " You may hold {{ param('hand_limit') }} cards. See [chapter 0](#chapter-0).\n"
            )
            parts.append("\n".join(f"- Point {i}: {SENTENCE}" for i in range(4)) + "\n")
            parts.append(
                "| Step | Action |\n|---|---|\n"
                + "\n".join(f"| {i} | {SENTENCE} |" for i in range(4))
                + "\n"
            )
    return "\n".join(parts)


def ours(folder: Path) -> tuple[float, int]:
    """Time and pages of our whole rulebook pipeline."""
    start = time.perf_counter()
    loaded, _ = check_game(folder)
    book = rulebook_blocks(rulebook_text(loaded), loaded.game.title, ("army",))
    pdf = rulebook_pdf(book, PAPERS["a4"], 1, loaded.game.symbols, loaded.folder, "Rules of play")
    return time.perf_counter() - start, pdf.pages


class _Doc(SimpleDocTemplate):
    def afterFlowable(self, flowable) -> None:
        level = getattr(flowable, "level", None)
        if level is not None:
            self.notify("TOCEntry", (level, flowable.getPlainText(), self.page))


def baseline(chapters: int) -> tuple[float, int]:
    """Time and pages of the same content written as platypus flowables by hand."""
    start = time.perf_counter()
    register_fonts()
    body = ParagraphStyle("b", fontName=BODY, fontSize=9.5, leading=12.35)
    heads = [
        ParagraphStyle(f"h{i}", fontName=BOLD, fontSize=size, leading=size * 1.3)
        for i, size in enumerate((16, 12.5))
    ]
    toc = TableOfContents(levelStyles=[body, body])
    story = [toc, PageBreak()]
    for c in range(chapters):
        story.append(_heading(f"[{c + 1}] Chapter {c}", heads[0], 0))
        for s in range(4):
            story.append(_heading(f"[{c + 1}.{s + 1}] Section {c}.{s}", heads[1], 1))
            story.append(
                Paragraph(" ".join([SENTENCE] * 6) + " You may hold 7 cards. See chapter 0.", body)
            )
            story.append(
                ListFlowable(
                    [Paragraph(f"Point {i}: {SENTENCE}", body) for i in range(4)],
                    bulletType="bullet",
                    bulletFontName=BODY,
                )
            )
            rows = [[Paragraph("Step", body), Paragraph("Action", body)]] + [
                [Paragraph(str(i), body), Paragraph(SENTENCE, body)] for i in range(4)
            ]
            table = Table(rows, colWidths=[80 * mm, 80 * mm])
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, -1), BODY, 9),
                        ("GRID", (0, 0), (-1, -1), 0.4, "#999999"),
                    ]
                )
            )
            story.append(table)
    buffer = io.BytesIO()
    document = _Doc(buffer)
    document.multiBuild(story)
    return time.perf_counter() - start, document.page


def _heading(text: str, style: ParagraphStyle, level: int) -> Paragraph:
    paragraph = Paragraph(text, style)
    paragraph.level = level
    return paragraph


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--chapters", type=int, default=24, help="chapters to build (24 make about 60 pages)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "bench"
        folder.mkdir()
        (folder / "game.yaml").write_text(GAME)
        (folder / "rulebook.md").write_text(markdown(args.chapters))
        ours_time, ours_pages = min((ours(folder) for _ in range(2)), key=lambda r: r[0])
    base_time, base_pages = min((baseline(args.chapters) for _ in range(2)), key=lambda r: r[0])
    ratio = ours_time / base_time
    print("Rulebook benchmark: best of 2 runs, A4, one column")
    print(
        f"  ours      {ours_time:6.2f} s  {ours_pages:4d} pages  (contents, outline, running heads, index)"
    )
    print(
        f"  baseline  {base_time:6.2f} s  {base_pages:4d} pages  (platypus with a table of contents)"
    )
    print(
        f"  ratio     {ratio:6.2f}x  target <= {TARGET}x  {'PASS' if ratio <= TARGET else 'MISS'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
