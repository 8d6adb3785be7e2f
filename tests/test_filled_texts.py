"""A rulebook's and a guide's text filled in with the game's data: the build typesets what the
check read, and a template that does not render is one finding at its line."""

from __future__ import annotations

from generator.build import rendered_game
from generator.check import check_game
from tests.conftest import GAME_YAML

RULEBOOK = "# Demo rules\n\nEach player takes {{ game.players.max }} cards.\n"
GUIDE_YAML = "guides:\n  - {id: quick, file: guide.md, title: Quick guide}\n"
GUIDE = "# Turns\n\nPlay {{ count('hero-cards') }} heroes.\n"


def test_the_rulebook_and_guides_print_the_data_they_quote(game) -> None:
    folder = game({"game.yaml": GAME_YAML + GUIDE_YAML, "rulebook.md": RULEBOOK, "guide.md": GUIDE})
    loaded, report = check_game(folder)
    assert loaded is not None and not report.errors
    rendered = rendered_game(loaded)
    assert rendered.rulebook is not None and "takes 4 cards" in str(rendered.rulebook.blocks)
    assert "Play 3 heroes" in str(rendered.guides[0][1].blocks)


def test_a_document_that_does_not_render_is_reported_once(game) -> None:
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
