"""The pinned faces pnp ships (generator/fonts/pinned/), so that no user waits for fontTools to
pin the variable families that come with pnp: pinning rewrites every glyph of the font, and
the default families' bold sets most titles and headings.

Run `python -m generator.fonts.ship` when one of these families' fontpkg package changes
version: a shipped instance is found only for the font file it was made from, so until then
each user pins that family's faces on first use (once per machine), as for any other family.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from generator.fonts import registered_name, resolve_family
from generator.fonts.instances import SHIPPED, pin, pin_location, pinned_file_name

FAMILIES = ("Inter", "Source Serif 4", "Cinzel", "Noto Sans Arabic")  # the variable ones
LICENCE = "LICENSE"  # beside each fontpkg package's files/ folder


def ship(folder: Path = SHIPPED, families: tuple[str, ...] = FAMILIES) -> list[Path]:
    """Pin every face of `families` that is not its font's default instance into `folder`,
    with each family's licence (OFL: it travels with the fonts); what was there before goes."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    made = []
    for name in families:
        family = resolve_family(name, None)
        for style, face in family.faces:
            location = pin_location(face.path, dict(face.location))
            if location is not None:
                face_name = registered_name(family, style)
                target = folder / pinned_file_name(face.path, location, face_name)
                made.append(pin(face.path, location, face_name, target))
        licence = family.faces[0][1].path.parent.parent / LICENCE
        made.append(Path(shutil.copyfile(licence, folder / f"OFL-{family.key}.txt")))
    return made


if __name__ == "__main__":
    for path in ship():
        print(path)
