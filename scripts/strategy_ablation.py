"""Search strategies side by side: instances inlined and time per task, per corpus.

    python scripts/strategy_ablation.py run OUT [--corpus corral,svcomp,smack,ldv]
        [--configs si,legion,inertial,portfolio] [--timeout 30] [--jobs 1]
    python scripts/strategy_ablation.py table OUT [--focus inertial]
    python scripts/strategy_ablation.py why OUT [--focus inertial] [--timeout 30]

`run` writes OUT/tasks.list (the rows of scripts/verdict_table.py: corral with its Corral
flags, svcomp at --bound 2, smack at its --unroll bound; ldv-bpl as `pycorral bench ldv`
runs it: reach mode, bound 3) and runs `pycorral bench` on it with the named configurations
(`--no-replay` each: the search is measured, not native replay).  Runs already in
OUT/results.jsonl are kept, so configurations can be added to OUT one `run` at a time.

`table` prints, per corpus and configuration, the tasks decided, right and wrong, the
instances inlined and the wall and CPU seconds over the tasks EVERY configuration decided;
then the decisive disagreements (bug against correct/bounded) and the tasks where the
`--focus` configuration inlined fewer instances than every other single strategy (the
portfolio excluded), with each one's count.  A portfolio's `inlined` is the figure its
`--json` reports (the winning member's search).  Exit 1 on a wrong verdict or a decisive
disagreement.

`why` re-runs those fewer-instance tasks under each single strategy with `--json` and
prints the variable-abstraction loop's iterations (each restarts the search: the
instances of a C or Boogie run are summed over them), the instances per iteration and the
strategy's rounds and inlined sites.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("di_ablation", ROOT / "scripts" / "di_ablation.py")
di_ablation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(di_ablation)

CONFIGS = {
    "si": "--strategy si --no-replay",
    "legion": "--strategy legion --no-replay",
    "inertial": "--strategy inertial --no-replay",
    "portfolio": "--portfolio si,legion,inertial --no-replay",
}
PORTFOLIOS = ("portfolio",)


def corpus_of(task: str) -> str:
    for c in ("corral", "svcomp", "smack", "ldv-bpl"):
        if f"/{c}/" in task:
            return c
    return "ldv-bpl" if "/" not in task else "?"     # `bench ldv` names a task by its file


def run(out: Path, corpora: list[str], configs: list[str], timeout: float, jobs: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    listing = out / "tasks.list"
    with open(listing, "w") as fh:
        for c in corpora:
            if c != "ldv":
                for row in di_ablation.ROWS[c]():
                    fh.write(" ".join(shlex.quote(w) for w in row) + "\n")
    inputs = [str(listing)] + (["ldv"] if "ldv" in corpora else [])
    cmd = [sys.executable, "-m", "pycorral.cli", "bench", *inputs, "--timeout", str(timeout),
           "--jobs", str(jobs), "--out", str(out), "--quiet"]
    for name in configs:
        cmd += ["--config", f"{name}={CONFIGS[name]}"]
    print(" ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


def _decisive(v: str) -> bool:
    return v in ("bug", "correct", "bounded")


def load(out: Path) -> dict[str, dict[str, dict]]:
    rows: dict[str, dict[str, dict]] = {}
    with open(out / "results.jsonl") as fh:
        for line in fh:
            r = json.loads(line)
            rows.setdefault(r["task"], {})[r["config"]] = r      # the last run counts
    return rows


def table(out: Path, focus: str) -> int:
    rows = load(out)
    configs = [c for c in CONFIGS if any(c in r for r in rows.values())]
    bad = 0
    print(f"configurations: {', '.join(configs)}; tasks: {len(rows)}\n")
    print("(instances, wall and CPU over the tasks every single strategy decided)\n")
    print("| corpus | config | tasks | decided | right | wrong | tasks compared | "
          "instances | wall s | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for corpus in sorted({corpus_of(t) for t in rows}):
        mine = {t: r for t, r in rows.items() if corpus_of(t) == corpus
                and all(c in r for c in configs)}
        singles = [c for c in configs if c not in PORTFOLIOS]
        common = [t for t, r in mine.items() if all(_decisive(r[c]["verdict"]) for c in singles)]
        for c in configs:
            rs = [r[c] for r in mine.values()]
            wrong = sum(x["outcome"] == "wrong" for x in rs)
            bad += wrong
            inst = sum(mine[t][c].get("inlined") or 0 for t in common)
            wall = sum(mine[t][c]["time"] for t in common)
            cpu = sum(mine[t][c]["cpu"] for t in common)
            print(f"| {corpus} | {c} | {len(rs)} | {sum(_decisive(x['verdict']) for x in rs)} | "
                  f"{sum(x['outcome'] == 'correct' for x in rs)} | {wrong} | {len(common)} | "
                  f"{inst} | {wall:.1f} | {cpu:.1f} |")
    disagree = []
    for t, r in sorted(rows.items()):
        vs = {c: r[c]["verdict"] for c in configs if c in r and _decisive(r[c]["verdict"])}
        if len({v == "bug" for v in vs.values()}) > 1:
            disagree.append((t, vs))
    print(f"\ndecisive disagreements: {len(disagree)}")
    for t, vs in disagree:
        print(f"  {t}: {vs}")
    singles = [c for c in configs if c not in PORTFOLIOS]
    if focus in singles and len(singles) > 1:
        others = [c for c in singles if c != focus]
        print(f"\ntasks where {focus} inlined fewer instances than each of "
              f"{', '.join(others)} (all decided, same verdict):")
        print("| task | verdict | " + " | ".join(f"{c} inst | {c} CPU s" for c in singles) + " |")
        print("|---|---|" + "---|---|" * len(singles))
        n = 0
        for t, r in sorted(rows.items()):
            if not all(c in r and _decisive(r[c]["verdict"]) for c in singles):
                continue
            if len({r[c]["verdict"] for c in singles}) > 1:
                continue
            mine = r[focus].get("inlined") or 0
            if all(mine < (r[o].get("inlined") or 0) for o in others):
                n += 1
                cells = [f"{r[c].get('inlined')} | {r[c]['cpu']:.2f}" for c in singles]
                print(f"| {'/'.join(Path(t).parts[-2:])[:60]} | {r[focus]['verdict']} | "
                      + " | ".join(cells) + " |")
        print(f"{n} task(s)")
    return 1 if bad or disagree else 0


def fewer_tasks(out: Path, focus: str) -> list[str]:
    """The tasks where `focus` inlined fewer instances than every other single strategy."""
    rows = load(out)
    singles = [c for c in CONFIGS if c not in PORTFOLIOS and any(c in r for r in rows.values())]
    others = [c for c in singles if c != focus]
    return [t for t, r in sorted(rows.items())
            if all(c in r and _decisive(r[c]["verdict"]) for c in singles)
            and len({r[c]["verdict"] for c in singles}) == 1
            and all((r[focus].get("inlined") or 0) < (r[o].get("inlined") or 0)
                    for o in others)]


def why(out: Path, focus: str, timeout: float) -> int:
    """Re-runs each `fewer_tasks` task under every single strategy with `--json` and prints
    the abstraction loop's iterations, the instances per iteration and the rounds."""
    rows = load(out)
    listing = {}
    with open(out / "tasks.list") as fh:
        for line in fh:
            w = shlex.split(line)
            if w:
                listing[w[0]] = w[2:]
    ldv = {r[0]: r[2:] for r in di_ablation.ldv_rows()}
    singles = [c for c in CONFIGS if c not in PORTFOLIOS and any(c in r for r in rows.values())]
    print("| task | config | verdict | abstraction iterations | tracked/globals | "
          "instances | per iteration | rounds | MCS or core sites |")
    print("|---|---|---|---|---|---|---|---|---|")
    for t in fewer_tasks(out, focus):
        path = t if "/" in t else str(di_ablation.verdict_table.CORPORA / "ldv-bpl" / t)
        args = listing.get(t) or ldv.get(path, [])
        for c in singles:
            p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", path, *args,
                                *shlex.split(CONFIGS[c]), "--json", "--timeout",
                                str(timeout)], capture_output=True, text=True, cwd=ROOT)
            try:
                d = json.loads(p.stdout)
            except ValueError:
                print(f"| {Path(t).name[:50]} | {c} | error | | | | | | |")
                continue
            st = d.get("stats", {})
            it = st.get("abstraction_iterations") or 1
            inst = st.get("procedures_inlined") or 0
            rounds = st.get(f"{c}_rounds", "")
            sites = st.get("inertial_mcs_size") if c == "inertial" else \
                st.get("legion_core_minimized", "")
            print(f"| {Path(t).name[:50]} | {c} | {d['verdict']} | {it} | "
                  f"{st.get('tracked_count', '-')}/{st.get('globals_total', '-')} | {inst} | "
                  f"{inst / it:.1f} | {rounds} | {sites if sites is not None else ''} |",
                  flush=True)
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--corpus", default="corral,svcomp,smack,ldv")
    r.add_argument("--configs", default=",".join(CONFIGS))
    r.add_argument("--timeout", type=float, default=30.0)
    r.add_argument("--jobs", type=int, default=1)
    t = sub.add_parser("table")
    t.add_argument("out", type=Path)
    t.add_argument("--focus", default="inertial")
    w = sub.add_parser("why")
    w.add_argument("out", type=Path)
    w.add_argument("--focus", default="inertial")
    w.add_argument("--timeout", type=float, default=30.0)
    args = ap.parse_args(argv)
    if args.cmd == "why":
        return why(args.out, args.focus, args.timeout)
    if args.cmd == "run":
        return run(args.out, args.corpus.split(","), args.configs.split(","), args.timeout,
                   args.jobs)
    return table(args.out, args.focus)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
