"""`pnp serve`: only its own pages and renders are served, to requests addressed to it alone,
with its security headers; a save redraws only the faces it changed, a broken save keeps the
last good faces, and the server starts and stops as it says."""

from __future__ import annotations

import re
import socket
from html import unescape
from pathlib import Path

import pytest

from generator.build import rendered_game
from generator.findings import Finding, Position, Severity
from generator.serve.pages import findings_section
from generator.serve.previews import face_digest
from generator.serve.session import GamePreview, Snapshot, changed_tiles, shown_faces
from generator.starter import new_game
from tests.serving import Reply, ask, get, serving

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
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
GUARDS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
HOSTILE = b"<script>alert(document.domain)</script>"
HOSTILE_FILES = {
    "x.html": b"<!doctype html><title>x</title>" + HOSTILE,
    "art/y.svg": b'<svg xmlns="http://www.w3.org/2000/svg">' + HOSTILE + b"</svg>",
}
OWN_PAGE = (b"<!doctype html><html lang=en><head><meta charset=utf-8><title>", b"</body></html>")
LINK = re.compile(r'(?:href|src)=(?:"([^"]*)"|([^\s">]+))')


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`pnp serve` over a copy of the starter game, beside a file it must never serve."""
    root = tmp_path_factory.mktemp("serve")
    folder = new_game(str(root / "river"), root)
    (root / "river-secret.txt").write_text("secret")
    (folder / "leak").symlink_to("/etc/passwd")
    (folder / "art").mkdir()
    for name, text in HOSTILE_FILES.items():
        (folder / name).write_bytes(text)
    with serving(root, "river") as running:
        yield running


@pytest.mark.parametrize("path", ESCAPES)
def test_a_path_out_of_the_game_folder_is_a_404(server, path):
    status, body = get(server.port, path)
    assert status == 404
    assert b"root:" not in body and b"secret" not in body


def face_png(port: int) -> str:
    """The path of the Trade card's face image, as the game page shows it."""
    page = get(port, "/game/river/")[1].decode()
    return re.search(r'src="(/game/river/face/actions/trade/front/\w+\.png)"', page).group(1)


def test_the_games_renders_are_served(server):
    status, png = get(server.port, face_png(server.port))
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
    # `serving` runs it with --port 0: it says the port it was given and answers there
    assert server.port != 0
    assert server.banner == (
        f"Serving 1 game(s) at http://127.0.0.1:{server.port}/ (localhost only; --host to change)"
    )


@pytest.mark.parametrize("path", ["/", "/game/river/", "face", "/events/river"])
@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:{port}", "localhost:1", "127.0.0.1.nip.io:{port}"]
)
def test_a_request_not_addressed_to_the_preview_is_refused(server, path, host):
    asked = face_png(server.port) if path == "face" else path
    reply = ask(server.port, asked, host)
    expected = f"127.0.0.1:{server.port}, [::1]:{server.port}, localhost:{server.port}"
    found = host.format(port=server.port)
    assert reply.status == 400
    assert reply.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert (
        reply.body.decode() == f"pnp serve: expected a Host header of {expected}, found {found}\n"
    )
    assert {header: reply.headers[header] for header in GUARDS} == GUARDS


@pytest.mark.parametrize("path", ["/", "/game/river/", "face", "/events/river"])
@pytest.mark.parametrize(
    "host", ["127.0.0.1:{port}", "localhost:{port}", "LocalHost", "[::1]:{port}"]
)
def test_a_request_addressed_to_the_preview_is_answered(server, path, host):
    asked = face_png(server.port) if path == "face" else path
    reply = ask(server.port, asked, host, body=path != "/events/river")
    assert reply.status == 200
    assert {header: reply.headers[header] for header in GUARDS} == GUARDS


def test_a_request_with_no_host_is_refused(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as connection:
        connection.sendall(b"GET /game/river/ HTTP/1.0\r\n\r\n")  # HTTP/1.0 may leave it out
        reply = connection.makefile("rb").read()
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ")
    assert f"content-security-policy: {CSP}".encode() in head.split(b"\r\n")
    assert body.decode().endswith(", found none\n")
    # HTTP/1.1 requires a Host: the HTTP parser itself refuses the request
    assert ask(server.port, "/game/river/", None).status == 400


def crawl(port: int) -> dict[str, Reply]:
    """Every URL reached from the game list by following links and images, with its reply."""
    replies: dict[str, Reply] = {}
    todo = ["/"]
    while todo:
        path = todo.pop()
        if path in replies:
            continue
        reply = replies[path] = ask(port, path)
        if reply.headers["Content-Type"].startswith("text/html"):
            found = (unescape(a or b) for a, b in LINK.findall(reply.body.decode()))
            todo.extend(link for link in found if link.startswith("/"))
    return replies


def test_only_the_previews_pages_and_renders_are_served(server):
    replies = crawl(server.port)
    kinds = {path: reply.headers["Content-Type"] for path, reply in replies.items()}
    assert {"/preview.css", "/preview.js", "/game/river/rulebook"} <= set(replies)
    assert all(reply.status == 200 for reply in replies.values()), kinds
    assert set(kinds.values()) == {
        "text/html; charset=utf-8",
        "text/css; charset=utf-8",
        "text/javascript; charset=utf-8",
        "image/png",
    }
    for path, reply in replies.items():
        assert {header: reply.headers[header] for header in GUARDS} == GUARDS, path
        assert HOSTILE not in reply.body, path
        if kinds[path].startswith("text/html"):
            assert reply.body.startswith(OWN_PAGE[0]) and reply.body.endswith(OWN_PAGE[1]), path


@pytest.mark.parametrize("name", [*HOSTILE_FILES, "game.yaml", "decks/actions.csv"])
@pytest.mark.parametrize("folder", ["/game/river/files/", "/game/river/", "/"])
def test_no_file_of_the_game_folder_is_served(server, folder, name):
    reply = ask(server.port, folder + name)
    assert reply.status == 404
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    assert reply.body == get(server.port, "/no-such-page")[1]
    assert b"<h1>Not found</h1>" in reply.body
    assert {header: reply.headers[header] for header in GUARDS} == GUARDS


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
