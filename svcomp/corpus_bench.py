"""Corpus benchmarks: Corral's regression suite and the Linux-driver Boogie corpus.

(The older runner behind `pycorral bench-corral` / `bench-ldv`; `pycorral bench corral` and
`pycorral bench ldv` (svcomp.bench) run the same tasks with the same arguments, with
SV-COMP scoring, resumable results and reports.  Kept for those commands and for
tests/test_houdini_corpus.py, which uses its helpers.)

Role: measures pycorral on the shared corpora (never part of the unit tests).  Input: the
corpus folders ($PYCORRAL_CORPORA or <repo>/../shared/corpora) and their expected.csv /
tasks.csv; output: a table per task (verdict, right/wrong/unknown, time, procedures inlined,
share of time in Z3), totals, and optionally a CSV file.

Each task runs `python -m pycorral.cli check ... --json` in its own process group with a
wall-time limit; when the limit passes, the whole group is killed and the task counts as
unknown (timeout).  A crash, a bad exit or unparsable output is unknown too, never correct.
"""
from __future__ import annotations

import csv
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent

# Verdict words of `Result.to_json()["verdict"]`, plus our own for runs that gave no result.
BUG, CORRECT, BOUNDED, UNKNOWN = "bug", "correct", "no bug within bound", "unknown"
ERROR, TIMEOUT = "error", "timeout"

Echo = Callable[[str], None]


def corpora_dir() -> Path:
    return Path(os.environ.get("PYCORRAL_CORPORA", ROOT.parent / "shared" / "corpora"))


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
    killed, stdout, stderr, wall time).  The process handling is svcomp.bench's."""
    from svcomp.bench import run_limited as run_in_group
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


def _inlined(stats: dict) -> int | None:
    from verifier.render import inlined
    return inlined(stats)


def _z3_share(stats: dict) -> float | None:
    from verifier.render import z3_share
    return z3_share(stats)


def run_task(path: Path, rel: str, expected: str, strategy: str, args: list[str],
             timeout: float) -> TaskRun:
    verdict, reason, wall, stats = run_check_process(path, args + ["--strategy", strategy],
                                                     timeout)
    return TaskRun(rel, expected, strategy, verdict, reason, wall, _inlined(stats),
                   _z3_share(stats))


def run_all(jobs: list[Callable[[], TaskRun]], workers: int, progress: Echo) -> list[TaskRun]:
    results: list[TaskRun | None] = [None] * len(jobs)
    done = 0

    def one(i: int) -> None:
        nonlocal done
        r = jobs[i]()
        results[i] = r
        done += 1
        progress(f"[{done}/{len(jobs)}] {r.strategy:6} {r.verdict:20} {r.time:7.1f}s  {r.file}")

    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(one, range(len(jobs))))
    return [r for r in results if r is not None]


# ----------------------------------------------------------------------------- scoring

def no_bug(verdict: str) -> bool:
    return verdict in (CORRECT, BOUNDED)


def corral_outcome(run: TaskRun, concurrent: bool) -> str:
    if concurrent:
        if run.verdict == UNKNOWN and "concurren" in run.reason.lower():
            return "rejected"
        return "wrong" if run.verdict in (BUG, CORRECT, BOUNDED) else "unknown"
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


# ----------------------------------------------------------------------------- reporting

def _fmt_share(x: float | None) -> str:
    return f"{100 * x:.0f}%" if x is not None else "-"


def _short(name: str, width: int) -> str:
    return name if len(name) <= width else "..." + name[-(width - 3):]


def table(runs: list[TaskRun], width: int = 48) -> list[str]:
    head = f"{'file':{width}} {'expected':8} {'strategy':8} {'verdict':20} {'outcome':10} " \
           f"{'time':>7} {'inlined':>7} {'z3':>4}"
    lines = [head, "-" * len(head)]
    for r in runs:
        lines.append(f"{_short(r.file, width):{width}} {r.expected:8} {r.strategy:8} "
                     f"{r.verdict:20} {r.outcome:10} {r.time:6.1f}s "
                     f"{r.inlined if r.inlined is not None else '-':>7} "
                     f"{_fmt_share(r.z3_share):>4}")
        if r.outcome in ("unknown", "wrong") and r.reason:
            lines.append(f"{'':{width}}   reason: {r.reason[:110]}")
    return lines


def totals(runs: list[TaskRun], label: str) -> list[str]:
    if not runs:
        return [f"{label}: no tasks"]
    count = {k: sum(1 for r in runs if r.outcome == k)
             for k in ("right", "wrong", "unknown", "rejected", "overapprox", "missed")}
    wall = sum(r.time for r in runs)
    shares = [r.z3_share for r in runs if r.z3_share is not None]
    parts = [f"{count['right']} right", f"{count['wrong']} wrong", f"{count['unknown']} unknown"]
    if count["rejected"]:
        parts.append(f"{count['rejected']} concurrent rejected (unknown, as required)")
    if count["missed"]:
        parts.append(f"{count['missed']} missed (no bug within the bound on a bug task)")
    if count["overapprox"]:
        parts.append(f"{count['overapprox']} bug (model over-approximation)")
    z3 = f", mean z3 share {100 * sum(shares) / len(shares):.0f}%" if shares else ""
    return [f"{label}: {len(runs)} tasks: " + ", ".join(parts),
            f"{label}: wall time {wall:.1f}s total, {wall / len(runs):.2f}s per task{z3}"]


def agreement(runs: list[TaskRun]) -> list[str]:
    """Compare strategies task by task: decisive answers (bug vs no bug) must agree."""
    by_file: dict[str, dict[str, TaskRun]] = {}
    for r in runs:
        by_file.setdefault(r.file, {})[r.strategy] = r
    disagree = []
    for f, per in by_file.items():
        decisive = {s: (BUG if r.verdict == BUG else "no bug")
                    for s, r in per.items() if r.verdict == BUG or no_bug(r.verdict)}
        if len(set(decisive.values())) > 1:
            disagree.append(f"  disagree: {f}: " + ", ".join(
                f"{s}={per[s].verdict}" for s in sorted(per)))
    head = "strategies agree on every decisive verdict" if not disagree else \
        f"strategies DISAGREE on {len(disagree)} task(s):"
    return [head] + disagree


def write_csv(runs: list[TaskRun], path: str) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["file", "expected", "strategy", "verdict", "outcome", "time_s", "inlined",
                    "z3_share", "reason"])
        for r in runs:
            w.writerow([r.file, r.expected, r.strategy, r.verdict, r.outcome, f"{r.time:.3f}",
                        "" if r.inlined is None else r.inlined,
                        "" if r.z3_share is None else f"{r.z3_share:.3f}", r.reason])


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------- corpora

def read_rows(csv_path: Path) -> list[dict[str, str]]:
    with open(csv_path, newline="") as fh:
        return list(csv.DictReader(fh))


def bench_corral(*, strategy: str = "si", timeout: float = 60.0, jobs: int = 2,
                 csv_path: str | None = None, name_filter: str | None = None,
                 echo: Echo = print, progress: Echo = _stderr) -> int:
    """Run corral/expected.csv; returns 0 when nothing is wrong, else 1 (3: no corpus)."""
    base = corpora_dir() / "corral"
    if not (base / "expected.csv").is_file():
        echo(f"corpus not found: {base}/expected.csv (set PYCORRAL_CORPORA)")
        return 3
    rows = [r for r in read_rows(base / "expected.csv")
            if not name_filter or name_filter in r["file"]]
    strategies = ["si", "static"] if strategy == "both" else [strategy]
    concurrent = {r["file"]: r.get("concurrent", "no") == "yes" for r in rows}
    work = [
        (lambda r=r, s=s: run_task(base / r["file"], r["file"], r["expected"], s,
                                   r["corral_flags"].split(), timeout))
        for r in rows for s in strategies]
    t0 = time.perf_counter()
    runs = run_all(work, jobs, progress)
    elapsed = time.perf_counter() - t0
    runs = [replace(r, outcome=corral_outcome(r, concurrent[r.file])) for r in runs]
    for line in table(runs, width=34):
        echo(line)
    echo("")
    for s in strategies:
        mine = [r for r in runs if r.strategy == s]
        seq = [r for r in mine if not concurrent[r.file]]
        conc = [r for r in mine if concurrent[r.file]]
        for line in totals(seq, f"{s} sequential") + totals(conc, f"{s} concurrent"):
            echo(line)
    if len(strategies) > 1:
        for line in agreement(runs):
            echo(line)
    echo(f"elapsed {elapsed:.1f}s with {jobs} job(s)")
    if csv_path:
        write_csv(runs, csv_path)
    return 1 if any(r.outcome == "wrong" for r in runs) else 0


def bench_ldv(*, bound: int = 3, strategy: str = "si", timeout: float = 300.0, jobs: int = 2,
              csv_path: str | None = None, name_filter: str | None = None,
              echo: Echo = print, progress: Echo = _stderr) -> int:
    """Run ldv-bpl/tasks.csv in reach mode from main_SeqInstr; 0 when nothing is wrong."""
    base = corpora_dir() / "ldv-bpl"
    if not (base / "tasks.csv").is_file():
        echo(f"corpus not found: {base}/tasks.csv (set PYCORRAL_CORPORA)")
        return 3
    rows = [r for r in read_rows(base / "tasks.csv")
            if not name_filter or name_filter in r["file"]]
    args = ["--reach", "--entry", "main_SeqInstr", "--bound", str(bound)]
    work = [(lambda r=r: run_task(base / r["file"], r["file"], r["expected"], strategy, args,
                                  timeout)) for r in rows]
    t0 = time.perf_counter()
    runs = run_all(work, jobs, progress)
    elapsed = time.perf_counter() - t0
    runs = [replace(r, outcome=ldv_outcome(r)) for r in runs]
    for line in table(runs, width=60):
        echo(line)
    echo("")
    for line in totals(runs, f"ldv-bpl bound {bound} {strategy}"):
        echo(line)
    echo(f"elapsed {elapsed:.1f}s with {jobs} job(s), limit {timeout:g}s per task")
    if csv_path:
        write_csv(runs, csv_path)
    return 1 if any(r.outcome == "wrong" for r in runs) else 0
