"""How many processes one game's build may use: every core, or one when games build side by side
(`pnp build --all --jobs N`), so N games never start N x cores render workers."""

from __future__ import annotations

import os

_ONE_PROCESS = False


def use_one_process() -> None:
    """From now on this process renders and writes its game without worker processes."""
    global _ONE_PROCESS
    _ONE_PROCESS = True


def cores() -> int:
    """The processes a game's rendering may spread over."""
    return 1 if _ONE_PROCESS else os.cpu_count() or 1
