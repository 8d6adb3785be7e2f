"""Inline HTML as written in Markdown headings is made well-formed, and only real damage is noted."""

from pathlib import Path

import pytest

from generator.check.html_repair import well_formed
from generator.check.rulebook import check_text_file
from generator.findings import Report


@pytest.mark.parametrize(
    ("fragment", "fixed", "repairs"),
    [
        ("## Setup<br>again", "## Setup<br />again", []),
        ('## Map <img src="m.png">', '## Map <img src="m.png" />', []),
        ("## Play <b>bold", "## Play <b>bold</b>", ["an unclosed <b>"]),
        ("## Play <b><i>both</b>", "## Play <b><i>both</i></b>", ["an unclosed <i>"]),
        ("## Play </i>here", "## Play here", ["a </i> that closes nothing"]),
        ('<a name="spot">Spot', '<a name="spot">Spot</a>', ["an unclosed <a>"]),
        ("## Cost & 3 < 4", "## Cost &amp; 3 &lt; 4", []),
        ("## No markup at all", "## No markup at all", []),
    ],
)
def test_a_fragment_is_made_well_formed(fragment, fixed, repairs):
    assert well_formed(fragment) == (fixed, repairs)


def test_void_elements_in_headings_are_no_finding_and_unclosed_ones_a_note(tmp_path: Path):
    path = tmp_path / "rules.md"
    path.write_text(
        "# Rules<br>\n\n## Map <img src=map.png>\n\nSee [the map](#map).\n\n"
        "## Play <b>fast\n\nSee [play](#play-fast).\n",
        encoding="utf-8",
    )
    report = Report()
    check_text_file(path, report)
    assert [(f.code, f.position.line, f.message) for f in report.findings] == [
        (
            "html-fallback",
            7,
            "expected well-formed HTML, found an unclosed <b>: read as if closed where it ends",
        )
    ]
