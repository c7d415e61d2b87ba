"""What Legion's unsat-core minimization costs, per minimization mode.

    python scripts/legion_cores.py [--corpus corral|ldv] [--limit N] [--timeout 20]
                                   [--modes deletion,z3,none]

Runs `pycorral check --strategy legion --core-minimize MODE --json` (one process per task)
on the 45 sequential Corral regression tests with their flags (scripts/verdict_table.py's
rows), or on the ldv-bpl drivers (reach mode from main_SeqInstr, bound 3), and prints, per mode: verdicts, rounds, core literals before and after minimization,
the minimization's queries and time, the solver's time, and the CPU time (children's
user+sys) next to the wall time.
"""
from __future__ import annotations

import argparse
import csv
import json
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verdict_table import CORPORA, corral_rows  # noqa: E402

FIELDS = ("legion_rounds", "legion_core_literals", "legion_core_minimized",
          "legion_minimize_queries", "legion_minimize_time", "z3_time", "total_time")


def ldv_rows() -> list[list[str]]:
    with open(CORPORA / "ldv-bpl" / "tasks.csv") as fh:
        return [[str(CORPORA / "ldv-bpl" / r["file"]), r["expected"], "--reach", "--entry",
                 "main_SeqInstr", "--bound", "3"] for r in csv.DictReader(fh)]


def one(row: list[str], mode: str, timeout: float) -> tuple[str, dict]:
    path, _expected, *flags = row
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", path, *flags,
                        "--strategy", "legion", "--core-minimize", mode, "--json",
                        "--timeout", str(timeout)], capture_output=True, text=True)
    try:
        out = json.loads(p.stdout)
    except ValueError:
        return "error", {}
    return out["verdict"], out.get("stats", {})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--modes", default="deletion,z3,none")
    ap.add_argument("--corpus", choices=("corral", "ldv"), default="corral")
    ap.add_argument("--limit", type=int, help="only the first N tasks")
    args = ap.parse_args()
    rows = corral_rows() if args.corpus == "corral" else ldv_rows()
    rows = rows[:args.limit] if args.limit else rows
    for mode in args.modes.split(","):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        verdicts: Counter = Counter()
        sums = dict.fromkeys(FIELDS, 0.0)
        for row in rows:
            verdict, stats = one(row, mode, args.timeout)
            verdicts[verdict] += 1
            for f in FIELDS:
                sums[f] += stats.get(f) or 0
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(f"{mode}: {len(rows)} tasks, " + ", ".join(f"{k} {v}" for k, v in
                                                         sorted(verdicts.items())))
        print("  rounds {legion_rounds:.0f}, core literals {legion_core_literals:.0f} -> "
              "{legion_core_minimized:.0f}, minimization {legion_minimize_queries:.0f} "
              "queries {legion_minimize_time:.2f}s, z3 {z3_time:.2f}s, engine "
              "{total_time:.2f}s".format(**sums))
        print(f"  all processes: wall {wall:.1f}s, cpu {cpu:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
