"""`pnp new`: a starter game that checks clean and builds a whole kit, and refusals that write nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

STARTER_FILES = [
    "decks/actions.csv",
    "errata.yaml",
    "game.yaml",
    "rulebook.md",
    "tokens/coins.csv",
]


def _files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())


def _text(pdf: Path) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(pdf).pages)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder, as a designer starting a game would have."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_new_game_checks_clean_and_builds_every_part(here, pnp):
    made = pnp("new", "demo")
    assert made.exit_code == 0
    assert made.stderr == (
        "wrote card_data/demo: next, pnp check card_data/demo and pnp build card_data/demo\n"
    )
    assert _files(here / "card_data" / "demo") == STARTER_FILES
    checked = pnp("check", "demo")
    assert (checked.exit_code, checked.stdout, checked.stderr) == (
        0,
        "",
        "0 error(s), 0 warning(s)\n",
    )
    built = pnp("build", "demo")
    assert built.exit_code == 0
    out = here / "output" / "demo"
    manifest = json.loads((out / "manifest.json").read_text())
    kinds = {entry["kind"] for entry in manifest["files"]}
    assert {"cards", "tokens", "boards", "rulebook"} <= kinds
    cards = [entry for entry in manifest["files"] if entry["kind"] == "cards"]
    assert [(c["path"], c["card_size_mm"], c["cards"]) for c in cards] == [
        ("cards-poker.pdf", [63.5, 88.9], 18),
        ("printshop-poker.pdf", [63.5, 88.9], 18),
    ]
    assert {c["id"]: c["count"] for c in manifest["components"]} == {
        "action-cards": 18,
        "coin-tokens": 24,
        "score-board": 1,
        "rulebook": 1,
    }


def test_starter_quotes_the_data_and_draws_its_symbol(here, pnp):
    pnp("new", "demo")
    assert pnp("build", "demo", "--only", "cards,rulebook").exit_code == 0
    out = here / "output" / "demo"
    rulebook = _text(out / "rulebook.pdf")
    assert "deal 3 cards to each player" in rulebook
    assert "First draft let Scout look at 2 cards".lower() in rulebook.lower()
    assert ":coin:" not in rulebook
    cards = _text(out / "cards-poker.pdf")
    assert "Look at the top 3 cards of the deck" in cards
    assert ":coin:" not in cards


def test_every_starter_file_but_csv_opens_with_comments_naming_the_docs(here, pnp):
    pnp("new", "demo")
    folder = here / "card_data" / "demo"
    for name in STARTER_FILES:
        if name.endswith(".csv"):  # CSV has no comments; game.yaml explains each file it names
            assert f"file: {name}" in (folder / "game.yaml").read_text()
            continue
        head = (folder / name).read_text().split("\n\n")[0]
        assert head.startswith(("#", "{%#")), name
        assert "docs/" in head and "README.md" in head, name


def test_a_path_names_the_folder_and_its_last_part_the_game(here, pnp):
    result = pnp("new", "games/river_trade")
    assert result.exit_code == 0
    game_yaml = (here / "games" / "river_trade" / "game.yaml").read_text()
    assert "\nid: river_trade " in game_yaml and "\ntitle: River Trade\n" in game_yaml
    assert pnp("check", "games/river_trade").exit_code == 0


def test_an_empty_folder_is_filled(here, pnp):
    (here / "card_data" / "demo").mkdir(parents=True)
    assert pnp("new", "demo").exit_code == 0
    assert _files(here / "card_data" / "demo") == STARTER_FILES


def test_a_folder_with_files_is_refused_and_left_alone(here, pnp):
    folder = here / "card_data" / "demo"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    result = pnp("new", "demo")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: 'card_data/demo' already exists and is not an empty folder: "
        "expected a new game folder; nothing was written"
    )
    assert _files(folder) == ["notes.txt"]


@pytest.mark.parametrize("name", ["my game", ".demo", "games/-x", "dé!mo"])
def test_a_name_that_is_not_an_id_is_refused(here, pnp, name):
    result = pnp("new", name)
    assert result.exit_code == 2
    game_id = name.rsplit("/", 1)[-1]
    assert result.stderr.splitlines()[-1] == (
        f"Error: '{game_id}' is not a valid game id: expected a letter or digit, then letters, "
        "digits, '-', '_' or '.'"
    )
    assert list(here.iterdir()) == []


def test_a_folder_that_cannot_be_made_is_refused(here, pnp):
    (here / "games").write_text("a file, not a folder")
    result = pnp("new", "games/demo")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: cannot write the starter game into 'games/demo': Not a directory"
    )
