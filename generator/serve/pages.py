"""The preview's HTML: plain pages, their stylesheet and a few lines of script that follow the
game's updates, served as /preview.css and /preview.js (the pages hold no inline style or
script, so the preview's Content-Security-Policy can forbid them)."""

from __future__ import annotations

from collections import defaultdict
from html import escape
from urllib.parse import quote

from generator.findings import Finding, Severity
from generator.render.rulebook import has_rulebook
from generator.serve.session import GamePreview, Group, Snapshot, Tile
from generator.serve.views import Pages

SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
OUTLINE_LEVELS = 6  # outline levels indented apart; a deeper entry is indented as the deepest

STYLE = """
body{font:15px/1.4 system-ui,sans-serif;margin:0;background:#f6f5f2;color:#222}
header{background:#2e3b33;color:#fff;padding:.6em 1em}header a{color:#fff}
main{padding:1em}nav a{margin-right:1em}
.grid{display:flex;flex-wrap:wrap;gap:12px}
figure{margin:0;text-align:center;font-size:13px}figure img{display:block;max-width:90vw;box-shadow:0 1px 3px #0004}
.stale-note{display:none}.stale .stale-note{display:block;background:#fff3cd;border:1px solid #e0c36a;padding:.5em}
.stale .grid img{opacity:.45;filter:grayscale(.7)}
.findings{max-height:40vh;overflow:auto}
.book{display:flex;gap:1.5em;align-items:flex-start}
.outline{position:sticky;top:0;max-height:96vh;overflow:auto;flex:0 0 24em;font-size:13px;padding:0}
.findings li{font-family:ui-monospace,monospace;font-size:13px;list-style:none}
.error{color:#a40000}.warning{color:#8a5a00}.info{color:#555}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
.large img{max-height:55vh;width:auto}.card{display:flex;gap:2em;align-items:flex-start}.card .grid{flex:0 0 auto}.facts{flex:1;min-width:16em}
.pages img{display:block;margin:0 0 12px;box-shadow:0 1px 3px #0004}
""" + "".join(f".outline .level-{n}{{margin-left:{n}em}}" for n in range(OUTLINE_LEVELS))

# Each page names its game and version; on a newer version it fetches itself and swaps <main>.
SCRIPT = """
const game = document.body.dataset.game;
if (game) {
  new EventSource(`/events/${encodeURIComponent(game)}`).onmessage = async (event) => {
    if (String(JSON.parse(event.data).version) === document.body.dataset.version) return;
    const reply = await fetch(location.href, {cache: "no-store"});
    const page = new DOMParser().parseFromString(await reply.text(), "text/html");
    document.querySelector("main").replaceWith(page.querySelector("main"));
    document.body.dataset.version = page.body.dataset.version;
  };
}
"""


def page(title: str, body: str, preview: GamePreview | None = None) -> str:
    """A whole page; one that shows a game follows its updates."""
    live = (
        f' data-game="{escape(preview.id)}" data-version="{preview.snapshot.version}"'
        if preview
        else ""
    )
    back = (
        f' · <a href="{_game_url(preview)}">{escape(preview.snapshot.title)}</a>' if preview else ""
    )
    return (
        f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{escape(title)}</title>"
        f"<link rel=stylesheet href=/preview.css></head><body{live}><header>"
        f"<a href=/>pnp preview</a>{back}</header>{body}<script src=/preview.js></script>"
        "</body></html>"
    )


def game_list(previews: list[GamePreview]) -> str:
    """Every game served, with how many errors and warnings it has now."""
    rows = "".join(
        f'<li><a href="{_game_url(p)}">{escape(p.snapshot.title)}</a> ({escape(p.id)}): '
        f"{_tally(p.snapshot.findings) if p.snapshot.version else 'checking…'}</li>"
        for p in previews
    )
    return page("Games", f"<main><h1>Games</h1><ul>{rows}</ul></main>")


def game_page(preview: GamePreview) -> str:
    """Findings first, then each deck, token sheet and board as a grid of faces."""
    snap = preview.snapshot
    links = f'<a href="{_game_url(preview)}rulebook">Rulebook</a>' if _has_rulebook(snap) else ""
    groups = "".join(_group(preview, group) for group in snap.groups)
    waiting = "" if snap.ready or snap.stale else "<p>Rendering…</p>"
    body = (
        f"<main class='{_stale(snap)}'><h1>{escape(snap.title)}</h1><nav>{links}</nav>"
        f"{_stale_note(snap)}{findings_section(snap)}{waiting}{groups}</main>"
    )
    return page(snap.title, body, preview)


def findings_section(snap: Snapshot) -> str:
    """`pnp check`'s findings grouped by file, files with errors first, errors first in each."""
    if snap.problem:
        return f"<section id=findings class=findings><p class=error>{escape(snap.problem)}</p></section>"
    if not snap.findings:
        return (
            "<section id=findings class=findings><p>No findings: pnp check is clean.</p></section>"
        )
    by_file: dict[str, list[Finding]] = defaultdict(list)
    for finding in snap.findings:
        by_file[finding.display_path()].append(finding)
    ordered = sorted(by_file.items(), key=lambda kv: (min(_rank(f) for f in kv[1]), kv[0]))
    parts = [f"<h2>Findings: {_tally(snap.findings)}</h2>"]
    for path, found in ordered:
        items = "".join(
            f"<li class={f.severity}>{escape(f.as_text())}</li>"
            for f in sorted(found, key=lambda f: (_rank(f), f.position))
        )
        parts.append(f"<h3>{escape(path)}</h3><ul>{items}</ul>")
    return f"<section id=findings class=findings>{''.join(parts)}</section>"


def card_page(preview: GamePreview, tiles: list[Tile], row: dict, layouts: str, where: str) -> str:
    """One design at large size, front and back, with its data row, layout and source line."""
    snap = preview.snapshot
    title = tiles[0].title
    images = "".join(
        f'<figure><img alt="{escape(t.title)}" src="{_face_url(preview, t)}large.png?d={t.digest}">'
        f"<figcaption>{escape(t.title)}</figcaption></figure>"
        for t in tiles
    )
    cells = "".join(
        f"<tr><th>{escape(str(k))}</th><td>{escape(str(v))}</td></tr>" for k, v in row.items()
    )
    body = (
        f"<main class='{_stale(snap)}'><h1>{escape(title)}</h1>{_stale_note(snap)}"
        f"<p>Layout: <code>{escape(layouts)}</code> · row at <code id=row>{escape(where)}</code></p>"
        f"<div class=card><div class='grid large'>{images}</div>"
        f"<div class=facts><h2>Data row</h2><table>{cells}</table></div></div>"
        f"{findings_section(snap)}</main>"
    )
    return page(title, body, preview)


def sheets_page(preview: GamePreview, group: Group, drawn: Pages) -> str:
    """A deck's, token sheet's or board's printed pages, as the kit prints them on A4."""
    base = f"{_game_url(preview)}sheets/{quote(group.id)}/"
    pages = "".join(
        f'<img alt="{escape(group.name)}, page {n + 1}" src="{base}{n + 1}.png?v={preview.snapshot.version}">'
        for n in range(len(drawn.pngs))
    )
    body = (
        f"<main class='{_stale(preview.snapshot)}'><h1>{escape(group.name)}: printed pages (A4)</h1>"
        f"{_stale_note(preview.snapshot)}{_problem(drawn)}<div class=pages>{pages}</div></main>"
    )
    return page(group.name, body, preview)


def rulebook_page(preview: GamePreview, drawn: Pages) -> str:
    """The rulebook's pages with its outline beside them, each entry leading to its page."""
    snap = preview.snapshot
    entries = "".join(
        f'<li class="level-{min(h.level, OUTLINE_LEVELS - 1)}">'
        f'<a href="#page-{h.page + 1}">{escape(h.title)}</a> '
        f"p. {h.page + 1}</li>"
        for h in drawn.outline
    )
    pages = "".join(
        f'<img id="page-{n}" alt="Rulebook page {n}" '
        f'src="{_game_url(preview)}rulebook/{n}.png?v={snap.version}">'
        for n in range(1, len(drawn.pngs) + 1)
    )
    body = (
        f"<main class='{_stale(snap)}'><h1>{escape(snap.title)}: rulebook</h1>{_stale_note(snap)}"
        f"{_problem(drawn)}<div class=book><ul id=outline class=outline>{entries}</ul>"
        f"<div class=pages>{pages}</div></div></main>"
    )
    return page(f"{snap.title}: rulebook", body, preview)


def not_found() -> str:
    """The page of any path the preview does not serve."""
    return page("Not found", "<main><h1>Not found</h1></main>")


def _group(preview: GamePreview, group: Group) -> str:
    """One grid: a heading, a link to its printed pages, and a figure per face."""
    label = {"deck": "Deck", "tokens": "Token sheet", "board": "Board"}[group.kind]
    figures = "".join(
        f'<figure data-key="{escape("/".join(t.key))}"><a href="{_card_url(preview, t)}">'
        f'<img alt="{escape(t.title)}" src="{_face_url(preview, t)}{t.digest}.png"></a>'
        f"<figcaption>{escape(t.title)}</figcaption></figure>"
        for t in group.tiles
    )
    sheets = f"{_game_url(preview)}sheets/{quote(group.id)}/"
    return (
        f'<section class=group id="{escape(group.kind)}-{escape(group.id)}">'
        f'<h2>{label}: {escape(group.name)} <small><a href="{sheets}">printed pages</a></small></h2>'
        f"<div class=grid>{figures}</div></section>"
    )


def _game_url(preview: GamePreview) -> str:
    """Where a game's page is; ids are quoted so any id makes a valid path."""
    return f"/game/{quote(preview.id)}/"


def _card_url(preview: GamePreview, tile: Tile) -> str:
    """Where a design's card page is."""
    return f"{_game_url(preview)}card/{quote(tile.owner)}/{quote(tile.piece)}"


def _face_url(preview: GamePreview, tile: Tile) -> str:
    """The folder of a face's images; the file name is its digest, so a new face is a new URL."""
    return f"{_game_url(preview)}face/{quote(tile.owner)}/{quote(tile.piece)}/{tile.side}/"


def _has_rulebook(snap: Snapshot) -> bool:
    """Whether to offer the rulebook view."""
    return snap.loaded is not None and has_rulebook(snap.loaded.folder)


def _stale(snap: Snapshot) -> str:
    """The class that greys out faces the latest data did not render."""
    return "stale" if snap.stale else ""


def _stale_note(snap: Snapshot) -> str:
    """Why faces are greyed out; shown only under the `stale` class."""
    return (
        "<p class=stale-note>The data has errors (see the findings): these are the last faces "
        "that rendered, marked stale. Fix the data and they update.</p>"
    )


def _problem(drawn: Pages) -> str:
    """The one line that says a view could not be drawn."""
    return f"<p class=error>{escape(drawn.problem)}</p>" if drawn.problem else ""


def _rank(finding: Finding) -> int:
    """Errors before warnings before notes."""
    return SEVERITY_ORDER.get(finding.severity, 3)


def _tally(findings: tuple[Finding, ...]) -> str:
    """The counts `pnp check` ends with."""
    errors = sum(f.severity is Severity.ERROR for f in findings)
    warnings = sum(f.severity is Severity.WARNING for f in findings)
    return f"{errors} error(s), {warnings} warning(s)"
