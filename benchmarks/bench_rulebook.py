"""Rulebook benchmark: a rulebook of about 60 A4 pages through our pipeline against the same
rulebook written by hand in platypus, in one run.

Ours (what `pnp build` does for rulebook.pdf, in memory; the half-size booklet it also makes is
not timed): load and check the game (`check_game`), fill the Markdown's Jinja from the data
(`rulebook_text`), parse it into numbered blocks with links, page references and index entries
(`rulebook_blocks`), take the cover's facts from the data (`book_cover`), and typeset it
(`rulebook_pdf`): cover, contents, numbered headings with link anchors and outline entries,
running heads, page numbers, every cross-reference a link with the page it points to (built
in passes until those pages are stable: every pass counts in our time), and the index.
Baseline (benchmarks/rulebook_baseline.py): the same text and the same features written by
hand as platypus flowables, set in our style sheet, faces, margins and page size.

Judged (PASS/MISS, never asserted; the exit status is always 0):
  1. time: ours at most 1.3x the baseline's;
  2. pages: the baseline's page count within 5 % of ours (the two set the same content).
Link annotations and outline entries of both PDFs are counted with pypdf and printed beside.
Times: one warm-up of each, then 5 runs taken in turn (ours, baseline, ...) with pnp's caches
emptied before each of ours; the median is judged, min-max shown.

Usage: python benchmarks/bench_rulebook.py [--chapters N] [--runs R] [--pdf FOLDER]
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from pypdf import PdfReader
from rulebook_baseline import SECTIONS, Content, baseline_pdf
from timing import alternated, forget_cached_work, judged, row, verdict

from generator.check import check_game
from generator.render.cover import book_cover
from generator.render.rulebook import rulebook_blocks, rulebook_text
from generator.units import PAPERS
from generator.write.rulebook import rulebook_pdf

TIME_TARGET = 1.3
PAGES_TOLERANCE = 0.05
CONTENT = Content(
    title="Bench Rules",
    subtitle="Rules of play",
    players="2\u20134 players",
    sentence=(
        "When an army attacks, every unit in the territory fights and the stronger side "
        "wins the battle."
    ),
    terms=("army", "territory", "battle"),
    hand_limit=7,
    chapters=32,
)
GAME = """\
id: bench
title: {title}
players: {{min: 2, max: 4}}
parameters:
  hand_limit: {{value: {hand_limit}, label: Hand limit}}
terms:
  - {{name: army, definition: The units in one territory.}}
  - {{name: territory, definition: One area of the map.}}
  - {{name: battle, definition: Two armies in one territory.}}
"""


def markdown(content: Content) -> str:
    """The rulebook.md of ours: the text the baseline sets, with Jinja and links as authors write."""
    parts = []
    for c in range(content.chapters):
        parts.append(f"# Chapter {c} {{#chapter-{c}}}\n")
        for s in range(SECTIONS):
            parts.append(f"## Section {c}.{s} {{#section-{c}-{s}}}\n")
            parts.append(
                " ".join([content.sentence] * 6)
                + " You may hold {{ param('hand_limit') }} cards. See [chapter 0](#chapter-0)."
                + " Battles follow (1.1).\n"
            )
            parts.append("\n".join(f"- Point {i}: {content.sentence}" for i in range(4)) + "\n")
            parts.append(
                "| Step | Action |\n|---|---|\n"
                + "\n".join(f"| {i} | {content.sentence} |" for i in range(4))
                + "\n"
            )
    return "\n".join(parts)


def write_game(root: Path, content: Content) -> Path:
    """The bench game: its game.yaml (title, players, the hand limit, the glossary) and rulebook.md."""
    folder = root / "bench"
    folder.mkdir()
    game = GAME.format(title=content.title, hand_limit=content.hand_limit)
    (folder / "game.yaml").write_text(game, encoding="utf-8")
    (folder / "rulebook.md").write_text(markdown(content), encoding="utf-8")
    return folder


def ours(folder: Path) -> tuple[bytes, int]:
    """Our whole rulebook pipeline, from a cold start of pnp's caches: (PDF bytes, pages)."""
    forget_cached_work()
    loaded, report = check_game(folder)
    if loaded is None or report.errors:
        raise SystemExit(f"benchmark game has errors: {report.errors}")
    game, settings = loaded.game, loaded.game.rulebook
    terms = tuple(term.name for term in game.terms)
    book = rulebook_blocks(rulebook_text(loaded), game.title, terms)
    book = replace(book, cover=book_cover(loaded))
    page = PAPERS["a4"]
    pdf = rulebook_pdf(
        book, page, settings.columns, game.symbols, loaded.folder, settings.subtitle, {}
    )
    return pdf.data, pdf.pages


def counts(data: bytes) -> tuple[int, int]:
    """Link annotations and outline entries (bookmarks, at every level) of a PDF."""
    reader = PdfReader(io.BytesIO(data))
    links = sum(
        1
        for page in reader.pages
        for annotation in page.get("/Annots") or []
        if annotation.get_object().get("/Subtype") == "/Link"
    )
    return links, _outline_size(reader.outline)


def _outline_size(outline: list) -> int:
    """Entries of a pypdf outline, nested lists included."""
    return sum(_outline_size(item) if isinstance(item, list) else 1 for item in outline)


def main(argv: list[str] | None = None) -> int:
    """Time both sides, count what they made, print the table and the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--chapters", type=int, default=CONTENT.chapters, help="chapters (32: about 60 pages)"
    )
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (5)")
    parser.add_argument("--pdf", type=Path, default=None, help="also write both PDFs here")
    args = parser.parse_args(argv)
    content = replace(CONTENT, chapters=args.chapters)
    with tempfile.TemporaryDirectory() as root:
        folder = write_game(Path(root), content)
        measured = alternated(
            {"ours": lambda: ours(folder), "baseline": lambda: baseline_pdf(content)}, args.runs
        )
    (ours_pdf, ours_pages), (base_pdf, base_pages) = measured.results.values()
    if args.pdf:
        args.pdf.mkdir(parents=True, exist_ok=True)
        (args.pdf / "ours.pdf").write_bytes(ours_pdf)
        (args.pdf / "baseline.pdf").write_bytes(base_pdf)
    seconds = measured.seconds
    (ours_links, ours_outline), (base_links, base_outline) = counts(ours_pdf), counts(base_pdf)
    print(
        f"Rulebook benchmark: {content.chapters} chapters on A4, one column; {args.runs} timed "
        "runs per side after a warm-up, alternated"
    )
    print()
    print(row("", "ours", "baseline"))
    print(row("seconds: median (min-max)", seconds["ours"].text(), seconds["baseline"].text()))
    print(row("pages", str(ours_pages), str(base_pages)))
    print(row("link annotations", str(ours_links), str(base_links)))
    print(row("outline entries", str(ours_outline), str(base_outline)))
    print()
    print(row("Judged", "value", "target", "verdict"))
    ratio_line = judged("time", seconds["ours"].median, seconds["baseline"].median, TIME_TARGET)
    print(ratio_line)
    gap = abs(base_pages - ours_pages) / ours_pages
    print(
        row(
            "page count gap",
            f"{gap:.1%}",
            f"<= {PAGES_TOLERANCE:.0%}",
            verdict(gap <= PAGES_TOLERANCE),
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
