"""Hostile input never gets a traceback, a signal, a hang, a memory blow-up or a touched output.

Each folder of tests/bad_input/ is one case (its case.yaml says what is hostile and what pnp
must answer); see tests/bad_input/README.md for the format.
"""

from __future__ import annotations

import json
import os
import runpy
import shutil
from pathlib import Path

import pytest

from tests.bad_input_runner import CASES, CLASSES, Case, read_cases, run_command, tree

ALL_CASES = read_cases()
CHECK_PEAK_MB = 1024.0  # `pnp check` on any case, as the issue demands


def _prepared(case: Case, tmp_path: Path) -> Path:
    """The case copied to a temporary folder, its generated inputs made, an old kit in out/."""
    folder = tmp_path / case.name
    shutil.copytree(CASES / case.name, folder, symlinks=True)
    make = folder / "make.py"
    if make.is_file():
        runpy.run_path(str(make))["make"](folder)
    old = folder / "out" / Path(case.target).stem
    if os.path.lexists(folder / "out"):  # the case set up its own output folder
        return folder
    old.mkdir(parents=True)
    (old / "cards-poker.pdf").write_bytes(b"%PDF-1.4 the previous kit\n")
    manifest = {"game": old.name, "files": [{"path": "cards-poker.pdf", "kind": "cards"}]}
    (old / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


@pytest.mark.parametrize("case", ALL_CASES, ids=[case.name for case in ALL_CASES])
def test_hostile_input_gets_a_finding_and_leaves_the_output_alone(case: Case, tmp_path):
    folder = _prepared(case, tmp_path)
    before = tree(folder / "out")
    for command in case.commands:
        outcome = run_command(command, case.target, folder)
        said = f"{case.name}: pnp {command}: {outcome.output[-2000:]}"
        assert not outcome.timed_out, f"{said}\nstill running after {outcome.seconds:.0f} s"
        assert outcome.signal is None, f"{said}\nkilled by signal {outcome.signal}"
        assert "Traceback" not in outcome.output, said
        assert outcome.code == case.exit, said
        assert case.where in outcome.output, said
        assert case.message in outcome.output, said
        assert tree(folder / "out") == before, f"{said}\nthe output folder changed"
        if command in ("check", "check-file"):
            assert outcome.peak_mb < CHECK_PEAK_MB, f"{said}\npeak {outcome.peak_mb:.0f} MB"


def test_every_class_of_hostile_input_has_cases():
    kinds = {case.kind for case in ALL_CASES}
    assert kinds <= set(CLASSES), kinds - set(CLASSES)
    assert kinds == set(CLASSES), f"classes without a case: {set(CLASSES) - kinds}"
    assert len(ALL_CASES) >= 60
