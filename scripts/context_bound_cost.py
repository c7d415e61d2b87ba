"""The cost of the context bound: verdicts, instances inlined and time for K = 1..4 on the
concurrent rows of the corral corpus.

    python scripts/context_bound_cost.py OUT [--ks 1,2,3,4] [--timeout 60] [--jobs 1]

Writes OUT/tasks.list (the concurrent rows of corral/expected.csv with their Corral flags,
Corral's default `/recursionBound:1` when a row names none), runs `pycorral bench` on it
with one configuration per K (`--context-bound K` wins over the row's `/k:`), and prints
one line per task (verdict, instances, CPU seconds for each K) and the totals per K
(right/wrong/other against the row's expected verdict: a bug is right on a bug row; on a
correct row only "no bug within the bound" is right, since no proof is claimed).
The figures are measurements, not tests; the machine's load changes wall times, so CPU
time is shown (wall time is in OUT/results.csv).
"""
from __future__ import annotations

import argparse
import csv
import shlex
import subprocess
import sys
from pathlib import Path

from bench.runner import corpora_dir

ROOT = Path(__file__).resolve().parent.parent
CORPORA = corpora_dir()              # $PYCORRAL_CORPORA, else ../shared/corpora


def concurrent_rows() -> list[list[str]]:
    rows = []
    with open(CORPORA / "corral" / "expected.csv", newline="") as fh:
        for r in csv.DictReader(fh):
            if r["concurrent"].strip() != "yes":
                continue
            flags = shlex.split(r["corral_flags"] or "")
            if not any(f.startswith("/recursionBound:") for f in flags):
                flags.append("/recursionBound:1")
            rows.append([str(CORPORA / "corral" / r["file"]), r["expected"], *flags])
    return rows


def run(out: Path, ks: list[int], timeout: float, jobs: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    listing = out / "tasks.list"
    with open(listing, "w") as fh:
        for row in concurrent_rows():
            fh.write(" ".join(shlex.quote(w) for w in row) + "\n")
    cmd = [sys.executable, "-m", "pycorral.cli", "bench", str(listing), "--timeout",
           str(timeout), "--jobs", str(jobs), "--out", str(out), "--quiet"]
    for k in ks:
        cmd += ["--config", f"k{k}=--no-replay --strategy si --context-bound {k}"]
    print(" ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


def judge(verdict: str, expected: str) -> str:
    expected = {"true": "correct", "false": "bug"}.get(expected, expected)
    if verdict == "bug":
        return "right" if expected == "bug" else "WRONG"
    if verdict == "correct":
        return "WRONG"                  # never claimed for a concurrent program
    if verdict == "bounded":
        return "right" if expected == "correct" else "missed"
    return "other"


def table(out: Path, ks: list[int]) -> None:
    with open(out / "results.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    by = {(r["task"], r["config"]): r for r in rows}
    tasks = sorted({r["task"] for r in rows})
    head = f"{'task':38} {'exp':7}" + "".join(f" | K={k}: verdict  inst   cpu s" for k in ks)
    print(head)
    totals = {k: {"right": 0, "WRONG": 0, "missed": 0, "other": 0, "inst": 0, "cpu": 0.0}
              for k in ks}
    for t in tasks:
        line = ""
        exp = ""
        for k in ks:
            r = by.get((t, f"k{k}"))
            if r is None:
                line += f" | {'-':>22}"
                continue
            exp = {"true": "correct", "false": "bug"}.get(r["expected"], r["expected"])
            v = r["verdict"]
            verdict = {"no bug within bound": "bounded"}.get(v, v)
            totals[k][judge(verdict, exp)] += 1
            inst = int(float(r["inlined"] or 0))
            totals[k]["inst"] += inst
            totals[k]["cpu"] += float(r["cpu"] or 0)
            line += f" |    {verdict[:8]:8} {inst:5} {float(r['cpu'] or 0):7.1f}"
        print(f"{t[-38:]:38} {exp[:7]:7}{line}")
    for k in ks:
        c = totals[k]
        print(f"K={k}: right {c['right']}, wrong {c['WRONG']}, missed {c['missed']}, "
              f"other {c['other']}; instances {c['inst']}, cpu {c['cpu']:.1f}s")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--ks", default="1,2,3,4")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--table-only", action="store_true", help="print OUT's table again")
    args = ap.parse_args(argv)
    ks = [int(k) for k in args.ks.split(",")]
    code = 0 if args.table_only else run(args.out, ks, args.timeout, args.jobs)
    table(args.out, ks)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
