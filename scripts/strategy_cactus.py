"""Strategies compared over benchmark results: the table and cactus plot of issue 18
(si, legion and the portfolio si,legion, after seed paper 001, Sec. 5).

    python scripts/strategy_cactus.py DIR[:bounded] [DIR[:bounded] ...] [--plot FILE]
                                      [--unreach-only]

Each DIR is the output folder of one `pycorral bench` run over a corpus with the same
configurations, e.g. (one task at a time, so the portfolio's two members have the 2 cores):

    pycorral bench ldv --jobs 1 --timeout 30 --out OUT/ldv \\
        --config si="--strategy si" --config legion="--strategy legion" \\
        --config si+legion="--portfolio si,legion"

`:bounded` marks a corpus run at a fixed bound (ldv-bpl at 3, Corral's suite at its
/recursionBound): there "no bug within the bound" on a correct task solves it, as Corral's
"no bug found" does; elsewhere (SV-COMP, bound deepened until the time limit) only a proof
or a bug does.  Prints solved counts (and wrong answers) per category, the tasks only one
configuration solves, and the wall and CPU time on the tasks all solve; `--plot` writes the
cactus plot (a measurement output: not committed).
"""
from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import scoring  # noqa: E402
from bench.report import cactus_plot, comparison_lines  # noqa: E402
from bench.runner import read_results  # noqa: E402


def other_properties() -> set[str]:
    """The SV-COMP tasks (as `pycorral bench svcomp` names them) of a property other than
    unreach-call."""
    from bench.runner import corpora_dir
    corpora = corpora_dir()
    with open(corpora / "svcomp" / "tasks.csv") as fh:
        return {r["task"] for r in csv.DictReader(fh) if "unreach-call" not in r["property"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", metavar="DIR[:bounded]")
    ap.add_argument("--plot", type=Path, help="write the cactus plot here (.png)")
    ap.add_argument("--unreach-only", action="store_true",
                    help="leave out SV-COMP tasks of other properties (no-overflow)")
    args = ap.parse_args()
    other = other_properties() if args.unreach_only else set()
    results, bounded_tasks, by_dir = [], set(), {}
    for spec in args.dirs:
        folder, _, flag = spec.partition(":")
        rs = [r for r in read_results(Path(folder)).values() if r.task not in other]
        if not rs:
            print(f"{folder}: no results", file=sys.stderr)
            return 2
        if flag == "bounded":
            bounded_tasks |= {r.task for r in rs}
        results += rs
        by_dir[folder] = rs
    configs = list(dict.fromkeys(r.config for r in results))
    # only the tasks every configuration ran (an interrupted or --limit'ed run leaves some)
    ran: dict[str, set] = {}
    for r in results:
        ran.setdefault(r.task, set()).add(r.config)
    partial = {t for t, cs in ran.items() if len(cs) < len(configs)}
    print("solved per corpus:")
    if partial:
        print(f"({len(partial)} tasks left out: not run with every configuration)")
        results = [r for r in results if r.task not in partial]

    def solved(r) -> bool:
        if r.outcome == scoring.OK:
            return True
        return (r.task in bounded_tasks and r.verdict == scoring.BOUNDED
                and scoring.normalize_expected(r.expected) == scoring.TRUE)

    for folder, mine in by_dir.items():
        mine = [r for r in mine if r.task not in partial]
        tasks = len({r.task for r in mine})
        print(f"{folder} ({tasks} tasks): " + "; ".join(
            f"{c} {sum(1 for r in mine if r.config == c and solved(r))}" for c in configs))
    for line in comparison_lines(results, configs, solved):
        print(line)
    if args.plot:
        cactus_plot(results, configs, args.plot, solved,
                    title="solved tasks: " + ", ".join(configs))
        print(f"cactus plot: {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
