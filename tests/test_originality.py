"""Every bundled game says its rules in its own words: no run of ten or more consecutive words
of its rulebook, guides or card text also appears in its seed (the source rulebook), apart
from the proper-noun lists and table headings in originality_allow.yaml.

Words are compared lowercased with punctuation ignored; Jinja is filled in for the rulebook and
guides, and splits card text where it stands. A run of figures alone is a table of numbers,
not wording, and is not counted. The comparison skips when the seeds are not beside the
checkout; the allow-list's own checks do not need them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

from generator.load.game import GAME_FILE, LoadedGame
from generator.render.rulebook import has_rulebook, rulebook_text
from tests.kits import checked, seed

ROOT = Path(__file__).parent.parent
GAMES = sorted(p for p in (ROOT / "card_data").glob("*") if (p / GAME_FILE).is_file())
ALLOW = Path(__file__).with_name("originality_allow.yaml")
RUN = 10
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
BREAK = None  # stands where an allowed phrase or a Jinja tag was: no run crosses it


def words(text: str) -> list[str]:
    """Lowercased words, punctuation ignored; a word hyphenated across a line is joined."""
    text = text.replace("\u2019", "'").replace("\u00ad", "")
    text = re.sub(r"(\w)-[ \t]*\n\s*(\w)", r"\1\2", text)
    return re.findall(r"[^\W_]+", text.lower())


def grams(tokens: list[str | None]) -> set[tuple[str | None, ...]]:
    """Every run of RUN consecutive tokens."""
    return {tuple(tokens[i : i + RUN]) for i in range(len(tokens) - RUN + 1)}


@cache
def allowed() -> list[dict]:
    """The allow-list entries, as written."""
    return yaml.safe_load(ALLOW.read_text(encoding="utf-8"))


def allowed_phrases(game: str) -> list[list[str]]:
    """The allowed phrases of one game, as word lists."""
    return [words(entry["phrase"]) for entry in allowed() if entry["game"] == game]


def masked(tokens: list[str], phrases: list[list[str]]) -> list[str | None]:
    """The tokens with every allowed phrase replaced by breaks."""
    out: list[str | None] = list(tokens)
    for phrase in phrases:
        for i in range(len(tokens) - len(phrase) + 1):
            if tokens[i : i + len(phrase)] == phrase:
                out[i : i + len(phrase)] = [BREAK] * len(phrase)
    return out


def shared_runs(tokens: list[str | None], source: set) -> list[str]:
    """The maximal runs of RUN or more words that the source holds too."""
    hits = [i for i in range(len(tokens) - RUN + 1) if tuple(tokens[i : i + RUN]) in source]
    runs: list[tuple[int, int]] = []
    for i in hits:
        if runs and i <= runs[-1][1]:
            runs[-1] = (runs[-1][0], i + RUN)
        else:
            runs.append((i, i + RUN))
    texts = [" ".join(t for t in tokens[a:b] if t) for a, b in runs]
    return [t for t in texts if re.search(r"[^\W\d_]", t)]


def player_texts(loaded: LoadedGame) -> list[tuple[str, str]]:
    """(where, text) of the rulebook, each guide and every text field of every piece."""
    texts = []
    if has_rulebook(loaded.folder):
        texts.append(("rulebook", rulebook_text(loaded)))
    texts += [(guide.file, rulebook_text(loaded, guide.file)) for guide in loaded.game.guides]
    for owner, file in loaded.piece_files.items():
        for piece in file.pieces:
            fields = [piece.name, piece.text, piece.back or "", *piece.fields.values()]
            texts += [(f"{owner}/{piece.id}", v) for v in fields if isinstance(v, str)]
    return texts


def tokens_of(text: str) -> list[str | None]:
    """The words of a text, with a break where each Jinja tag stands."""
    out: list[str | None] = []
    for part in JINJA.split(text):
        out += [*words(part), BREAK]
    return out


@cache
def game_texts(folder: Path) -> tuple[LoadedGame, list[tuple[str, list[str | None]]]]:
    """A game and its player-facing texts as tokens."""
    loaded, _ = checked(folder)
    return loaded, [(where, tokens_of(text)) for where, text in player_texts(loaded)]


def contains(tokens: list[str | None], phrase: list[str]) -> bool:
    """Whether the phrase stands in the tokens, word for word."""
    n = len(phrase)
    return any(tokens[i : i + n] == phrase for i in range(len(tokens) - n + 1))


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_no_ten_word_run_of_the_seed(folder: Path) -> None:
    loaded, texts = game_texts(folder)
    if not loaded.game.source or not loaded.game.source.seed:
        pytest.skip(f"{folder.name} names no seed")
    source = grams(words(seed(loaded.game.source.seed)))
    phrases = allowed_phrases(folder.name)
    found = [
        f"{where}: {run}"
        for where, tokens in texts
        for run in shared_runs(masked(tokens, phrases), source)
    ]
    assert not found, "runs of the seed, word for word:\n" + "\n".join(found)


def test_allow_list_entries_have_reasons_and_are_used() -> None:
    names = {p.name for p in GAMES}
    for entry in allowed():
        assert entry["game"] in names, entry
        assert len(entry.get("reason", "").split()) >= 5, f"no reason given: {entry}"
        phrase = words(entry["phrase"])
        assert len(phrase) >= 3, entry
        _, texts = game_texts(ROOT / "card_data" / entry["game"])
        assert any(contains(tokens, phrase) for _, tokens in texts), f"stale entry: {entry}"


def test_a_copied_run_is_found_and_an_allowed_one_is_not() -> None:
    source = grams(words("Turn the Mecca tile from its weak to its strong side (7.2.1)."))
    copied = tokens_of("Then turn the Mecca tile from its weak to its strong side (7.2.1).")
    assert shared_runs(copied, source) == [
        "turn the mecca tile from its weak to its strong side 7 2 1"
    ]
    assert shared_runs(masked(copied, [words("its weak to its")]), source) == []
    assert shared_runs(tokens_of("Flip the Mecca tile to strong (7.2.1)."), source) == []
    assert (
        shared_runs(tokens_of("5 2 0 1 3 0 1 2 4 0 1"), grams(words("5 2 0 1 3 0 1 2 4 0 1"))) == []
    )
