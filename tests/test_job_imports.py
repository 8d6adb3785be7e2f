"""A job process that makes card files (sheets, PNGs, TTS) does not load the writers of books,
tokens, boards and the deck report: a one-card rebuild's jobs started 0.1 s sooner."""

from __future__ import annotations

import subprocess
import sys

CARD_WRITERS = "import generator.build, generator.write.kit, generator.write.exports"
NOT_NEEDED = (
    "pypdf",
    "generator.write.booklet",
    "generator.write.rulebook",
    "generator.write.report",
    "generator.write.boards",
    "generator.write.tokens",
)


def test_the_card_writers_load_no_book_token_board_or_report_writer():
    probe = f"{CARD_WRITERS}; import sys; print(*sorted(set({NOT_NEEDED!r}) & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


def test_a_build_logging_to_a_file_does_not_load_the_progress_bars():
    probe = (
        "from generator.bars import display; import sys\n"
        "with display(False, 1) as shown: pass\n"
        "print(type(shown).__name__, 'rich' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["Lines", "False"]  # stderr is a pipe here: no bars, no rich


def test_svgelements_loads_only_when_an_svg_is_read():
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="2" height="2"/></svg>'
    probe = (
        f"{CARD_WRITERS}; import sys; from generator.load.svg import read_svg\n"
        "before = type(sys.modules.get('svgelements')).__name__\n"  # type() reads no attribute
        f"art = read_svg({svg!r})\n"
        "print(before, len(art.paths), type(sys.modules['svgelements']).__name__)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["_LazyModule", "1", "module"]  # not run until an SVG is read


def test_a_build_loads_markdown_only_to_parse_a_rulebook():
    # a rebuild takes an unchanged rulebook's blocks from the cache: Markdown's ~18 ms import
    # is paid only when a rulebook is parsed
    probe = (
        "import generator.cli, generator.build, generator.batch, sys\n"
        "from generator.render.rulebook import rulebook_blocks\n"
        "before = 'markdown' in sys.modules\n"
        "book = rulebook_blocks('# Setup\\n\\nDeal five cards.', 'Demo')\n"
        "print(before, 'markdown' in sys.modules, len(book.blocks))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "2"]
