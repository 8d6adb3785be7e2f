"""`pnp build --watch`: one build, then the game built again on every save in the same process;
a save that breaks the data prints its findings and keeps the last kit; Ctrl-C ends it and
leaves no process behind."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from generator.watching import changed_games
from tests.serving import ctrl_c_as_at_a_terminal

WAITING = "pnp build --watch: waiting for a save (Ctrl-C stops)\n"
PATIENCE_SECONDS = 180  # how long a test waits for a line (a busy machine is slow, never wrong)


class Watching:
    """A `pnp build demo --watch` process and the lines it has printed so far."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "generator", "build", "demo", "-o", "out", "--watch"],
            cwd=folder,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            preexec_fn=ctrl_c_as_at_a_terminal,
        )
        self.lines: list[str] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.append(line)

    def wait_for(self, count: int, line: str = WAITING) -> list[str]:
        """The lines printed once `line` has been printed `count` times."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        while self.lines.count(line) < count:
            assert self.process.poll() is None, "".join(self.lines)
            assert time.monotonic() < deadline, "".join(self.lines)
            time.sleep(0.05)
        return list(self.lines)


def manifest(folder: Path) -> dict:
    return json.loads((folder / "out" / "demo" / "manifest.json").read_text())


def test_a_save_builds_the_game_again_and_a_broken_save_keeps_the_kit(game, tmp_path):
    folder = game()
    deck = folder / "decks" / "heroes.csv"
    watching = Watching(tmp_path)
    try:
        first = watching.wait_for(1)
        assert first[0].startswith("demo: ") and first[-1] == WAITING
        before = manifest(tmp_path)
        deck.write_text(deck.read_text().replace("Draw a card.", "Draw three cards."))
        second = watching.wait_for(2)[len(first) :]
        assert second[0].startswith("demo: ") and second[-1] == WAITING
        after = manifest(tmp_path)
        assert after != before
        deck.write_text(deck.read_text().replace("mage,Mage,1", "mage,Mage,many"))
        third = watching.wait_for(3)[len(first) + len(second) :]
        assert (
            third[0].startswith("demo/decks/heroes.csv:3:")
            and "expected a whole number" in third[0]
        )
        assert manifest(tmp_path) == after  # the last good kit stays
        watching.process.send_signal(signal.SIGINT)
        assert watching.process.wait(timeout=PATIENCE_SECONDS) == 130
        watching.reader.join(timeout=10)
        assert watching.lines[-1] == "pnp build --watch: stopped\n"
    finally:
        if watching.process.poll() is None:
            watching.process.kill()
            watching.process.wait()
        watching.reader.join(timeout=10)
        watching.process.stdout.close()


def test_a_save_names_the_games_it_touched(tmp_path, monkeypatch):
    one, other = tmp_path / "one", tmp_path / "other"
    shared = tmp_path / "layouts"
    for folder in (one, other, shared):
        folder.mkdir()
    monkeypatch.setattr("generator.watching.SHARED_LAYOUTS", shared)
    assert changed_games({one / "decks" / "a.csv"}, [one, other]) == [one]
    assert changed_games({tmp_path / "elsewhere.txt"}, [one, other]) == []
    assert changed_games({shared / "poker.yaml"}, [one, other]) == [one, other]
