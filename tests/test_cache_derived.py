"""What a build works out from a game's files (parsed SVG art, compiled rulebook templates) is
kept in its cache and read back by the next build; a damaged entry is a miss."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.cache.keys import FORMAT
from generator.cache.rules import kept_rules
from generator.cache.store import Store
from generator.load import art as art_module
from generator.load.art import SVG_ART, read_art
from generator.render import rulebook

GAMES = Path(__file__).resolve().parents[1] / "card_data"


def test_svg_art_a_build_read_is_kept_and_read_from_its_cache(tmp_path, monkeypatch):
    shah = Path(tmp_path / "shah.svg")
    shah.write_bytes((GAMES / "golden-age" / "art" / "shah.svg").read_bytes())
    store = Store(tmp_path / "cache")
    with kept_rules(store):  # the build's store, active while it checks and renders
        first = read_art(shah)
    store.flush()
    kept = [p for p in (tmp_path / "cache" / f"v{FORMAT}" / SVG_ART).rglob("*") if p.is_file()]
    assert len(kept) == 1
    art_module._read.cache_clear()

    def unread(data: bytes):
        raise AssertionError("parsed again")

    monkeypatch.setattr(art_module, "read_svg", unread)
    with kept_rules(Store(tmp_path / "cache")):
        assert read_art(shah) == first
    art_module._read.cache_clear()
    for path in kept:
        path.write_bytes(b"damaged")
    with kept_rules(Store(tmp_path / "cache")), pytest.raises(AssertionError, match="again"):
        read_art(shah)  # a damaged entry is a miss: the file is read again
    art_module._read.cache_clear()


def test_a_rulebook_template_compiled_by_a_build_is_loaded_by_the_next(tmp_path, monkeypatch):
    source = "# {{ game.title }}\n\n{% for n in range(3) %}Step {{ n }}. {% endfor %}\n"
    store = Store(tmp_path / "cache")
    with kept_rules(store):
        first = rulebook._template(source)
    store.flush()
    rulebook._template.cache_clear()

    def uncompiled(*args, **kwargs):
        raise AssertionError("compiled again")

    monkeypatch.setattr(rulebook.rulebook_environment(), "compile", uncompiled)
    with kept_rules(Store(tmp_path / "cache")):
        again = rulebook._template(source)
    game = SimpleNamespace(title="Demo")
    assert (
        again.render(game=game) == first.render(game=game) == "# Demo\n\nStep 0. Step 1. Step 2. "
    )
    rulebook._template.cache_clear()
