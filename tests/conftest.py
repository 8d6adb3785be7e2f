"""Shared fixtures: a small valid game written to a temporary folder, and a CLI runner."""

from __future__ import annotations

import logging
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.cache.seal import unsealed
from generator.cli import cli


def cache_entry(path: Path) -> bytes | None:
    """What a cache entry file keeps (`v<format>/<kind>/<xx>/<key>`), its seal checked."""
    return unsealed(path.parent.parent.name, path.name, path.read_bytes())


GAME_YAML = """\
id: demo
title: Demo Game
players:
  min: 2
  max: 4
symbols:
  - key: gold
    label: Gold
terms:
  - name: talent
    aliases: [gold coin]
components:
  - id: hero-cards
    name: Hero cards
    kind: card
    count: 3
    provided_by: heroes
decks:
  - id: heroes
    name: Heroes
    file: decks/heroes.csv
"""

HEROES_CSV = """\
id,name,quantity,text
knight,Knight,2,Gain 1 :gold:.
mage,Mage,1,Draw a card.
"""


def big_game(folder: Path, cards: int = 400) -> None:
    """A deck large enough that its PNG and TTS exports run in worker processes for seconds."""
    (folder / "demo/decks").mkdir(parents=True)
    (folder / "demo/game.yaml").write_text(
        GAME_YAML.replace("count: 3", f"count: {cards}"), encoding="utf-8"
    )
    rows = "".join(f"c{i},Card {i},1,Gain {i} :gold:.\n" for i in range(cards))
    (folder / "demo/decks/heroes.csv").write_text(
        "id,name,quantity,text\n" + rows, encoding="utf-8"
    )


def build_process(folder: Path, **popen) -> subprocess.Popen:
    """`pnp build demo -o out` started in `folder` (its stderr piped, as text)."""
    return subprocess.Popen(
        [sys.executable, "-m", "generator", "build", "demo", "-o", "out"],
        cwd=folder,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


@pytest.fixture(autouse=True)
def no_unexpected_logs(caplog: pytest.LogCaptureFixture):
    """Fail any test during which the tool logs a warning or worse."""
    yield
    loud = [r for r in caplog.get_records("call") if r.levelno >= logging.WARNING]
    assert not loud, [r.getMessage() for r in loud]


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Path]:
    """Write the demo game (files replaced; bytes written as given) under tmp_path/demo; cd to tmp_path."""
    monkeypatch.chdir(tmp_path)

    def write(files: dict[str, str | bytes] | None = None) -> Path:
        contents = {"game.yaml": GAME_YAML, "decks/heroes.csv": HEROES_CSV, **(files or {})}
        folder = tmp_path / "demo"
        for name, text in contents.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(text, bytes):  # written as given, e.g. to test encodings
                path.write_bytes(text)
            else:
                path.write_text(textwrap.dedent(text), encoding="utf-8")
        return folder

    return write


@pytest.fixture
def pnp() -> Callable[..., Result]:
    """Run the pnp command line in-process; stdout and stderr are kept apart."""
    runner = CliRunner()

    def run(*args: str) -> Result:
        return runner.invoke(cli, list(args), catch_exceptions=False)

    return run


@pytest.fixture(scope="session")
def bundled_books(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every bundled rulebook and booklet, built once for the whole run: `<out>/<game>/`."""
    from tests.kits import BOOKS

    out = tmp_path_factory.mktemp("books")
    for folder in BOOKS:
        result = CliRunner().invoke(
            cli, ["build", str(folder), "-o", str(out), "--only", "rulebook", "--no-cache"]
        )
        assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def evaluated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The expressions the data rules evaluate from now on (setup amounts, invariants)."""
    from generator.check import declared

    expressions: list[str] = []
    evaluate = declared.evaluate

    def counted(expression, context):
        expressions.append(expression)
        return evaluate(expression, context)

    monkeypatch.setattr(declared, "evaluate", counted)
    return expressions


@pytest.fixture(autouse=True)
def _jobs_in_the_tests_process(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """The suite already runs on every core (pytest-xdist), so a build's jobs run in the test's
    own process, where a test also sees what they draw: forking job workers beside it made the
    suite 201 s instead of 181. Tests of the workers ask for `every_core`."""
    if "every_core" not in request.fixturenames:
        import generator.build

        monkeypatch.setattr(generator.build, "cores", lambda: 1)


@pytest.fixture
def every_core() -> None:
    """A build's jobs go to worker processes, as they do outside the suite."""
