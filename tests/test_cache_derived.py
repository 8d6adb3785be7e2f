"""What a build works out from a game's files (compiled rulebook templates) is
kept in its cache and read back by the next build; a damaged entry is a miss."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from generator.cache.rules import kept_rules
from generator.cache.store import Store
from generator.render import rulebook

GAMES = Path(__file__).resolve().parents[1] / "card_data"


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
