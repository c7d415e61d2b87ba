"""Times every solver on SMT-LIB queries: z3, Bitwuzla and cvc5, each in a child process
(`verifier/smt/rival.py`'s, with a CPU-time limit), as the race sees them.

    python scripts/time_solvers.py [FILE.smt2|DIR ...] [--runs 3] [--cpu 60]
        [--solvers z3,bitwuzla,cvc5]

Default input: bench/queries/ (slow queries dumped from pycorral runs, each file's first
line says which; make more with `PYCORRAL_QUERY_LOG=DIR PYCORRAL_QUERY_DUMP_S=2 pycorral
check ...`, which writes every check slower than 2 s to DIR/q<pid>_<n>.smt2).  Prints one
row per query and solver: the answers of the runs, CPU seconds of the solver (min / median
/ max) and wall seconds (min / median / max, the child's start-up included), the load
average before and after.  "unknown" past the CPU limit; "error": the solver does not read
the query (Bitwuzla has no integers).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from verifier.smt.rival import CHILD_SOLVERS, Rival   # noqa: E402


def queries(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for a in args or [str(ROOT / "bench" / "queries")]:
        p = Path(a)
        out += sorted(p.glob("*.smt2")) if p.is_dir() else [p]
    return out


def run(path: Path, solver: str, runs: int, cpu: float) -> dict:
    text = path.read_text()
    answers, cpus, walls = [], [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        a = Rival(solver, text, cpu).wait()
        walls.append(time.perf_counter() - t0)
        answers.append(a.answer if a is not None else "none")
        # undecided: the limit (the solver used all of it, or gave up earlier)
        cpus.append(a.cpu if a is not None and a.answer in ("sat", "unsat") else cpu)
    return {"answers": answers, "cpu": cpus, "wall": walls}


def _mmm(xs: list[float]) -> str:
    return f"{min(xs):.2f} / {statistics.median(xs):.2f} / {max(xs):.2f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("inputs", nargs="*")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", type=float, default=60.0, help="CPU seconds per run")
    ap.add_argument("--solvers", default=",".join(CHILD_SOLVERS))
    args = ap.parse_args(argv)
    solvers = args.solvers.split(",")
    bad = set(solvers) - set(CHILD_SOLVERS)
    if bad:
        ap.error(f"unknown solver(s): {', '.join(sorted(bad))}")
    print(f"# load average {os.getloadavg()[0]:.2f}; {args.runs} runs, CPU limit "
          f"{args.cpu:g} s; CPU = the solver's, wall = with the child's start-up")
    print("| query | solver | answers | CPU s min / median / max | wall s min / median / max |")
    print("|---|---|---|---|---|")
    for q in queries(args.inputs):
        for s in solvers:
            r = run(q, s, args.runs, args.cpu)
            cpu = "-" if set(r["answers"]) == {"error"} else _mmm(r["cpu"])
            print(f"| {q.name} | {s} | {' '.join(r['answers'])} | {cpu} | "
                  f"{_mmm(r['wall'])} |", flush=True)
    print(f"# load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
