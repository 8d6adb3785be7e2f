"""Does `pnp clean` keep a rulebook's structure, and does `pnp check` find no more false problems
on clean's output than on the raw PDF text (issue 16)?

For each raw extraction of the corpus (kept outside the repository, see text_corpus/README.md):
  - headings: the original headings listed in text_corpus/headings.csv (read off the raw text by
    hand) that come out of clean as Markdown headings; target >= 90%;
  - longest paragraph in words, raw vs clean; target: no clean paragraph over 400 words unless
    the raw text has one as long;
  - check findings (error/warning) on the raw text vs the cleaned text (written to a temp .md).
    A clean finding is "the same problem" as a raw one with the same code and message target
    (the message without its parenthesised parts); the others are new and are printed, with the
    verdict of CLEAN_VERDICTS when one was given. Raw findings take their labels.csv verdict.

Usage: python benchmarks/bench_clean_structure.py [--verbose]
"""

from __future__ import annotations

import csv
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, too
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_text_rules import corpus_dir, findings_of, label_key, load_labels, match  # noqa: E402

from generator.clean.text import clean_text  # noqa: E402
from generator.findings import Finding  # noqa: E402

HEADINGS = Path(__file__).resolve().parent / "text_corpus" / "headings.csv"
RAW_GLOBS = ("skirmishers*.txt", "two-rooms*.txt", "barbarossa*.txt", "lehi-*.txt")
TARGET_KEPT, MAX_WORDS = 0.9, 400
SCORED = ("error", "warning")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
NUMBER = re.compile(r"^\[?(\d{1,3}(?:\.\d{1,4})*)\]?\.?\s*(.*)$")

# Our verdicts on findings that appear on clean's output only, read in the cleaned text:
# (file, code, a fragment of the message) -> (verdict, why). `true` = a real problem of the text
# that clean made readable; `false` = the checker misreads clean's (faithful) structure.
ADP, AK, AGRICOLA = (
    "lehi-a-distant-plain-rules.txt",
    "lehi-afrika-korps-rules.txt",
    "lehi-agricola-rules.txt",
)
CLEAN_VERDICTS: dict[tuple[str, str, str], tuple[str, str]] = {
    ("lehi-1989-dawn-of-freedom-rules.txt", "term-variant", "'Tatabayna'"): (
        "true",
        "a real misspelling; the raw text hid the second correct use behind a line-end hyphen",
    ),
    (ADP, "rulebook-reference", "section 6.2 to exist"): (
        "true",
        "6.2 is lost from this extraction (6.1 is followed by 6.3); the glossary cites it",
    ),
    (ADP, "rulebook-reference", "section 4.3.4 to exist"): (
        "true",
        "4.3.4 is lost from this extraction (4.3.3 is the last case); the glossary cites it",
    ),
    (ADP, "reference-topic", "about 'deck', expected 8"): (
        "false",
        "check: a scenario's 'Deck:' set-up label read as chapter 8 defining decks; the bullet "
        "is now its own sentence",
    ),
    (ADP, "stated-count", "spaces as listed below, found the text says 3"): (
        "false",
        "check: 'in up to 3 spaces:' is a limit and the bullets are procedure steps; clean "
        "joined the wrapped sentence so the colon ends its line",
    ),
    (AK, "reference-topic", "about 'record'"): (
        "false",
        "check: 'Time Record Card ... repeat Steps 3.1 through 3.5' is a loop of steps, not a "
        "citation about the record card; rejoined, the card's name precedes the citation",
    ),
    (AGRICOLA, "name-reference", "named 'Overview'"): (
        "false",
        "the overview of game phases is a side of a player card, not a part of the text",
    ),
    (AGRICOLA, "step-numbering", "expected step 12 after 11, found 8"): (
        "false",
        "clean: the appendix section '8. Credits' follows a list 1-11 and reads as its item",
    ),
}


def judged(name: str, finding: Finding) -> tuple[str, str] | None:
    """Our verdict on a finding new on clean's output, if we gave one."""
    for (file, code, fragment), verdict_why in CLEAN_VERDICTS.items():
        if file == name and code == finding.code and fragment in finding.message:
            return verdict_why
    return None


def raw_files(folder: Path) -> list[Path]:
    """The raw PDF-text files of the corpus (not clean's own outputs)."""
    found = {p for pattern in RAW_GLOBS for p in folder.glob(pattern) if ".clean" not in p.name}
    return sorted(found)


def listed_headings() -> dict[str, list[str]]:
    """headings.csv: the original headings of each file, in order."""
    by_file: dict[str, list[str]] = defaultdict(list)
    with HEADINGS.open(encoding="utf-8", newline="") as stream:
        for row in csv.DictReader(stream):
            by_file[row["file"]].append(row["heading"])
    return by_file


def heading_key(text: str) -> str:
    """A heading's number (when it has one) or its first two title words, case-folded: enough
    to tell headings apart while a truncated or re-punctuated title still matches."""
    match = NUMBER.match(text.strip())
    if match and match[1]:
        number = re.sub(r"\.0$", "", match[1])
        return f"{number} {' '.join(match[2].lower().split()[:1])}".strip()
    words = re.findall(r"[a-z0-9]+", text.lower())
    return " ".join(words[:2])


def kept_headings(listed: list[str], markdown: str) -> int:
    """How many listed headings are Markdown headings of the output (each output heading once)."""
    out = Counter(heading_key(m[1]) for line in markdown.splitlines() if (m := HEADING.match(line)))
    kept = 0
    for heading in listed:
        key = heading_key(heading)
        if out[key] > 0:
            out[key] -= 1
            kept += 1
    return kept


def longest_paragraph(text: str) -> int:
    """Words in the longest run of non-blank lines."""
    blocks = re.split(r"\n\s*\n", text.replace("\f", "\n\n"))
    return max((len(block.split()) for block in blocks), default=0)


def scored(found: list[Finding]) -> list[Finding]:
    return [f for f in found if f.severity.value in SCORED]


def new_on_clean(raw: list[Finding], cleaned: list[Finding]) -> list[Finding]:
    """Clean's findings that are not the same problem (code and message target) as a raw one."""
    left = Counter((f.code, label_key(f.message)) for f in raw)
    new = []
    for finding in cleaned:
        key = (finding.code, label_key(finding.message))
        if left[key] > 0:
            left[key] -= 1
        else:
            new.append(finding)
    return new


def raw_false(path: Path, raw: list[Finding]) -> tuple[int, int]:
    """Raw findings labelled false in labels.csv, and how many carry a label at all."""
    labels = match(path.name, raw, load_labels())
    false = sum(1 for label in labels if label is not None and label.verdict == "false")
    return false, sum(1 for label in labels if label is not None)


def measure(path: Path, listed: list[str], verbose: bool) -> tuple[bool, bool, int, int]:
    """Print one file's row; returns (headings ok, paragraphs ok, raw false, new false)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    markdown = clean_text(text).markdown
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{path.name}.md"
        out.write_text(markdown, encoding="utf-8")
        cleaned = scored(findings_of(out))
    raw = scored(findings_of(path))
    new = new_on_clean(raw, cleaned)
    gone = new_on_clean(cleaned, raw)  # raw findings clean's output no longer raises
    kept = kept_headings(listed, markdown)
    heads_ok = not listed or kept >= TARGET_KEPT * len(listed)
    before, after = longest_paragraph(text), longest_paragraph(markdown)
    para_ok = after <= MAX_WORDS or after <= before
    false_raw, labelled = raw_false(path, raw)
    verdicts = [judged(path.name, f) for f in new]
    false_new = sum(1 for v in verdicts if v and v[0] == "false")
    unjudged = sum(1 for v in verdicts if v is None)
    heads = f"{kept}/{len(listed)}" if listed else "-"
    print(
        f"  {path.name:<44} {heads:>8} {verdict(heads_ok) if listed else '    '}"
        f"  {before:>5} -> {after:<5} {verdict(para_ok)}"
        f"  {len(raw):>3} -> {len(cleaned):<3} new {len(new):<2} gone {len(gone):<2}"
        f" false raw {false_raw}/{labelled} labelled, new false {false_new} unjudged {unjudged}"
    )
    for finding, given in zip(new, verdicts, strict=True):
        if verbose or given is None or given[0] == "false":
            mark = given[0] if given else "?"
            print(
                f"      {mark:<5} {finding.position.line:>5} {finding.code}: {finding.message[:110]}"
            )
    return heads_ok, para_ok, false_raw, false_new


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main() -> int:
    folder = corpus_dir()
    files = raw_files(folder) if folder.is_dir() else []
    if not files:
        print(f"Clean structure benchmark: no corpus at {folder} (set PNP_TEXT_CORPUS); skipped")
        return 0
    listed = listed_headings()
    print("Clean structure benchmark: headings kept, longest paragraph raw -> clean (words),")
    print("check findings (error/warning) raw -> clean, new ones and their verdicts")
    rows = [measure(path, listed.get(path.name, []), "--verbose" in sys.argv) for path in files]
    heads = all(row[0] for row in rows)
    paragraphs = all(row[1] for row in rows)
    false_raw, false_new = sum(row[2] for row in rows), sum(row[3] for row in rows)
    print(f"  headings >= {TARGET_KEPT:.0%} kept: {verdict(heads)}")
    print(f"  no paragraph over {MAX_WORDS} words the source lacks: {verdict(paragraphs)}")
    print(f"  false findings: raw {false_raw} (labelled), new on clean {false_new} (judged)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
