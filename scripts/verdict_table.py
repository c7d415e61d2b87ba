"""A verdict table over the corral, svcomp and smack corpora, and the comparison of two.

Used to show that a refactoring changes no verdict: record a table before, one after, and
compare them task by task.

    python scripts/verdict_table.py run OUT [--timeout 20] [--jobs 2] [--corpus corral]
    python scripts/verdict_table.py compare OUT_BEFORE OUT_AFTER [--before-config NAME]
        [--after-config NAME] [--finished-only]

`run` writes OUT/tasks.list (one `PATH EXPECTED ARGS...` line per task, the format of
`pycorral bench`) and runs `pycorral bench` on it with one configuration.  Each task is one
`pycorral check` at a fixed bound, so the table is cheap and deterministic where the engine
is (timeouts aside):
* corral: the 45 sequential tests of corral/expected.csv with their Corral flags;
* svcomp: every unreach-call row of svcomp/tasks.csv, `--bound 2` in its data model;
* smack: every C test of the folders basic, bits, data, locks, ntdrivers-simplified with its
  `--unroll` bound (default 2) and bit-vector encoding where its folder or flags ask
  (except tests asking SMACK for `--check=...` properties or `--transform-*` rewriting).
`--corpus` keeps one corpus (corral, svcomp or smack; repeatable).  `compare` prints every
task whose verdict differs and exits 1 if any does.  A possible bug (verdict
`possible-bug`, exit 40: a trace that rests on a function without a body) is a verdict of
its own in every count: not a bug found, and not a wrong answer on a TRUE task.

The same table run twice, once as it is and once beside CPU-bound busy loops, shows that
the engine's inner limits do not depend on the load (issue 34, verifier/limits.py): every
task that finishes within its budget in both runs must have the same verdict.  `compare
--finished-only` compares just those (a run that ended on its time budget -- a timeout,
or a deepening stopped by it -- is left out) and also their procedure instances.

    python scripts/verdict_table.py ablate OUT [--timeout 60] [--args ""]

`ablate` runs the 45 sequential corral tests (Corral's flags, one task at a time) with the
default configuration and once more with each optimisation of `verifier.options.ABLATIONS`
turned off (`check --ablate NAME`), and with z3's legacy arithmetic solver
(PYCORRAL_ARITH_SOLVER=2, not the default), then prints one row per configuration: verdicts,
wrong ones, verdicts changed against the default, total wall and CPU time, and the three
slow tests of issue 20; and for the default, the Z3 share of every task over 5 s.
"""
from __future__ import annotations

import argparse
import csv
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from bench.runner import corpora_dir

ROOT = Path(__file__).resolve().parent.parent
CORPORA = corpora_dir()              # $PYCORRAL_CORPORA, else ../shared/corpora
SMACK_FOLDERS = ("basic", "bits", "data", "locks", "ntdrivers-simplified")


def corral_rows() -> list[list[str]]:
    rows = []
    with open(CORPORA / "corral" / "expected.csv") as fh:
        for r in csv.DictReader(fh):
            if r["concurrent"] == "yes":
                continue
            path = CORPORA / "corral" / r["file"]
            rows.append([str(path), r["expected"], *shlex.split(r["corral_flags"] or "")])
    return rows


def svcomp_rows() -> list[list[str]]:
    rows = []
    with open(CORPORA / "svcomp" / "tasks.csv") as fh:
        for r in csv.DictReader(fh):
            if "unreach-call" not in r["property"]:
                continue
            path = CORPORA / "svcomp" / r["input_file"]
            expected = "bug" if r["expected_verdict"] == "false" else "correct"
            rows.append([str(path), expected, "--bound", "2", "--data-model", r["data_model"]])
    return rows


def smack_rows() -> list[list[str]]:
    rows = []
    for folder in SMACK_FOLDERS:
        base = CORPORA / "smack" / folder
        folder_bv = "bit-vector" in (base / "config.yml").read_text() \
            if (base / "config.yml").exists() else False
        for p in sorted(base.glob("*.c")):
            text = p.read_text(errors="replace")
            m = re.search(r"@expect\s+(verified|error)", text)
            if not m:
                continue
            flags = " ".join(re.findall(r"@flag\s+(.*)", text))
            if "--check=" in flags or "--transform" in flags:
                continue    # a property other than assertions, or SMACK rewriting its output
            unroll = re.search(r"--unroll=(\d+)", flags)
            args = ["--bound", unroll.group(1) if unroll else "2", "--data-model", "LP64"]
            if folder_bv or "bit-vector" in flags:
                args += ["--encoding", "bv"]
            rows.append([str(p), "correct" if m.group(1) == "verified" else "bug", *args])
    return rows


CORPUS_ROWS = {"corral": corral_rows, "svcomp": svcomp_rows, "smack": smack_rows}


def write_list(out: Path, corpora: list[str] | None = None) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    listing = out / "tasks.list"
    with open(listing, "w") as fh:
        for row in (r for c in corpora or list(CORPUS_ROWS) for r in CORPUS_ROWS[c]()):
            fh.write(" ".join(shlex.quote(w) for w in row) + "\n")
    return listing


def run(out: Path, timeout: float, jobs: int, extra: str = "--strategy si",
        corpora: list[str] | None = None) -> int:
    missing = [c for c in corpora or list(CORPUS_ROWS) if not (CORPORA / c).is_dir()]
    if missing:
        print(f"verdict_table.py: error: corpus folder(s) {', '.join(missing)} not found in "
              f"{CORPORA} (set PYCORRAL_CORPORA; README: 'Tests and the corpora')",
              file=sys.stderr)
        return 2
    listing = write_list(out, corpora)
    # `--strategy si`: the default strategy before `check` ran the prover next to it (a
    # table recorded before that change is compared with one recorded after it)
    cmd = [sys.executable, "-m", "pycorral.cli", "bench", str(listing), "--config",
           f"check=--no-replay {extra}".strip(), "--timeout", str(timeout), "--jobs",
           str(jobs), "--out", str(out), "--quiet"]
    print(" ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT).returncode


ARITH_OFF = "with-arith_solver_2"
SLOW = ("regression/smack/a.bpl", "regression/trace/a.bpl", "regression/inline/simple.bpl")


def ablate(out: Path, timeout: float, extra: str) -> int:
    from verifier.options import ABLATIONS
    out.mkdir(parents=True, exist_ok=True)
    listing = out / "tasks.list"
    with open(listing, "w") as fh:
        for row in corral_rows():
            fh.write(" ".join(shlex.quote(w) for w in row) + "\n")
    configs = [("default", extra)] + [(f"no-{n}", f"{extra} --ablate {n}".strip())
                                      for n in ABLATIONS]
    cmd = [sys.executable, "-m", "pycorral.cli", "bench", str(listing), "--timeout",
           str(timeout), "--jobs", "1", "--out", str(out), "--quiet"]
    for name, args in configs:
        cmd += ["--config", f"{name}={args}"]
    print(" ".join(shlex.quote(c) for c in cmd), flush=True)
    rc = subprocess.run(cmd, cwd=ROOT).returncode
    # z3's legacy arithmetic solver (verifier/smt/z3solver.py ARITH_SOLVER): an
    # environment setting of the solver module, not a check option
    cmd = cmd[:cmd.index("--config")] + ["--config", f"{ARITH_OFF}={extra}"]
    print(f"PYCORRAL_ARITH_SOLVER=2 {' '.join(shlex.quote(c) for c in cmd)}", flush=True)
    rc |= subprocess.run(cmd, cwd=ROOT, env={**os.environ, "PYCORRAL_ARITH_SOLVER":
                                             "2"}).returncode
    print_ablation(out, [n for n, _ in configs] + [ARITH_OFF])
    return rc


def print_ablation(out: Path, configs: list[str]) -> None:
    import json
    last: dict = {}     # results.jsonl has every configuration's runs (the last one wins)
    with open(out / "results.jsonl") as fh:
        for line in fh:
            r = json.loads(line)
            last[(r["config"], r["task"])] = r
    rows = list(last.values())
    base = {r["task"]: r for r in rows if r["config"] == configs[0]}

    def short(task: str) -> str:
        return task.split("/corral/", 1)[-1]

    print("| configuration | decided | wrong | bounded | possible bug | unknown | changed | "
          "wall s | CPU s | "
          + " | ".join(f"{Path(t).parent.name}/{Path(t).name} wall/CPU" for t in SLOW) + " |")
    print("|---" * (9 + len(SLOW)) + "|")
    for c in configs:
        rs = [r for r in rows if r["config"] == c]
        count = {k: sum(r["outcome"] == k for r in rs) for k in ("correct", "wrong")}
        verdicts = [r["verdict"] for r in rs]
        changed = sum(r["verdict"] != base[r["task"]]["verdict"] for r in rs
                      if r["task"] in base)
        slow = []
        for t in SLOW:
            r = next((r for r in rs if short(r["task"]) == t), None)
            slow.append("-" if r is None else
                        f"{float(r['time']):.1f}/{float(r['cpu']):.1f} {r['verdict']}")
        print(f"| {c} | {count['correct']} | {count['wrong']} | {verdicts.count('bounded')} | "
              f"{verdicts.count('possible-bug')} | {verdicts.count('unknown')} | {changed} | "
              f"{sum(float(r['time']) for r in rs):.1f} | {sum(float(r['cpu']) for r in rs):.1f} | "
              + " | ".join(slow) + " |")
    over = [r for r in rows if r["config"] == configs[0] and float(r["time"]) > 5]
    for r in over:
        print(f"{configs[0]}: {short(r['task'])} {float(r['time']):.1f} s wall, "
              f"{float(r['cpu']):.1f} s CPU, Z3 share {r['z3_share']}")


def read_table(folder: Path, config: str | None = None) -> dict[str, tuple[str, str, str]]:
    """task -> (verdict, reason, procedure instances) of `folder`'s results (of
    configuration `config` only, if given: a folder may hold several)."""
    with open(folder / "results.csv") as fh:
        return {r["task"]: (r["verdict"], r.get("reason", ""), r.get("inlined", ""))
                for r in csv.DictReader(fh) if config is None or r["config"] == config}


def on_budget(reason: str) -> bool:
    """Did the run end on its time budget (so that its verdict may depend on the clock)?"""
    return "timeout" in reason or "time budget" in reason


def summary(folder: Path) -> str:
    """Verdict counts, wrong results, wall and CPU seconds of a bench folder's runs
    (results.jsonl: the last run of each task and configuration)."""
    import json
    runs: dict[tuple[str, str], dict] = {}
    with open(folder / "results.jsonl") as fh:
        for line in fh:
            r = json.loads(line)
            runs[(r["task"], r["config"])] = r
    counts: dict[str, int] = {}
    for r in runs.values():
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    # wrong: the bench's scoring says so, or a proof on a task whose expected verdict is a
    # bug (on ldv-bpl a re-checked bug on a "true" task is the model's over-approximation)
    wrong = sum(1 for r in runs.values() if r.get("outcome") == "wrong"
                or (r.get("expected") in ("false", "bug") and r["verdict"] == "correct"))
    wall = sum(r.get("time") or 0.0 for r in runs.values())
    cpu = sum(r.get("cpu") or 0.0 for r in runs.values())
    return (f"{len(runs)} runs: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items()))
            + f"; wrong {wrong}; wall {wall:.0f} s, CPU {cpu:.0f} s")


def compare(before: Path, after: Path, before_config: str | None = None,
            after_config: str | None = None, finished_only: bool = False) -> int:
    for side, folder in (("before", before), ("after", after)):
        if (folder / "results.jsonl").exists():
            print(f"{side}: {summary(folder)}")
    a, b = read_table(before, before_config), read_table(after, after_config)
    for only, side in ((set(a) - set(b), "before"), (set(b) - set(a), "after")):
        if only:
            print(f"{len(only)} task(s) only in the {side} table (not compared)")
    changed = 0
    tasks = sorted(set(a) & set(b))
    if finished_only:
        left_out = [t for t in tasks if on_budget(a[t][1]) or on_budget(b[t][1])]
        for t in left_out:
            print(f"left out (ended on its budget): {t}: {a[t][0]} | {b[t][0]}")
        tasks = [t for t in tasks if t not in left_out]
    steps = 0
    for task in tasks:
        va, vb = a[task], b[task]
        if va[0] != vb[0]:
            changed += 1
            print(f"{task}: {va[0]} -> {vb[0]}   ({va[1][:60]} | {vb[1][:60]})")
        elif finished_only and va[2] != vb[2]:
            steps += 1
            print(f"{task}: {va[0]}, instances {va[2]} -> {vb[2]}")
    counts: dict[str, int] = {}
    for t in tasks:
        counts[b[t][0]] = counts.get(b[t][0], 0) + 1
    print(f"{len(tasks)} tasks compared, {changed} changed"
          + (f", {steps} with other instance counts" if finished_only else "")
          + "; after: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    return 1 if changed or steps else 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--timeout", type=float, default=20.0)
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--args", default="--strategy si",
                   help="check options of the one configuration (default: --strategy si)")
    r.add_argument("--corpus", action="append", choices=sorted(CORPUS_ROWS),
                   help="only this corpus (repeatable; default: all three)")
    a = sub.add_parser("ablate")
    a.add_argument("out", type=Path)
    a.add_argument("--timeout", type=float, default=60.0)
    a.add_argument("--args", default="",
                   help="check options of every configuration (default: none, the auto "
                        "portfolio)")
    a.add_argument("--table-only", action="store_true",
                   help="print the table of OUT's results without running anything")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    c.add_argument("--before-config", help="only this configuration of BEFORE's results")
    c.add_argument("--after-config", help="only this configuration of AFTER's results")
    c.add_argument("--finished-only", action="store_true",
                   help="only the tasks both runs finished within their budget, and their "
                        "procedure instances too")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        return run(args.out, args.timeout, args.jobs, args.args, args.corpus)
    if args.cmd == "ablate":
        if args.table_only:
            from verifier.options import ABLATIONS
            print_ablation(args.out, ["default"] + [f"no-{n}" for n in ABLATIONS]
                           + [ARITH_OFF])
            return 0
        return ablate(args.out, args.timeout, args.args)
    return compare(args.before, args.after, args.before_config, args.after_config,
                   args.finished_only)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
