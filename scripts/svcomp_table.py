"""`pycorral svcomp` (the portfolio) on the shared SV-COMP unreach-call tasks: answers,
times and the SV-COMP score, one task at a time (each task runs two processes).

    python scripts/svcomp_table.py OUT.csv [--timeout 60] [--only true|false] [--resume]
        [--property unreach-call|no-overflow|valid-memsafety|valid-memcleanup]
        [--frontend auto|c|llvm] [--tasks DIR] [--checkout DIR]

`--tasks DIR` takes the tasks from the .yml files under DIR/c (a folder in sv-benchmarks'
layout, e.g. one written by scripts/fetch_float_tasks.py) instead of the shared corpus;
`--checkout DIR` runs the pycorral of another checkout of the repository (e.g. a
`git worktree` at an older commit) on the same tasks.

    python scripts/svcomp_table.py --markdown NAME=A.csv --markdown NAME2=B.csv ...

prints the runs side by side as a markdown table (one row per task, then a summary per run).

`--property` takes the rows of tasks.csv with that property; when tasks.csv has none (it
lists one property per task), the tasks whose .yml lists it (with its expected verdict).

Prints one line per task and a summary: correct TRUE / FALSE, wrong, unknown, and the score
(+2 correct TRUE, +1 correct FALSE, -32 wrong TRUE, -16 wrong FALSE), with wall and CPU
time (children's user+sys) per task and the portfolio member that answered.
"""
from __future__ import annotations

import argparse
import csv
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench.runner import corpora_dir

ROOT = Path(__file__).resolve().parent.parent
CORPORA = corpora_dir()              # $PYCORRAL_CORPORA, else ../shared/corpora
FIELDS = ["task", "expected", "answer", "wall", "cpu", "winner", "reason"]


def tasks(only: str | None, prop: str = "unreach-call",
          base: Path = CORPORA / "svcomp") -> list[dict]:
    """The rows of BASE/tasks.csv with property `prop`, else those of BASE's .yml files."""
    rows = []
    if (base / "tasks.csv").exists():
        with open(base / "tasks.csv") as fh:
            rows = [r for r in csv.DictReader(fh) if r["property"].strip() == prop]
    if not rows:
        rows = yml_rows(prop, base)
    return [r for r in rows if only is None or r["expected_verdict"] == only]


def yml_rows(prop: str, base: Path = CORPORA / "svcomp") -> list[dict]:
    """The tasks under BASE/c whose .yml lists property `prop` (as tasks.csv rows)."""
    sys.path.insert(0, str(ROOT))
    from svcomp.task import read_task
    out = []
    for yml in sorted((base / "c").rglob("*.yml")):
        task = read_task(str(yml))
        tp = next((t for t in task.properties
                   if Path(t.property_file).stem == prop), None)
        if tp is None or tp.expected_verdict is None or len(task.input_files) != 1:
            continue
        out.append({"task": str(yml.relative_to(base)),
                    "input_file": str(Path(task.input_files[0]).relative_to(base)),
                    "property": prop, "data_model": task.data_model,
                    "expected_verdict": "true" if tp.expected_verdict else "false"})
    return out


def run_one(row: dict, timeout: float, frontend: str = "auto",
            base: Path = CORPORA / "svcomp", checkout: Path = ROOT) -> dict:
    cmd = [sys.executable, "-m", "pycorral.cli", "svcomp", "--property",
           str(base / "c" / "properties" / f"{row['property']}.prp"), "--data-model",
           row["data_model"], "--timeout", str(timeout), "--frontend", frontend,
           str(base / row["input_file"])]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=str(checkout))
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 60,
                       cwd=checkout, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    lines = p.stdout.strip().splitlines()
    last = lines[-1] if lines else f"(no output; exit {p.returncode})"
    answer = "TRUE" if last == "Result: TRUE" else \
        "FALSE" if last.startswith("Result: FALSE") else "UNKNOWN"
    m = next((re.search(r"(\w+): won", ln) for ln in lines if ln.startswith("[portfolio]")),
             None)
    return {"task": row["input_file"], "expected": row["expected_verdict"].upper(),
            "answer": answer, "wall": round(wall, 2), "cpu": round(cpu, 2),
            "winner": m.group(1) if m else "", "reason": last[:120]}


def score(r: dict) -> int:
    if r["answer"] == "UNKNOWN":
        return 0
    if r["answer"] == r["expected"]:
        return 2 if r["answer"] == "TRUE" else 1
    return -32 if r["answer"] == "TRUE" else -16


def counts(rows: list[dict]) -> dict[str, int]:
    """Right TRUE / FALSE, wrong, possible bug (an UNKNOWN of its own), unknown, score."""
    n = {k: 0 for k in ("true_ok", "false_ok", "wrong", "unknown", "possible")}
    for r in rows:
        if r["answer"] == "UNKNOWN" and r["reason"].startswith("Result: UNKNOWN (possible bug"):
            n["possible"] += 1          # a possible bug: UNKNOWN, counted apart
        elif r["answer"] == "UNKNOWN":
            n["unknown"] += 1
        elif r["answer"] != r["expected"]:
            n["wrong"] += 1
        else:
            n["true_ok" if r["answer"] == "TRUE" else "false_ok"] += 1
    n["true"] = sum(r["expected"] == "TRUE" for r in rows)
    n["false"] = len(rows) - n["true"]
    n["score"] = sum(score(r) for r in rows)
    return n


def _cell(r: dict | None) -> str:
    if r is None:
        return "--"
    if r["answer"] != "UNKNOWN":
        mark = "" if r["answer"] == r["expected"] else " **WRONG**"
        return f"{r['answer']}{mark} ({float(r['wall']):.1f}s)"
    why = r["reason"].removeprefix("Result: UNKNOWN").strip()
    if why.startswith("(") and why.endswith(")"):
        why = why[1:-1]
    return f"unknown: {why[:60]}"


def markdown(tables: dict[str, list[dict]]) -> str:
    """One row per task (expected, then each configuration's answer and wall time), then a
    summary row per configuration: right TRUE/FALSE, wrong, unknown, CPU and wall time."""
    names = list(tables)
    by_task = {n: {r["task"]: r for r in rows} for n, rows in tables.items()}
    order = list(dict.fromkeys(r["task"] for rows in tables.values() for r in rows))
    expected = {r["task"]: r["expected"] for rows in tables.values() for r in rows}
    out = ["| task | expected | " + " | ".join(names) + " |",
           "|---|---|" + "---|" * len(names)]
    for t in order:
        out.append(f"| {t} | {expected[t]} | "
                   + " | ".join(_cell(by_task[n].get(t)) for n in names) + " |")
    out += ["", "| configuration | tasks | right TRUE | right FALSE | wrong | possible bug | "
            "unknown | score | CPU s | wall s |", "|---|---|---|---|---|---|---|---|---|---|"]
    for n in names:
        rows, c = tables[n], counts(tables[n])
        out.append(f"| {n} | {len(rows)} | {c['true_ok']}/{c['true']} | "
                   f"{c['false_ok']}/{c['false']} | {c['wrong']} | {c['possible']} | "
                   f"{c['unknown']} | {c['score']} | "
                   f"{sum(float(r['cpu']) for r in rows):.1f} | "
                   f"{sum(float(r['wall']) for r in rows):.1f} |")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, nargs="?", help="the CSV of the run")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--only", choices=["true", "false"])
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--property", default="unreach-call")
    ap.add_argument("--frontend", default="auto", choices=["auto", "c", "llvm"])
    ap.add_argument("--tasks", type=Path, default=CORPORA / "svcomp",
                    help="folder holding c/<folder>/<task>.yml (default: the shared corpus)")
    ap.add_argument("--checkout", type=Path, default=ROOT,
                    help="the checkout whose pycorral runs (default: this one)")
    ap.add_argument("--markdown", metavar="NAME=CSV", action="append",
                    help="run nothing: print the markdown table of these runs side by side")
    a = ap.parse_args(argv)
    if a.markdown:
        tables = {}
        for spec in a.markdown:
            name, _, path = spec.partition("=")
            with open(path) as fh:
                tables[name] = list(csv.DictReader(fh))
        print(markdown(tables))
        return 0
    if a.out is None:
        ap.error("the CSV to write is needed (or --markdown)")
    base, checkout = a.tasks.resolve(), a.checkout.resolve()
    done: dict[str, dict] = {}
    if a.resume and a.out.exists():
        with open(a.out) as fh:
            done = {r["task"]: r for r in csv.DictReader(fh)}
    rows = []
    with open(a.out, "a" if done else "w", newline="") as fh:
        w = csv.DictWriter(fh, FIELDS)
        if not done:
            w.writeheader()
        for row in tasks(a.only, a.property, base):
            if row["input_file"] in done:
                rows.append(done[row["input_file"]])
                continue
            r = run_one(row, a.timeout, a.frontend, base, checkout)
            w.writerow(r)
            fh.flush()
            rows.append(r)
            print(f"{r['answer']:8} {r['expected']:6} {float(r['wall']):7.2f}s "
                  f"cpu {float(r['cpu']):7.2f}s {r['winner']:7} {r['task']}  "
                  f"{r['reason']}", flush=True)
    n = counts(rows)
    print(f"{len(rows)} tasks: TRUE {n['true_ok']}/{n['true']}, FALSE {n['false_ok']}/"
          f"{n['false']}, wrong {n['wrong']}, possible bug {n['possible']}, unknown "
          f"{n['unknown']}; score {n['score']}/{2 * n['true'] + n['false']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
