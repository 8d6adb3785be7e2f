"""The engine's shape: pnp changes nothing of the standard library or another package for the
process it runs in, and uses no other package's private names."""

from __future__ import annotations

import subprocess
import sys


def test_importing_pnp_leaves_the_standard_librarys_re_as_it_is():
    probe = (
        "import re, re._compiler as c; before = c.compile; import generator, generator.cli; "
        "print(c.compile is before and c.compile.__module__ == 're._compiler')"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "True", done.stderr
