"""What one check, build or preview runs with, passed down the pipeline from stage to stage:
two games can be checked and rendered side by side in one process, each with its own."""

from __future__ import annotations

from dataclasses import dataclass

from generator.options import PLACEHOLDER_MODES
from generator.render.memo import FaceMemo


@dataclass(frozen=True)
class BuildContext:
    """How placeholders print, the memo of fitted designs (None: fit every design), and
    whether the work stays in this process (no worker processes)."""

    placeholders: str = "blank"
    memo: FaceMemo | None = None
    one_process: bool = False

    def __post_init__(self) -> None:
        if self.placeholders not in PLACEHOLDER_MODES:
            raise ValueError(
                f"expected one of {', '.join(PLACEHOLDER_MODES)}, found '{self.placeholders}'"
            )
