"""Measures native replay on the C corpora: every bug verdict should be confirmed.

Usage:
  .venv/bin/python scripts/replay_corpus.py [--suite svcomp|smack|all]
      [--encoding int|bv|both] [--frontend c|llvm|both] [--timeout 60] [--jobs 1]
      [--filter SUBSTRING] [--csv out.csv] [--cache DIR]
For each C input of ../shared/corpora/svcomp (tasks.csv, unreach-call tasks) and of the
SMACK folders basic, data, bits, locks, ntdrivers-simplified (LP64; `@flag --unroll=N` /
`--loop-limit=N` give the bound, default 2; bits is bv only), it runs `pycorral check
--json` in a child process, and replays every bug verdict with `replay.native`.  Prints
the counts per status and lists every bug that was not confirmed, with the reason.  Tasks
with SMACK-only flags or the overflow property are skipped (the CLI does not check
overflow; a native overflow check would need a sanitizer).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.runner import corpora_dir

ROOT = Path(__file__).resolve().parents[1]
CORPORA = corpora_dir()              # $PYCORRAL_CORPORA, else ../shared/corpora
SMACK_FOLDERS = ("basic", "data", "bits", "locks", "ntdrivers-simplified")
_SKIP_FLAGS = ("--transform-bpl", "--transform-out", "--timing-annotations", "--float",
               "--pointer-encoding", "--check=", "--clang-options=-O")


def tasks(suite: str) -> list[dict]:
    out = []
    if suite in ("svcomp", "all"):
        base = CORPORA / "svcomp"
        with open(base / "tasks.csv") as f:
            for row in csv.DictReader(f):
                if row["property"] != "unreach-call":
                    continue
                out.append({"file": str(base / row["input_file"]), "group": row["category"],
                            "expected": "bug" if row["expected_verdict"] == "false"
                            else "correct", "data_model": row["data_model"], "bound": 2,
                            "encodings": ("int", "bv")})
    if suite in ("smack", "all"):
        for folder in SMACK_FOLDERS:
            d = CORPORA / "smack" / folder
            cfg = (d / "config.yml").read_text() if (d / "config.yml").exists() else ""
            for p in sorted(d.glob("*.c")):
                text = p.read_text(errors="replace")
                m = re.search(r"@expect\s+(verified|error)", text)
                flags = " ".join(re.findall(r"@flag\s+(.*)", text)) + " " + cfg
                if not m or any(f in flags for f in _SKIP_FLAGS):
                    continue
                bounds = [int(x) for x in re.findall(r"--(?:unroll|loop-limit)=(\d+)", flags)]
                bv_only = "--integer-encoding=bit-vector" in flags
                out.append({"file": str(p), "group": "smack/" + folder,
                            "expected": "bug" if m.group(1) == "error" else "correct",
                            "data_model": "LP64", "bound": max(bounds) if bounds else 2,
                            "encodings": ("bv",) if bv_only else ("int", "bv")})
    return out


def check(task: dict, encoding: str, frontend: str, timeout: float, cache: str = "") -> dict:
    """`pycorral check --json` in a child process; with `cache`, the output is kept in
    that folder (so that replay alone can be re-run after a harness change)."""
    key = re.sub(r"\W", "_", f"{os.path.relpath(task['file'], CORPORA)}-{encoding}-"
                 f"{frontend}-{task['bound']}") + ".json"
    if cache and os.path.isfile(os.path.join(cache, key)):
        with open(os.path.join(cache, key)) as fh:
            return json.load(fh)
    res = _check(task, encoding, frontend, timeout)
    if cache and res.get("reason") != "hard timeout":
        os.makedirs(cache, exist_ok=True)
        with open(os.path.join(cache, key), "w") as fh:
            json.dump(res, fh)
    return res


def _check(task: dict, encoding: str, frontend: str, timeout: float) -> dict:
    cmd = [sys.executable, "-m", "pycorral.cli", "check", task["file"], "--json",
           "--encoding", encoding, "--data-model", task["data_model"], "--frontend",
           frontend, "--bound", str(task["bound"]), "--timeout", str(timeout)]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 1.2 + 30,
                           cwd=ROOT)
    except subprocess.TimeoutExpired:
        return {"verdict": "unknown", "reason": "hard timeout"}
    line = next((ln for ln in reversed(r.stdout.splitlines()) if ln.startswith("{")), None)
    if line is None:
        return {"verdict": "error", "reason": (r.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(line)


def run_one(task: dict, encoding: str, frontend: str, timeout: float, cache: str) -> dict:
    from replay.native import replay_trace, trace_from_json

    t0 = time.time()
    res = check(task, encoding, frontend, timeout, cache)
    row = {"file": os.path.relpath(task["file"], CORPORA), "group": task["group"],
           "encoding": encoding, "frontend": frontend, "expected": task["expected"],
           "verdict": res.get("verdict"), "status": "", "reason": "", "line": ""}
    if res.get("verdict") == "bug" and res.get("trace"):
        try:
            out = replay_trace([task["file"]], trace_from_json(res["trace"]),
                               data_model=task["data_model"], timeout=10.0)
            row.update(status=out.status, reason=out.reason, line=out.reached_line or "")
        except Exception as e:  # noqa: BLE001 - a replay crash is listed, not fatal
            row.update(status="error", reason=f"replay crashed: {type(e).__name__}: {e}")
    row["seconds"] = round(time.time() - t0, 1)
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", choices=("svcomp", "smack", "all"), default="all")
    ap.add_argument("--encoding", choices=("int", "bv", "both"), default="both")
    ap.add_argument("--frontend", choices=("c", "llvm", "both"), default="c")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--filter", default="")
    ap.add_argument("--csv", default="")
    ap.add_argument("--cache", default="", help="keep check outputs in this folder")
    a = ap.parse_args()
    jobs = []
    for t in tasks(a.suite):
        if a.filter not in t["file"]:
            continue
        for enc in t["encodings"]:
            if a.encoding in (enc, "both"):
                for fe in (("c", "llvm") if a.frontend == "both" else (a.frontend,)):
                    jobs.append((t, enc, fe))
    rows = []
    with ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for row in pool.map(lambda j: run_one(j[0], j[1], j[2], a.timeout, a.cache), jobs):
            rows.append(row)
            if row["status"]:
                print(f"{row['status']:15} {row['file']} [{row['frontend']}/"
                      f"{row['encoding']}] {row['reason'][:160]}", flush=True)
    report(rows)
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["file"])
            w.writeheader()
            w.writerows(rows)


def report(rows: list[dict]) -> None:
    bugs = [r for r in rows if r["verdict"] == "bug"]
    counts: dict[str, int] = {}
    for r in bugs:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    print(f"\n{len(rows)} checks, {len(bugs)} bug verdicts "
          f"({sum(r['expected'] == 'correct' for r in bugs)} on tasks expected correct)")
    for status in ("confirmed", "not_reached", "not_replayable", "error"):
        print(f"  {status:15} {counts.get(status, 0)}")
    missed = [r for r in bugs if r["status"] != "confirmed"]
    if missed:
        print("\nnot confirmed:")
        for r in missed:
            print(f"  {r['file']} [{r['frontend']}/{r['encoding']}] expected {r['expected']}:"
                  f" {r['status']}: {r['reason']}")


if __name__ == "__main__":
    main()
