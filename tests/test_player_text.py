"""What a player reads on printed pieces is prose: no data ids, no Python values, no raw keys.

Every bundled game is built once; the text of each card, token, board and guide PDF
(pdftotext) is searched for what only a program should see. Rulebooks are not searched yet: their
errata pages, rewritten under issue 17-C, still quote errata and card ids such as `hh-assassinate`.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.load.game import GAME_FILE
from generator.render.text import label, render_text, shown
from tests.kits import checked

ROOT = Path(__file__).parent.parent
GAMES = sorted(p for p in (ROOT / "card_data").glob("*") if (p / GAME_FILE).is_file())
PLAYER_KINDS = ("cards", "tokens", "boards", "guide", "rulebook")

SNAKE = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
ATOM = r"(?:'[^'\n]*'|\"[^\"\n]*\"|-?\d+(?:\.\d+)?|None|True|False)"
PY_LIST = re.compile(rf"\[\s*{ATOM}\s*(?:,\s*{ATOM}\s*)+\]|\[\s*'[^'\n]*'\s*\]|: \[{ATOM}\]")
PY_DICT = re.compile(r"\{\s*['\"]?\w+['\"]?\s*:[^}\n]*\}")
# None, True or False as a value: alone on its line, after `: ` or `= `, or in brackets; not
# the English word that starts "None of them...".
PY_WORD = re.compile(r"(?m)(?:^|(?<=: )|(?<== )|(?<=[\[(]))(?:None|True|False)(?=[ \t]*$|[,;)\]])")

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")


def leaks(text: str, ids: set[str]) -> list[str]:
    """Each id-like or Python-looking token in the text, in reading order."""
    found = [m.group(0) for rx in (SNAKE, PY_LIST, PY_DICT, PY_WORD) for m in rx.finditer(text)]
    found += [word for word in re.findall(r"[\w-]+", text) if word in ids and joined(word)]
    found += [word for word in re.findall(r"· ([\w-]+)", text) if word in ids]
    return found


def joined(name: str) -> bool:
    """An id no prose spells: words joined by - or _, or words and digits run together."""
    return bool(re.search(r"[-_]", name) or re.search(r"\d", name))


def piece_ids(folder: Path) -> set[str]:
    """Ids of the game's decks, sheets, boards, pieces and errata: a designer's, not a player's."""
    loaded, _ = checked(folder)
    game = loaded.game
    sets = [*game.decks, *game.token_sheets]
    ids = {s.id for s in sets} | {b.id for b in game.boards} | {e.id for e in game.errata}
    ids |= {piece.id for s in sets for piece in loaded.piece_files[s.id].pieces}
    return ids


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """All bundled games built once, as a player would print them."""
    out = tmp_path_factory.mktemp("player-text")
    runner = CliRunner()
    for folder in GAMES:
        only = "cards,tokens,boards,rulebook,guides"  # every PDF a player reads; no rasters
        result = runner.invoke(cli, ["build", str(folder), "-o", str(out), "--only", only])
        assert result.exit_code == 0, result.output
    return out


def player_pdfs(out: Path, folder: Path, kinds: tuple[str, ...] = PLAYER_KINDS) -> list[Path]:
    """The game's PDFs of those kinds (cards, tokens, boards, guides, rulebooks), as its
    manifest lists them."""
    manifest = json.loads((out / folder.name / "manifest.json").read_text())
    return [
        out / folder.name / f["path"]
        for f in manifest["files"]
        if f["kind"] in kinds and f["path"].endswith(".pdf")
    ]


def pdf_text(path: Path) -> str:
    """The PDF's text in reading order."""
    run = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
    return run.stdout


@pytest.mark.parametrize(
    ("value", "printed"),
    [
        ([2], "2"),
        ([2, 3], "2, 3"),
        (True, "yes"),
        (False, "no"),
        (None, ""),
        ({"placeholder": "x"}, "?"),
    ],
)
def test_a_value_prints_as_a_player_reads_it(value, printed):
    assert shown(value) == printed
    assert render_text("{{ value }}", {"value": value}) == printed


def test_a_field_key_prints_as_a_label():
    assert label("attack_strength") == "Attack strength"


def test_leak_patterns_catch_what_a_program_prints():
    text = "kingdom_bonus\nexcluded with: [2]\n['a', 'b'] {'x': 1}\nNone\nAct · act-1 · dirham"
    assert leaks(text, {"act-1", "dirham"}) == [
        "kingdom_bonus", ": [2]", "['a', 'b']", "{'x': 1}", "None", "act-1", "act-1", "dirham",
    ]  # fmt: skip


def test_leak_patterns_pass_prose_and_section_headings():
    text = (
        "[1.1] The goal\nSee 2.3 (Players: 2 or 3). Draw 2-3 cards: well-known cost.\nNone of them."
    )
    assert leaks(text, {"act-unknown", "goal", "cards"}) == []


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_printed_pieces_show_no_ids_or_python_values(built, folder):
    pdfs = player_pdfs(built, folder)
    assert pdfs, "a bundled game prints cards, tokens, boards or guides"
    ids = piece_ids(folder)
    found = {pdf.name: sorted(set(leaks(pdf_text(pdf), ids))) for pdf in pdfs}
    assert not {name: words for name, words in found.items() if words}


EDITOR_NOTE = re.compile(
    r"\bthe source\b|\bour reading\b|\bprint choice\b|\bplaceholder\b|\bnot legible\b", re.I
)


@pytest.mark.parametrize("folder", GAMES, ids=lambda p: p.name)
def test_cards_tokens_and_boards_carry_no_editor_notes(built, folder):
    """Where the data comes from and what we read into it belongs in the errata and the deck
    report; a piece on the table says only what a player needs."""
    pieces = player_pdfs(built, folder, ("cards", "tokens", "boards"))
    assert pieces
    found = {p.name: EDITOR_NOTE.findall(pdf_text(p)) for p in pieces}
    assert not {name: notes for name, notes in found.items() if notes}


def test_editor_note_pattern_finds_the_notes_boards_used_to_print():
    old = "Attribution is our reading: the source's names on its ability page are lost."
    assert EDITOR_NOTE.findall(old) == ["our reading", "the source"]
    assert not EDITOR_NOTE.findall("Resource deck · Sources of income: 2")
