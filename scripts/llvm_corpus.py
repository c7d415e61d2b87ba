"""Measures the LLVM front end on the SV-COMP tasks (and the SMACK C tests): acceptance and
verdicts.  Not part of the unit tests.

Usage: .venv/bin/python scripts/llvm_corpus.py [--encoding int|bv] [--timeout 120]
           [--jobs 2] [--bound 8] [--smack] [--csv out.csv] [--filter SUBSTRING]
           [--rerun-from earlier.csv]   (only the tasks left unknown there, e.g. at 120 s)

Each task runs in its own process (frontend.load with the LLVM front end, then verify) with a wall-time limit; a
crash or timeout counts as unknown, never as correct.  Outcomes: right, WRONG, unknown
(engine), rejected (the front end said unsupported / the C did not compile).  A SMACK test
runs at the bound its `--unroll=N` flag states (default 2), as SMACK's own runs do, for
x86-64 (LP64, SMACK's target), in the bv encoding for bits/ and tests flagged
`--integer-encoding=bit-vector`; tests whose flags transform SMACK's output or check another property (`--check=`) are
skipped.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.c_corpora import corpus_tasks

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import json, sys, time
t0 = time.time()
out = {"verdict": "unknown", "reason": "", "stage": "translate"}
try:
    from boogie.errors import BoogieError
    from frontend.load import FrontendOptions, LoadError, load
    path, enc, dm, bound, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
    try:
        prog = load([path], FrontendOptions(frontend="llvm", encoding=enc, data_model=dm)).program
    except LoadError as e:        # unsupported or bad input: the front end rejected it
        out.update(verdict="rejected", reason=str(e.diagnostic))
        raise SystemExit
    out["translate_time"] = round(time.time() - t0, 2)
    out["stage"] = "verify"
    if timeout <= 0:
        out.update(verdict="translated", reason=f"{out['translate_time']}s")
        raise SystemExit
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    try:
        r = verify(prog, VerifyOptions(entry="main", bound=bound, timeout=timeout))
    except BoogieError as e:
        out.update(verdict="rejected", reason="verifier: " + str(e.first))
        raise SystemExit
    out.update(verdict=r.verdict.value, reason=r.reason)
except SystemExit:
    pass
except BaseException as e:
    out.update(verdict="unknown", reason=f"crash: {type(e).__name__}: {e}"[:300])
print("@@RESULT@@" + json.dumps(out))
"""


def _tasks(smack: bool, flt: str) -> list[dict]:
    rows = corpus_tasks(smack, svcomp=flt != "smack/")
    return [r for r in rows if flt in r["file"]]


def _run(task: dict, enc: str, timeout: float, bound: int) -> dict:
    t0 = time.time()
    bound = task.get("bound", bound)        # SMACK tests state their own bound (default 2)
    enc = task.get("encoding") or enc       # bits/ and bit-vector-flagged SMACK tests: bv
    cmd = [sys.executable, "-c", _CHILD, task["file"], enc, task["dm"], str(bound), str(timeout)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        res = {"verdict": "unknown", "reason": "timeout (killed)"}
    else:
        m = re.search(r"@@RESULT@@(.*)", out)
        res = json.loads(m.group(1)) if m else {"verdict": "unknown",
                                                   "reason": "no result: " + err[-300:]}
    res["time"] = round(time.time() - t0, 2)
    v, exp = res["verdict"], task["expected"]
    if v == "rejected":
        res["outcome"] = "rejected"
    elif v == "translated":
        res["outcome"] = "translated"
    elif v in ("bug", "correct"):
        res["outcome"] = "right" if v == exp else "WRONG"
    else:
        res["outcome"] = "unknown"
    return {**task, **res}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--encoding", default="int", choices=["int", "bv"])
    ap.add_argument("--timeout", type=float, default=120, help="0: translate only")
    ap.add_argument("--bound", type=int, default=8)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--smack", action="store_true")
    ap.add_argument("--csv")
    ap.add_argument("--filter", default="")
    ap.add_argument("--rerun-from", metavar="CSV",
                    help="only the tasks whose verdict in this earlier --csv was unknown")
    a = ap.parse_args()
    tasks = _tasks(a.smack, a.filter)
    if a.rerun_from:
        with open(a.rerun_from) as f:
            # undecided by the engine (timeouts etc.); "no bug within bound" is final
            again = {r["file"] for r in csv.DictReader(f) if r["verdict"] == "unknown"}
        tasks = [t for t in tasks if t["file"] in again]
    results = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(lambda t: _run(t, a.encoding, a.timeout, a.bound), tasks):
            results.append(r)
            print(f"{r['outcome']:9} {r['verdict']:20} exp={r['expected']:8} {r['time']:7.1f}s "
                  f"{Path(r['file']).name}  {r.get('reason', '')[:110]}", flush=True)
    by_cat: dict[str, dict[str, int]] = {}
    for r in results:
        c = by_cat.setdefault(r["category"], {})
        c[r["outcome"]] = c.get(r["outcome"], 0) + 1
    print("\ncategory                  right WRONG unknown rejected translated")
    for cat, c in sorted(by_cat.items()):
        print(f"{cat:25} {c.get('right', 0):5} {c.get('WRONG', 0):5} {c.get('unknown', 0):7} "
              f"{c.get('rejected', 0):8} {c.get('translated', 0):10}")
    tot = {k: sum(c.get(k, 0) for c in by_cat.values())
           for k in ("right", "WRONG", "unknown", "rejected", "translated")}
    print(f"{'total':25} {tot['right']:5} {tot['WRONG']:5} {tot['unknown']:7} {tot['rejected']:8} "
          f"{tot['translated']:10}")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=sorted({k for r in results for k in r}))
            w.writeheader()
            w.writerows(results)


if __name__ == "__main__":
    main()
