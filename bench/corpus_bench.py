"""Helpers for corpus measurement scripts that run one `pycorral check` at a time and score
it against Corral's regression suite or the Linux-driver Boogie corpus (used by
tests/test_houdini_corpus.py).  Benchmarks themselves are `pycorral bench corral|ldv`
(bench.runner, bench.cli).

Input: a corpus file ($PYCORRAL_CORPORA or <repo>/../shared/corpora, see
`bench.runner.corpora_dir`) and the row's flags; output: a `TaskRun` (verdict, time,
procedures inlined, share of time in Z3) and its right/wrong/unknown outcome.

Each task runs `python -m pycorral.cli check ... --json` in its own process group with a
wall-time limit; when the limit passes, the whole group is killed and the task counts as
unknown (timeout).  A crash, a bad exit or unparsable output is unknown too, never correct.
"""
from __future__ import annotations

import csv
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from bench.runner import ROOT, run_limited as run_in_group

# Verdict words of `Result.to_json()["verdict"]`, plus our own for runs that gave no result.
BUG, CORRECT, BOUNDED, UNKNOWN = "bug", "correct", "no bug within bound", "unknown"
ERROR, TIMEOUT = "error", "timeout"

@dataclass(frozen=True, slots=True)
class TaskRun:
    """One run of one task with one strategy."""
    file: str
    expected: str          # "bug" / "correct"
    strategy: str
    verdict: str           # bug / correct / no bug within bound / unknown / error / timeout
    reason: str = ""
    time: float = 0.0      # wall time of the process
    inlined: int | None = None
    z3_share: float | None = None
    outcome: str = ""      # right / wrong / unknown / rejected / overapprox / missed


# ----------------------------------------------------------------------------- running

def run_limited(cmd: list[str], limit: float, memory_mb: int = 6144,
                cwd: Path = ROOT) -> tuple[int | None, str, str, float]:
    """Run `cmd` in a fresh process group under an address-space limit; after `limit`
    seconds of wall time the whole group is killed.  Returns (exit code or None when
    killed, stdout, stderr, wall time).  The process handling is bench.runner's."""
    p = run_in_group(cmd, limit, memory_mb, cwd)
    return p.code, p.out, p.err, p.wall


def run_check_process(path: Path, args: list[str], timeout: float,
                      memory_mb: int = 6144) -> tuple[str, str, float, dict]:
    """Run `pycorral check PATH ARGS --json` in its own process, killed a little after the
    time limit (the engine's own timeout should come first).  Returns (verdict, reason,
    wall time, stats)."""
    cmd = [sys.executable, "-m", "pycorral.cli", "check", str(path), *args, "--json",
           "--timeout", f"{timeout:g}"]
    hard_limit = timeout * 1.2 + 10.0      # after the CLI's own watchdog (x1.1 + 5s)
    code, out, err, wall = run_limited(cmd, hard_limit, memory_mb)
    if code is None:
        return TIMEOUT, f"killed after {hard_limit:.0f}s", wall, {}
    verdict, reason, stats = _interpret(code, out, err)
    return verdict, reason, wall, stats


def _interpret(code: int, out: str, err: str) -> tuple[str, str, dict]:
    if code == 2:
        first = next((ln for ln in err.splitlines() if "error" in ln), err.strip()[:200])
        if ": error: " in first:       # the task's path is in the table already
            first = "error: " + first.split(": error: ", 1)[1]
        return ERROR, first, {}
    if code < 0:
        return UNKNOWN, f"killed by signal {-code}", {}
    for line in reversed(out.strip().splitlines()):
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict) and "verdict" in data:
            return str(data["verdict"]), str(data.get("reason") or ""), data.get("stats") or {}
    tail = (err.strip().splitlines() or ["no output"])[-1][:200]
    return UNKNOWN, f"exit {code}: {tail}", {}


# ----------------------------------------------------------------------------- scoring

def no_bug(verdict: str) -> bool:
    return verdict in (CORRECT, BOUNDED)


def corral_outcome(run: TaskRun, concurrent: bool) -> str:
    if concurrent:
        # checked within a context bound (boogie/passes/sequentialize.py): a bug is a real
        # schedule, "no bug" covers only the bounded schedules (a proof is never claimed)
        if run.verdict == CORRECT:
            return "wrong"
        if run.expected == BUG and run.verdict == BOUNDED:
            return "missed"
        return _outcome(run, overapprox_ok=False)
    return _outcome(run, overapprox_ok=False)


def ldv_outcome(run: TaskRun) -> str:
    """ldv-bpl's expected verdicts are SV-COMP's, for every bound: on a bug task, CORRECT
    is wrong, while "no bug within bound" is a miss (the bug may need a deeper bound: the
    usb_8dev task needs 7, see tests/test_ldv_regressions.py), not a wrong claim."""
    if run.expected == BUG and run.verdict == BOUNDED:
        return "missed"
    return _outcome(run, overapprox_ok=True)


def _outcome(run: TaskRun, *, overapprox_ok: bool) -> str:
    if run.expected == BUG:
        if run.verdict == BUG:
            return "right"
        return "wrong" if no_bug(run.verdict) else "unknown"
    if no_bug(run.verdict):
        return "right"
    if run.verdict == BUG:
        return "overapprox" if overapprox_ok else "wrong"
    return "unknown"


# ----------------------------------------------------------------------------- corpora

def read_rows(csv_path: Path) -> list[dict[str, str]]:
    with open(csv_path, newline="") as fh:
        return list(csv.DictReader(fh))
