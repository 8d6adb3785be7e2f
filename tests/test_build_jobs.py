"""`pnp build --all --jobs N`: games built side by side in worker processes give the same kits,
byte for byte, as one after another, each game rendering in a single process."""

from __future__ import annotations

from generator import build
from generator.batch import built_game
from generator.options import BuildOptions, PrintOptions
from generator.units import PAPERS
from tests.kits import two_games
from tests.test_cache import kit_hashes

OPTIONS = BuildOptions("a4", PrintOptions(PAPERS["a4"]))


def test_games_built_in_parallel_are_the_same_bytes_as_one_by_one(game, pnp, tmp_path):
    two_games(game, tmp_path)
    serial = pnp("build", "--all", "--jobs", "1", "-o", "one", "--no-cache")
    parallel = pnp("build", "--all", "--jobs", "2", "-o", "two", "--no-cache")
    assert serial.exit_code == parallel.exit_code == 0
    for name in ("demo", "other"):
        assert kit_hashes(tmp_path / "two" / name) == kit_hashes(tmp_path / "one" / name)
    assert kit_hashes(tmp_path / "two" / "demo") != kit_hashes(tmp_path / "two" / "other")
    lines = parallel.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == ["demo", "other"]  # in the order asked


def test_parallel_games_stop_on_any_error_and_write_nothing(game, pnp, tmp_path):
    two_games(game, tmp_path)
    deck = tmp_path / "card_data" / "other" / "decks" / "heroes.csv"
    deck.write_text(deck.read_text().replace("mage,Mage,1", "mage,Mage,many"))
    result = pnp("build", "--all", "--jobs", "2", "-o", "out")
    assert result.exit_code == 1
    assert "card_data/other/decks/heroes.csv:3" in result.stdout
    assert not (tmp_path / "out" / "demo").exists()


def test_a_game_built_beside_others_renders_in_one_process(game, monkeypatch):
    folder = game()
    pools = []
    real_pool = build.worker_pool

    def counted(*args, **kwargs):
        pools.append(args)
        return real_pool(*args, **kwargs)

    monkeypatch.setattr(build, "worker_pool", counted)
    monkeypatch.setattr(build, "cores", lambda: 2)
    monkeypatch.setattr(build, "can_fork", lambda: True)
    built_game(folder, OPTIONS, None, one_process=True)
    assert pools == []
    built_game(folder, OPTIONS, None)
    assert len(pools) == 1
