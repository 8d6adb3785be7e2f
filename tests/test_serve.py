"""`pnp serve`: only the game's files and renders are served, a save redraws only the faces it
changed, a broken save keeps the last good faces, and the server starts and stops as it says."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest

from generator.build import rendered_game
from generator.findings import Finding, Position, Severity
from generator.serve.app import game_path
from generator.serve.pages import findings_section
from generator.serve.previews import face_digest
from generator.serve.session import GamePreview, Snapshot, changed_tiles, shown_faces
from generator.starter import new_game
from tests.serving import get, serving

ESCAPES = [
    "/../../etc/passwd",
    "/game/river/../../../../etc/passwd",
    "/game/river/files/../../../../etc/passwd",
    "/game/river/files/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/game/river/files/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/game/river/files/%252e%252e%252f%252e%252e%252fetc%252fpasswd",
    "/game/river/files/..%5c..%5c..%5cetc%5cpasswd",
    "/game/river/files/..\\..\\..\\etc\\passwd",
    "/game/river/files//etc/passwd",
    "/game/river/files/%2fetc%2fpasswd",
    "/game/..%2f..%2f..%2fetc/files/passwd",
    "/game/river/files/leak",
    "/game/river/files/decks/../../river-secret.txt",
    "/game/river/face/actions/gather/front/..%2f..%2f..%2fgame.yaml",
    "/etc/passwd",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`pnp serve` over a copy of the starter game, beside a file it must never serve."""
    root = tmp_path_factory.mktemp("serve")
    folder = new_game(str(root / "river"), root)
    (root / "river-secret.txt").write_text("secret")
    (folder / "leak").symlink_to("/etc/passwd")
    with serving(root, "river") as running:
        yield running


@pytest.mark.parametrize("path", ESCAPES)
def test_a_path_out_of_the_game_folder_is_a_404(server, path):
    status, body = get(server.port, path)
    assert status == 404
    assert b"root:" not in body and b"secret" not in body


def test_the_games_own_files_and_renders_are_served(server):
    assert get(server.port, "/game/river/files/decks/actions.csv")[1].startswith(b"id,name")
    page = get(server.port, "/game/river/")[1].decode()
    image = re.search(r'src="(/game/river/face/actions/trade/front/\w+\.png)"', page)
    status, png = get(server.port, image.group(1))
    assert (status, png[:8]) == (200, b"\x89PNG\r\n\x1a\n")
    assert get(server.port, "/game/river/sheets/actions/1.png")[0] == 200
    assert get(server.port, "/game/river/sheets/actions/99.png")[0] == 404
    status, board = get(server.port, "/game/river/card/score-board/score-board")
    assert status == 200 and b"river/game.yaml:" in board and b'alt="Score board"' in board


def test_the_rulebook_shows_its_pages_and_outline(server):
    status, page = get(server.port, "/game/river/rulebook")
    assert status == 200
    outline = re.findall(r'<a href="#page-(\d+)">([^<]+)</a>', page.decode())
    assert outline and all(
        get(server.port, f"/game/river/rulebook/{n}.png")[0] == 200 for n, _ in outline
    )


def test_the_server_says_where_it_listens(server):
    assert server.banner == (
        f"Serving 1 game(s) at http://127.0.0.1:{server.port}/ (localhost only; --host to change)"
    )


def test_a_port_in_use_is_a_usage_error(pnp, tmp_path, monkeypatch):
    new_game(str(tmp_path / "river"), tmp_path)
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        result = pnp("serve", "river", "--port", str(taken.getsockname()[1]))
    assert result.exit_code == 2
    assert "cannot listen on 127.0.0.1:" in result.output
    assert "pick another with --port" in result.output


def test_ctrl_c_stops_the_server_with_the_interrupt_exit_code(tmp_path):
    new_game(str(tmp_path / "river"), tmp_path)
    with serving(tmp_path, "river") as running:
        assert running.stop() == 130
    assert running.said[-1] == "pnp serve: stopped\n"


@pytest.mark.parametrize(
    "relative",
    [
        "../x",
        "decks/../../x",
        "/etc/passwd",
        "..\\x",
        "decks\\actions.csv",
        ".git/config",
        "",
        "a\0b",
    ],
)
def test_game_path_refuses_anything_but_a_plain_path_inside(tmp_path, relative):
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "actions.csv").write_text("id")
    assert game_path(tmp_path, relative) is None
    assert (
        game_path(tmp_path, "decks/actions.csv") == (tmp_path / "decks" / "actions.csv").resolve()
    )


@pytest.fixture
def preview(tmp_path) -> GamePreview:
    """A rendered preview of a fresh copy of the starter game."""
    game = GamePreview(new_game(str(tmp_path / "river"), tmp_path))
    game.refresh()
    return game


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_one_row_edited_redraws_one_card(preview):
    before = preview.snapshot
    _edit(preview.folder / "decks" / "actions.csv", "trade,Trade,", "trade,Barter,")
    after = preview.refresh()
    assert changed_tiles(before, after) == [("actions", "trade", "front")]
    assert len(preview.designs.rendered) == 1 and len(after.redrawn) == 1
    trade = next(t for g in after.groups for t in g.tiles if t.key == ("actions", "trade", "front"))
    assert trade.title == "Barter" and after.redrawn == {trade.digest}
    assert trade.digest in preview.store.pngs
    assert set(preview.store.pngs) == {t.digest for g in after.groups for t in g.tiles}


def test_nothing_changed_redraws_nothing(preview):
    before = preview.snapshot
    after = preview.refresh()
    assert changed_tiles(before, after) == [] and after.redrawn == frozenset()
    assert preview.designs.rendered == set()
    assert after.version == before.version + 1


def test_a_layout_edit_rerenders_its_deck_only_and_redraws_its_fronts_only(preview):
    before = preview.snapshot
    _edit(
        preview.folder / "game.yaml", 'fill: "#2e6b4f", bleed: true', 'fill: "#6b2e2e", bleed: true'
    )
    changed = changed_tiles(before, preview.refresh())
    assert changed == [("actions", card, "front") for card in ("gather", "trade", "build", "scout")]
    assert len(preview.designs.rendered) == 4  # the coin token's layout did not change


def test_the_preview_shows_the_faces_the_build_renders(preview):
    loaded = preview.snapshot.loaded
    built = rendered_game(loaded)
    symbols, folder = loaded.game.symbols, loaded.folder
    expected = sorted(face_digest(face, symbols, folder) for face, _shape in shown_faces(built))
    assert sorted(t.digest for g in preview.snapshot.groups for t in g.tiles) == expected
    assert len(expected) == 4 * 2 + 2 + 1  # four cards and their backs, a coin's two sides, a board


def test_an_error_keeps_the_last_good_faces_marked_stale_until_fixed(preview):
    good = preview.snapshot
    game_yaml = preview.folder / "game.yaml"
    text = game_yaml.read_text()
    _edit(game_yaml, "players: {min: 2, max: 4}", "players: {min: 2, max: 4")
    broken = preview.refresh()
    assert broken.stale and broken.groups == good.groups and broken.redrawn == frozenset()
    (error,) = [f for f in broken.findings if f.severity is Severity.ERROR]
    assert (error.code, error.position.file.name, error.position.line) == (
        "yaml-syntax",
        "game.yaml",
        12,
    )
    assert "game.yaml:12:1: error yaml-syntax" in findings_section(broken)
    game_yaml.write_text(text)
    fixed = preview.refresh()
    assert not fixed.stale and fixed.findings == () and changed_tiles(good, fixed) == []


def test_findings_are_grouped_by_file_files_with_errors_first():
    def found(name: str, line: int, severity: Severity) -> Finding:
        return Finding("code", severity, Position(Path(name), line), f"{name} {line}")

    snapshot = Snapshot(
        findings=(
            found("a.yaml", 1, Severity.WARNING),
            found("b.csv", 9, Severity.WARNING),
            found("b.csv", 4, Severity.ERROR),
        )
    )
    html = findings_section(snapshot)
    assert html.index("<h3>b.csv") < html.index("<h3>a.yaml")
    assert html.index("b.csv:4:1: error") < html.index("b.csv:9:1: warning")
    assert "1 error(s), 2 warning(s)" in html
