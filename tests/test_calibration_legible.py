"""The duplex calibration sheet's ruler numbers can be read: 6 pt or more, none touching another,
each centred on its tick, and the ticks still exactly where the sheet says they are."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from generator.units import PAPERS
from generator.write.calibration import RULER_MM, TICK_STEP_MM, calibration_pdf
from generator.write.sheets import PrintOptions
from tests.printing import dark_runs

BELAAD = Path(__file__).resolve().parents[1] / "card_data" / "belaad"
MM = 72 / 25.4
DPI = 300
PX_PER_MM = DPI / 25.4
LABELS = {f"{k:g}" for k in range(-RULER_MM, RULER_MM + 1, 2)}
NUMBER = re.compile(r"-?\d+")
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The calibration.pdf a duplex build of a bundled game writes."""
    from click.testing import CliRunner

    from generator.cli import cli

    out = tmp_path_factory.mktemp("calibration")
    args = ["build", str(BELAAD), "--duplex", "long", "--only", "cards", "-o", str(out)]
    assert CliRunner().invoke(cli, args, catch_exceptions=False).exit_code == 0
    return out / "belaad" / "calibration.pdf"


def words(pdf: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    """pdftotext's words on a page (1-based) with their boxes in points, y downwards."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler) is not installed")
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in WORD.findall(xml)]


def ruler_words(pdf: Path) -> list[tuple[float, float, float, float, str]]:
    """The back page's words that are numbers: the ruler labels (the note's offsets excluded)."""
    height = pdfium.PdfDocument(str(pdf))[1].get_size()[1]
    return [w for w in words(pdf, 2) if NUMBER.fullmatch(w[4]) and w[3] < height - 40 * MM]


def test_every_ruler_label_is_its_own_word_centred_on_its_tick(sheet):
    width, height = pdfium.PdfDocument(str(sheet))[1].get_size()
    cx, cy = width / 2, height / 2
    labels = ruler_words(sheet)
    horizontal = [w for w in labels if w[1] < cy - 10 * MM]
    vertical = [w for w in labels if w[1] > cy - 10 * MM]
    assert sorted(w[4] for w in horizontal) == sorted(LABELS)
    assert sorted(w[4] for w in vertical) == sorted(LABELS)
    for x0, _, x1, _, text in horizontal:
        assert abs((x0 + x1) / 2 - (cx + int(text) * MM)) < 0.3 * MM, text
    for _, y0, _, y1, text in vertical:
        assert abs((y0 + y1) / 2 - (cy - int(text) * MM)) < 0.3 * MM, text


def test_ruler_labels_never_overlap(sheet):
    labels = ruler_words(sheet)
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_ruler_labels_are_at_least_6_pt(sheet):
    page = pdfium.PdfDocument(str(sheet))[1]
    text = page.get_textpage()
    height = page.get_size()[1]
    sizes = [
        pdfium_c.FPDFText_GetFontSize(text.raw, i)
        for i in range(text.count_chars())
        if text.get_text_range(i, 1) in "-0123456789"
        and text.get_charbox(i)[1] > 40 * MM
        and text.get_charbox(i)[3] < height - 40 * MM
    ]
    assert len(sizes) >= 2 * len(LABELS)
    assert min(sizes) >= 6
    for _, y0, _, y1, text in ruler_words(sheet):
        assert y1 - y0 >= 6 * 1.15, text  # Inter's box is 1.21 em tall


@pytest.mark.parametrize(
    ("paper", "duplex", "offset"), [("a4", "long", (0.0, 0.0)), ("letter", "short", (1.5, -2.0))]
)
def test_ruler_ticks_stand_every_half_millimetre_from_the_centre_plus_offset(
    paper, duplex, offset, tmp_path
):
    pdf = tmp_path / "calibration.pdf"
    pdf.write_bytes(calibration_pdf(PrintOptions(PAPERS[paper], duplex, offset)))
    page = pdfium.PdfDocument(str(pdf))[1].render(scale=DPI / 72).to_pil().convert("L")
    size = PAPERS[paper]
    cx, cy = size.width / 2 + offset[0], size.height / 2 + offset[1]
    steps = int(RULER_MM / TICK_STEP_MM)
    expected = [k * TICK_STEP_MM for k in range(-steps, steps + 1)]
    reach = round((RULER_MM + 1) * PX_PER_MM)  # the ruler only, not its X or Y
    row = round((size.height - (cy + 30 + 1)) * PX_PER_MM)  # 1 mm up the horizontal ruler's ticks
    left = round((cx - RULER_MM - 1) * PX_PER_MM)
    xs = dark_runs([page.getpixel((left + i, row)) for i in range(2 * reach)], threshold=200)
    column = round((cx + 30 + 1) * PX_PER_MM)  # 1 mm along the vertical ruler's ticks
    top = round((size.height - cy - RULER_MM - 1) * PX_PER_MM)
    ys = dark_runs([page.getpixel((column, top + i)) for i in range(2 * reach)], threshold=200)
    found_x = [(left + x) / PX_PER_MM - cx for x in xs]
    found_y = [size.height - cy - (top + y) / PX_PER_MM for y in ys][::-1]
    assert found_x == pytest.approx(expected, abs=0.1)
    assert found_y == pytest.approx(expected, abs=0.1)
