"""CSV as spreadsheets and editors write it: delimiters, multi-line cells, encodings, limits,
and deck files with no designs in them."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.limits import MAX_TABLE_ROWS
from tests.conftest import GAME_YAML, HEROES_CSV
from tests.deck_files import designs, one_finding

MULTI_LINE = (
    'id,name,text,quantity\nknight,Knight,"line one\nline two",QUANTITY\nmage,Mage,Draw.,1\n'
)


def test_bad_cell_after_a_multi_line_cell_is_found_at_its_own_line_and_column(game, pnp):
    game({"decks/heroes.csv": MULTI_LINE.replace("QUANTITY", "two")})
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:11: error schema: quantity: expected a whole number, found 'two'"
    )


def test_multi_line_cell_keeps_its_lines_and_the_cells_after_it(game, pnp):
    folder = game({"decks/heroes.csv": MULTI_LINE.replace("QUANTITY", "2")})
    knight, mage = designs(folder)
    assert (knight["text"], knight["quantity"], mage["text"]) == ("line one\nline two", 2, "Draw.")
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    text = PdfReader("out/demo/cards-poker.pdf").pages[0].extract_text()
    assert "line one" in text and "line two" in text


def test_crlf_line_endings_inside_and_between_cells(game, pnp):
    crlf = MULTI_LINE.replace("QUANTITY", "two").replace("\n", "\r\n")
    game({"decks/heroes.csv": crlf.encode("utf-8")})
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:11: error schema: quantity: expected a whole number, found 'two'"
    )
    folder = game({"decks/heroes.csv": crlf.replace(",two", ",2").encode("utf-8")})
    assert designs(folder)[0]["text"] == "line one\nline two"


@pytest.mark.parametrize("delimiter", [";", "\t", "|"])
def test_semicolon_tab_and_bar_delimiters_read_like_commas(game, delimiter):
    expected = designs(game())
    csv = HEROES_CSV.replace(",", delimiter)
    assert designs(game({"decks/heroes.csv": csv})) == expected


def test_semicolon_file_with_commas_in_its_text(game, pnp):
    csv = "id;name;quantity;text\nknight;Knight;2;Gain 1 :gold:, then rest.\nmage;Mage;one;Draw.\n"
    folder = game({"decks/heroes.csv": csv})
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:11: error schema: quantity: expected a whole number, found 'one'"
    )
    folder = game({"decks/heroes.csv": csv.replace(";one;", ";1;")})
    assert designs(folder)[0]["text"] == "Gain 1 :gold:, then rest."


def test_quoted_header_names_do_not_decide_the_delimiter(game):
    csv = '"id";"name";"quantity";"text, in full"\nknight;Knight;2;Gain 1.\nmage;Mage;1;Draw.\n'
    knight, _ = designs(game({"decks/heroes.csv": csv}))
    assert knight["fields"] == {"text, in full": "Gain 1."}


def test_byte_order_mark_is_accepted(game):
    expected = designs(game())
    assert designs(game({"decks/heroes.csv": codecs.BOM_UTF8 + HEROES_CSV.encode()})) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            HEROES_CSV.replace("Mage,1", "Magé,1").encode("cp1252"),
            "demo/decks/heroes.csv:3:9: error encoding: expected UTF-8 text, found bytes that "
            "look like Windows-1252 (e.g. 'é' at line 3); save the file as UTF-8",
        ),
        (
            HEROES_CSV.encode("utf-16"),
            "demo/decks/heroes.csv:1:1: error encoding: expected UTF-8 text, found UTF-16 text "
            "(it starts with a UTF-16 byte-order mark); save the file as UTF-8",
        ),
        (
            HEROES_CSV.encode("utf-16-le"),
            "demo/decks/heroes.csv:1:2: error encoding: expected UTF-8 text, found UTF-16 text "
            "without a byte-order mark; save the file as UTF-8",
        ),
        (
            b"id,name\nknight,\x81\x8d\xe9\n",
            "demo/decks/heroes.csv:2:8: error encoding: expected UTF-8 text, found byte 0x81, "
            "which no UTF-8 text holds (binary data or a legacy encoding); save the file as UTF-8",
        ),
    ],
    ids=["windows-1252", "utf-16", "utf-16-no-bom", "binary"],
)
def test_other_encodings_are_named(game, pnp, data, expected):
    game({"decks/heroes.csv": data})
    assert one_finding(pnp("check", "demo")) == expected


def test_unclosed_quote_is_reported_where_it_opens(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Gain 1", '"Gain 1')})
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:2:17: error csv-syntax: expected a closing quote for the cell "
        "that opens here, found the end of the file"
    )


EMPTY = "error empty-deck: expected at least one card design in decks/heroes.{}, found none"


@pytest.mark.parametrize(
    ("suffix", "text"),
    [
        ("csv", ""),
        ("csv", "  \n\n"),
        ("csv", "id,name,quantity,text\n"),
        ("csv", "id,name,quantity,text\n,,,\n"),
        ("yaml", "[]\n"),
        ("yaml", ""),
        ("yaml", "# nothing yet\n"),
    ],
    ids=["empty", "blank-lines", "header-only", "blank-row", "yaml-list", "yaml-empty", "comment"],
)
def test_deck_file_without_designs_is_one_error_for_check_and_build(game, pnp, suffix, text):
    yaml = GAME_YAML.replace("decks/heroes.csv", f"decks/heroes.{suffix}")
    game({"game.yaml": yaml, f"decks/heroes.{suffix}": text})
    expected = f"demo/decks/heroes.{suffix}:1:1: " + EMPTY.format(suffix)
    assert one_finding(pnp("check", "demo")) == expected
    build = pnp("build", "demo", "-o", "out")
    assert build.exit_code == 1
    assert expected in build.output
    assert not Path("out").exists()


def test_too_many_rows(game, pnp):
    rows = "".join(f"card-{n},Card {n},1,Text.\n" for n in range(MAX_TABLE_ROWS + 1))
    game({"decks/heroes.csv": HEROES_CSV.splitlines()[0] + "\n" + rows})
    assert one_finding(pnp("check", "demo")) == (
        f"demo/decks/heroes.csv:{MAX_TABLE_ROWS + 2}:1: error too-large: expected at most "
        f"{MAX_TABLE_ROWS:,} rows after the header"
        " (`limits: {table_rows: ...}` in game.yaml raises it), found more"
    )


def test_too_many_columns(game, pnp):
    header = ",".join(f"field{n}" for n in range(201))
    game({"decks/heroes.csv": f"id,name,{header}\nknight,Knight\n"})
    column = len("id,name,") + len(",".join(f"field{n}" for n in range(198))) + 2
    assert one_finding(pnp("check", "demo")) == (
        f"demo/decks/heroes.csv:1:{column}: error too-large: expected at most 200 columns in a "
        "table (`limits: {table_columns: ...}` in game.yaml raises it), found more"
    )


def test_gigantic_cell(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "x" * 100_001)})
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:3:13: error too-large: expected a cell of at most 100,000 "
        "characters (`limits: {cell_characters: ...}` in game.yaml raises it), found 100,001"
    )


def test_data_file_larger_than_the_game_limit(game, pnp):
    game(
        {
            "game.yaml": GAME_YAML + "limits: {data_file_mb: 1}\n",
            "decks/heroes.csv": HEROES_CSV + "#" * (3 * 1024 * 1024 // 2),
        }
    )
    assert one_finding(pnp("check", "demo")) == (
        "demo/decks/heroes.csv:1:1: error too-large: expected a data file of at most 1 MB "
        "(`limits: {data_file_mb: ...}` in game.yaml raises it), found 1.6 MB"
    )


def test_json_finding_of_a_csv_cell_has_no_cell_label(game, pnp):
    game({"decks/heroes.csv": MULTI_LINE.replace("QUANTITY", "two")})
    [finding] = json.loads(pnp("check", "demo", "--format", "json").stdout)
    assert (finding["line"], finding["column"], "cell" in finding) == (3, 11, False)


def test_rulebook_in_another_encoding_is_a_finding_for_check_and_build(game, pnp):
    game({"rulebook.md": "# Setup\n\nCafé rules.\n".encode("cp1252")})
    expected = (
        "demo/rulebook.md:3:4: error encoding: expected UTF-8 text, found bytes that look like "
        "Windows-1252 (e.g. 'é' at line 3); save the file as UTF-8"
    )
    assert one_finding(pnp("check", "demo")) == expected
    assert one_finding(pnp("check", "demo/rulebook.md")) == expected
    build = pnp("build", "demo", "-o", "out")
    assert build.exit_code == 1 and expected in build.output
    assert not Path("out").exists()


def test_a_deck_file_the_system_will_not_let_us_read_is_a_finding(game, pnp, monkeypatch):
    from pathlib import Path

    game()
    real = Path.read_bytes

    def refuse(path: Path) -> bytes:
        if path.name == "heroes.csv":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/decks/heroes.csv:1:1: error missing-file: expected a readable file, found: "
        "Permission denied"
    ) in result.stdout
