"""A game's rulebook and guides with the data filled in, once a build: the check's rulebook and
board-position rules and the build each read them."""

from __future__ import annotations

from generator.load.game import LoadedGame
from generator.render.rulebook import rulebook_text
from generator.render.text import TextError


def filled_text(loaded: LoadedGame, file: str) -> str:
    """`rulebook_text(loaded, file)`, filled in the first time it is asked for; a template that
    does not render raises its TextError each time."""
    key = file
    if key not in loaded.texts:
        try:
            loaded.texts[key] = rulebook_text(loaded, file)
        except TextError as exc:
            loaded.texts[key] = exc
    found = loaded.texts[key]
    if isinstance(found, TextError):
        raise found
    return found
