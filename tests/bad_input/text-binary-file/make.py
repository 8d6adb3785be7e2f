"""A real PNG image under a Markdown name."""

import io
from pathlib import Path

from PIL import Image


def make(folder: Path) -> None:
    buffer = io.BytesIO()
    Image.effect_noise((64, 64), 80).save(buffer, "PNG")
    (folder / "rules.md").write_bytes(buffer.getvalue())
