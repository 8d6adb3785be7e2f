"""Render the README's pictures from a built kit: run by `make run` after `pnp build --all`.

The README shows what pnp prints; the picture is drawn from the kit the build just wrote, not
made by hand, so it changes when the showcase game or the engine does.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pypdfium2 as pdfium

ROOT = Path(__file__).resolve().parents[1]
PICTURES = [  # (kit file, page from 1, dots per inch, picture)
    ("output/golden-age/cards-poker.pdf", 3, 60, "docs/img/golden-age-cards.png"),
]


def render(pdf: Path, page: int, dpi: int, png: Path) -> None:
    """One page of a PDF as a PNG at `dpi`."""
    document = pdfium.PdfDocument(str(pdf))
    image = document[page - 1].render(scale=dpi / 72).to_pil().convert("RGB")
    png.parent.mkdir(parents=True, exist_ok=True)
    image.save(png, optimize=True)


def main() -> int:
    """Draw every picture whose kit is built; say which kits are missing."""
    missing = [kit for kit, *_ in PICTURES if not (ROOT / kit).is_file()]
    for kit, page, dpi, png in PICTURES:
        if kit not in missing:
            render(ROOT / kit, page, dpi, ROOT / png)
    for kit in missing:
        print(f"{kit} is not built: run `pnp build --all` first", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
