"""Decks kept in .xlsx and .ods workbooks: values and types as from CSV, findings at their cell,
and damaged, huge or uncalculated workbooks reported instead of crashing."""

from __future__ import annotations

import datetime
import io
import json
import zipfile
from pathlib import Path

import pytest
from jsonschema import Draft4Validator

from generator.findings import Report
from generator.load.game import load_game
from tests.conftest import GAME_YAML
from tests.deck_files import designs, one_finding
from tests.workbooks import Failed, Formula, ods_bytes, xlsx_bytes

WRITERS = {"xlsx": xlsx_bytes, "ods": ods_bytes}
HEADER = ["id", "name", "quantity", "text"]
KNIGHT = ["knight", "Knight", 2, "Gain 1 :gold:."]
MAGE = ["mage", "Mage", 1, "Draw a card."]
SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"


def _game(game, kind: str, rows: list[list], sheet: str = "Heroes", file: str = "", **more):
    """The demo game whose deck is a workbook of one sheet (plus `more` sheets)."""
    name = f"decks/heroes.{kind}"
    data = WRITERS[kind]({sheet: rows, **more})
    yaml = GAME_YAML.replace("decks/heroes.csv", file or name)
    return game({"game.yaml": yaml, name: data})


@pytest.mark.parametrize("kind", WRITERS)
def test_workbook_deck_loads_like_the_csv(game, kind):
    expected = designs(game())
    assert designs(_game(game, kind, [HEADER, KNIGHT, MAGE])) == expected


@pytest.mark.parametrize("kind", WRITERS)
def test_cell_types_match_what_csv_gives(game, kind):
    header = [*HEADER, "power", "weight", "elite", "printed", "code"]
    rows = [
        header,
        [*KNIGHT, 3.0, 2.5, True, datetime.date(2024, 5, 1), "007"],
        ["mage", "Mage", Formula("C2-1", "of:=[.C2]-1", 1.0), "Line one\nline two", None],
        [None, None, None, None],
        ["rogue", "Rogue", 1, Formula('"Hide"', 'of:="Hide"', "Hide"), None, None, False],
    ]
    knight, mage, rogue = designs(_game(game, kind, rows))
    assert knight["quantity"] == 2 and isinstance(knight["quantity"], int)
    assert knight["fields"] == {
        "power": 3,
        "weight": 2.5,
        "elite": True,
        "printed": "2024-05-01",
        "code": "007",
    }
    assert isinstance(knight["fields"]["power"], int)
    assert (mage["quantity"], mage["text"], mage["fields"]) == (1, "Line one\nline two", {})
    assert (rogue["text"], rogue["fields"]) == ("Hide", {"elite": False})


@pytest.mark.parametrize("kind", WRITERS)
def test_bad_value_is_reported_at_its_cell(game, pnp, kind):
    _game(game, kind, [HEADER, KNIGHT, ["mage", "Mage", "two", "Draw a card."]])
    assert one_finding(pnp("check", "demo")) == (
        f"demo/decks/heroes.{kind}:Heroes!C3: error schema: quantity: expected a whole number, "
        "found 'two'"
    )


def test_sheet_name_with_a_space_is_quoted_in_the_cell(game, pnp):
    rows = [HEADER, KNIGHT, ["mage", "Mage", 0.5, "Draw a card."]]
    _game(game, "xlsx", rows, sheet="Hero cards")
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.xlsx:'Hero cards'!C3: error schema: quantity: expected a whole number, "
        "found '0.5'"
    )


def test_duplicate_id_names_the_first_cell(game, pnp):
    _game(game, "xlsx", [HEADER, KNIGHT, ["knight", "Mage", 1, "Draw."]])
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.xlsx:Heroes!A3: error duplicate-id: expected a unique card id, "
        "found 'knight' already used at decks/heroes.xlsx:Heroes!A2"
    )


def test_json_and_sarif_keep_row_and_column_numbers_and_add_the_cell(game, pnp):
    _game(game, "ods", [HEADER, KNIGHT, ["mage", "Mage", "two", "Draw a card."]])
    [finding] = json.loads(pnp("check", "demo", "--format", "json").stdout)
    assert (finding["line"], finding["column"], finding["cell"]) == (3, 3, "Heroes!C3")
    log = json.loads(pnp("check", "demo", "--format", "sarif").stdout)
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert not list(Draft4Validator(schema).iter_errors(log))
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 3, "startColumn": 3, "properties": {"cell": "Heroes!C3"}}


@pytest.mark.parametrize("kind", WRITERS)
def test_named_sheet_is_read_and_the_first_one_without_a_name(game, kind):
    notes = [["note"], ["Print on card stock."]]
    folder = _game(
        game, kind, [HEADER, KNIGHT, MAGE], file=f"decks/heroes.{kind}#Heroes", Notes=notes
    )
    assert [d["id"] for d in designs(folder)] == ["knight", "mage"]
    data = WRITERS[kind]({"Heroes": [HEADER, MAGE], "Notes": notes})
    folder = game(
        {
            "game.yaml": GAME_YAML.replace("heroes.csv", f"heroes.{kind}"),
            f"decks/heroes.{kind}": data,
        }
    )
    assert [d["id"] for d in designs(folder)] == ["mage"]


def test_missing_sheet_is_reported_where_the_game_names_it(game, pnp):
    _game(game, "xlsx", [HEADER, KNIGHT], file="decks/heroes.xlsx#Villains", Tokens=[["id"]])
    assert one_finding(pnp("check", "demo")) == (
        "demo/game.yaml:21:11: error spreadsheet: expected a sheet named 'Villains' in "
        "heroes.xlsx, found sheets: 'Heroes', 'Tokens'"
    )


@pytest.mark.parametrize("kind", WRITERS)
def test_formula_never_calculated_is_an_error_at_its_cell(game, pnp, kind):
    uncalculated = Formula("C2-1", "of:=[.C2]-1", None)
    _game(game, kind, [HEADER, KNIGHT, ["mage", "Mage", uncalculated, "Draw a card."]])
    assert one_finding(pnp("check", "demo")) == (
        f"demo/decks/heroes.{kind}:Heroes!C3: error spreadsheet: expected a value, found a "
        "formula with no calculated value (open and save the workbook in a spreadsheet program "
        "so that it stores its results)"
    )


@pytest.mark.parametrize("kind", WRITERS)
def test_error_result_is_an_error_at_its_cell(game, pnp, kind):
    _game(game, kind, [HEADER, KNIGHT, ["mage", "Mage", Failed("#DIV/0!"), "Draw a card."]])
    assert one_finding(pnp("check", "demo")) == (
        f"demo/decks/heroes.{kind}:Heroes!C3: error spreadsheet: expected a value, found the "
        "spreadsheet error #DIV/0!"
    )


def test_many_flagged_cells_are_summed_up(game, pnp):
    failed = [[f"c{n}", "Card", Failed(), "Text."] for n in range(25)]
    _game(game, "xlsx", [HEADER, *failed])
    lines = pnp("check", "demo").stdout.splitlines()
    assert len(lines) == 20
    assert lines[-1].endswith("found the spreadsheet error #DIV/0! (and 5 more cells like it)")


def test_empty_sheet_is_an_empty_deck_at_its_first_cell(game, pnp):
    _game(game, "xlsx", [HEADER], file="decks/heroes.xlsx#Heroes")
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.xlsx:Heroes!A1: error empty-deck: expected at least one card design "
        "in decks/heroes.xlsx#Heroes, found none"
    )


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("suffix", "data", "found"),
    [
        (
            "xlsx",
            b"id,name\nknight,Knight\n",
            "expected an .xlsx workbook, found plain text (a CSV file should be named .csv)",
        ),
        ("xlsx", b"", "expected an .xlsx workbook, found an empty file"),
        (
            "ods",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n",
            "expected an .ods spreadsheet, found a PDF document",
        ),
        (
            "xlsx",
            xlsx_bytes({"Heroes": [HEADER]})[:300],
            "expected an .xlsx workbook, found a damaged zip archive",
        ),
        (
            "xlsx",
            _zip({"word/document.xml": b"<w/>"}),
            "expected an .xlsx workbook, found a zip archive that holds no workbook",
        ),
        (
            "xlsx",
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512),
            "expected an .xlsx workbook, found an old .xls workbook or a password-protected one; save it as .xlsx without a password",
        ),
        (
            "xlsx",
            b"\x00\x01\x02\xff\xfe",
            "expected an .xlsx workbook, found binary data of an unknown kind",
        ),
    ],
    ids=["text", "empty", "pdf", "truncated", "not-a-workbook", "ole", "binary"],
)
def test_file_that_is_not_a_workbook(game, pnp, suffix, data, found):
    game(
        {
            "game.yaml": GAME_YAML.replace("heroes.csv", f"heroes.{suffix}"),
            f"decks/heroes.{suffix}": data,
        }
    )
    assert (
        one_finding(pnp("check", "demo"))
        == f"demo/decks/heroes.{suffix}:1:1: error spreadsheet: {found}"
    )


def test_workbook_with_damaged_xml(game, pnp):
    data = xlsx_bytes({"Heroes": [HEADER, KNIGHT]})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    files["xl/worksheets/sheet1.xml"] = files["xl/worksheets/sheet1.xml"][:-20]
    game(
        {
            "game.yaml": GAME_YAML.replace("heroes.csv", "heroes.xlsx"),
            "decks/heroes.xlsx": _zip(files),
        }
    )
    line = one_finding(pnp("check", "demo"))
    assert line.startswith(
        "demo/decks/heroes.xlsx:1:1: error spreadsheet: expected an .xlsx workbook, found a damaged one ("
    )


def test_old_binary_formats_are_named(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML.replace("heroes.csv", "heroes.xls"),
            "decks/heroes.xls": b"\xd0\xcf",
        }
    )
    assert one_finding(pnp("check", "demo")) == (
        "demo/game.yaml:21:11: error spreadsheet: expected a .yaml, .csv, .xlsx or .ods file, "
        "found an old .xls workbook; save it as .xlsx"
    )


def _far_cell(kind: str) -> bytes:
    """A workbook with one filled cell at the spreadsheet's last row and column."""
    data = WRITERS[kind]({"Heroes": [HEADER, KNIGHT]})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    if kind == "xlsx":
        far = b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>'
        files["xl/worksheets/sheet1.xml"] = files["xl/worksheets/sheet1.xml"].replace(
            b"</sheetData>", far
        )
    else:
        far = (  # after the header, the knight and LibreOffice's 1,048,500 empty rows
            b'<table:table-row><table:table-cell table:number-columns-repeated="16383"/>'
            b'<table:table-cell office:value-type="float" office:value="1"/></table:table-row>'
            b"</table:table>"
        )
        files["content.xml"] = files["content.xml"].replace(b"</table:table>", far)
    return _zip(files)


@pytest.mark.parametrize("kind", WRITERS)
def test_cell_far_beyond_the_limits_is_refused_before_it_is_loaded(game, pnp, kind):
    game(
        {
            "game.yaml": GAME_YAML.replace("heroes.csv", f"heroes.{kind}"),
            f"decks/heroes.{kind}": _far_cell(kind),
        }
    )
    row = 1048576 if kind == "xlsx" else 1048503
    assert one_finding(pnp("check", "demo")) == (
        f"demo/decks/heroes.{kind}:Heroes!XFD{row}: error too-large: expected at most 50,000 rows "
        f"after the header (`limits: {{table_rows: ...}}` in game.yaml raises it), found a filled cell "
        f"at Heroes!XFD{row}"
    )


def test_repeated_ods_cells_count_without_being_expanded(game, pnp):
    wide = '<table:table-cell table:number-columns-repeated="201" office:value-type="float" office:value="1"/>'
    data = ods_bytes({"Heroes": [HEADER, KNIGHT]})
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    files["content.xml"] = files["content.xml"].replace(
        b"<table:table-row>", f"<table:table-row>{wide}".encode(), 1
    )
    game(
        {
            "game.yaml": GAME_YAML.replace("heroes.csv", "heroes.ods"),
            "decks/heroes.ods": _zip(files),
        }
    )
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.ods:Heroes!GS1: error too-large: expected at most 200 columns in a "
        "sheet (`limits: {table_columns: ...}` in game.yaml raises it), found a filled cell at "
        "Heroes!GS1"
    )


def test_workbook_that_unpacks_beyond_the_limit(game, pnp, monkeypatch):
    monkeypatch.setattr("generator.load.workbook_xml.MAX_UNPACKED_BYTES", 1024 * 1024)
    _game(game, "xlsx", [HEADER, KNIGHT, [*MAGE[:3], "x" * (3 * 1024 * 1024 // 2)]])
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.xlsx:1:1: error spreadsheet: expected a workbook that unpacks to at "
        "most 1 MB, found 1.6 MB"
    )


def test_build_of_a_workbook_deck_places_its_cards(game, pnp):
    _game(game, "xlsx", [HEADER, KNIGHT, MAGE], file="decks/heroes.xlsx#Heroes")
    assert pnp("check", "demo").exit_code == 0
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    manifest = json.loads(Path("out/demo/manifest.json").read_text())
    sheets = next(f for f in manifest["files"] if f["path"] == "cards-poker.pdf")
    assert sheets["cards"] == 3
    assert manifest["components"] == [{"id": "hero-cards", "kind": "card", "count": 3}]


def test_check_and_build_agree_on_a_bad_workbook(game, pnp):
    _game(game, "ods", [HEADER, KNIGHT, ["mage", "Mage", Formula("C2", "of:=[.C2]", None), "x"]])
    check = one_finding(pnp("check", "demo"))
    build = pnp("build", "demo", "-o", "out")
    assert build.exit_code == 1 and check in build.output
    assert not Path("out").exists()


def test_loading_never_keeps_a_deck_whose_workbook_failed(game):
    _game(game, "xlsx", [HEADER, KNIGHT, ["mage", "Mage", Failed(), "x"]])
    report = Report()
    loaded = load_game(Path("demo"), report)
    assert loaded is not None and "heroes" not in loaded.piece_files
    assert [f.code for f in report.findings] == ["spreadsheet"]


def test_deck_and_token_sheet_from_two_sheets_of_one_workbook(game, pnp):
    coins = [["id", "name", "quantity"], ["coin", "Coin", 6]]
    data = xlsx_bytes({"Heroes": [HEADER, KNIGHT, MAGE], "Coins": coins, "Empty": [["id"]]})
    coin_component = (
        "  - {id: coin-tokens, name: Coins, kind: token, count: 6, provided_by: coins}\n"
    )
    yaml = GAME_YAML.replace("decks:", coin_component + "decks:")
    yaml = yaml.replace("decks/heroes.csv", "game.xlsx#Heroes") + (
        "token_sheets:\n  - {id: coins, name: Coins, file: 'game.xlsx#Coins', size: 20mm}\n"
    )
    folder = game({"game.yaml": yaml, "game.xlsx": data})
    report = Report()
    loaded = load_game(folder, report)
    assert loaded is not None and not report.findings
    assert [p.quantity for p in loaded.piece_files["coins"].pieces] == [6]
    game({"game.yaml": yaml.replace("#Coins", "#Empty"), "game.xlsx": data})
    assert one_finding(pnp("check", "demo")) == (
        "demo/game.xlsx:Empty!A1: error empty-deck: expected at least one token design in "
        "game.xlsx#Empty, found none"
    )


def test_blank_rows_and_lines_keep_every_position(game, pnp):
    rows = [HEADER, KNIGHT, *([[None]] * 500), ["mage", "Mage", "one", "Draw."]]
    _game(game, "xlsx", rows)
    assert one_finding(pnp("check", "demo")).startswith("demo/decks/heroes.xlsx:Heroes!C503: ")
    csv = "id,name,quantity,text\n" + " , ,\r\n" * 100_000 + "mage,Mage,one,Draw.\n"
    game({"decks/heroes.csv": csv.encode()})
    assert one_finding(pnp("check", "demo")).startswith("demo/decks/heroes.csv:100002:11: ")
