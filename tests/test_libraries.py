"""Three real C libraries with a documented memory-safety bug (examples/libraries/, issue
36): each harness finds the bug at the buggy commit, the native replay confirms it under
AddressSanitizer, and the fixed commit is not flagged within the same bound.

The library sources are not in this repository: fetch them with
`python scripts/fetch_libraries.py DEST [--mirror DIR]` and set PYCORRAL_LIBRARIES=DEST.
Slow-marked (run with -m slow); skipped, with the reason, when the sources are absent.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fetch_libraries",
                                               ROOT / "scripts" / "fetch_libraries.py")
fetch_libraries = importlib.util.module_from_spec(_spec)
sys.modules["fetch_libraries"] = fetch_libraries      # (its dataclasses look it up)
_spec.loader.exec_module(fetch_libraries)

BOUND = "4"
# runs that time out here (README "Real libraries"): not failures of the harness
SLOW = {("inih", "c"), ("inih", "llvm"), ("utf8h", "llvm", "fix")}


def _cases():
    for lib in fetch_libraries.LIBRARIES:
        for fe in ("c", "llvm"):
            for tag in ("bug", "fix"):
                marks = [pytest.mark.slow]
                if (lib.name, fe) in SLOW or (lib.name, fe, tag) in SLOW:
                    marks.append(pytest.mark.xfail(reason="times out within 240 s here",
                                                   strict=False))
                yield pytest.param(lib, fe, tag, id=f"{lib.name}-{fe}-{tag}", marks=marks)


@pytest.mark.parametrize("lib,fe,tag", list(_cases()))
def test_library_bug_found_and_fixed_version_clean(lib, fe, tag):
    base = os.environ.get("PYCORRAL_LIBRARIES")
    if not base:
        pytest.skip("library sources absent: run scripts/fetch_libraries.py DEST and set "
                    "PYCORRAL_LIBRARIES=DEST")
    tree = Path(base) / f"{lib.name}-{tag}"
    if not tree.is_dir():
        pytest.skip(f"library sources absent: {tree} (scripts/fetch_libraries.py)")
    harness = ROOT / "examples" / "libraries" / lib.name / "harness.c"
    cmd = [sys.executable, "-m", "pycorral.cli", "check", str(harness),
           *(str(tree / s) for s in lib.sources), "-I", str(tree), *lib.flags,
           "--frontend", fe, "--function", lib.function, "--memory-safety",
           "--bound", BOUND, "--timeout", "240", "--json"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    doc = json.loads(p.stdout)
    if tag == "bug":
        assert doc["verdict"] == "bug", doc.get("reason")
        assert "confirmed natively (AddressSanitizer" in json.dumps(doc), doc.get("reason")
    else:
        assert doc["verdict"] in ("correct", "bounded"), doc.get("reason")
