"""Make the hostile output path here: git keeps no pipes."""

from __future__ import annotations

import os
from pathlib import Path


def make(folder: Path) -> None:
    """Create `out` as this case needs (so the runner seeds no old kit)."""
    (folder / "out").mkdir()
    os.mkfifo(folder / "out/demo")
