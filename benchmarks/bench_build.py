"""Rebuild benchmark: a cold `pnp build`, a rebuild with nothing changed and a rebuild after one
card's text changed, for every bundled game, timed as a user runs them.

Each game folder of card_data/ is copied to a temporary folder; every build is the command
`pnp build COPY -o OUT` in a process of its own (all parts, default options; the cache is
OUT/.cache, $PNP_CACHE_DIR is unset). A round is, in this order:

  cold       OUT (cache included) deleted, the game's own text restored, then built;
  no change  built again into the same OUT: nothing changed, so the kit comes from the cache;
  one card   one word of one card's text changed in its deck file, then built again: only the
             jobs drawing that card (its sheets, PNG, TTS faces, the rulebook when it shows
             the card) should be made, the rest comes from the cache;
  watched    the word put back, `pnp build COPY -o OUT --watch` started and its first build
             awaited, then the word changed again: the seconds from that save to the kit
             written (the next "waiting for a save" line), the edit loop a designer runs.

The changed card, chosen by a fixed rule rather than by hand: the first design, in the order
game.yaml lists its decks and each deck file lists its designs, whose `text` holds a plain word
of four or more letters (outside `{{ ... }}` and `:icon:`); that word, its first, is spelt
backwards (same letters, same length), and put back after the round. Each round starts from an
empty cache, so every one-card rebuild really has one changed card to draw. Which card that is
for each game and which output files changed (a rulebook that quotes or shows the card changes
too, legitimately) are printed. After the rounds, the last one-card rebuild's kit is compared
with a `--no-cache` cold build of the changed game: it must be byte-identical.

Every build but the watched one loads pnp in a process of its own, as a designer's `pnp build`
does; the watched one is a rebuild inside a process that has built the game once already.

Judged per game (PASS/MISS; nothing is asserted, the exit status is always 0):
  no-change rebuild <= 10 % of the cold build; one-card rebuild <= 40 % of the cold build;
  one-card rebuild inside --watch <= 15 % of the cold build.
One warm-up round, then 5 measured rounds; the four builds take turns inside each round, so a
busy moment slows all three alike. pnp's cache keys cover its own source files, so a round
whose no-change rebuild was not "from the cache" (someone edited pnp meanwhile) is run again.
Seconds are medians (min-max); a ratio is the median of the rounds' own ratios (rebuild / that
round's cold build), min-max beside it.

pnp's modules are compiled to bytecode first, as installing pnp does (benchmarks/timing.py).

Usage: python benchmarks/bench_build.py [--games NAME,...] [--runs N] [--quick]
(--quick: no warm-up, one round each, for a smoke run; its verdicts mean little.)
In a checkout others are editing, measure one commit: `git archive HEAD | tar -x -C DIR`, then
`PYTHONPATH=DIR python DIR/benchmarks/bench_build.py` (the `pnp` it runs imports DIR's code).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from timing import RUNS, Figures, compiled, row, verdict

from generator.cache.store import CACHE_ENV
from generator.findings import Report
from generator.load.game import load_game

GAMES = Path(__file__).resolve().parents[1] / "card_data"
PNP = Path(sys.executable).with_name("pnp")
NO_CHANGE_TARGET = 0.10
ONE_CARD_TARGET = 0.40
WATCHED_TARGET = 0.15
SIDES = ("cold", "no change", "one card", "watched")
WAITING = "pnp build --watch: waiting for a save"  # what --watch prints once a build is done
FROM_CACHE = "unchanged (from the cache)"  # what `pnp build` says of a kit it did not build
RETRIES = 3
BUILD_ENV: dict[str, str] = {}  # what every build runs with: this environment, no shared cache
WORD = re.compile(r"\b[A-Za-z]{4,}\b")
NOT_WORDS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|:[\w-]+:")  # Jinja and inline icons


@dataclass(frozen=True)
class Change:
    """One word of one card's text, spelt backwards in its deck file."""

    deck_file: Path
    card: str
    word: str
    original: str
    changed: str

    @property
    def described(self) -> str:
        """What is changed, for the table."""
        return f"{self.card} in {self.deck_file.name}: {self.word!r} -> {self.word[::-1]!r}"


def changed_card(folder: Path) -> Change:
    """The first design with a plain word in its text, and its deck file with that word reversed."""
    loaded = load_game(folder, Report())
    if loaded is None:
        raise SystemExit(f"{folder.name} does not load")
    for deck in loaded.game.decks:
        pieces = loaded.piece_files[deck.id]
        for index, piece in enumerate(pieces.pieces):
            found = WORD.search(NOT_WORDS.sub(" ", piece.text))
            if found is None:
                continue
            where = pieces.position(index, "text")
            return _reversed_in_file(where.file, where.line, piece.id, found.group())
    raise SystemExit(f"{folder.name}: no card has a plain word in its text")


def _reversed_in_file(path: Path, line: int, card: str, word: str) -> Change:
    """The deck file with the first `word` from `line` (1-based) on spelt backwards."""
    original = path.read_text(encoding="utf-8")
    start = sum(len(text) for text in original.splitlines(keepends=True)[: max(line - 1, 0)])
    found = re.compile(rf"\b{word}\b").search(original, start)
    if found is None:
        raise SystemExit(f"{card}: {word!r} not found in {path.name} from line {line}")
    changed = original[: found.start()] + word[::-1] + original[found.end() :]
    return Change(path, card, word, original, changed)


def build(folder: Path, out: Path, *extra: str) -> tuple[float, str]:
    """Seconds `pnp build FOLDER -o OUT` takes, in a process of its own, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(
        [str(PNP), "build", str(folder), "-o", str(out), *extra],
        capture_output=True,
        text=True,
        env=BUILD_ENV,
        check=False,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"pnp build {folder.name} failed:\n{done.stderr}")
    return seconds, done.stderr


def kit_hashes(kit: Path) -> dict[str, str]:
    """Every file of a kit folder: relative path -> SHA-256."""
    return {
        path.relative_to(kit).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(kit.rglob("*"))
        if path.is_file()
    }


@dataclass
class Measured:
    """One game's rounds: seconds per side, the files the one-card rebuild changed, and whether
    its kit is the same as a cold build of the changed game."""

    change: Change
    seconds: dict[str, list[float]]
    changed_files: list[str]
    identical: bool | None = None


def one_round(folder: Path, out: Path, change: Change) -> tuple[dict[str, float], list[str]]:
    """Cold, no-change and one-card builds of the game: their seconds and the changed files.
    A round whose no-change rebuild missed the cache is run again: pnp's own code changed
    during it (its key covers every source file), so it timed a cold build twice."""
    for _ in range(RETRIES):
        shutil.rmtree(out, ignore_errors=True)
        change.deck_file.write_text(change.original, encoding="utf-8")
        seconds = {"cold": build(folder, out)[0]}
        seconds["no change"], said = build(folder, out)
        if FROM_CACHE in said:
            break
        print(f"  {folder.name}: the no-change rebuild missed the cache (code edited?); again")
    before = kit_hashes(out / folder.name)
    change.deck_file.write_text(change.changed, encoding="utf-8")
    seconds["one card"] = build(folder, out)[0]
    after = kit_hashes(out / folder.name)
    files = sorted(set(before) ^ set(after) | {p for p in after if after[p] != before.get(p)})
    seconds["watched"] = watched(folder, out, change)
    return seconds, files


def watched(folder: Path, out: Path, change: Change) -> float:
    """Seconds from saving the changed card to the kit written, inside `pnp build --watch`
    (started on the game as it was, its first build done before the save)."""
    change.deck_file.write_text(change.original, encoding="utf-8")
    process = subprocess.Popen(
        [str(PNP), "build", str(folder), "-o", str(out), "--watch"],
        stderr=subprocess.PIPE,
        text=True,
        env=BUILD_ENV,
    )
    try:
        _wait_for(process, WAITING)
        saved = time.perf_counter()
        change.deck_file.write_text(change.changed, encoding="utf-8")
        _wait_for(process, WAITING)
        return time.perf_counter() - saved
    finally:
        process.terminate()
        process.wait()
        process.stderr.close()


def _wait_for(process: subprocess.Popen, start: str) -> None:
    """Read what the process prints until a line starting with `start`."""
    for line in process.stderr:
        if line.startswith(start):
            return
    raise SystemExit(f"pnp build --watch ended before saying {start!r}")


def measured_game(name: str, root: Path, runs: int, warm_up: bool) -> Measured:
    """Every round of one game, then the last rebuild checked against a cold build."""
    folder = Path(shutil.copytree(GAMES / name, root / "games" / name))
    out = root / "out" / name
    change = changed_card(folder)
    measured = Measured(change, {side: [] for side in SIDES}, [])
    for measuring in [False] * warm_up + [True] * runs:
        seconds, measured.changed_files = one_round(folder, out, change)
        for side in SIDES:
            if measuring:
                measured.seconds[side].append(seconds[side])
    cold = root / "cold" / name
    build(folder, cold, "--no-cache")  # the game with the card changed, as the last round left it
    measured.identical = kit_hashes(cold / name) == kit_hashes(out / name)
    change.deck_file.write_text(change.original, encoding="utf-8")
    return measured


def ratio(measured: Measured, side: str) -> Figures:
    """The rounds' own ratios of a rebuild to that round's cold build."""
    pairs = zip(measured.seconds[side], measured.seconds["cold"], strict=True)
    return Figures(tuple(rebuild / cold for rebuild, cold in pairs))


def table(results: dict[str, Measured]) -> None:
    """The seconds, the ratios and their verdicts, then what each one-card rebuild changed."""
    print()
    print(row("Seconds: median (min-max)", *SIDES))
    for name, measured in results.items():
        print(row(f"  {name}", *(Figures(tuple(measured.seconds[s])).text() for s in SIDES)))
    print()
    print(row("Judged: rebuild / cold, median (min-max)", "ratio", "target", "verdict"))
    for name, measured in results.items():
        for side, target in (
            ("no change", NO_CHANGE_TARGET),
            ("one card", ONE_CARD_TARGET),
            ("watched", WATCHED_TARGET),
        ):
            share = ratio(measured, side)
            percent = f"{share.median:.1%} ({min(share.values):.1%}-{max(share.values):.1%})"
            judged = verdict(share.median <= target)
            print(row(f"  {name}, {side}", percent, f"<= {target:.0%}", judged))
    print()
    print("One-card rebuilds: the card changed, the output files that changed, and whether the")
    print("kit is byte-identical to a --no-cache cold build of the changed game:")
    for name, measured in results.items():
        same = "byte-identical" if measured.identical else "DIFFERS from a cold build"
        print(f"  {name}: {measured.change.described}; {same}")
        print(f"    {', '.join(measured.changed_files) or 'nothing changed'}")


def bundled() -> list[str]:
    """Every game folder of card_data/."""
    return sorted(p.name for p in GAMES.iterdir() if (p / "game.yaml").is_file())


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, run every game's rounds and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(bundled()), help="comma-separated (all)")
    parser.add_argument("--runs", type=int, default=RUNS, help=f"measured rounds ({RUNS})")
    parser.add_argument("--quick", action="store_true", help="one round, no warm-up")
    args = parser.parse_args(argv)
    runs, warm_up = (1, False) if args.quick else (args.runs, True)
    names = args.games.split(",")
    compiled([GAMES.parent / "generator"])  # pnp runs from bytecode, as installed
    print(
        f"Rebuild benchmark: `pnp build GAME -o OUT`, {runs} measured round(s) per game "
        f"({'after a warm-up round, ' if warm_up else ''}cold, no change, one card in turn)"
    )
    with tempfile.TemporaryDirectory() as root:
        BUILD_ENV.update({k: v for k, v in os.environ.items() if k not in (CACHE_ENV, "CI")})
        results = {name: measured_game(name, Path(root), runs, warm_up) for name in names}
    table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
