"""Fuzz the text checker and clean with seeded random input: random bytes, broken Markdown and
HTML, lists 200 deep, a 5 MB text. No exception may escape and the whole run stays under 30 s."""

from __future__ import annotations

import random
import time
from pathlib import Path

from generator.check.rulebook import check_text_file
from generator.clean.text import clean_text
from generator.findings import Report

BUDGET_SECONDS = 30.0  # CPU seconds: a guard against hangs and blow-ups, not a speed target
FRAGMENTS = [
    "<div>",
    "</div>",
    "<br>",
    "<br/>",
    "<img src=x>",
    '<a name="x">',
    '<a href="#x">see</a>',
    "<table><tr><td>1",
    "</td></tr>",
    "<p>",
    "<!-- page 3 -->",
    "<script>",
    "</script>",
    "<b><i>",
    "# 1.0 Intro",
    "## 1.1 Setup",
    "### 8 players",
    "[15.11] Case",
    "15.1 ",
    "- item",
    "* item",
    "1. step",
    "2) step",
    "Step 3",
    "| a | b |",
    "|---|---|",
    "```",
    "---",
    "see 3.1",
    "(see Setup)",
    "rule 4.2",
    "§5.1",
    "8.5-8.8",
    "Case 12.18",
    "[x](#nowhere)",
    "\t- nested",
    "&amp;",
    "&#9999999;",
    "\u00ad",
    "\ufb01 re",
    "\x0c",
    "\u202e",
    "\x00",
    "[1.0] INTRODUCTION. . . . 2",
    "---\ntitle: x\n---",
]


def run_both(tmp_path: Path, name: str, data: bytes) -> None:
    """Check and clean the data; both must return normally."""
    path = tmp_path / name
    path.write_bytes(data)
    check_text_file(path, Report())
    clean_text(data.decode("utf-8", errors="replace"))


def random_markup(rng: random.Random) -> str:
    """A few hundred random Markdown/HTML fragments on random lines."""
    parts = []
    for _ in range(rng.randint(50, 400)):
        parts.append(rng.choice(FRAGMENTS))
        parts.append(rng.choice(["", " ", "\n", "\n\n", " text "]))
    return "".join(parts)


def nested_list(depth: int) -> str:
    """A list nested `depth` levels, by tabs and by spaces, and nested HTML lists."""
    tabs = "\n".join("\t" * i + f"- level {i}" for i in range(depth))
    spaces = "\n".join("  " * i + f"{i + 1}. level {i}" for i in range(depth))
    html = "<ul><li>x" * depth + "</li></ul>" * (depth // 2)
    quotes = "\n".join(">" * i + " quoted" for i in range(depth))
    return f"# Lists\n\n{tabs}\n\n{spaces}\n\n{html}\n\n{quotes}\n"


def big_text(rng: random.Random, size: int) -> str:
    """About `size` characters of numbered rules, citations and prose."""
    words = ["unit", "move", "hex", "supply", "combat", "see", "rule", "the", "attack", "Tobruk"]
    out, length, case = [], 0, 0
    while length < size:
        case += 1
        line = f"{case // 10 + 1}.{case % 10 + 1} " + " ".join(rng.choices(words, k=12))
        line += f" (see {rng.randint(1, 40)}.{rng.randint(1, 9)})\n"
        out.append(line)
        length += len(line)
    return "".join(out)


def test_fuzz_check_and_clean(tmp_path: Path) -> None:
    """Every kind of hostile input, within the time budget."""
    rng = random.Random(16)
    start = time.process_time()  # CPU time: other work on the machine does not count
    for i in range(20):
        run_both(tmp_path, f"bytes{i}.txt", rng.randbytes(rng.randint(0, 4000)))
    for i in range(30):
        run_both(tmp_path, f"markup{i}.md", random_markup(rng).encode("utf-8"))
    run_both(tmp_path, "nested.md", nested_list(200).encode("utf-8"))
    run_both(tmp_path, "nested.txt", nested_list(200).encode("utf-8"))
    run_both(tmp_path, "big.txt", big_text(rng, 5 * 1024 * 1024).encode("utf-8"))
    elapsed = time.process_time() - start
    assert elapsed < BUDGET_SECONDS, f"fuzz run took {elapsed:.1f} CPU s"
