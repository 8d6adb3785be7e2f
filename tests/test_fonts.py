"""Font families: packaged and in the game folder, pinned variable faces, and what fonts lack."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.fonts import FontError, instances, missing_characters, resolve_family
from tests.conftest import GAME_YAML, HEROES_CSV
from tests.printing import embedded_fonts

DESIGNER_FONT = Path(__file__).parent / "data" / "material-game" / "fonts"
FONT_FILE = DESIGNER_FONT / "DesignerNaskh-Regular.ttf"

LAYOUT = """\
layouts:
  hero:
    extends: framed
    font_family: FAMILY
"""


def with_layout(family: str, extra: str = "") -> str:
    """The demo game whose heroes use a layout set in `family`."""
    layout = LAYOUT.replace("FAMILY", family) + extra
    return GAME_YAML.replace("decks:\n", layout + "decks:\n").replace(
        "file: decks/heroes.csv", "file: decks/heroes.csv\n    layout: hero"
    )


def test_cards_default_to_inter_with_a_pinned_bold(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "**Draw** a card.")})
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    assert {"Inter-Regular", "Inter-Bold"} <= embedded_fonts(Path("out/demo/cards-poker.pdf"))


def test_rulebook_defaults_to_source_serif_and_embeds_every_font(game, pnp):
    game({"rulebook.md": "# Rules\n\nDraw **two** cards, then *rest*.\n"})
    assert pnp("build", "demo", "-o", "out", "--only", "rulebook").exit_code == 0
    fonts = embedded_fonts(Path("out/demo/rulebook.pdf"))
    assert "SourceSerif4-Bold" in fonts
    assert not any(name.startswith("Helvetica") for name in fonts)


def test_a_packaged_family_named_on_a_layout(game, pnp):
    game({"game.yaml": with_layout("Amiri")})
    assert pnp("build", "demo", "-o", "out", "--only", "cards").exit_code == 0
    assert "Amiri-Regular" in embedded_fonts(Path("out/demo/cards-poker.pdf"))


TITLE_IN = "    elements:\n      - {name: title, type: text, field: name, font_family: FAMILY, box: [4mm, 4mm, 55mm, 10mm]}\n"


def test_a_family_from_font_files_in_the_game_folder(game, pnp):
    title = TITLE_IN.replace("FAMILY", "Designer Naskh")
    folder = game({"game.yaml": with_layout("Inter", title)})
    (folder / "fonts").mkdir()
    shutil.copy(FONT_FILE, folder / "fonts")
    result = pnp("build", "demo", "-o", "out", "--only", "cards")
    assert result.exit_code == 0, result.output
    assert "DesignerNaskh-Regular" in embedded_fonts(Path("out/demo/cards-poker.pdf"))


def test_a_family_named_by_its_file(tmp_path):
    folder = tmp_path / "game"
    (folder / "fonts").mkdir(parents=True)
    shutil.copy(FONT_FILE, folder / "fonts")
    family = resolve_family("fonts/DesignerNaskh-Regular.ttf", folder)
    assert (family.name, family.styles) == ("Designer Naskh", ("regular",))


def test_an_unknown_family_is_reported_where_it_is_named(game, pnp):
    game({"game.yaml": with_layout("Comic Papyrus")})
    result = pnp("check", "demo")
    assert result.exit_code == 1
    line = next(line for line in result.stdout.splitlines() if " font: " in line)
    assert line.startswith("demo/game.yaml:")
    assert "found no family 'Comic Papyrus' (pip install fontpkg-comic-papyrus" in line
    assert "expected an installed font family (Amiri, Cinzel, Inter, " in line


def test_a_missing_style_names_the_family_and_what_it_has(game, pnp):
    folder = game(
        {
            "game.yaml": with_layout(
                "Designer Naskh",
                "    elements:\n      - {name: text, type: text, field: text, font: bold, box: [4mm, 40mm, 55mm, 30mm]}\n",
            )
        }
    )
    (folder / "fonts").mkdir()
    shutil.copy(FONT_FILE, folder / "fonts")
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "error font: expected font family 'Designer Naskh' to have a bold face, found only regular"
        in result.stdout
    )


TEXT_IN = (
    TITLE_IN.replace("FAMILY", "Designer Naskh")
    .replace("title", "text")
    .replace("field: name", "field: text")
)


def test_markup_needing_a_face_the_family_lacks_is_reported_at_the_card(game, pnp):
    folder = game(
        {
            "game.yaml": with_layout("Inter", TEXT_IN),
            "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Draw *one* card."),
        }
    )
    (folder / "fonts").mkdir()
    shutil.copy(FONT_FILE, folder / "fonts")
    result = pnp("check", "demo")
    assert (
        "demo/decks/heroes.csv:3:1: error font: deck 'heroes', card 'mage', field 'text': "
        "expected font family 'Designer Naskh' to have an italic face, found only regular"
    ) in result.stdout


def test_a_file_that_is_not_a_font_is_a_finding_at_the_file(game, pnp):
    folder = game()
    (folder / "fonts").mkdir()
    (folder / "fonts" / "Broken.ttf").write_bytes(b"this is not a font at all")
    result = pnp("check", "demo")
    assert result.exit_code == 1
    assert (
        "demo/fonts/Broken.ttf:1:1: error font: expected a TrueType or OpenType font, found "
        in (result.stdout)
    )
    assert "Traceback" not in result.output


def test_a_character_the_font_cannot_draw_is_a_finding_and_nothing_is_written(game, pnp):
    game({"decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "Pay the زكاة.")})
    result = pnp("build", "demo", "-o", "out")
    assert result.exit_code == 1
    assert (
        "demo/decks/heroes.csv:3:1: error font: deck 'heroes', card 'mage', field 'text': font "
        "'Inter' regular cannot draw 'ز' (U+0632 ARABIC LETTER ZAIN), 'ك' (U+0643 ARABIC LETTER "
        "KAF), 'ا' (U+0627 ARABIC LETTER ALEF), 'ة' (U+0629 ARABIC LETTER TEH MARBUTA); expected a "
        "font_family that has them (on the element, its layout or the game)"
    ) in result.stdout
    assert not Path("out").exists()


def test_inter_draws_arrows_stars_triangles_and_latin_extended():
    inter = resolve_family(None, None)
    assert missing_characters(inter, "regular", "← → ↑ ↓ ★ ☆ ▲ ▼ ◆ ● Ḥasanāt ʿĀʾ Łódź ½ ±") == []
    assert missing_characters(inter, "bold", "★ ▲") == []


def test_an_unknown_family_raises_a_font_error():
    with pytest.raises(FontError, match="found no family 'Nonexistent Sans'"):
        resolve_family("Nonexistent Sans", None)


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler's pdffonts is not installed")
def test_pdffonts_shows_the_families_embedded_and_subset(game, pnp):
    game({"game.yaml": with_layout("Amiri"), "rulebook.md": "# Rules\n\nPlay **well**.\n"})
    assert pnp("build", "demo", "-o", "out").exit_code == 0
    listing = subprocess.run(
        ["pdffonts", "out/demo/rulebook.pdf"], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    rows = {line.split()[0].split("+", 1)[1]: line.split()[-5:-3] for line in listing}
    assert rows["SourceSerif4-Bold"] == ["yes", "yes"]
    assert all(value == ["yes", "yes"] for value in rows.values()), rows


INTER = resolve_family(None, None)
INTER_REGULAR = INTER.face("regular").path  # variable: its default instance is the regular


def test_font_facts_are_kept_and_a_second_read_parses_no_font(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    first = instances.font_facts(INTER_REGULAR)
    parsed = instances.open_font(INTER_REGULAR)
    assert first.axes == {axis.axisTag: axis.defaultValue for axis in parsed["fvar"].axes}
    assert first.outlines and first.characters == frozenset(parsed.getBestCmap())
    assert len(list((tmp_path / "fonts" / "facts").glob("*.json"))) == 1
    monkeypatch.setattr(instances, "open_font", _no_parse)
    assert instances.font_facts(INTER_REGULAR) == first


def test_damaged_font_facts_are_read_again_from_the_font(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    fresh = instances.font_facts(INTER_REGULAR)
    (kept,) = (tmp_path / "fonts" / "facts").glob("*.json")
    for damage in (b"", b"{not json", b'{"outlines": 1, "axes": null, "characters": []}',
                   b'{"outlines": true, "axes": {"wght": "400"}, "characters": []}',
                   b'{"outlines": true, "axes": null, "characters": ["65"]}'):  # fmt: skip
        kept.write_bytes(damage)
        assert instances.font_facts(INTER_REGULAR) == fresh
        assert json.loads(kept.read_bytes())["characters"] == sorted(fresh.characters)


def test_font_facts_follow_the_file_content(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    font = tmp_path / "Face.ttf"
    shutil.copy(INTER_REGULAR, font)
    assert instances.font_facts(font).axes is not None
    shutil.copy(FONT_FILE, font)  # another font (static) at the same path
    os.utime(font, ns=(1, 1))
    facts = instances.font_facts(font)
    assert facts.axes is None and facts == instances._read_facts(FONT_FILE)


def test_a_face_embeds_the_same_file_with_its_facts_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    location = dict(INTER.face("regular").location)
    parsed = instances.embeddable(INTER_REGULAR, location, "Inter-Regular")
    monkeypatch.setattr(instances, "open_font", _no_parse)
    assert instances.embeddable(INTER_REGULAR, location, "Inter-Regular") == parsed


def test_a_build_reading_kept_font_facts_never_imports_fonttools_tables():
    probe = (
        "import sys, generator.build; from generator.fonts import *\n"
        "inter = resolve_family(None, None); family_faces(inter)\n"
        "missing_characters(inter, 'bold', 'x'); print('fontTools.ttLib' in sys.modules)"
    )
    for _ in range(2):  # the first may read the facts from the fonts (a fresh cache)
        run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.stdout.split() == ["False"], run.stderr


def _no_parse(path: Path) -> None:
    raise AssertionError(f"{path.name} was parsed again")
