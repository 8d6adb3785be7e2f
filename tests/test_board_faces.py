"""A board is drawn once a build: the check draws it to measure its text, the build takes that
face, and what drawing it found reaches the build's findings as a second drawing would add them."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.render.board_faces as board_faces
from generator.build import full_check, rendered_game
from generator.check import check_game
from generator.findings import Finding, Position, Report, Severity
from generator.load.art import replayed
from generator.render.boards import board_face
from tests.artwork import ART_YAML, MIDDLE, SVG_DATA

BOARDS = """\
boards:
  - id: map
    name: Map
    size: 120x80mm
    elements:
      - {type: text, box: [5mm, 5mm, 60mm, 10mm], template: "Supply"}
      - {type: image, box: [70mm, 10mm, 40mm, 40mm], src: art/q.svg}
  - id: mat
    name: Mat
    kind: mat
    size: 100x60mm
    elements:
      - {type: text, box: [5mm, 5mm, 60mm, 10mm], template: "Discard"}
"""


def board_game(game) -> Path:
    """A one-card game whose card and first board draw the same SVG (its text is not drawn)."""
    yaml = ART_YAML.replace("ELEMENT", f"{{type: image, field: image, {MIDDLE}}}")
    yaml = yaml.replace("DRAWING", "{shape: circle, fill: '#c8a400'}") + BOARDS
    yaml = yaml.replace(
        "components:\n",
        "components:\n  - {id: map-c, name: Map, kind: board, count: 1, provided_by: map}\n"
        "  - {id: mat-c, name: Mat, kind: mat, count: 1, provided_by: mat}\n",
    )
    csv = "id,name,quantity,text,image\nknight,Knight,1,Gain 1.,art/q.svg\n"
    art = (SVG_DATA / "question-mark.svg").read_bytes()
    return game({"game.yaml": yaml, "decks/heroes.csv": csv, "art/q.svg": art})


def test_the_build_draws_no_board_the_check_drew(game, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def counted(loaded, board, where, report):
        drawn.append(board.id)
        return board_face(loaded, board, where, report)

    monkeypatch.setattr(board_faces, "board_face", counted)
    loaded, report = check_game(board_game(game))
    assert loaded is not None and not report.errors
    rendered = rendered_game(loaded)
    assert drawn == ["map", "mat"]
    for index, (board, face) in enumerate(rendered.boards):
        where = loaded.source.at("boards", index)
        assert face == board_face(loaded, board, where, Report())


def test_a_board_drawn_by_the_check_adds_its_findings_to_the_build(game) -> None:
    loaded, _ = check_game(board_game(game))
    assert loaded is not None
    report = Report()
    rendered_game(loaded, report)
    simplified = [f for f in report.findings if f.code == "art-simplified"]
    assert simplified and all(f.position.file.name == "heroes.csv" for f in simplified)
    alone = Report()
    board_faces.drawn_board(loaded, 0, alone)  # taken from the check, found again all the same
    assert {f.message for f in alone.findings} == {f.message for f in simplified}
    assert {f.position.file.name for f in alone.findings} == {"game.yaml"}


def test_findings_of_the_check_and_the_build_are_those_of_a_board_drawn_twice(game) -> None:
    folder = board_game(game)
    found = full_check(folder)
    art = [f for f in found if f.code == "art-simplified"]
    assert art and all(f.position.file.name == "heroes.csv" for f in art)  # once per message


def finding(code: str, line: int, message: str) -> Finding:
    return Finding(code, Severity.WARNING, Position(Path("game.yaml"), line), message)


def test_a_replayed_art_finding_stands_once_per_message_and_others_all_stand() -> None:
    report = Report()
    report.findings.append(finding("art-simplified", 1, "art 'q.svg': text"))
    replayed(
        report,
        [
            finding("art-simplified", 9, "art 'q.svg': text"),
            finding("art-simplified", 9, "art 'q.svg': gradients"),
            finding("text-too-small", 9, "small"),
            finding("text-too-small", 9, "small"),
        ],
    )
    assert [(f.code, f.position.line, f.message) for f in report.findings] == [
        ("art-simplified", 1, "art 'q.svg': text"),
        ("art-simplified", 9, "art 'q.svg': gradients"),
        ("text-too-small", 9, "small"),
        ("text-too-small", 9, "small"),
    ]
