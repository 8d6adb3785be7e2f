"""`pnp build` rebuilds from its cache: the same bytes as a cold build, only the files a changed
card is on drawn again, nothing cached with --no-cache, and a damaged cache is only a miss."""

from __future__ import annotations

import enum
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.cache.store import CACHE_ENV, FOLDER

GAMES = Path(__file__).resolve().parents[1] / "card_data"
BUNDLED = sorted(p.name for p in GAMES.iterdir() if (p / "game.yaml").is_file())
CARD = "Take another turn straight after this one."  # belaad's Hashash card hh-extra-turn
# The files hh-extra-turn is printed in: sheets, print-shop pages, its PNG, its TTS deck, and the
# rulebook, which lists every Hashash card's text (the scholars' guide, report, tokens do not).
ITS_FILES = {
    "rulebook.pdf",
    "rulebook-booklet.pdf",
    "cards-poker.pdf",
    "printshop-poker.pdf",
    "png/deck-hashash/hh-extra-turn-front.png",
    "tts/deck-hashash-faces-1.png",
    "manifest.json",
}


def kit_hashes(kit: Path) -> dict[str, str]:
    """Every file of a kit folder, relative path -> SHA-256."""
    return {
        path.relative_to(kit).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(kit.rglob("*"))
        if path.is_file()
    }


def warnings(summary: str) -> int:
    """The warning count of a build's summary line (`..., 31 warning(s) (see pnp check)`)."""
    found = re.search(r", (\d+) warning\(s\)", summary)
    return int(found.group(1)) if found else 0


def cache_records(out: Path, folder: str = FOLDER) -> list[str]:
    """The kit and job records a build left in the output folder's cache."""
    return sorted(
        p.parent.parent.name
        for kind in ("games", "jobs")
        for p in (out / folder).glob(f"v*/{kind}/*/*")
    )


def copied(name: str, tmp_path: Path) -> Path:
    """A bundled game copied to tmp_path, to change without touching card_data/."""
    return Path(shutil.copytree(GAMES / name, tmp_path / name))


@pytest.mark.parametrize("name", [n for n in BUNDLED if n != "belaad"])
def test_a_rebuild_from_the_cache_is_the_same_bytes_as_a_cold_build(name, tmp_path, pnp):
    folder, out = copied(name, tmp_path), tmp_path / "out"
    build = ("build", str(folder), "-o", str(out), "--only", "cards,report")
    first = pnp(*build)  # cold: the cache is empty, so every job runs
    assert first.exit_code == 0
    cold = kit_hashes(out / folder.name)
    (folder / "notes.txt").write_text("a note the build never reads\n")
    result = pnp(*build)  # the game's files changed, so the kit is assembled job by job
    assert result.exit_code == 0
    assert "from the cache" not in result.stderr
    assert kit_hashes(out / folder.name) == cold
    result = pnp(*build)  # nothing changed: the whole kit comes from the cache
    assert f"{name}: " in result.stderr and "unchanged (from the cache)" in result.stderr
    assert warnings(result.stderr) == warnings(first.stderr)  # kept with the kit
    assert kit_hashes(out / folder.name) == cold
    assert cache_records(out).count("games") == 2


def test_changing_one_card_redraws_only_the_files_it_is_on(tmp_path, pnp):
    folder, out = copied("belaad", tmp_path), tmp_path / "out"
    assert pnp("build", str(folder), "-o", str(out)).exit_code == 0
    before = kit_hashes(out / "belaad")
    deck = folder / "decks" / "hashash.yaml"
    deck.write_text(deck.read_text().replace(CARD, "Take one more turn straight after this one."))
    assert pnp("build", str(folder), "-o", str(out)).exit_code == 0
    after = kit_hashes(out / "belaad")
    assert sorted(after) == sorted(before)
    assert {path for path in after if after[path] != before[path]} == ITS_FILES
    cold_out = tmp_path / "cold"
    only = ("--only", "cards,png,tts", "--no-cache")
    assert pnp("build", str(folder), "-o", str(cold_out), *only).exit_code == 0
    cold = kit_hashes(cold_out / "belaad")
    assert {path: after[path] for path in cold if path != "manifest.json"} == {
        path: sha for path, sha in cold.items() if path != "manifest.json"
    }
    entries = json.loads((out / "belaad" / "manifest.json").read_text())["files"]
    cold_entries = json.loads((cold_out / "belaad" / "manifest.json").read_text())["files"]
    assert [e for e in entries if e["path"] in cold] == cold_entries


def test_no_cache_neither_reads_nor_writes_the_cache(game, pnp, tmp_path, monkeypatch):
    game()
    assert pnp("build", "demo", "-o", "out", "--no-cache").exit_code == 0
    assert not (tmp_path / "out" / FOLDER).exists()
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    assert cache_records(tmp_path / "out") == ["games", "jobs", "jobs", "jobs", "jobs"]
    kit = kit_hashes(tmp_path / "out" / "demo")
    shutil.rmtree(tmp_path / "out" / "demo")
    result = pnp("build", "demo", "-o", "out", "--no-cache")
    assert "from the cache" not in result.stderr
    assert kit_hashes(tmp_path / "out" / "demo") == kit
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "shared"))
    assert pnp("build", "demo", "-o", "elsewhere").exit_code == 0
    assert not (tmp_path / "elsewhere" / FOLDER).exists()
    assert (
        len(list((tmp_path / "shared" / "kits").glob("v*/*s/*/*")))
        - len(list((tmp_path / "shared" / "kits").glob("v*/files/*/*")))
        >= 5
    )


def test_a_damaged_or_half_deleted_cache_is_a_miss_not_a_wrong_kit(game, pnp, tmp_path):
    game()
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    kit = kit_hashes(tmp_path / "out" / "demo")
    stored = sorted((tmp_path / "out" / FOLDER).rglob("files/*/*"))
    for path in stored[::2]:
        path.write_bytes(b"damaged")
    for path in stored[1::2]:
        path.unlink()
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 0 and "from the cache" not in result.stderr
    assert kit_hashes(tmp_path / "out" / "demo") == kit
    manifest = json.loads((tmp_path / "out" / "demo" / "manifest.json").read_text())
    assert not [e for e in manifest["files"] if FOLDER in e["path"]]


def test_a_key_is_the_same_in_every_interpreter_whatever_its_string_hashing():
    program = (
        "from pathlib import Path; from generator.cache.keys import digest; "
        "print(digest(frozenset({'gold', 'sword', 'scroll'}), {'a': (1, 2.5)}, Path('pyproject.toml')))"
    )
    keys = {
        subprocess.run(
            [sys.executable, "-c", program],
            env={**os.environ, "PYTHONHASHSEED": seed},
            cwd=GAMES.parent,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(keys) == 1 and len(keys.pop().strip()) == 64


class DigestKind(enum.IntEnum):
    A = 1


@dataclass(frozen=True)
class DigestSpot:
    x: float
    kind: DigestKind
    tags: tuple


def test_digests_read_scalars_containers_dataclasses_and_enums_as_they_always_have():
    """The walk's fast path for scalars writes the stream the plain walk wrote: this digest was
    taken before it existed (a changed stream would silently change every cache key)."""
    from generator.cache.keys import digest

    values = (1, "1", None, 1.5, True, b"x", {"a": [1, DigestSpot(2.0, DigestKind.A, ("t",))]})
    assert (
        digest(*values, frozenset({2, 3}), DigestKind.A)
        == "e3d567a8c5ad8704df3fc391496f6cddf194fd15d9f03697e7d8168f99c471bd"
    )
