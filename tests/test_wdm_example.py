"""examples/wdm: the driver of issue 16's user story, checked as a driver developer would
-- no edits to the source, the lock rule from the bundled rule file `spinlock`.  The planted
bug (a write returns without releasing the device lock) is found with a trace that names
the kernel calls; the fixed build (-DFIXED) is not flagged.  Through both C front ends."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Slow, and a known gap (issue 16): since the kernel models were linked, both front ends
# run past the time budget on this example (the C front end falls back to byte-level
# memory: the models' and the driver's PVOID conversions), where the LLVM front end found
# the planted bug in seconds with every kernel call left without a body.
pytestmark = [pytest.mark.slow,
              pytest.mark.xfail(strict=False, reason="issue 16: too slow since the models")]

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "wdm"


def _check(frontend: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pycorral.cli", "check", "--frontend", frontend,
         "--rules", "spinlock", "--bound", "2", "--timeout", "240", *flags, "counter.c"],
        cwd=EXAMPLE, capture_output=True, text=True, timeout=400,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_planted_lock_bug_is_found_with_the_kernel_calls_in_the_trace(frontend):
    r = _check(frontend)
    lines = r.stdout.splitlines()
    assert r.returncode == 10, r.stdout + r.stderr
    assert lines[0].startswith("bug found: rule spinlock violated: "), lines[0]
    trace = r.stdout[r.stdout.index("trace:"):]
    # the request that leaves the lock held, and the kernel calls on the way
    assert "CounterWrite(" in trace
    for api in ("KeInitializeSpinLock(", "KeAcquireSpinLock(", "IoCompleteRequest(",
                "IoOpenDeviceRegistryKey(", "ExAllocatePoolWithTag("):
        assert api in trace, (api, trace)
    # the Microsoft dialect was recognised from the DDK-shaped header
    assert "Microsoft C extensions on" in r.stderr


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_fixed_driver_is_not_flagged(frontend):
    r = _check(frontend, "-DFIXED")
    assert r.returncode in (0, 30), r.stdout + r.stderr
    first = r.stdout.splitlines()[0]
    assert first.startswith(("correct", "no bug found within bound 2")), first
