"""`pnp check` of several games loads the word list and the default card family once, before it
forks a process per core, so the forks share them instead of each loading its own."""

from __future__ import annotations

import shutil

import pytest

import generator.build
import generator.check
from generator.check import read_once
from generator.clean.words import dictionary
from generator.fonts import FontError


@pytest.fixture
def loaded_at_fork(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """For each full_checks call from now on: whether the word list was loaded by then."""
    dictionary.cache_clear()
    seen: list[int] = []

    def full_checks(folders):
        seen.append(dictionary.cache_info().currsize)
        return []

    monkeypatch.setattr(generator.build, "full_checks", full_checks)
    return seen


def test_several_games_share_the_word_list_loaded_before_the_fork(game, pnp, loaded_at_fork):
    folder = game()
    shutil.copytree(folder, folder.parent / "other")
    assert pnp("check", "demo", "other").exit_code == 0
    assert loaded_at_fork == [1]


def test_one_game_loads_only_what_its_check_reads(game, pnp, loaded_at_fork):
    game()
    assert pnp("check", "demo").exit_code == 0
    assert loaded_at_fork == [0]


def test_a_missing_default_family_is_left_to_the_check_that_needs_it(monkeypatch):
    def missing() -> str:
        raise FontError("expected an installed font family, found no family 'Inter'")

    monkeypatch.setattr(generator.check, "register_fonts", missing)
    read_once()  # no error here: the fonts rule reports it for a game that uses the family
    assert dictionary.cache_info().currsize == 1
