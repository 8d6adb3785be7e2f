"""`pnp check` and `pnp clean` on every real rulebook of the issue-16 corpus: no traceback, exit 0
or 1. The texts live outside the repository ($PNP_TEXT_CORPUS, else ../corpus/rulebooks)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "benchmarks" / "text_corpus" / "sources.yaml"


def corpus_files() -> list[Path]:
    """The corpus files sources.yaml names that are present; none when the folder is absent."""
    env = os.environ.get("PNP_TEXT_CORPUS")
    folder = Path(env) if env else ROOT.parent / "corpus" / "rulebooks"
    names = re.findall(
        r'^\s*-\s*file:\s*"?([^"\n]+)"?\s*$', SOURCES.read_text(encoding="utf-8"), re.M
    )
    return [folder / name for name in names if (folder / name).is_file()]


FILES = corpus_files()
pytestmark = pytest.mark.skipif(not FILES, reason="text corpus absent (set PNP_TEXT_CORPUS)")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_check_never_crashes(pnp, path: Path) -> None:
    """Findings or none, never an internal error."""
    result = pnp("check", str(path), "--format", "json")
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_clean_never_crashes(pnp, path: Path, tmp_path: Path) -> None:
    """Clean writes Markdown and a report for every real extraction."""
    out, report = tmp_path / "out.md", tmp_path / "report.txt"
    result = pnp("clean", str(path), "-o", str(out), "--report", str(report))
    assert result.exit_code in (0, 1), result.output
    assert "Traceback" not in result.output
    assert out.is_file()
