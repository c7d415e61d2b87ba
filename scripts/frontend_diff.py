"""Differential test of the two C front ends: every input goes through `pycorral check
--frontend c` and `--frontend llvm` with the same bound, encoding and data model, and the
verdicts are compared.  Not part of the unit tests (tests/test_frontend_diff.py runs a few
quick programs through it, and the whole corpora under `-m slow`).

Usage: .venv/bin/python scripts/frontend_diff.py [--corpus svcomp,smack,data] [--encodings int,bv|task]
           [--timeout 30] [--jobs 1] [--bound 8] [--filter SUBSTRING] [--seed N --limit K]
           [--csv out.csv] [--no-replay] [--replay-all] [--deepen 2] [FILE ...]

What counts as a disagreement.  A verdict is one of bug (a trace), correct (proved for every
bound), bounded (no bug up to the bound N) or undecided (unknown, timeout, rejected).  Only
decided pairs are compared:
* bug vs correct: a CONTRADICTION.  Both claim something about every execution of the
  same C program; one of them is wrong (or the two models of C differ, which is a bug too).
* bug vs bounded at the same bound: suspicious, not yet a contradiction, because the two
  front ends need not count the bound the same way (clang's -O0 loop shapes, `&&`/`||`
  blocks and helper procedures differ from the C front end's).  The script replays the
  bug's nondeterministic values natively (gcc / zig cc) and re-runs the bounded side at
  `--deepen` times the bound: a bug found deeper is `bound-shift` (benign); a replayed bug
  that the other side still misses is `SUSPECT`; a bug that does not replay natively is
  `SPURIOUS?` on the bug side (the replay controls only the `__VERIFIER_nondet_*` values,
  so uninitialised memory can make a real bug fail to replay: look at it by hand).
* correct vs bounded, equal verdicts, and anything undecided: no disagreement.
In a contradiction the native replay of the bug's values tells which side is wrong:
`reached` means the bug is real (the `correct` side is wrong), `not reached` points at the
bug side.  The exit status is 1 when any CONTRADICTION, SUSPECT or SPURIOUS? is reported.

Native replay is the product's (`replay.native`, as `pycorral check` and `pycorral replay`
use it): the bug side's trace from `--json` is replayed with `replay_trace`; `reached` is
its "confirmed", `not reached` its "not_reached", and "not_replayable" / "error" outcomes
are neither (they decide nothing).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.c_corpora import corpus_tasks
from replay.native import replay_trace, toolchain, trace_from_json

ROOT = Path(__file__).resolve().parent.parent

PYCORRAL = [str(ROOT / ".venv" / "bin" / "pycorral")]
if not Path(PYCORRAL[0]).exists():
    PYCORRAL = [sys.executable, "-c", "from pycorral.cli import entry; entry()"]
DECIDED = ("bug", "correct", "bounded")

# the engine's own verdicts are compared (check's native replay would turn an unconfirmed
# bug into unknown; this script replays bugs itself)
_NO_REPLAY = ["--no-replay"]
BAD = ("CONTRADICTION", "SUSPECT", "SPURIOUS?")


# ----------------------------------------------------------------------------- one side

def run_side(path: str, frontend: str, enc: str, dm: str, bound: int, timeout: float) -> dict:
    """One `pycorral check` run; verdict is bug/correct/bounded/unknown/rejected."""
    cmd = PYCORRAL + ["check", path, "--frontend", frontend, "--encoding", enc,
                      "--data-model", dm, "--bound", str(bound), "--timeout", str(timeout),
                      "--json"] + _NO_REPLAY
    t0 = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout * 1.2 + 30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return {"verdict": "unknown", "reason": "timeout (killed)", "trace": None,
                "time": round(time.time() - t0, 1)}
    res = {"verdict": "unknown", "reason": "", "trace": None, "time": round(time.time() - t0, 1)}
    try:
        d = json.loads(out)
    except ValueError:
        msg = (err.strip().splitlines() or ["no output"])[-1]
        res.update(verdict="rejected" if proc.returncode == 2 else "unknown",
                   reason=f"exit {proc.returncode}: {msg}"[:300])
        return res
    v, reason = d.get("verdict", "unknown"), d.get("reason") or ""
    v = "bounded" if v == "no bug within bound" else v
    kind = d.get("reason_kind")      # absent: output of a pycorral before reason kinds
    if v == "unknown" and (kind == "unsupported" if kind else
                           reason.startswith("unsupported")):
        v = "rejected"
    elif v not in DECIDED:
        v = "unknown"
    res.update(verdict=v, reason=reason[:300], trace=d.get("trace"))
    return res


def classify(vc: str, vl: str) -> str:
    """The pair's class before any follow-up (see the module docstring)."""
    if vc not in DECIDED or vl not in DECIDED:
        return "undecided"
    if vc == vl:
        return "agree"
    pair = {vc, vl}
    if pair == {"bug", "correct"}:
        return "CONTRADICTION"
    if pair == {"bug", "bounded"}:
        return "bug/bounded"
    return "agree"                      # correct vs bounded: the weaker claim holds


# ----------------------------------------------------------------------------- native replay

def replay(path: str, dm: str, trace: dict | None, timeout: float = 20.0) -> str:
    """The bug's `--json` trace replayed natively (replay.native): reached / not reached
    (why) / not replayable (why) / replay error (why)."""
    if not trace:
        return "replay error: no trace"
    try:
        got = replay_trace([path], trace_from_json(trace), data_model=dm, timeout=timeout)
    except (ValueError, TypeError, KeyError) as e:      # a trace this script misread
        return f"replay error: {type(e).__name__}: {e}"[:160]
    if got.status == "confirmed":
        return "reached"
    if got.status == "not_reached":
        return f"not reached ({got.reason})"[:200]
    if got.status == "not_replayable":
        return f"not replayable ({got.reason})"[:200]
    return f"replay error: {got.reason}"[:200]


def native_compiler(dm: str) -> tuple[str, ...] | None:
    """The product's native toolchain for a data model, or None."""
    tc = toolchain(dm)
    return tc.argv if tc else None


# ----------------------------------------------------------------------------- one task

def diff_task(task: dict, enc: str, timeout: float, bound: int, deepen: int,
              do_replay: bool, replay_all: bool = False) -> dict:
    bound = task.get("bound", bound)
    path, dm = task["file"], task["dm"]
    c = run_side(path, "c", enc, dm, bound, timeout)
    ll = run_side(path, "llvm", enc, dm, bound, timeout)
    row = {"file": path, "category": task["category"], "expected": task["expected"],
           "encoding": enc, "dm": dm, "bound": bound,
           "c": c["verdict"], "llvm": ll["verdict"], "c_time": c["time"], "llvm_time": ll["time"],
           "c_reason": c["reason"], "llvm_reason": ll["reason"], "replay": "", "followup": ""}
    cls = classify(c["verdict"], ll["verdict"])
    if cls in ("CONTRADICTION", "bug/bounded"):
        bug_side, other = ("c", "llvm") if c["verdict"] == "bug" else ("llvm", "c")
        trace = (c if bug_side == "c" else ll)["trace"]
        row["replay"] = f"{bug_side} bug: " + (replay(path, dm, trace) if do_replay else "skipped")
        real = row["replay"].endswith(": reached")
        if cls == "bug/bounded":
            deeper = run_side(path, other, enc, dm, bound * deepen + 1, timeout)
            row["followup"] = f"{other} at bound {bound * deepen + 1}: {deeper['verdict']}"
            if deeper["verdict"] == "bug":
                cls = "bound-shift"
            elif deeper["verdict"] in ("correct", "bounded"):
                cls = "SUSPECT" if real or not do_replay else "SPURIOUS?"
            else:
                cls = "bound-shift?"     # the deeper run did not decide
            if deeper["verdict"] == "correct":
                cls = "CONTRADICTION"
    if replay_all:
        for side, r in (("c", c), ("llvm", ll)):
            if r["verdict"] == "bug" and cls in ("agree", "undecided"):
                got = replay(path, dm, r["trace"])
                row["replay"] += f"{side} bug: {got}; "
                if got.startswith("not reached"):
                    cls = "SPURIOUS?"
    row["class"] = cls
    return row


def select_tasks(corpora: list[str], flt: str, seed: int | None, limit: int | None,
                 files: list[str]) -> list[dict]:
    tasks: list[dict] = []
    if files:
        for f in files:
            m = re.search(r"(?://|;)\s*DATA_MODEL:\s*(\w+)", Path(f).read_text(errors="replace"))
            tasks.append({"file": str(Path(f).resolve()), "category": "files",
                          "expected": "?", "dm": m.group(1) if m else "ILP32"})
    else:
        if "svcomp" in corpora:
            tasks += corpus_tasks(smack=False, svcomp=True)
        if "smack" in corpora:
            tasks += corpus_tasks(smack=True, svcomp=False)
        if "data" in corpora:
            data = ROOT / "tests" / "data" / "diff"
            tasks += select_tasks([], "", None, None, sorted(str(p) for p in data.glob("*.c")))
    tasks = [t for t in tasks if flt in t["file"]]
    if seed is not None:
        random.Random(seed).shuffle(tasks)
    return tasks[:limit] if limit else tasks


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", help="C files (instead of the corpora)")
    ap.add_argument("--corpus", default="svcomp,smack", help="svcomp,smack,data")
    ap.add_argument("--encodings", default="int,bv",
                    help="comma list, or 'task': one run per task in the encoding SMACK's "
                         "flags choose (bv for bits/), int otherwise")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--bound", type=int, default=8, help="SMACK tests use their own --unroll")
    ap.add_argument("--deepen", type=int, default=2,
                    help="bug/bounded: re-run the bounded side at bound*DEEPEN+1")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--filter", default="")
    ap.add_argument("--expected", choices=["bug", "correct"], help="only tasks expecting this")
    ap.add_argument("--seed", type=int, help="shuffle the tasks with this seed")
    ap.add_argument("--limit", type=int, help="only the first K tasks (after shuffling)")
    ap.add_argument("--no-replay", action="store_true", help="no native replay of bugs")
    ap.add_argument("--replay-all", action="store_true",
                    help="replay every bug verdict natively, agreeing ones too (a bug whose "
                         "values do not reach the error natively is SPURIOUS?)")
    ap.add_argument("--csv")
    a = ap.parse_args(argv)
    tasks = select_tasks(a.corpus.split(","), a.filter, a.seed, a.limit, a.files)
    if a.expected:
        tasks = [t for t in tasks if t["expected"] == a.expected]
    if a.encodings == "task":         # SMACK's own choice (bv for bits/), else int
        jobs = [(t, t.get("encoding") or "int") for t in tasks]
    else:
        jobs = [(t, e) for t in tasks for e in a.encodings.split(",")]
    rows = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(lambda te: diff_task(te[0], te[1], a.timeout, a.bound, a.deepen,
                                             not a.no_replay, a.replay_all), jobs):
            rows.append(r)
            print(f"{r['class']:14} {r['encoding']:3} c={r['c']:9} llvm={r['llvm']:9} "
                  f"exp={r['expected']:8} {Path(r['file']).name} {r['replay']} {r['followup']}",
                  flush=True)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["class"]] = counts.get(r["class"], 0) + 1
    print("\n" + "  ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    for r in rows:
        if r["class"] not in ("agree", "undecided"):
            print(f"  {r['class']}: {r['file']} [{r['encoding']}, {r['dm']}, bound {r['bound']}]"
                  f" c={r['c']} llvm={r['llvm']} {r['replay']} {r['followup']}")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["file"])
            w.writeheader()
            w.writerows(rows)
    return 1 if any(r["class"] in BAD for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
