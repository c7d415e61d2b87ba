"""What inertial refinement's minimal correcting sets cost, per loop abstraction.

    python scripts/inertial_mcs.py [--corpus corral,svcomp,ldv] [--limit N] [--timeout 20]
                                   [--loops split,plain] [--jobs 1]

Runs `pycorral check --strategy inertial --inertial-loops MODE --json --no-replay` (one
process per task) on the rows of scripts/strategy_ablation.py (corral with its Corral flags,
svcomp at bound 2, ldv-bpl in reach mode at bound 3) and prints, per corpus and mode: the
verdicts, rounds, MCS computations, their total and largest size and total time, rounds
that fell back to the over-approximation (MCS past its cap or undecided), loop entries the
split abstraction inlined, instances inlined, the solver's time, and the CPU time of the
runs (children's user+sys; exact with --jobs 1) next to the wall time.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from strategy_ablation import di_ablation  # noqa: E402

FIELDS = ("inertial_rounds", "inertial_mcs", "inertial_mcs_size", "inertial_mcs_max",
          "inertial_mcs_time", "inertial_fallbacks", "inertial_loop_entries",
          "procedures_inlined", "z3_time")


def one(row: list[str], loops: str, timeout: float) -> tuple[str, dict]:
    path, _expected, *flags = row
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", path, *flags,
                        "--strategy", "inertial", "--inertial-loops", loops, "--json",
                        "--no-replay", "--timeout", str(timeout)],
                       capture_output=True, text=True, cwd=ROOT)
    try:
        out = json.loads(p.stdout)
    except ValueError:
        return "error", {}
    return out["verdict"], out.get("stats", {})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--loops", default="split,plain")
    ap.add_argument("--corpus", default="corral,svcomp,ldv")
    ap.add_argument("--limit", type=int, help="only the first N tasks of each corpus")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    print("| corpus | loops | tasks | verdicts | rounds | MCS | MCS size (max) | MCS s | "
          "fallbacks | loop entries | inlined | z3 s | wall s | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for corpus in args.corpus.split(","):
        rows = di_ablation.ROWS[corpus]()
        rows = rows[:args.limit] if args.limit else rows
        for loops in args.loops.split(","):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            with ThreadPoolExecutor(args.jobs) as ex:
                got = list(ex.map(lambda r: one(r, loops, args.timeout), rows))
            wall = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            verdicts = Counter(v for v, _ in got)
            tot = {f: sum(st.get(f) or 0 for _, st in got) for f in FIELDS}
            mx = max((st.get("inertial_mcs_max") or 0 for _, st in got), default=0)
            print(f"| {corpus} | {loops} | {len(rows)} | "
                  f"{', '.join(f'{k} {n}' for k, n in sorted(verdicts.items()))} | "
                  f"{tot['inertial_rounds']} | {tot['inertial_mcs']} | "
                  f"{tot['inertial_mcs_size']} ({mx}) | {tot['inertial_mcs_time']:.1f} | "
                  f"{tot['inertial_fallbacks']} | {tot['inertial_loop_entries']} | "
                  f"{tot['procedures_inlined']} | {tot['z3_time']:.1f} | {wall:.1f} | "
                  f"{cpu:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
