"""The benchmarks' shared harness: alternated timed runs, peak memory in fresh children, verdicts.

A busy machine slows whichever side happens to run at that moment, so the two sides take turns
(ours, baseline, ours, ...) after one warm-up each, and each reports the median of its runs with
the spread (min-max) beside it. Peak memory is the peak RSS (VmHWM) of a fresh child process
per run, so neither side's figure holds the other's leftovers. Nothing here asserts a timing: every
judged figure prints PASS or MISS and the scripts exit 0.
"""

from __future__ import annotations

import compileall
import gc
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

RUNS = 5  # measured runs of each side, after one warm-up
MEMORY_RUNS = 3  # fresh children of each side for peak RSS
LABEL_WIDTH = 46
CELL_WIDTH = 22


@dataclass(frozen=True)
class Figures:
    """Several measurements of one quantity: the median is the figure, min-max its spread."""

    values: tuple[float, ...]

    @property
    def median(self) -> float:
        """The figure judged and compared."""
        return statistics.median(self.values)

    def text(self, digits: int = 2) -> str:
        """`1.23 (1.10-1.40)`: median, then the spread of all runs."""
        low, high = min(self.values), max(self.values)
        return f"{self.median:.{digits}f} ({low:.{digits}f}-{high:.{digits}f})"


@dataclass
class Sides:
    """What alternated runs measured: seconds per side, and each side's last result."""

    seconds: dict[str, Figures]
    results: dict[str, Any]


def compiled(folders: list[Path]) -> None:
    """Every module under the folders compiled to bytecode (kept in __pycache__, as installing
    pnp keeps it), whether or not this Python writes bytecode as it imports: with
    PYTHONDONTWRITEBYTECODE=1 (some containers and CI images) each cold start of `pnp` would
    compile its modules from source again, which no installed pnp does."""
    for folder in folders:
        compileall.compile_dir(folder, quiet=1)


def forget_cached_work() -> None:
    """Empty the functools caches of pnp's own modules, as a fresh `pnp build` starts, so a
    repeated run redoes the work a cold build does (reading art, compiling templates, parsing
    the rulebook). Registered fonts stay, as they do for the baseline's ReportLab."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("generator") or name.startswith("generator.fonts"):
            continue
        for value in list(vars(module).values()):
            if getattr(value, "__module__", None) == name and hasattr(value, "cache_clear"):
                value.cache_clear()


def alternated(sides: dict[str, Callable[[], Any]], runs: int = RUNS) -> Sides:
    """Each side once to warm up, then `runs` rounds in turn; garbage is collected (untimed)
    before every run so one side's leftovers do not cost the other."""
    times: dict[str, list[float]] = {name: [] for name in sides}
    results: dict[str, Any] = {}
    for measured in [False] + [True] * runs:
        for name, side in sides.items():
            gc.collect()
            start = time.perf_counter()
            results[name] = side()
            if measured:
                times[name].append(time.perf_counter() - start)
    return Sides({name: Figures(tuple(values)) for name, values in times.items()}, results)


def rss_now_mb() -> float:
    """This process's resident set size now, in MB (0 where /proc is missing)."""
    return _status_mb("VmRSS") or 0.0


def peak_rss_mb() -> float:
    """This process's peak resident set size, in MB: /proc's VmHWM, which counts only this
    program (`ru_maxrss` after fork and exec still holds the parent's size at the fork)."""
    peak = _status_mb("VmHWM")
    return (
        peak
        if peak is not None
        else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6
    )


def _status_mb(field: str) -> float | None:
    """A kB field of /proc/self/status in MB, or None where it cannot be read."""
    try:
        lines = Path("/proc/self/status").read_text().splitlines()
    except OSError:
        return None
    found = next((line.split()[1] for line in lines if line.startswith(f"{field}:")), None)
    return None if found is None else int(found) * 1024 / 1e6


def child_report(**fields: Any) -> None:
    """Print, as a child run's last line, its fields and its peak RSS in MB."""
    print(json.dumps({**fields, "peak_rss_mb": peak_rss_mb()}))


def child_runs(commands: dict[str, list[str]], runs: int = MEMORY_RUNS) -> dict[str, list[dict]]:
    """Run each command `runs` times in turn, each a fresh process ending with `child_report`."""
    reports: dict[str, list[dict]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            done = subprocess.run(command, capture_output=True, text=True, check=False)
            if done.returncode != 0:
                raise SystemExit(f"{name} child failed ({' '.join(command)}):\n{done.stderr}")
            reports[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return reports


def python_command(script: Path, *arguments: str) -> list[str]:
    """This interpreter running `script`, so a child sees the same packages."""
    return [sys.executable, str(script), *arguments]


def figures(reports: list[dict], key: str) -> Figures:
    """One field of several child reports."""
    return Figures(tuple(float(report[key]) for report in reports))


def verdict(ok: bool) -> str:
    """PASS or MISS."""
    return "PASS" if ok else "MISS"


def row(label: str, *cells: str) -> str:
    """One table line: a label, then right-aligned cells."""
    return f"  {label:<{LABEL_WIDTH}}" + "".join(f"{cell:>{CELL_WIDTH}}" for cell in cells)


def judged(label: str, ours: float, baseline: float, target: float) -> str:
    """A table line judging ours/baseline against `target` (at most)."""
    ratio = ours / baseline
    return row(label, f"{ratio:.2f}x", f"<= {target}x", verdict(ratio <= target))
