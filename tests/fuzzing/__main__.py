"""`python -m tests.fuzzing --count N --seed S --out DIR`: a fuzz campaign of the real
command line, printed as a table of input kinds x outcomes and a list of failures, each
with a reproducer saved under DIR (see campaign.py)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .campaign import KINDS, campaign, failure_report, table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzzing", description=__doc__)
    ap.add_argument("--count", type=int, default=50, help="mutants per kind (default 50)")
    ap.add_argument("--seed", type=int, default=1, help="campaign seed (default 1)")
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"),
                    help="folder for the failures' reproducers (default fuzz-out)")
    ap.add_argument("--kinds", default=",".join(KINDS),
                    help=f"comma-separated subset of {','.join(KINDS)}")
    ap.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    ap.add_argument("--small", action="store_true",
                    help="only the default test's sizes (no 100k-line or 100k-deep inputs)")
    ap.add_argument("--quiet", action="store_true", help="no progress dots")
    args = ap.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        ap.error(f"unknown kind(s) {unknown}; choose from {KINDS}")
    started = time.monotonic()

    def dot(rec):
        if not args.quiet:
            sys.stderr.write("F" if rec.failed else ".")
            sys.stderr.flush()

    records, repro = campaign(args.count, args.seed, args.out, kinds, jobs=args.jobs,
                              big=not args.small, progress=dot)
    if not args.quiet:
        sys.stderr.write("\n")
    print(f"fuzz campaign: seed {args.seed}, {args.count} mutants per kind, "
          f"{len(records)} runs in {time.monotonic() - started:.0f}s")
    print(table(records))
    failures = [r for r in records if r.failed]
    if failures:
        print(f"\n{len(failures)} failure(s) "
              f"({sum(1 for r in failures if not r.known)} new); reproducers under {args.out}:")
        print(failure_report(records, repro))
    return 1 if any(not r.known for r in failures) else 0


if __name__ == "__main__":
    sys.exit(main())
