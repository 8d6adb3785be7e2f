"""Live preview benchmark: save -> pushed update for a one-card edit in a 300-card deck, against
a full `pnp build --only cards` of the same deck in the same run.

The game is `pnp new`'s starter with its deck grown to N cards (default 300), in a temporary
folder. `pnp serve` runs in its own process as a designer runs it; the benchmark listens to
the game's event stream like an open page does, then edits one card's title in the CSV and
times from the write to the event announcing the new version (re-check, re-render, redraw of
the changed face, push). It checks the page then shows the new title. The build is timed as
a designer runs it too: `pnp build GAME --only cards` in a process of its own.

Target (reported as PASS/MISS; timings are never asserted and the exit status is always 0):
  the median latency over the edits (default 7, at least 5) is at most 1.0 s.

Usage: python benchmarks/bench_preview.py [--cards N] [--edits E]
"""

from __future__ import annotations

import argparse
import csv
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from generator.starter import new_game
from tests.serving import PNP, get, serving

LATENCY_TARGET_S = 1.0
GAME = "bench"


def make_game(root: Path, cards: int) -> Path:
    """The starter game with `cards` designs of one copy each; the rulebook's four stay first."""
    folder = new_game(str(root / GAME), root)
    deck = folder / "decks" / "actions.csv"
    with deck.open(newline="") as source:
        rows = list(csv.DictReader(source))
    grown = [
        {**rows[i % len(rows)], "quantity": "1"}
        | ({} if i < len(rows) else {"id": f"card-{i:03d}", "name": f"Card {i}"})
        for i in range(cards)
    ]
    with deck.open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(grown)
    game_yaml = folder / "game.yaml"
    count = sum(int(row["quantity"]) for row in rows)
    game_yaml.write_text(game_yaml.read_text().replace(f"count: {count},", f"count: {cards},"))
    return folder


def events(port: int) -> http.client.HTTPResponse:
    """The game's event stream, opened as a page opens it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/events/{GAME}")
    return connection.getresponse()


def next_version(stream: http.client.HTTPResponse) -> int:
    """The version in the next event of the stream."""
    while True:
        line = stream.readline().decode()
        if line.startswith("data:"):
            return json.loads(line.removeprefix("data:"))["version"]


def edit_latencies(folder: Path, port: int, edits: int) -> list[float]:
    """Seconds from saving a one-card title change to the event announcing the version whose
    page shows it, per edit."""
    deck = folder / "decks" / "actions.csv"
    stream = events(port)
    next_version(stream)
    latencies = []
    for n in range(edits):
        title = f"Edited {n}"
        text = deck.read_text()
        start = text.index("card-150,") + len("card-150,")
        end = text.index(",", start)
        saved = time.perf_counter()
        deck.write_text(text[:start] + title + text[end:])
        latencies.append(_shown(stream, port, title) - saved)
        time.sleep(0.3)  # a designer's saves are apart; let the watcher settle
    stream.close()
    return latencies


def _shown(stream: http.client.HTTPResponse, port: int, title: str) -> float:
    """When the event came whose version's page shows `title` (a save may bring two)."""
    while True:
        version = next_version(stream)
        arrived = time.perf_counter()
        page = get(port, f"/game/{GAME}/")[1].decode()
        if f'data-version="{version}"' in page and f'alt="{title}"' in page:
            return arrived


def build_seconds(root: Path) -> float:
    """Wall time of `pnp build GAME --only cards`, as a designer runs it."""
    started = time.perf_counter()
    subprocess.run(
        [*PNP, "build", GAME, "--only", "cards", "-o", str(root / "out")],
        cwd=root,
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - started


def main() -> None:
    """Run the benchmark and print the figures with PASS/MISS."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=300)
    parser.add_argument("--edits", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        root = Path(temp)
        folder = make_game(root, args.cards)
        with serving(root, GAME) as server:
            latencies = edit_latencies(folder, server.port, max(5, args.edits))
        build = build_seconds(root)
    median = statistics.median(latencies)
    verdict = "PASS" if median <= LATENCY_TARGET_S else "MISS"
    print(f"deck: {args.cards} cards; {len(latencies)} one-card edits")
    print("save -> pushed update (s): " + ", ".join(f"{s:.3f}" for s in latencies))
    print(f"median {median:.3f} s, worst {max(latencies):.3f} s")
    print(f"full `pnp build --only cards` of the same deck: {build:.2f} s")
    print(f"{verdict}: median save -> update {median:.3f} s (target <= {LATENCY_TARGET_S:.1f} s)")


if __name__ == "__main__":
    main()
