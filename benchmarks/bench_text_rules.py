"""Text-rule benchmark (issue 16): precision and recall of `pnp check FILE` on real rulebooks.

The rulebooks are third-party text kept outside the repository (see text_corpus/README.md); the
folder is $PNP_TEXT_CORPUS, else <repo>/../corpus/rulebooks. Findings are matched to hand labels
(text_corpus/labels.csv, keyed by file, code, a short message key and a line within LINE_SLACK)
and real defects (text_corpus/defects.csv) count as found when a finding of that code lies within
one line. Info findings are listed but not scored: the issue wants citations into chapters a file
lacks summarised and downgraded to info. Exit 0 always: this is a report, not a gate.

The benchmark measures the rules, not the output: `pnp check` shows at most
MAX_FINDINGS_PER_CODE findings of one code per file and sums up the rest in one "... and N more"
line, which would hide findings (term-variant in lehi-advanced-civilization-rules.txt) from the
labels. So this process replaces `generator.check.rulebook.capped` with a pass-through
(`uncapped()`); nothing outside the benchmark process changes.

Usage: python benchmarks/bench_text_rules.py [--unlabelled OUT.csv] [--show-unlabelled]
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, too

from generator.check import rulebook  # noqa: E402
from generator.check.rulebook import check_text_file  # noqa: E402
from generator.findings import Finding, Report  # noqa: E402

HERE = Path(__file__).resolve().parent / "text_corpus"
LABELS = HERE / "labels.csv"
DEFECTS = HERE / "defects.csv"
SOURCES = HERE / "sources.yaml"
LINE_SLACK = 5  # a label still matches when the checker reports its finding a few lines off
DEFECT_SLACK = 1
TARGET_PRECISION, TARGET_RULE_PRECISION, TARGET_RECALL = 0.85, 0.7, 0.8
TARGET_SECONDS, TIMING_SIZE = 1.0, 150 * 1024
SCORED = ("error", "warning")


def corpus_dir() -> Path:
    """Where the corpus lives: $PNP_TEXT_CORPUS, else beside the checkout."""
    env = os.environ.get("PNP_TEXT_CORPUS")
    return Path(env) if env else ROOT.parent / "corpus" / "rulebooks"


def corpus_files(folder: Path) -> list[Path]:
    """The corpus files sources.yaml names that are present in `folder`."""
    names = re.findall(
        r'^\s*-\s*file:\s*"?([^"\n]+)"?\s*$', SOURCES.read_text(encoding="utf-8"), re.M
    )
    return [folder / name for name in names if (folder / name).is_file()]


def label_key(message: str) -> str:
    """A short key for a finding that survives count and line changes: parenthesised parts
    (use counts, quoted headings, "first at line N") dropped, a capped count made N."""
    key = re.sub(r"\([^)]*\)", "", message)
    key = re.sub(r"^\.\.\. and [\d,]+ more", "... and N more", key)
    return re.sub(r"\s+", " ", key).strip()[:90]


@dataclass
class Label:
    """One hand label: a finding judged true (a real problem of the text) or false."""

    file: str
    line: int
    code: str
    key: str
    verdict: str
    reason: str


def load_labels() -> list[Label]:
    """labels.csv rows; a blank verdict is treated as unlabelled."""
    with LABELS.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    return [
        Label(r["file"], int(r["line"]), r["code"], r["key"], r["verdict"].strip(), r["reason"])
        for r in rows
        if r["verdict"].strip() in ("true", "false")
    ]


def load_defects() -> list[dict[str, str]]:
    """defects.csv rows: real problems the rules should find."""
    with DEFECTS.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream))


def uncapped() -> None:
    """Every finding the rules give, not the first MAX_FINDINGS_PER_CODE of one code per file:
    precision and recall are of the rules, and the cap is an output choice (this process only)."""
    rulebook.capped = lambda findings, limit=0: list(findings)  # type: ignore[assignment]


def findings_of(path: Path) -> list[Finding]:
    """What `pnp check FILE` reports, run in process (uncapped once main() has run uncapped())."""
    report = Report()
    check_text_file(path, report)
    return report.findings


def match(file: str, found: list[Finding], labels: list[Label]) -> list[Label | None]:
    """The label of each finding (nearest line, same code and key), or None; a label is used once."""
    free = [lab for lab in labels if lab.file == file]
    matched: list[Label | None] = []
    for finding in found:
        key, line = label_key(finding.message), finding.position.line or 0
        near = [
            lab
            for lab in free
            if lab.code == finding.code and lab.key == key and abs(lab.line - line) <= LINE_SLACK
        ]
        best = min(near, key=lambda lab: abs(lab.line - line), default=None)
        if best is not None:
            free.remove(best)
        matched.append(best)
    return matched


def verdict(ok: bool) -> str:
    """PASS or MISS for a target."""
    return "PASS" if ok else "MISS"


def ratio(part: int, whole: int) -> float | None:
    """part/whole, or None when nothing was judged."""
    return part / whole if whole else None


def shown(value: float | None) -> str:
    """A ratio for the table."""
    return "  n/a" if value is None else f"{value:5.2f}"


def score(results: dict[str, list[tuple[Finding, Label | None]]]) -> None:
    """The per-rule precision table and the overall precision target."""
    rows: dict[str, Counter[str]] = {}
    for pairs in results.values():
        for finding, label in pairs:
            counts = rows.setdefault(finding.code, Counter())
            if str(finding.severity) not in SCORED:
                counts["info"] += 1
                continue
            counts["findings"] += 1
            counts[label.verdict if label else "unlabelled"] += 1
    print(
        f"{'rule':<22}{'findings':>9}{'true':>6}{'false':>6}{'unlab':>6}{'info':>6}  precision  target"
    )
    total: Counter[str] = Counter()
    for code in sorted(rows):
        c = rows[code]
        total.update(c)
        p = ratio(c["true"], c["true"] + c["false"])
        judge = "" if p is None else verdict(p >= TARGET_RULE_PRECISION)
        print(
            f"{code:<22}{c['findings']:>9}{c['true']:>6}{c['false']:>6}{c['unlabelled']:>6}{c['info']:>6}  {shown(p):>9}  >= {TARGET_RULE_PRECISION} {judge}"
        )
    p = ratio(total["true"], total["true"] + total["false"])
    print(
        f"{'ALL':<22}{total['findings']:>9}{total['true']:>6}{total['false']:>6}{total['unlabelled']:>6}{total['info']:>6}  {shown(p):>9}  >= {TARGET_PRECISION} {verdict(p is not None and p >= TARGET_PRECISION)}"
    )
    if total["unlabelled"]:
        print(
            f"  note: {total['unlabelled']} scored finding(s) unlabelled; precision counts labelled ones only"
        )


def recall(results: dict[str, list[tuple[Finding, Label | None]]], present: set[str]) -> None:
    """Recall over defects.csv, per rule and overall."""
    per: dict[str, Counter[str]] = {}
    missed = []
    for defect in load_defects():
        if defect["file"] not in present:
            continue
        line, code = int(defect["line"]), defect["code"]
        hit = any(
            f.code == code
            and str(f.severity) in SCORED
            and abs((f.position.line or 0) - line) <= DEFECT_SLACK
            for f, _ in results[defect["file"]]
        )
        per.setdefault(code, Counter())["found" if hit else "missed"] += 1
        if not hit:
            missed.append(defect)
    print(f"\n{'rule':<22}{'defects':>8}{'found':>7}  recall")
    found = total = 0
    for code in sorted(per):
        c = per[code]
        n = c["found"] + c["missed"]
        found, total = found + c["found"], total + n
        print(f"{code:<22}{n:>8}{c['found']:>7}  {shown(ratio(c['found'], n))}")
    r = ratio(found, total)
    print(
        f"{'ALL':<22}{total:>8}{found:>7}  {shown(r)}  target >= {TARGET_RECALL} {verdict(r is not None and r >= TARGET_RECALL)}"
    )
    for defect in missed:
        print(f"  missed {defect['file']}:{defect['line']} {defect['code']}: {defect['reason']}")


def timing(files: list[Path]) -> None:
    """Median of 5 in-process runs of `pnp check` on the file nearest 150 KB."""
    path = min(files, key=lambda p: abs(p.stat().st_size - TIMING_SIZE))
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        findings_of(path)
        runs.append(time.perf_counter() - start)
    median = statistics.median(runs)
    print(
        f"\ntiming: {path.name} ({path.stat().st_size / 1024:.0f} KB) median of 5 {median:.2f} s, "
        f"best {min(runs):.2f} s; target < {TARGET_SECONDS:g} s {verdict(median < TARGET_SECONDS)}"
    )


def write_unlabelled(results: dict[str, list[tuple[Finding, Label | None]]], out: Path) -> None:
    """Unlabelled findings as labels.csv rows with a blank verdict, to judge and append."""
    with out.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["file", "line", "code", "severity", "key", "verdict", "reason"])
        for file, pairs in results.items():
            for f, label in pairs:
                if label is None:
                    row = [
                        file,
                        f.position.line or 0,
                        f.code,
                        str(f.severity),
                        label_key(f.message),
                    ]
                    writer.writerow([*row, "", ""])
    print(f"unlabelled findings written to {out}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unlabelled", type=Path, help="write unlabelled findings to this CSV")
    parser.add_argument("--show-unlabelled", action="store_true", help="print them too")
    args = parser.parse_args()
    folder = corpus_dir()
    files = corpus_files(folder) if folder.is_dir() else []
    if not files:
        print(f"text corpus not found at {folder} (set PNP_TEXT_CORPUS); nothing to measure")
        return 0
    uncapped()
    labels = load_labels()
    results = {}
    for path in files:
        found = findings_of(path)
        results[path.name] = list(zip(found, match(path.name, found, labels), strict=True))
    print(f"Text-rule benchmark: {len(files)} corpus file(s) in {folder}\n")
    score(results)
    recall(results, set(results))
    timing(files)
    if args.show_unlabelled:
        for file, pairs in results.items():
            for f, label in pairs:
                if label is None:
                    print(
                        f"  unlabelled {file}:{f.position.line} {f.severity} {f.code}: {label_key(f.message)}"
                    )
    if args.unlabelled:
        write_unlabelled(results, args.unlabelled)
    return 0


if __name__ == "__main__":
    sys.exit(main())
