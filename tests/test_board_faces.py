"""A board is drawn once a build, by the render stage, and what drawing it finds is reported once;
an art finding met again is replayed once per message."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import build
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


def test_a_build_draws_each_board_once(game, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []

    def counted(loaded, board, where, report):
        drawn.append(board.id)
        return board_face(loaded, board, where, report)

    monkeypatch.setattr(build, "board_face", counted)
    loaded, findings = build.checked_game(board_game(game))
    assert not any(f.severity == "error" for f in findings)
    rendered = build.rendered_game(loaded)
    assert drawn == ["map", "mat"]
    for index, (board, face) in enumerate(rendered.boards):
        where = loaded.source.at("boards", index)
        assert face == board_face(loaded, board, where, Report())


def test_what_drawing_a_board_finds_is_reported_once(game) -> None:
    found = build.full_check(board_game(game))
    art = [f for f in found if f.code == "art-simplified"]
    assert art and all(f.position.file.name == "heroes.csv" for f in art)  # once per message
    assert len({f.message for f in art}) == len(art)


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
