"""A rulebook's text is filled in with the game's data once a build: the check's rules and the
build take the same text, and a template that does not render is reported as before."""

from __future__ import annotations

import pytest

import generator.render.filled_texts as filled_texts
from generator.build import rendered_game
from generator.check import check_game
from generator.render.rulebook import rulebook_text
from tests.conftest import GAME_YAML

RULEBOOK = "# Demo rules\n\nEach player takes {{ game.players.max }} cards.\n"
GUIDE_YAML = "guides:\n  - {id: quick, file: guide.md, title: Quick guide}\n"
GUIDE = "# Turns\n\nPlay {{ count('hero-cards') }} heroes.\n"


@pytest.fixture
def filled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The documents filled in from now on, one entry each time."""
    files: list[str] = []

    def counted(loaded, file):
        files.append(file)
        return rulebook_text(loaded, file)

    monkeypatch.setattr(filled_texts, "rulebook_text", counted)
    return files


def test_the_check_and_the_build_fill_each_document_in_once(game, filled: list[str]) -> None:
    folder = game({"game.yaml": GAME_YAML + GUIDE_YAML, "rulebook.md": RULEBOOK, "guide.md": GUIDE})
    loaded, report = check_game(folder)
    assert loaded is not None and not report.errors
    rendered = rendered_game(loaded)
    assert sorted(filled) == ["guide.md", "rulebook.md"]
    assert rendered.rulebook is not None and "takes 4 cards" in str(rendered.rulebook.blocks)
    assert "Play 3 heroes" in str(rendered.guides[0][1].blocks)


def test_a_document_that_does_not_render_is_reported_once_and_filled_in_once(
    game, filled: list[str]
) -> None:
    folder = game({"game.yaml": GAME_YAML, "rulebook.md": "# Rules\n\n{{ dragons }}\n"})
    _, report = check_game(folder)
    data = [
        (f.code, f.position.line, f.message) for f in report.findings if f.code == "rulebook-data"
    ]
    assert data == [
        (
            "rulebook-data",
            3,
            "expected data the game defines, found UndefinedError: 'dragons' is undefined",
        )
    ]
    assert filled == ["rulebook.md"]
