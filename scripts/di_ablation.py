"""DAG inlining's ablation: si against di per task, and the merge strategies' DAG sizes.

    python scripts/di_ablation.py run OUT [--corpus corral,svcomp,smack,ldv] [--timeout 60]
                                          [--jobs 1]
    python scripts/di_ablation.py table OUT
    python scripts/di_ablation.py sizes [--corpus corral,svcomp] [--limit 60]

`run` writes OUT/tasks.list (the tasks of scripts/verdict_table.py: corral with its Corral
flags, svcomp at --bound 2, smack at its --unroll bound; ldv-bpl as `pycorral bench ldv`
runs it: reach mode, bound 3) and runs `pycorral bench` on it with two configurations,
si = `--strategy si` and di = `--strategy di` (merge strategy FIRST), both `--no-replay`.
`table` prints, per task, each configuration's verdict, procedures inlined (every solver
of the run) and wall/CPU seconds, the ratios si/di, then the totals and geometric means
over the tasks both decided, the wrong verdicts and any decisive disagreement.
`sizes` is PLDI 2015 Fig. 17: each task fully unfolded within its bound (no solver), the
tree's size and the DAG sizes of OPT, FIRST, MAXC, RANDOM and RANDOMPICK (the random ones
averaged over 5 seeds); a task whose OPT is not computable within the limits says so.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import shlex
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_spec = importlib.util.spec_from_file_location("verdict_table",
                                               ROOT / "scripts" / "verdict_table.py")
verdict_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(verdict_table)

CONFIGS = {"si": "--strategy si --no-replay", "di": "--strategy di --no-replay"}


def ldv_rows() -> list[list[str]]:
    """The ldv-bpl tasks as `pycorral bench ldv` runs them (reach mode from main_SeqInstr,
    bound 3), with the arguments in Corral's spelling for `sizes`."""
    import csv
    base = verdict_table.CORPORA / "ldv-bpl"
    with open(base / "tasks.csv") as fh:
        return [[str(base / r["file"]), r["expected"], "/main:main_SeqInstr", "/si",
                 "--bound", "3"] for r in csv.DictReader(fh)]


ROWS = {"corral": verdict_table.corral_rows, "svcomp": verdict_table.svcomp_rows,
        "smack": verdict_table.smack_rows, "ldv": ldv_rows}


def run(out: Path, corpora: list[str], timeout: float, jobs: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    listing = out / "tasks.list"
    with open(listing, "w") as fh:
        for c in corpora:
            if c in ROWS and c != "ldv":        # ldv: the bench's own corpus name
                for row in ROWS[c]():
                    fh.write(" ".join(shlex.quote(w) for w in row) + "\n")
    inputs = [str(listing)] + (["ldv"] if "ldv" in corpora else [])
    cmd = [sys.executable, "-m", "pycorral.cli", "bench", *inputs, "--timeout", str(timeout),
           "--jobs", str(jobs), "--out", str(out), "--quiet"]
    for name, args in CONFIGS.items():
        cmd += ["--config", f"{name}={args}"]
    print(" ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


def _decisive(v: str) -> bool:
    """A verdict that answers (bounded: no bug within the bound)."""
    return v in ("bug", "correct", "bounded")


def table(out: Path) -> int:
    rows: dict[str, dict[str, dict]] = {}
    with open(out / "results.jsonl") as fh:
        for line in fh:
            r = json.loads(line)
            rows.setdefault(r["task"], {})[r["config"]] = r
    print("| task | si verdict | si inst | si wall | si cpu | di verdict | di inst | di wall "
          "| di cpu | inst si/di | time si/di |")
    print("|" + "---|" * 11)
    wrong = {c: 0 for c in CONFIGS}
    disagree = []
    both = []
    for task in sorted(rows):
        r = rows[task]
        if set(r) != set(CONFIGS):
            continue
        cells = ["/".join(Path(task).parts[-2:])[:56]]
        for c in CONFIGS:
            x = r[c]
            wrong[c] += x["outcome"] == "wrong"
            cells += [x["verdict"], str(x.get("inlined")), f"{x['time']:.2f}",
                      f"{x['cpu']:.2f}"]
        a, b = r["si"], r["di"]
        if _decisive(a["verdict"]) and _decisive(b["verdict"]) and \
                (a["verdict"] == "bug") != (b["verdict"] == "bug"):
            disagree.append(task)
        ri = rt = ""
        if _decisive(a["verdict"]) and _decisive(b["verdict"]):
            if a.get("inlined") and b.get("inlined"):
                ri = f"{a['inlined'] / b['inlined']:.2f}"
            rt = f"{a['time'] / max(b['time'], 1e-3):.2f}"
            both.append((a, b))
        print("| " + " | ".join(cells + [ri, rt]) + " |")
    print()
    if both:
        si_i = sum(a.get("inlined") or 0 for a, _ in both)
        di_i = sum(b.get("inlined") or 0 for _, b in both)
        si_t = sum(a["time"] for a, _ in both)
        di_t = sum(b["time"] for _, b in both)
        si_c = sum(a["cpu"] for a, _ in both)
        di_c = sum(b["cpu"] for _, b in both)
        gi = [math.log(a["inlined"] / b["inlined"]) for a, b in both
              if a.get("inlined") and b.get("inlined")]
        gt = [math.log(a["time"] / max(b["time"], 1e-3)) for a, b in both]
        print(f"tasks both decided: {len(both)}")
        print(f"instances: si {si_i}, di {di_i}, ratio {si_i / max(di_i, 1):.2f}; geometric "
              f"mean of per-task ratios {math.exp(sum(gi) / max(len(gi), 1)):.2f}")
        print(f"wall: si {si_t:.1f}s, di {di_t:.1f}s, ratio {si_t / max(di_t, 1e-3):.2f}; "
              f"geometric mean {math.exp(sum(gt) / len(gt)):.2f}; cpu: si {si_c:.1f}s, "
              f"di {di_c:.1f}s")
    for c in CONFIGS:
        decided = sum(_decisive(r[c]["verdict"]) for r in rows.values() if c in r)
        print(f"{c}: {decided} decided, {wrong[c]} wrong")
    print(f"decisive disagreements si/di: {len(disagree)}" +
          "".join(f"\n  {t}" for t in disagree))
    return 1 if disagree or any(wrong.values()) else 0


# ----------------------------------------------------------------------------- sizes

class _Late(Exception):
    pass


def _alarm(signum, frame):
    raise _Late()


def task_sizes(path: str, args: list[str], seeds: int = 5) -> dict:
    """Fig. 17 figures of one task (args: its `pycorral check` arguments)."""
    from boogie.passes.pipeline import prepare
    from frontend.load import FrontendOptions, load
    from verifier.search.call_tree import CallTree
    from verifier.corral_flags import parse_corral_flags
    from verifier.dag.merge import Merger
    from verifier.dag.opt import greedy_dag, opt_dag
    from verifier.options import VerifyOptions
    from verifier.search.refine import open_solver

    flags = parse_corral_flags(args)
    opts = dict(flags.options)
    rest = list(flags.leftovers)
    fe = {}
    while rest:
        a = rest.pop(0)
        if a == "--bound":
            opts["bound"] = int(rest.pop(0))
        elif a == "--data-model":
            fe["data_model"] = rest.pop(0)
        elif a == "--encoding":
            fe["encoding"] = rest.pop(0)
    prog = load([path], FrontendOptions(**fe)).program
    vopts = VerifyOptions(**{k: v for k, v in opts.items()
                             if k in ("entry", "bound", "mode", "error_var",
                                      "max_stack_depth", "static_loop_bound")})
    if path.endswith((".c", ".i")) and vopts.entry is None:
        vopts = VerifyOptions(**{**{k: getattr(vopts, k) for k in ("bound", "mode")},
                                 "entry": "main"})
    prepared = prepare(prog, vopts.entry, mode=vopts.mode, error_var=vopts.error_var)
    solver, gen = open_solver(prepared.program)
    tree = CallTree(solver, gen, prepared.entry, vopts)
    out: dict = {}
    first = greedy_dag(tree, Merger("first"))
    out["tree"] = first.tree_size()
    out["first"] = len(first)
    out["maxc"] = len(greedy_dag(tree, Merger("maxc")))
    for name in ("random", "randompick"):
        out[name] = sum(len(greedy_dag(tree, Merger(name, seed))) for seed in range(seeds)) \
            / seeds
    try:
        out["opt"] = len(opt_dag(tree))
    except Exception as e:  # noqa: BLE001 -- OPT's limits: reported, not fatal
        out["opt"] = f"n/a ({e})"
    return out


def sizes(corpora: list[str], limit_s: int) -> int:
    print("| task | tree | OPT | FIRST | MAXC | RANDOM | RANDOMPICK |")
    print("|---|---|---|---|---|---|---|")
    dev: dict[str, list[float]] = {k: [] for k in ("first", "maxc", "random", "randompick")}
    signal.signal(signal.SIGALRM, _alarm)
    for c in corpora:
        for row in ROWS[c]():
            path, _, *args = row
            signal.alarm(limit_s)
            try:
                s = task_sizes(path, args)
            except _Late:
                print(f"| {Path(path).name[:40]} | T/O ({limit_s}s) | | | | | |")
                continue
            except Exception as e:  # noqa: BLE001 -- a task we cannot load is listed
                print(f"| {Path(path).name[:40]} | n/a ({type(e).__name__}: "
                      f"{str(e)[:40]}) | | | | | |")
                continue
            finally:
                signal.alarm(0)
            if s["tree"] <= 1:
                continue          # no call to unfold: nothing to compare
            print(f"| {Path(path).name[:40]} | {s['tree']} | {s['opt']} | {s['first']} | "
                  f"{s['maxc']} | {s['random']:.1f} | {s['randompick']:.1f} |", flush=True)
            if isinstance(s["opt"], int) and s["opt"] < s["tree"]:
                for k in dev:
                    dev[k].append(s[k] / s["opt"] - 1)
    print("| Dev from OPT (mean over tasks where OPT < tree) | | - | " + " | ".join(
        f"{100 * sum(v) / len(v):.1f}%" if v else "-" for v in dev.values()) + " |")
    return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--corpus", default="corral,svcomp,smack,ldv")
    r.add_argument("--timeout", type=float, default=60.0)
    r.add_argument("--jobs", type=int, default=1)
    t = sub.add_parser("table")
    t.add_argument("out", type=Path)
    s = sub.add_parser("sizes")
    s.add_argument("--corpus", default="corral,svcomp")
    s.add_argument("--limit", type=int, default=60, help="seconds per task")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        return run(args.out, args.corpus.split(","), args.timeout, args.jobs)
    if args.cmd == "table":
        return table(args.out)
    return sizes(args.corpus.split(","), args.limit)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
