"""Hostile data files meet the load layer: deep or alias-bombed YAML, numbers past any float,
bytes that are not UTF-8, an empty game file, short CSV rows, folders, links and layout cycles
each give one finding at the file:line to fix, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check import check_game
from generator.findings import Position, Report
from generator.limits import Limits, applied
from generator.load import sources
from generator.load.designs import _number
from generator.load.layouts import resolve_layouts
from generator.load.schema import listed
from generator.load.sources import SourceError, read_yaml
from generator.model import Layout

GAME_NEEDS = (
    "expected a game file: a mapping of keys, at least `id` (the folder name), `title` and "
    "`players: {min: 1, max: 4}`, and the decks, token_sheets and boards to print"
)
NUMBER = "expected a number between -1,000,000,000,000,000 and 1,000,000,000,000,000"
DEEP = "expected YAML nested at most 100 levels deep, found deeper here"
HEAD = "id: demo\ntitle: Demo Game\nplayers: {min: 2, max: 4}\n"


def errors(folder: Path, *codes: str) -> list[str]:
    """The error findings of `pnp check` on a game (of the given codes), as printed."""
    _, report = check_game(folder)
    return [
        f.as_text()
        for f in report.sorted()
        if f.severity == "error" and (not codes or f.code in codes)
    ]


def yaml_error(tmp_path: Path, text: str) -> str:
    """The finding a YAML file's text gives, as printed (relative to tmp_path)."""
    path = tmp_path / "data.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        read_yaml(path, Report())
    report = Report()
    raised.value.report_to(report)
    (finding,) = report.findings
    return f"{finding.position.place}: {finding.code}: {finding.message}"


def test_yaml_nested_500_levels_is_refused_where_it_passes_100(tmp_path):
    assert yaml_error(tmp_path, "a: 1\nb: " + "[" * 500) == f"2:103: too-large: {DEEP}"


def test_yaml_nested_100000_levels_is_refused_where_the_reader_stops(tmp_path):
    """PyYAML 6.0.4's libyaml scans ahead through a run of brackets and stops at 1,000 levels,
    before its events pass 100: the finding is where it stopped."""
    assert yaml_error(tmp_path, "a: 1\nb: " + "[" * 100_000) == f"2:1003: too-large: {DEEP}"


def test_block_nesting_counts_like_flow_nesting(tmp_path):
    nested = "".join(" " * depth + f"k{depth}:\n" for depth in range(150))
    assert yaml_error(tmp_path, nested + " " * 150 + "x: 1\n") == f"101:101: too-large: {DEEP}"


def test_yaml_nested_exactly_100_levels_reads(tmp_path):
    path = tmp_path / "data.yaml"
    path.write_text("[" * 100 + "1" + "]" * 100, encoding="utf-8")
    value, _ = read_yaml(path, Report())
    for _ in range(99):
        value = value[0]
    assert value == [1]


def test_billion_laughs_is_refused_at_the_alias_that_passes_the_limit(tmp_path):
    laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
        f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 10)
    )
    assert yaml_error(tmp_path, laughs) == (
        "6:45: too-large: expected aliases to repeat at most 1,000,000 values in one file, "
        "found more by '*a4' (it repeats 111,111)"
    )


def test_aliases_up_to_the_limit_read(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_YAML_ALIAS_VALUES", 8)
    path = tmp_path / "data.yaml"
    path.write_text("x: &x [1, 2, 3]\ny: [*x, *x]\n", encoding="utf-8")  # 4 values twice
    assert read_yaml(path, Report())[0] == {"x": [1, 2, 3], "y": [[1, 2, 3], [1, 2, 3]]}
    path.write_text("x: &x [1, 2, 3]\ny: [*x, *x, *x]\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"at most 8 values in one file, found more by '\*x'"):
        read_yaml(path, Report())


def test_a_recursive_alias_is_an_error(tmp_path):
    assert yaml_error(tmp_path, "a: &a\n  - 1\n  - *a\n") == (
        "3:5: yaml-syntax: expected an alias to name a finished value, found '*a' inside "
        "the value '&a' it names (a recursive document)"
    )


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ("9" * 400, "a number of 400 characters"),
        ("1.0e+999", "'1.0e+999'"),
        ("-1.0e+999", "'-1.0e+999'"),
        (".nan", "'.nan'"),
        ("1_000_000_000_000_001", "'1_000_000_000_000_001'"),
    ],
)
def test_numbers_past_the_limit_are_findings(tmp_path, value, found):
    assert yaml_error(tmp_path, f"a: 1\nsize: {value}\n") == f"2:7: schema: {NUMBER}, found {found}"


def test_the_largest_number_reads(tmp_path):
    path = tmp_path / "data.yaml"
    path.write_text("a: 1_000_000_000_000_000\nb: -1.0e+15\n", encoding="utf-8")
    assert read_yaml(path, Report())[0] == {"a": 10**15, "b": -1e15}


def test_csv_cells_past_the_limit_stay_text():
    assert [_number(text) for text in ("12", "1.5", "1e999", "nan", "inf", "9" * 20)] == [
        12,
        1.5,
        "1e999",
        "nan",
        "inf",
        "9" * 20,
    ]


def test_a_400_digit_parameter_is_one_finding_at_its_line(game):
    folder = game({"game.yaml": HEAD + "parameters:\n  hand: {value: " + "9" * 400 + "}\n"})
    assert errors(folder) == [
        f"demo/game.yaml:5:17: error schema: {NUMBER}, found a number of 400 characters"
    ]


def test_a_deep_yaml_deck_is_refused_in_its_file(game):
    deck = "- id: knight\n  name: Knight\n  deep: " + "{a: " * 200 + "\n"
    folder = game({"decks/heroes.yaml": deck})
    (folder / "game.yaml").write_text(
        (folder / "game.yaml").read_text().replace("heroes.csv", "heroes.yaml")
    )
    assert errors(folder)[0] == f"demo/decks/heroes.yaml:3:401: error too-large: {DEEP}"


def test_invalid_utf8_is_placed_at_the_line_of_the_bad_byte(game):
    folder = game({"game.yaml": HEAD.encode() + b"source: caf\xe9\n"})
    assert errors(folder) == [
        "demo/game.yaml:4:12: error encoding: expected UTF-8 text, found bytes that look like "
        "Windows-1252 (e.g. '\xe9' at line 4); save the file as UTF-8"
    ]


def test_a_nul_byte_in_a_csv_is_an_error(game):
    folder = game({"decks/heroes.csv": b"id,name,quantity,text\nknight,Kni\x00ght,2,x\n"})
    assert errors(folder)[0] == (
        "demo/decks/heroes.csv:2:11: error encoding: expected UTF-8 text, found a NUL byte "
        "(binary data, not text); save the file as UTF-8"
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("", "an empty file"),
        ("# id: demo\n", "an empty file"),
        ("- id: demo\n", "a list"),
        ("demo\n", "the single value 'demo'"),
    ],
)
def test_a_game_file_that_is_not_a_mapping_says_what_it_needs(game, text, found):
    folder = game({"game.yaml": text})
    assert errors(folder) == [f"demo/game.yaml:1:1: error schema: {GAME_NEEDS}, found {found}"]


def test_a_short_csv_row_lacking_a_declared_field_is_an_error(game):
    yaml = (
        HEAD + "decks:\n  - {id: heroes, name: Heroes, file: decks/heroes.csv, fields: [power]}\n"
    )
    folder = game(
        {
            "game.yaml": yaml,
            "decks/heroes.csv": "id,name,text,power\nknight,Knight,x,3\nmage,Mage\n",
        }
    )
    assert errors(folder, "csv-syntax") == [
        "demo/decks/heroes.csv:3:6: error csv-syntax: expected 4 cells as in the header, "
        "found 2 (no power, declared in fields)"
    ]


def test_a_short_csv_row_may_leave_off_an_undeclared_last_column(game):
    yaml = HEAD + "decks:\n  - {id: heroes, name: Heroes, file: decks/heroes.csv}\n"
    folder = game(
        {"game.yaml": yaml, "decks/heroes.csv": "id,name,text\nknight,Knight,x\nmage,Mage\n"}
    )
    assert errors(folder, "csv-syntax") == []


def _deck_file(folder: Path, name: str) -> None:
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("decks/heroes.csv", name))


def test_a_folder_named_as_a_deck_file_is_called_a_folder(game):
    folder = game()
    (folder / "decks" / "more.csv").mkdir()
    _deck_file(folder, "decks/more.csv")
    assert errors(folder) == [
        "demo/game.yaml:21:11: error missing-file: expected a file at 'decks/more.csv', found a folder"
    ]


def test_a_link_out_of_the_game_folder_is_refused(game, tmp_path):
    folder = game()
    (tmp_path / "secret.csv").write_text("id,name\ns,S\n")
    (folder / "decks" / "linked.csv").symlink_to(tmp_path / "secret.csv")
    _deck_file(folder, "decks/linked.csv")
    assert errors(folder) == [
        "demo/game.yaml:21:11: error path-outside-game: expected a path inside the game folder "
        "demo/, found 'decks/linked.csv', a link that leads outside it"
    ]


def test_a_linked_folder_leading_out_is_refused(game, tmp_path):
    folder = game()
    (folder / "decks").rename(tmp_path / "outside")
    (folder / "decks").symlink_to(tmp_path / "outside", target_is_directory=True)
    assert errors(folder) == [
        "demo/game.yaml:21:11: error path-outside-game: expected a path inside the game folder "
        "demo/, found 'decks/heroes.csv', a link that leads outside it"
    ]


def test_a_loop_of_links_is_a_finding(game):
    folder = game()
    (folder / "decks" / "a.csv").symlink_to("b.csv")
    (folder / "decks" / "b.csv").symlink_to("a.csv")
    _deck_file(folder, "decks/a.csv")
    assert errors(folder) == [
        "demo/game.yaml:21:11: error missing-file: expected a file at 'decks/a.csv', found a loop of links"
    ]


def test_a_layout_cycle_is_one_finding_and_its_users_are_not_reported(game):
    yaml = HEAD + (
        "layouts:\n  a:\n    extends: b\n  b:\n    extends: a\n  c:\n    extends: a\n"
        "decks:\n  - {id: heroes, name: Heroes, file: decks/heroes.csv, layout: c}\n"
    )
    folder = game({"game.yaml": yaml})
    assert errors(folder, "unknown-reference") == [
        "demo/game.yaml:7:3: error unknown-reference: layout 'b' extends 'a', which leads back "
        "to it (a -> b -> a); expected a chain of `extends` that ends at a layout extending nothing"
    ]


def _defined(extends: dict[str, str | None]) -> dict[str, tuple[Layout, Position]]:
    return {
        name: (Layout(size="poker", extends=parent), Position(Path("game.yaml"), line))
        for line, (name, parent) in enumerate(extends.items(), start=1)
    }


def test_a_layout_extending_itself_names_the_one_step():
    report = Report()
    assert resolve_layouts(_defined({"a": "a", "b": None}), report) == {"b": Layout(size="poker")}
    assert [f.message for f in report.findings] == [
        "layout 'a' extends 'a', which leads back to it (a -> a); expected a chain of "
        "`extends` that ends at a layout extending nothing"
    ]


def test_a_chain_of_5000_layouts_resolves_without_recursion():
    chain = {f"l{i}": f"l{i + 1}" for i in range(5000)} | {"l5000": None}
    report = Report()
    assert len(resolve_layouts(_defined(chain), report)) == 5001
    assert report.findings == []


def test_an_unknown_parent_lists_twelve_names_and_counts_the_rest():
    report = Report()
    resolve_layouts(_defined({f"l{i:02}": None for i in range(20)} | {"x": "nope"}), report)
    assert [f.message for f in report.findings] == [
        "layout 'x' extends 'nope'; expected a layout it can build on (l00, l01, l02, l03, l04, "
        "l05, l06, l07, l08, l09, l10, l11 and 9 more)"
    ]
    assert listed([]) == "none defined"


def test_a_finding_reported_twice_is_printed_once():
    report = Report()
    for _ in range(2):
        report.warning("outside-safe-zone", Position(Path("game.yaml"), 3), "layout 'a' spans")
    assert len(report.sorted()) == 1


def test_pnp_check_and_build_answer_a_deep_game_file_with_exit_1(game, pnp):
    folder = game({"game.yaml": HEAD + "deep: " + "[" * 100_000 + "\n"})
    for args in (("check", "demo"), ("build", "demo", "-o", "out")):
        result = pnp(*args)
        assert result.exit_code == 1
        assert f"demo/game.yaml:4:1006: error too-large: {DEEP}" in result.output
    assert not (folder.parent / "out").exists()


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("? [a, b]\n: 1\n", "2:3: schema: expected a key that is a name or a number, found a list"),
        ("{a: 1}: 1\n", "2:1: schema: expected a key that is a name or a number, found a mapping"),
        (
            "b: &b {x: 1}\nc: {<<: *b}\n",
            "3:5: schema: expected a key, found the merge key '<<', which pnp does not read; "
            "write the keys out (layouts share elements through `extends`)",
        ),
        (
            'x: !!float "abc"\n',
            "2:4: yaml-syntax: expected a value its tag tag:yaml.org,2002:float can read, "
            "found 'abc'",
        ),
        (
            'x: !!timestamp "abc"\n',
            "2:4: yaml-syntax: expected a value its tag tag:yaml.org,2002:timestamp can read, "
            "found 'abc'",
        ),
        (
            'x: !shell "rm"\n',
            "2:4: yaml-syntax: expected a value its tag !shell can read, found 'rm' "
            "(could not determine a constructor for the tag '!shell')",
        ),
    ],
)
def test_keys_and_tags_yaml_cannot_give_us_are_findings(tmp_path, text, found):
    assert yaml_error(tmp_path, "a: 1\n" + text) == found


def test_a_yaml_file_of_more_values_than_the_limit_is_refused_where_it_passes(
    tmp_path, monkeypatch
):
    path = tmp_path / "data.yaml"
    path.write_text("a: 1\nb: 2\n", encoding="utf-8")  # a mapping and four scalars
    with applied(Limits(yaml_values=5)):
        assert read_yaml(path, Report())[0] == {"a": 1, "b": 2}
        assert yaml_error(tmp_path, "a: 1\nb: 2\nc: 3\n") == (
            "3:1: too-large: expected a YAML file of at most 5 keys and values, aliases counted "
            "as what they repeat (`limits: {yaml_values: ...}` in game.yaml raises it), found "
            "more; a deck this large reads faster as CSV"
        )
