"""pnp's code version, which every cache key covers: any source or layout edited changes it,
bytecode (and the temporary files Python writes it through) does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import sources
from generator.cache import keys


@pytest.fixture
def checkout(tmp_path, monkeypatch) -> Path:
    """A checkout of pnp with a few sources, a layout and bytecode, that `code_version` reads."""
    package, templates = tmp_path / "generator", tmp_path / "templates"
    for path, text in {
        package / "build.py": "built = 1\n",
        package / "cache" / "keys.py": "keyed = 1\n",
        package / "cache-notes.txt": "a file beside a folder of its name\n",
        package / "__pycache__" / "build.cpython-311.pyc": "bytecode",
        templates / "card.yaml": "layouts: {}\n",
    }.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    monkeypatch.setattr(sources, "PACKAGE", package)
    monkeypatch.setattr(sources, "TEMPLATES", templates)
    return tmp_path


def version() -> str:
    return keys.code_version.__wrapped__()


def test_the_code_version_lists_sources_and_layouts_in_path_order(checkout):
    names = [name for name, _ in sources.source_files()]
    assert names == [
        "generator/build.py",
        "generator/cache/keys.py",  # ("cache", "keys.py") sorts before ("cache-notes.txt",)
        "generator/cache-notes.txt",
        "templates/card.yaml",
    ]


def test_an_edited_source_or_layout_changes_the_code_version(checkout):
    before = version()
    (checkout / "generator" / "cache" / "keys.py").write_text("keyed = 2\n")
    edited = version()
    (checkout / "templates" / "card.yaml").write_text("layouts: {card: {}}\n")
    assert len({before, edited, version()}) == 3


def test_bytecode_being_written_does_not_change_the_code_version(checkout):
    before = version()
    (checkout / "generator" / "__pycache__" / "keys.cpython-311.pyc.140234").write_bytes(b"x")
    (checkout / "generator" / "stale.pyc").write_bytes(b"x")
    assert version() == before
