"""Measures the C front end end to end on the SV-COMP and SMACK corpora.

Not part of the default test run (its one test is marked slow).  Usage:
  .venv/bin/python tests/test_frontend_c_measure.py [--suite svcomp|smack|all]
      [--encoding int|bv|both] [--timeout 120] [--jobs 2] [--out results.csv] [--filter S]
For each task it translates the C file (acceptance: translated, or rejected with a named
unsupported construct, or crashed -- a crash is a front-end bug) and runs
`verifier.engine.verify` in a child process with a hard time limit.  Verdicts are scored
against the expected verdicts: right / wrong / unknown, per folder or category.

SV-COMP: `true` = correct, `false` = bug; a "no bug within bound" answer is not a verdict
there (it counts as unknown).  SMACK: `@expect verified` = no bug within the `--unroll`
bound (default 2), so both "correct" and "no bug within bound" are right; `@flag
--integer-encoding=bit-vector` (or the folder's config.yml) selects the bv encoding,
`--check=integer-overflow` the overflow check; tests using SMACK-only flags are skipped.
"""
from __future__ import annotations

import argparse
import csv
import json
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))           # run as a script, too

from bench.runner import corpora_dir  # noqa: E402
from conftest import corpus_dir  # noqa: E402

CORPORA = corpora_dir()
SMACK_FOLDERS = ("basic", "data", "bits", "locks", "ntdrivers-simplified")
_SMACK_ONLY_FLAGS = ("--transform-bpl", "--transform-out", "--timing-annotations",
                     "--float", "--pointer-encoding", "--clang-options")


@dataclass
class Task:
    suite: str
    group: str              # category (svcomp) or folder (smack)
    path: str
    expected: str           # "bug" | "correct"
    data_model: str = "ILP32"
    bound: int = 2
    encodings: tuple[str, ...] = ("int", "bv")
    check_overflow: bool = False
    property: str = "unreach-call"
    skip: str = ""
    results: dict = field(default_factory=dict)


def svcomp_tasks() -> list[Task]:
    base = CORPORA / "svcomp"
    out = []
    with open(base / "tasks.csv") as f:
        for row in csv.DictReader(f):
            out.append(Task("svcomp", row["category"], str(base / row["input_file"]),
                            "correct" if row["expected_verdict"] == "true" else "bug",
                            row["data_model"], bound=2,
                            check_overflow=row["property"] == "no-overflow"))
            out[-1].property = row["property"]
    return out


def smack_tasks() -> list[Task]:
    out = []
    for folder in SMACK_FOLDERS:
        d = CORPORA / "smack" / folder
        cfg = (d / "config.yml").read_text() if (d / "config.yml").exists() else ""
        for p in sorted(d.glob("*.c")):
            text = p.read_text(errors="replace")
            m = re.search(r"@expect\s+(verified|error)", text)
            if not m:
                continue
            flags = " ".join(re.findall(r"@flag\s+(.*)", text)) + " " + cfg
            t = Task("smack", folder, str(p), "correct" if m.group(1) == "verified" else "bug",
                     "LP64")
            bounds = [int(x) for x in re.findall(r"--(?:unroll|loop-limit)=(\d+)", flags)]
            t.bound = max(bounds) if bounds else 2
            if "bit-vector" in flags and "--integer-encoding" in flags:
                t.encodings = ("bv",)
            t.check_overflow = "--check=integer-overflow" in flags
            for f in _SMACK_ONLY_FLAGS:
                if f in flags and not (f == "--clang-options" and "fno-strict-aliasing" in flags):
                    t.skip = f"SMACK-only flag {f}"
            out.append(t)
    return out


def run_one(path: str, encoding: str, data_model: str, bound: int, check_overflow: bool,
            timeout: float, prop: str = "unreach-call", houdini: bool = False) -> dict:
    """In this process: translate and verify one task; a dict of what happened."""
    from boogie.errors import BoogieError
    from frontend.c import CFrontendOptions, translate_files
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    t0 = time.time()
    try:
        prog = translate_files([path], CFrontendOptions(encoding=encoding, data_model=data_model,
                                                        check_overflow=check_overflow,
                                                        property=prop))
    except BoogieError as e:
        return {"stage": "translate", "code": e.first.code, "reason": str(e.first)}
    except Exception as e:  # noqa: BLE001 -- a crash is reported, never a verdict
        return {"stage": "translate", "code": "crash", "reason": f"{type(e).__name__}: {e}"}
    t1 = time.time()
    r = verify(prog, VerifyOptions(entry="main", bound=bound, timeout=timeout,
                                   houdini=houdini))
    return {"stage": "verify", "verdict": r.verdict.value, "reason": r.reason,
            "translate_s": round(t1 - t0, 2), "verify_s": round(time.time() - t1, 2)}


def run_child(task: Task, encoding: str, timeout: float, houdini: bool = False) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--one", task.path, encoding,
           task.data_model, str(task.bound), str(int(task.check_overflow)), str(timeout),
           task.property, str(int(houdini))]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30,
                             cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"stage": "verify", "verdict": "unknown", "reason": "hard timeout"}
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        return {"stage": "crash", "verdict": "unknown", "reason": out.stderr[-300:]}
    return json.loads(lines[-1])


def score(task: Task, res: dict) -> str:
    """right / wrong / unknown / rejected / crash."""
    if res.get("stage") == "translate":
        return "crash" if res.get("code") == "crash" else "rejected"
    v = res.get("verdict")
    if v == "bug":
        return "right" if task.expected == "bug" else "wrong"
    if v == "correct" or (v == "no bug within bound" and task.suite == "smack"):
        return "right" if task.expected == "correct" else "wrong"
    return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--one", nargs=8)
    ap.add_argument("--suite", default="all")
    ap.add_argument("--encoding", default="both")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="")
    ap.add_argument("--filter", default="")
    ap.add_argument("--houdini", action="store_true",
                    help="infer Houdini summaries first (VerifyOptions.houdini)")
    ap.add_argument("--svcomp-bound", type=int, default=2,
                    help="recursion bound of the SV-COMP tasks (SMACK: their --unroll)")
    ap.add_argument("--undecided-from", default="",
                    help="a CSV of an earlier run (--out): run only the (task, encoding) "
                         "pairs that were not decided there (score unknown)")
    a = ap.parse_args(argv)
    if a.one:
        path, enc, dm, bound, ovf, timeout, prop, hou = a.one
        print(json.dumps(run_one(path, enc, dm, int(bound), bool(int(ovf)), float(timeout),
                                 prop, bool(int(hou)))))
        return 0
    tasks = (svcomp_tasks() if a.suite in ("svcomp", "all") else []) + \
            (smack_tasks() if a.suite in ("smack", "all") else [])
    tasks = [t for t in tasks if a.filter in t.path]
    for t in tasks:
        if t.suite == "svcomp":
            t.bound = a.svcomp_bound
    again = undecided(a.undecided_from) if a.undecided_from else None
    jobs = []
    for t in tasks:
        if t.skip:
            continue
        for enc in t.encodings:
            if a.encoding in ("both", enc) and (again is None or
                                                 (t.group, Path(t.path).name, enc) in again):
                jobs.append((t, enc))
    if again is not None:
        tasks = [t for t in tasks if any(j[0] is t for j in jobs)]

    def work(j):
        t, enc = j
        res = run_child(t, enc, a.timeout, a.houdini)
        t.results[enc] = res
        print(f"{score(t, res):8} {enc:3} {t.expected:7} {Path(t.path).name}: "
              f"{res.get('verdict', '')} {res.get('reason', '')[:150]}", flush=True)

    with ThreadPoolExecutor(a.jobs) as ex:
        list(ex.map(work, jobs))
    bad = summarize(tasks, a.out)
    return 1 if bad else 0


def undecided(csv_path: str) -> set[tuple[str, str]]:
    """(group, file name, encoding) of every unknown result in an earlier run's CSV."""
    with open(csv_path) as f:
        return {(r["group"], r["file"], r["encoding"]) for r in csv.DictReader(f)
                if r["score"] == "unknown"}


def contradictions(tasks: list[Task]) -> list[str]:
    """Tasks on which the encodings contradict each other: one says bug, another correct
    (for SMACK also: no bug within its bound)."""
    out = []
    for t in tasks:
        verdicts = {res.get("verdict") for res in t.results.values()}
        if "bug" in verdicts and ("correct" in verdicts or (
                t.suite == "smack" and "no bug within bound" in verdicts)):
            out.append(t.path)
    return out


def summarize(tasks: list[Task], out: str) -> int:
    """Print the table (and write the CSV); the number of wrong verdicts plus
    int/bv contradictions (the script's exit status is non-zero when it is not 0)."""
    table: dict[tuple[str, str, str], dict[str, int]] = {}
    rows = []
    for t in tasks:
        if t.skip:
            table.setdefault((t.suite, t.group, "-"), {}).setdefault("skipped", 0)
            table[(t.suite, t.group, "-")]["skipped"] += 1
            continue
        for enc, res in t.results.items():
            s = score(t, res)
            cell = table.setdefault((t.suite, t.group, enc), {})
            cell[s] = cell.get(s, 0) + 1
            rows.append([t.suite, t.group, Path(t.path).name, enc, t.expected,
                         res.get("verdict", res.get("code", "")), s,
                         res.get("reason", "")[:200]])
    contra = contradictions(tasks)
    for path in contra:
        print(f"CONTRADICTION int/bv on {path}")
    print("\nsuite/group/encoding: right wrong unknown rejected crash skipped")
    for key in sorted(table):
        c = table[key]
        print("/".join(key), *(c.get(k, 0) for k in
                               ("right", "wrong", "unknown", "rejected", "crash", "skipped")))
    if out:
        with open(out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["suite", "group", "file", "encoding", "expected", "verdict", "score",
                        "reason"])
            w.writerows(rows)
    wrong = sum(c.get("wrong", 0) for c in table.values())
    print(f"wrong verdicts: {wrong}; int/bv contradictions: {len(contra)}")
    return wrong + len(contra)


def test_contradictions_and_wrong_verdicts_fail_the_run(tmp_path, capsys):
    """The script's own check (fast, synthetic results): int/bv contradictions and wrong
    verdicts are listed and make `summarize` (the exit status) non-zero; undecided pairs
    are found again for a re-run at a longer time limit."""
    ok = Task("svcomp", "g", "a.c", "correct")
    ok.results = {"int": {"stage": "verify", "verdict": "correct"},
                  "bv": {"stage": "verify", "verdict": "no bug within bound"}}
    clash = Task("svcomp", "g", "b.c", "correct")
    clash.results = {"int": {"stage": "verify", "verdict": "correct"},
                     "bv": {"stage": "verify", "verdict": "bug"}}
    smack = Task("smack", "basic", "c.c", "correct")
    smack.results = {"bv": {"stage": "verify", "verdict": "bug"},
                     "int": {"stage": "verify", "verdict": "no bug within bound"}}
    assert contradictions([ok]) == []
    assert contradictions([ok, clash, smack]) == ["b.c", "c.c"]
    out = tmp_path / "r.csv"
    assert summarize([ok], str(out)) == 0
    assert undecided(str(out)) == {("g", "a.c", "bv")}
    # clash: one wrong verdict + one contradiction; smack: one wrong + one contradiction
    assert summarize([ok, clash, smack], "") == 4
    assert "CONTRADICTION int/bv on b.c" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.corpora("smack")
def test_smack_locks_have_no_wrong_verdict():
    """The SMACK locks folder end to end (both encodings): no wrong verdict."""
    corpus_dir("smack")
    tasks = [t for t in smack_tasks() if t.group == "locks"]
    wrong = []
    for t in tasks:
        for enc in t.encodings:
            res = run_child(t, enc, 120)
            if score(t, res) == "wrong":
                wrong.append((t.path, enc, res))
    assert not wrong


if __name__ == "__main__":
    sys.exit(main())
