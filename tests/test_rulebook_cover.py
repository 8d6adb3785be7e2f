"""The rulebook's cover: page 1 of every bundled rulebook and booklet carries the title and the
player count from game.yaml, no running head or page number, a band in one of the colours
game.yaml writes (its symbols' or its layouts'), and the game's cards and tokens drawn in
miniature (measured as ink on a 50 dpi raster); a game with no pieces and no colours still
gets a cover, and cover art takes the pieces' place.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from generator.colours import parse_colour
from generator.load.game import GAME_FILE
from generator.write.rulebook import MARGIN_MM
from tests.conftest import GAME_YAML
from tests.kits import BOOKS
from tests.printing import first_page
from tests.test_player_text import leaks, piece_ids

MARGIN = MARGIN_MM / 25.4 * 72  # points of paper outside the text frame
FAN = (0.36, 0.72)  # top and bottom of the cover's middle, where the pieces lie, as page shares
INKED = 0.1  # share of the middle's pixels the pieces ink (measured 0.18 to 0.24; none: 0)

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")


@pytest.fixture
def built(bundled_books: Path) -> Path:
    """Every bundled rulebook, built once per run (tests/conftest.py)."""
    return bundled_books


def _game(folder: Path) -> dict:
    return yaml.safe_load((folder / GAME_FILE).read_text(encoding="utf-8"))


def _players(game: dict) -> str:
    low, high = game["players"]["min"], game["players"]["max"]
    if low == high:
        return f"{low} player" + ("s" if low > 1 else "")
    return f"{low}\u2013{high} players"


def _text(pdf: Path, crop: str = "") -> str:
    """Page 1's text (a booklet side's right half with `crop`), words joined by single spaces."""
    args = ["pdftotext", "-f", "1", "-l", "1", *crop.split(), str(pdf), "-"]
    return " ".join(subprocess.run(args, capture_output=True, text=True, check=True).stdout.split())


def _margins(pdf: Path, left: float = 0.0) -> str:
    """Text in the strips above and below the text frame of page 1 (from `left` points on).

    Read by poppler: pdfium puts the characters of an ActualText span inside a form (a shown
    face's Arabic) where the form's own coordinates say, as if the form were not moved."""
    width, height = pdfium.PdfDocument(str(pdf))[0].get_size()
    strips = (0, height - MARGIN)  # y downwards
    return " ".join(
        _text(pdf, f"-x {left:.0f} -y {top:.0f} -W {width - left:.0f} -H {MARGIN:.0f}")
        for top in strips
    ).strip()


def _inked(pdf: Path, left: float = 0.0) -> float:
    """Share of non-white pixels in the middle of page 1 (of its part right of `left`)."""
    page = first_page(pdf, 50).convert("L")
    box = (
        int(page.width * left),
        int(page.height * FAN[0]),
        page.width,
        int(page.height * FAN[1]),
    )
    middle = page.crop(box)
    return sum(1 for value in middle.getdata() if value < 235) / (middle.width * middle.height)


def _band(pdf: Path, left: float = 0.0) -> str:
    """The colour near the title band's lower left corner on page 1, as #rrggbb."""
    page = first_page(pdf, 50).convert("RGB")
    span = page.width * (1 - left)
    x, y = int(page.width * left + span * 0.15), int(page.height * 0.3)
    return "#{:02x}{:02x}{:02x}".format(*page.getpixel((x, y)))


def _near(colour: str, colours: list[str], tolerance: int = 6) -> bool:
    def channels(c: str) -> list[int]:
        return [int(c[i : i + 2], 16) for i in (1, 3, 5)]

    return any(
        all(abs(a - b) <= tolerance for a, b in zip(channels(colour), channels(other), strict=True))
        for other in colours
    )


@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_the_cover_names_the_game_and_its_players_without_a_running_head(built, folder):
    game = _game(folder)
    pdf = built / folder.name / "rulebook.pdf"
    text = _text(pdf)
    assert game["title"] in text
    assert _players(game) in text
    assert _margins(pdf) == ""
    assert not leaks(text, piece_ids(folder))


@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_the_cover_draws_the_games_colours_and_pieces(built, folder):
    pdf = built / folder.name / "rulebook.pdf"
    written = re.findall(r"#[0-9a-fA-F]{6}\b", (folder / GAME_FILE).read_text(encoding="utf-8"))
    colours = [parse_colour(colour) for colour in written]  # symbols' and layouts' colours
    assert _near(_band(pdf), colours), (_band(pdf), sorted(set(colours)))
    assert _inked(pdf) > INKED, _inked(pdf)


@pytest.mark.parametrize("folder", BOOKS, ids=lambda p: p.name)
def test_the_booklet_opens_on_the_same_cover(built, folder):
    """Side 1 of the booklet carries the last page on its left and page 1 on its right."""
    game = _game(folder)
    pdf = built / folder.name / "rulebook-booklet.pdf"
    width, _ = pdfium.PdfDocument(str(pdf))[0].get_size()
    right = f"-x {int(width / 2)} -y 0 -W {int(width / 2)} -H 10000"
    text = _text(pdf, right)
    assert game["title"] in text
    assert _players(game) in text
    assert _margins(pdf, width / 2) == ""
    assert _band(pdf, 0.5) == _band(built / folder.name / "rulebook.pdf")
    assert _inked(pdf, 0.5) > INKED, _inked(pdf, 0.5)


def test_a_game_without_pieces_or_colours_still_gets_a_cover(game, pnp):
    folder = game(
        {
            "game.yaml": "id: demo\ntitle: Bare Bones\nplayers: {min: 3, max: 3}\n",
            "rulebook.md": "# Playing\n\nTake turns until someone wins.\n",
        }
    )
    result = pnp("build", str(folder), "-o", "out", "--only", "rulebook")
    assert result.exit_code == 0, result.output
    pdf = Path("out") / "demo" / "rulebook.pdf"
    text = _text(pdf)
    assert "Bare Bones" in text and "3 players" in text
    assert "Take turns" not in text
    assert _margins(pdf) == ""
    assert _band(pdf) != "#ffffff"
    assert _inked(pdf) < 0.01  # nothing to draw in the middle: the measure sees no pieces


def test_cover_art_is_drawn_instead_of_the_pieces(game, pnp):
    from PIL import Image

    folder = game(
        {
            "game.yaml": GAME_YAML + "rulebook: {cover_art: art/cover.png}\n",
            "rulebook.md": "# Playing\n\nTake turns until someone wins.\n",
        }
    )
    (folder / "art").mkdir()
    Image.new("RGB", (300, 200), "#17becf").save(folder / "art" / "cover.png")
    result = pnp("build", str(folder), "-o", "out", "--only", "rulebook")
    assert result.exit_code == 0, result.output
    pdf = Path("out") / "demo" / "rulebook.pdf"
    assert "Draw a card." not in _text(pdf)  # the mage card is not drawn
    page = first_page(pdf, 50).convert("RGB")
    middle = page.getpixel((page.width // 2, int(page.height * sum(FAN) / 2)))
    assert _near("#{:02x}{:02x}{:02x}".format(*middle), ["#17becf"])


def test_missing_cover_art_fails_the_check(game, pnp):
    folder = game({"game.yaml": GAME_YAML + "rulebook: {cover_art: art/none.png}\n"})
    result = pnp("check", str(folder))
    assert result.exit_code != 0
    assert "missing-file" in result.output and "art/none.png" in result.output
