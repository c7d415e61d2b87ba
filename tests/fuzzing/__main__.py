"""`python -m tests.fuzzing --count N --seed S --out DIR`: a fuzz campaign of the real
command line, printed as a table of input kinds x outcomes and a list of failures, each
with a reproducer saved under DIR (see campaign.py)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .campaign import KINDS, campaign, check_defects, failure_report, table


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
    ap.add_argument("--defects", action="store_true",
                    help="instead: run the reproducer of every defect in known.py (with "
                         "--slow, the slow ones too), save them under OUT/defects/<id>")
    ap.add_argument("--slow", action="store_true", help="with --defects: the slow ones too")
    args = ap.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        ap.error(f"unknown kind(s) {unknown}; choose from {KINDS}")
    # the native replay toolchains before any mutant runs, as ./test does: a mutant that
    # happened to be the first user of zig's cold cache would spend its wall limit on the
    # build (three "hangs" of a campaign, issue 34)
    from replay.prepare import prepare
    prepare(echo=lambda s: print(s, file=sys.stderr))
    started = time.monotonic()
    if args.defects:
        return defects(args)

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


def defects(args) -> int:
    """The status of every known defect: still failing or passing, with its reproducer."""
    results = check_defects(args.out, include_slow=args.slow, jobs=args.jobs)
    width = max(len(d.ident) for d, _ in results)
    surprises = 0
    for d, rec in results:
        state = "FAILS " if rec.failed else "passes"
        flag = "open" if d.open else "closed"
        odd = (rec.failed != d.open) and not (d.flaky and d.open)
        surprises += odd
        print(f"{d.ident:{width}}  {flag:6}  {state}  {rec.outcome:22} "
              f"{'<- update known.py' if odd else ''}")
        print(f"{'':{width}}  repro: sh {args.out / 'defects' / d.ident / 'repro.sh'}")
    return 1 if surprises else 0


if __name__ == "__main__":
    sys.exit(main())
