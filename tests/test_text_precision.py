"""Precision of the text rules on patterns real rulebooks show (issue 16, round 2): each test
pairs a false finding seen on the corpus, rebuilt from made-up text, with the true one kept."""

from __future__ import annotations

from pathlib import Path

from generator.check.rulebook import check_text_file
from generator.findings import Report


def _found(tmp_path: Path, text: str, code: str, name: str = "rules.txt") -> list[tuple[int, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    report = Report()
    check_text_file(path, report)
    return [(f.position.line or 0, f.message) for f in report.findings if f.code == code]


TOPIC = """\
1. SETUP
Each player takes a {term} (see section 2).
Every {common} of the game moves a {common}.
2. SCORING
Count your points; the {common} scores.
3. BUILDINGS
{label}: gives 1 gold each round.
"""


def test_a_labelled_entry_the_cited_chapter_never_uses_is_off_topic(tmp_path):
    text = TOPIC.format(term="Bank", common="piece", label="Bank")
    assert [line for line, _ in _found(tmp_path, text, "reference-topic")] == [2]


def test_a_term_used_all_over_the_text_says_nothing_about_a_citation(tmp_path):
    text = TOPIC.format(term="piece", common="piece", label="Piece")
    assert _found(tmp_path, text, "reference-topic") == []
