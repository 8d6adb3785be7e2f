"""Helpers for print tests: a game whose cards carry distinct art, and raster measurements."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image, ImageFilter
from pypdf import PdfReader, PdfWriter

from generator.write.raster import pdf_pages_to_png

COLOURS = [
    "#d62728",
    "#2ca02c",
    "#1f77b4",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#bcbd22",
]

ART_GAME = """\
id: art
title: Art Test
players: {min: 1, max: 2}
layouts:
  art-front:
    size: poker
    elements:
      - {type: image, field: image, fit: crop, bleed: true}
  art-back:
    size: poker
    elements:
      - {type: image, field: back_art, fit: crop, bleed: true}
      - {name: mark, type: rect, box: [3mm, 3mm, 12mm, 12mm], fill: "#000000"}
components:
  - {id: art-cards, name: Art cards, kind: card, count: COUNT, provided_by: art}
decks:
  - {id: art, name: Art, file: decks/art.csv, layout: art-front, back_layout: art-back}
"""


def write_art_game(root: Path, count: int = 9, shared_art: bool = False) -> Path:
    """A deck of `count` cards, each front and back filled with the card's own colour."""
    folder = root / "art"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "art").mkdir(exist_ok=True)
    rows = ["id,name,image,back_art"]
    for i in range(count):
        colour = "#444444" if shared_art else COLOURS[i % len(COLOURS)]
        name = f"art/{colour[1:]}.png"
        Image.new("RGB", (60, 84), colour).save(folder / name)
        rows.append(f"c{i},Card {i},{name},{name}")
    (folder / "decks" / "art.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (folder / "game.yaml").write_text(ART_GAME.replace("COUNT", str(count)), encoding="utf-8")
    return folder


def raster(pdf: Path, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as an RGB image."""
    return [
        Image.open(io.BytesIO(png)).convert("RGB")
        for png in pdf_pages_to_png(pdf.read_bytes(), dpi)
    ]


def first_page(pdf: Path, dpi: int) -> Image.Image:
    """The first page of a PDF as an RGB image, without rasterising the others (a 300 dpi
    sheet is 26 MB of pixels: a whole deck of them took the suite past 3 GB)."""
    writer = PdfWriter()
    writer.add_page(PdfReader(pdf).pages[0])
    buffer = io.BytesIO()
    writer.write(buffer)
    [png] = pdf_pages_to_png(buffer.getvalue(), dpi)
    return Image.open(io.BytesIO(png)).convert("RGB")


def dark_runs(values: list[float], threshold: float = 160) -> list[float]:
    """Centres of consecutive runs of values darker than `threshold`."""
    runs, start = [], None
    for i, value in enumerate([*values, 255]):
        if value < threshold and start is None:
            start = i
        elif value >= threshold and start is not None:
            runs.append((start + i - 1) / 2)
            start = None
    return runs


def mark_positions(page: Image.Image, axis: str) -> list[float]:
    """Crop-mark positions in px, read from the margin band above (x) or left of (y) the art.

    The band ends at the first line of pixels more than 2 % not white: marks are thin, art is
    not, even when it is pale.
    """
    grey = page.convert("L")
    if axis == "y":
        grey = grey.transpose(Image.Transpose.ROTATE_270)
    width, height = grey.size
    band = 0
    while (
        band < height
        and sum(grey.crop((0, band, width, band + 1)).histogram()[:250]) < width * 0.02
    ):
        band += 1
    strip = grey.crop((0, 0, width, band)).resize((width, 1), Image.Resampling.BOX)
    return dark_runs([strip.getpixel((x, 0)) for x in range(width)], threshold=250)


def colour_centre(
    page: Image.Image, colour: str, tolerance: int = 12
) -> tuple[float, float] | None:
    """Centre (px) of the box around the pixels within `tolerance` of `colour`, or None.

    A box, not a centroid, so text or marks covering part of a face do not move it; the tight
    tolerance and an erosion keep out the thin slivers of blended pixels where colours meet.
    """
    box = colour_mask(page, colour, tolerance).filter(ImageFilter.MinFilter(5)).getbbox()
    return None if box is None else ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def colour_mask(page: Image.Image, colour: str, tolerance: int = 12) -> Image.Image:
    """A greyscale image, 255 where the page is within `tolerance` of `colour` and 0 elsewhere."""
    target = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    hit = Image.new("L", page.size, 255)
    for band, value in zip(page.convert("RGB").split(), target, strict=True):
        near = band.point(lambda v, t=value: 255 if abs(v - t) <= tolerance else 0)
        hit = Image.composite(near, Image.new("L", page.size, 0), hit)
    return hit


def embedded_fonts(pdf: Path) -> set[str]:
    """Base names of every font a PDF's pages use, without the subset prefix; each must carry
    its font file (asserted), as an embedded font does."""
    names = set()
    for page in PdfReader(pdf).pages:
        for ref in page["/Resources"].get("/Font", {}).values():
            font = ref.get_object()
            assert "/FontFile2" in font["/FontDescriptor"], font["/BaseFont"]
            names.add(str(font["/BaseFont"]).split("+", 1)[-1])
    return names


@dataclass(frozen=True)
class PdfLink:
    """An internal link of a PDF: where it stands, what it says, where it leads."""

    page: int  # 1-based
    text: str  # the words under its rectangle, spaces normalised
    target: int  # 1-based page it leads to
    top: int  # the destination's top on that page, in whole points (0 when it gives none)
    rect: tuple[float, float, float, float]
    words: Any  # the page's pdfium text page, to read around the link


def pdf_links(pdf: Path) -> list[PdfLink]:
    """Every internal link of a PDF, read with pypdf (annotations) and pdfium (text)."""
    reader = PdfReader(pdf)
    document = pdfium.PdfDocument(str(pdf))
    ids = [page.indirect_reference.idnum for page in reader.pages]
    found = []
    for number, page in enumerate(reader.pages):
        words = document[number].get_textpage()
        for annotation in page.get("/Annots") or []:
            link = annotation.get_object()
            if link.get("/Subtype") != "/Link" or "/Dest" not in link:
                continue
            rect = tuple(float(v) for v in link["/Rect"])
            text = " ".join(words.get_text_bounded(*rect).split())
            dest = link["/Dest"]
            target = ids.index(dest[0].idnum) + 1
            top = round(float(dest[3])) if len(dest) > 3 and dest[3] is not None else 0
            found.append(PdfLink(number + 1, text, target, top, rect, words))
    return found
