"""A C programmer trying pycorral cold: small programs with a seeded bug (a ring buffer, a
two-file project, a lock/unlock driver harness, a string function, a heap linked list)
and a correct summing loop, through plain `pycorral check FILES` -- no flags but an outer
budget no load reaches.
Every bug is found and confirmed by native execution; the correct loop is proved.  (The
first user story of issue 15: at the old default bound 1 four of the five bugs ended "no
bug found within bound 1" with exit 0.)"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cases import read_case

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "cold"
# the ring buffer is README's quick-start example itself
PROGRAMS = [ROOT / "examples" / "ringbuf.c"] + sorted(DATA.glob("*.c")) + \
    [DATA / "project" / "main.c"]


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_plain_check_settles_it(path):
    case = read_case(path)
    files = (case.get("FILES") or path.name).split()
    # no flags but the outer budget: the default one (30 s of wall time) is the user's
    # clock, which a loaded machine can use up; every inner limit is solver work
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *files,
                        "--timeout", "600"],
                       cwd=path.parent, capture_output=True, text=True, timeout=900,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    first = r.stdout.splitlines()[0] if r.stdout else r.stderr
    if case.expect == "bug":
        assert (r.returncode, first) == (10, "bug found"), r.stdout + r.stderr
        assert "confirmed by execution" in r.stdout.splitlines()[1]
    else:
        assert case.expect == "correct"
        assert (r.returncode, first) == (0, "correct (proved for every bound)"), r.stdout
