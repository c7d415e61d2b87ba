"""How many z3 resource units (rlimit) a CPU second of z3 is on this machine: the figure
behind `verifier.limits.RLIMIT_PER_WORK_SECOND`.

    PYCORRAL_QUERY_LOG=DIR pycorral check ...        # any runs, one log
    python scripts/work_calibration.py DIR/queries.log [--min-cpu 0.02]

Reads each check's line (`cpu=` the CPU seconds of the checking thread, `rlimit=` the
resource units it counted) and prints, over the checks of at least `--min-cpu` CPU
seconds: their number, total CPU and units, the rate of the totals (units per CPU second)
and the quartiles of the per-check rates, then the same per answer (sat, unsat, unknown)
and for the one-shot queries apart.  The work caps are only as close to CPU seconds as
these rates are to each other: z3 counts its steps, not time, and a step of the
arithmetic solver is not one of bit-blasting.
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys

LINE = re.compile(r"cpu=(?P<cpu>[\d.]+)s rlimit=(?P<units>\d+) .*?"
                  r"(?P<one> one-shot)? (?P<answer>sat|unsat|unknown)\b")


def rows(path: str, min_cpu: float) -> list[tuple[float, int, str, bool]]:
    out = []
    with open(path) as fh:
        for line in fh:
            m = LINE.search(line)
            if m and float(m["cpu"]) >= min_cpu:
                out.append((float(m["cpu"]), int(m["units"]), m["answer"], bool(m["one"])))
    return out


def describe(name: str, rs: list[tuple[float, int, str, bool]]) -> str:
    if not rs:
        return f"{name:>10}: no checks"
    cpu = sum(r[0] for r in rs)
    units = sum(r[1] for r in rs)
    rates = sorted(r[1] / r[0] for r in rs)
    q = statistics.quantiles(rates, n=4) if len(rates) > 1 else [rates[0]] * 3
    return (f"{name:>10}: {len(rs):5} checks, {cpu:8.2f} s CPU, {units / 1e6:10.1f} M units, "
            f"{units / cpu / 1e6:6.2f} M/s overall; per check 25/50/75%: "
            f"{q[0] / 1e6:.2f} / {q[1] / 1e6:.2f} / {q[2] / 1e6:.2f} M/s")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log", nargs="+")
    ap.add_argument("--min-cpu", type=float, default=0.02)
    args = ap.parse_args(argv)
    rs = [r for path in args.log for r in rows(path, args.min_cpu)]
    print(describe("all", rs))
    for answer in ("sat", "unsat", "unknown"):
        print(describe(answer, [r for r in rs if r[2] == answer]))
    print(describe("one-shot", [r for r in rs if r[3]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
