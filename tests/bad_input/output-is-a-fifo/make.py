"""Make the hostile output path here: git keeps no pipes, and links are better made than committed."""

from __future__ import annotations

import os
from pathlib import Path


def make(folder: Path) -> None:
    """Create `out` as this case needs (so the runner seeds no old kit)."""
    os.mkfifo(folder / "out")
