"""examples/wdm: the driver of issue 16's user story, checked as a driver developer would
-- no edits to the source, the lock rule from the bundled rule file `spinlock`.  The planted
bug (a write returns without releasing the device lock) is found with a trace that names
the kernel calls; the fixed build (-DFIXED) is not flagged.  It is a 32-bit x86 driver
(ddk.h's NTSTATUS is a 32-bit `long`), so it is checked with `--data-model ILP32`: under
the host's LP64 the error codes would be positive and NT_SUCCESS would hold for them.

The LLVM front end decides both in seconds (its points-to analysis keeps the device
extension, the IRP and the buffers in separate regions).  The pycparser front end has to
use byte-level memory for the classes viewed at different types here (the device extension
is reached through the DEVICE_OBJECT's PVOID, and other types go into void* too): it must
say so, and it must not answer wrongly within its time budget."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "wdm"
KERNEL_CALLS = ("KeInitializeSpinLock(", "KeAcquireSpinLock(", "IoCompleteRequest(",
                "IoOpenDeviceRegistryKey(", "ExAllocatePoolWithTag(")


def _check(frontend: str, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pycorral.cli", "check", "--frontend", frontend,
         "--rules", "spinlock", "--data-model", "ILP32", *flags, "counter.c"],
        cwd=EXAMPLE, capture_output=True, text=True, timeout=400,
        env={**os.environ, "PYTHONPATH": str(ROOT)})


def _assert_lock_bug(r: subprocess.CompletedProcess) -> None:
    lines = r.stdout.splitlines()
    assert lines[0].startswith("bug found: rule spinlock violated: spin lock "), lines[0]
    trace = r.stdout[r.stdout.index("trace:"):]
    # the request that leaves the lock held, and the kernel calls on the way
    assert "CounterWrite(" in trace
    for api in KERNEL_CALLS:
        assert api in trace, (api, trace)


def test_planted_lock_bug_is_found_with_the_kernel_calls_in_the_trace():
    # the command a user runs: no bound (deepened until the bug); ZwQueryValueKey, the one
    # kernel routine without a model here, is taken to write no memory (SMACK's convention)
    r = _check("llvm", "--timeout", "240", "--extern-pure")
    assert r.returncode == 10, r.stdout + r.stderr
    _assert_lock_bug(r)
    # the Microsoft dialect was recognised from the DDK-shaped header
    assert "Microsoft C extensions on" in r.stderr
    assert "ZwQueryValueKey" in r.stdout + r.stderr


def test_without_extern_pure_the_trace_is_a_possible_bug():
    """By default ZwQueryValueKey (no model) may write whatever the driver ever handed a
    function without a body, the device extension included; the trace reads the
    extension after it: a possible bug that names it, not a bug found."""
    r = _check("llvm", "--timeout", "240")
    assert r.returncode == 40, r.stdout + r.stderr
    line = r.stdout.splitlines()[0]
    assert line.startswith("possible bug (depends on the unknown effect of "
                           "ZwQueryValueKey): rule spinlock violated: spin lock "), line


def test_fixed_driver_is_not_flagged():
    r = _check("llvm", "-DFIXED", "--bound", "2", "--strategy", "si", "--timeout", "240")
    assert r.returncode == 30, r.stdout + r.stderr
    assert r.stdout.splitlines()[0].startswith("no bug found within bound 2"), r.stdout


@pytest.mark.parametrize("fixed", [False, True])
def test_c_front_end_says_why_memory_is_byte_level_and_never_answers_wrongly(fixed):
    r = _check("c", "--bound", "2", "--strategy", "si", "--timeout", "20",
               *(["-DFIXED"] if fixed else []))
    # the classes viewed at different types are named (byte level alone, the others
    # typed: frontend/c/byte_split.py), or the whole program's byte-level model is
    assert "note: byte-level class " in r.stderr and ": counter.c:" in r.stderr, r.stderr
    assert "through void*" in r.stderr, r.stderr
    if fixed:
        assert r.returncode in (0, 20, 30), r.stdout + r.stderr
    else:
        assert r.returncode in (10, 20, 40), r.stdout + r.stderr
        if r.returncode == 10:
            _assert_lock_bug(r)
