"""Pinned faces: shipped with pnp for the families that come with it, else made once per machine,
the same bytes every time, drawing the variable font's own advances."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

from generator.fonts import instances, registered_name, resolve_family
from generator.fonts.instances import SHIPPED, embeddable, pin_location, pinned_file_name
from generator.fonts.ship import FAMILIES, ship
from tests.conftest import HEROES_CSV
from tests.printing import embedded_fonts

SAMPLE = "Paladins & Barbarians: draw 2, gain 10 gold!"
CINZEL = resolve_family("Cinzel", None)
CINZEL_FONT = CINZEL.face("bold").path  # one variable file, regular at its default weight
BOLD = {"wght": 700.0}


@pytest.fixture
def first_use(tmp_path, monkeypatch) -> Iterator[Path]:
    """An empty user cache, in a process that has pinned nothing yet."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "user-cache"))
    instances._instance.cache_clear()
    yield tmp_path / "user-cache" / "fonts"
    instances._instance.cache_clear()


def no_pinning(monkeypatch) -> None:
    """From here on, pinning a face fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("a face was pinned")

    monkeypatch.setattr(instancer, "instantiateVariableFont", refuse)


def test_a_face_is_pinned_once_per_machine_and_a_second_process_reuses_it(
    first_use, tmp_path, monkeypatch
):
    font = tmp_path / "Designer[wght].ttf"
    shutil.copyfile(CINZEL_FONT, font)
    pinned = embeddable(font, BOLD, "Designer-Bold")
    assert pinned.parent == first_use and pinned.name.startswith("Designer-Bold-")
    instances._instance.cache_clear()  # what a second process starts with
    no_pinning(monkeypatch)
    assert embeddable(font, BOLD, "Designer-Bold") == pinned


def test_a_pinned_face_draws_the_variable_fonts_advances_and_keeps_its_date(first_use, tmp_path):
    pinned = embeddable(CINZEL_FONT, BOLD, "Probe-Bold")
    variable = TTFont(CINZEL_FONT)
    assert same_advances(TTFont(pinned), variable, BOLD)
    assert not same_advances(TTFont(pinned), variable, {"wght": 400.0})  # bold is wider
    assert TTFont(pinned)["head"].modified == variable["head"].modified  # not the pin's time


def test_the_regular_face_of_a_variable_font_embeds_the_font_itself(first_use, monkeypatch):
    no_pinning(monkeypatch)
    assert embeddable(CINZEL_FONT, {"wght": 400.0}, "Cinzel-Regular") == CINZEL_FONT
    assert not list(first_use.glob("*.ttf"))


def test_shipped_faces_are_used_instead_of_pinning(first_use, tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    made = ship(shipped, ("Cinzel",))
    location = pin_location(CINZEL_FONT, dict(CINZEL.face("bold").location))
    assert [path.name for path in made] == [
        pinned_file_name(CINZEL_FONT, location, "Cinzel-Bold"),
        "OFL-cinzel.txt",
    ]
    assert "SIL Open Font License" in (shipped / "OFL-cinzel.txt").read_text()
    monkeypatch.setattr(instances, "SHIPPED", shipped)
    no_pinning(monkeypatch)
    assert embeddable(CINZEL_FONT, dict(CINZEL.face("bold").location), "Cinzel-Bold") == made[0]
    assert not list(first_use.glob("*.ttf"))


def shipped_faces() -> list[tuple[Path, Path, dict[str, float]]]:
    """(shipped instance, variable font, location) of every face pnp ships for the installed
    fontpkg packages; a package of another version than the one shipped has none."""
    found = []
    for name in FAMILIES:
        family = resolve_family(name, None)
        for style, face in family.faces:
            location = pin_location(face.path, dict(face.location))
            if location is not None:
                file = SHIPPED / pinned_file_name(
                    face.path, location, registered_name(family, style)
                )
                if file.is_file():
                    found.append((file, face.path, dict(location)))
    return found


def test_every_shipped_face_draws_its_variable_fonts_advances():
    faces = shipped_faces()
    if not faces:
        pytest.skip(
            "the installed fontpkg families are not those shipped: python -m generator.fonts.ship"
        )
    for instance, variable, location in faces:
        assert "fvar" not in TTFont(instance)
        assert same_advances(TTFont(instance), TTFont(variable), location), instance.name


def test_a_first_build_in_the_default_families_pins_nothing(game, tmp_path):
    if len(shipped_faces()) < 4:  # Inter's and Source Serif 4's bold and bold italic
        pytest.skip(
            "the installed fontpkg families are not those shipped: python -m generator.fonts.ship"
        )
    game(
        {
            "decks/heroes.csv": HEROES_CSV.replace("Draw a card.", "**Draw** a *card*."),
            "rulebook.md": "# Rules\n\nDraw **two** cards, then *rest*: **_all_** of you.\n",
        }
    )
    cache = tmp_path / "user-cache"
    build = [sys.executable, "-m", "generator", "build", "demo", "-o", "out", "--no-cache"]
    done = subprocess.run(  # a process of its own: none of this one's faces are registered
        build, env={**os.environ, "PNP_CACHE_DIR": str(cache)}, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert list((cache / "fonts").iterdir()) == [cache / "fonts" / "facts"]
    assert {"Inter-Bold", "Inter-Italic"} <= embedded_fonts(tmp_path / "out/demo/cards-poker.pdf")
    book = embedded_fonts(tmp_path / "out/demo/rulebook.pdf")
    assert {"SourceSerif4-Bold", "SourceSerif4-BoldItalic"} <= book


def advances(font: TTFont, text: str, location: dict[str, float] | None = None) -> list[float]:
    """Each character's advance width in font units, at `location` of a variable font."""
    glyphs = font.getGlyphSet(location=location)
    cmap = font.getBestCmap()
    return [glyphs[cmap[ord(char)]].width for char in text]


def same_advances(instance: TTFont, variable: TTFont, location: dict[str, float]) -> bool:
    """The instance's advances are the variable font's at `location`, up to the rounding to
    whole font units (the instancer rounds each delta: 1289.5 may be stored as 1289)."""
    pairs = zip(advances(instance, SAMPLE), advances(variable, SAMPLE, location), strict=True)
    return all(abs(stored - exact) < 1 for stored, exact in pairs)
