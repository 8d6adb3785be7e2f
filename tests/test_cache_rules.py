"""A rulebook's text-rule findings are kept in the build cache by exactly what those rules read:
a rebuild whose rulebook prose is unchanged does not run them again, and the findings are the
same as a check without the cache, including those a changed rulebook or game makes or ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cache.keys import FORMAT
from generator.cache.rules import RULES
from generator.cache.store import Store
from generator.check import rulebook
from generator.findings import Finding
from tests.conftest import GAME_YAML
from tests.kits import checked_with_cache as checked

RULEBOOK = """\
# Demo rules

## With {{ game.players.max }} players

Pay one gold coin. See [the big game](#with-4-players).
"""


INVARIANTS = """\
invariants:
  - expect: "count('heroes') == 3"
    message: three heroes
  - expect: "players.max == 4"
    message: four players at most
"""


@pytest.fixture
def text_rule_runs(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The documents the text rules run over from now on."""
    runs: list[Path] = []
    run = rulebook.run_text_rules

    def counted(text, report):
        runs.append(text.path)
        run(text, report)

    monkeypatch.setattr(rulebook, "run_text_rules", counted)
    return runs


def codes(findings: list[Finding]) -> list[str]:
    return [finding.code for finding in findings]


def test_unchanged_prose_is_not_checked_again_and_gives_the_same_findings(game, text_rule_runs):
    folder = game({"rulebook.md": RULEBOOK})
    store = Store(folder.parent / "cache")
    first = checked(folder, store)
    assert text_rule_runs == [folder / "rulebook.md"]
    assert list((store.folder / f"v{FORMAT}" / RULES).rglob("*"))  # kept at the flush
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("Draw a card.", "Draw two cards."))
    again = checked(folder, store)
    assert text_rule_runs == [folder / "rulebook.md"]  # not run a second time
    assert again == first == checked(folder, None)
    assert "term-alias" in codes(again) and "rulebook-reference" not in codes(again)


def test_a_changed_rulebook_or_game_makes_or_ends_findings_as_without_the_cache(game):
    folder = game({"rulebook.md": RULEBOOK})
    store = Store(folder.parent / "cache")
    book, data = folder / "rulebook.md", folder / "game.yaml"
    checked(folder, store)
    book.write_text(RULEBOOK.replace("gold coin", "talent"))  # the alias is gone
    assert "term-alias" not in codes(checked(folder, store))
    assert checked(folder, store) == checked(folder, None)
    data.write_text(data.read_text().replace("max: 4", "max: 5"))  # the link's heading moved
    moved = checked(folder, store)
    assert "rulebook-reference" in codes(moved) and moved == checked(folder, None)
    data.write_text(data.read_text().replace("max: 5", "max: 4"))
    assert "rulebook-reference" not in codes(checked(folder, store))


def test_a_damaged_entry_is_checked_again(game, text_rule_runs):
    folder = game({"rulebook.md": RULEBOOK})
    store = Store(folder.parent / "cache")
    first = checked(folder, store)
    for entry in (store.folder / f"v{FORMAT}" / RULES).rglob("*"):
        if entry.is_file():
            entry.write_bytes(b"not a pickle")
    assert checked(folder, store) == first
    assert len(text_rule_runs) == 2


def test_an_invariant_is_evaluated_again_only_when_the_data_it_reads_changed(game, evaluated):
    folder = game({"game.yaml": GAME_YAML + INVARIANTS})
    store = Store(folder.parent / "cache")
    assert "invariant" not in codes(checked(folder, store))
    assert len(evaluated) == 2
    deck = folder / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("knight,Knight,2", "knight,Knight,3"))
    found = checked(folder, store)
    assert evaluated[2:] == ["count('heroes') == 3"]  # the other reads no card
    assert "invariant" in codes(found) and found == checked(folder, None)
    deck.write_text(deck.read_text().replace("knight,Knight,3", "knight,Knight,2"))
    assert "invariant" not in codes(checked(folder, store))
    data = folder / "game.yaml"
    data.write_text(data.read_text().replace("max: 4", "max: 5"))
    found = checked(folder, store)
    assert "invariant" in codes(found) and found == checked(folder, None)
