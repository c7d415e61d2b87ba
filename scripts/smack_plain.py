"""Every C test of the shared SMACK corpus folders through plain `pycorral check FILE` (no
flags at all): the verdict each gets against the test's `@expect`.

    .venv/bin/python scripts/smack_plain.py OUT.csv [--folders basic,data,locks,ntdrivers-simplified]
        [--jobs 2] [--only error|verified] [--check-flags "--timeout 120"]

`--check-flags` adds options to every run (e.g. a longer budget when the machine is loaded:
the default search budget is wall-clock time); `--every N` runs every N-th test only (a
sample, e.g. to compare the cost of the property checks on and off).

Property checks (issue 21): `--kinds overflow,undefined-shift` runs each check with
`--json` and counts a bug only when the violated property's kind is one of those (a bug of
another kind, e.g. the program's own assertion, is `other-bug`: a miss on a bug test,
undecided on a correct one).  `--svcomp-property no-overflow` takes the rows of that
property of ../shared/corpora/svcomp/tasks.csv instead of SMACK folders (expected `false`
= bug; each with its row's `--data-model`):

    .venv/bin/python scripts/smack_plain.py OUT.csv --folders memory-safety \
        --kinds pointer_dereference,precondition_instance,memory-leak \
        --check-flags "--memory-safety --frontend llvm --timeout 60"
    .venv/bin/python scripts/smack_plain.py OUT.csv --svcomp-property no-overflow \
        --kinds overflow --check-flags "--signed-overflow-check --timeout 60"

With `--kinds`, the `replay` column is the native replay's status from the JSON
(`confirmed` for a property violation means the sanitizer run reported the same kind at
the same line, replay/sanitizer.py) and the totals count the confirmed bugs.  A
`--data-model` in `--check-flags` overrides the svcomp rows' own (the sanitizers need
LP64 here: there is no ILP32 sanitizer runtime on this machine).

A folder whose `config.yml` names SMACK's `--context-bound=K` (pthread: 2) runs with
`--context-bound K`, the same bound (a `--context-bound` in `--check-flags` wins).

`--corpus DIR` reads the folders from DIR instead of the shared corpus: a checkout of
SMACK's repository has them in `test/c` (`git clone --depth 1
https://github.com/smackers/smack`; its `test/c/pthread` holds 31 tests, the shared corpus
19).  A test's `@flag --check=memory-safety` adds `--memory-safety`.  Every run is made
with `--json`; the `replay` column is the native replay's status of a bug (`confirmed`,
`not_replayable`, ...), and the totals count the confirmed bugs:

    .venv/bin/python scripts/smack_plain.py OUT.csv --corpus SMACK/test/c --folders pthread \
        --check-flags "--frontend llvm --context-bound 3 --timeout 60"

A bug test (`@expect error`) is found when the exit code is 10 (bug, re-checked and
replayed); a correct test (`@expect verified`) is right with 0 (proved) or 30 (bounded:
the cut-off loops are named).  A `correct` or `bounded` answer on a bug test is a miss (a
wrong `correct` is a wrong verdict); `bug` on a verified test is a wrong verdict.  Prints
one line per test and the totals, with the wall and CPU time of each run (a run's CPU
time is exact with `--jobs 1`).
"""
from __future__ import annotations

import argparse
import csv
import re
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpora" / "smack"
VERDICT = {0: "correct", 10: "bug", 20: "unknown", 30: "bounded", 2: "error"}


def expect(path: Path) -> str:
    m = re.search(r"@expect\s+(verified|error)", path.read_text(errors="replace"))
    return {"verified": "correct", "error": "bug"}[m.group(1)] if m else "?"


SVCOMP = CORPUS.parent / "svcomp"


def svcomp_rows(prop: str) -> list[tuple[Path, str, tuple[str, ...]]]:
    """(input file, expected verdict, flags) of the svcomp tasks of one property."""
    with open(SVCOMP / "tasks.csv") as fh:
        return [(SVCOMP / r["input_file"], "bug" if r["expected_verdict"] == "false"
                 else "correct", ("--data-model", r["data_model"]))
                for r in csv.DictReader(fh) if r["property"].strip() == prop]


def test_flags(path: Path) -> tuple[str, ...]:
    """The options of a test's own `@flag` lines that pycorral shares with SMACK."""
    text = path.read_text(errors="replace")
    return ("--memory-safety",) if re.search(r"@flag .*--check=memory-safety", text) else ()


def run_one(path: Path, flags: tuple[str, ...] = (), kinds: tuple[str, ...] = (),
            expected: str | None = None) -> dict:
    flags += ("--json",)
    t0 = time.perf_counter()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen([str(ROOT / ".venv" / "bin" / "pycorral"), "check", *flags,
                          str(path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = p.communicate(timeout=600)
    wall = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)     # (exact with --jobs 1 only)
    cpu = c1.ru_utime + c1.ru_stime - c0.ru_utime - c0.ru_stime
    first = out.splitlines()[0] if out.strip() else (err.splitlines() or [""])[0]
    verdict = VERDICT.get(p.returncode, f"exit {p.returncode}")
    replay = ""
    if out.strip().startswith("{"):
        import json
        doc = json.loads(out)
        v = doc.get("violation") or {}
        first = (f"{doc['verdict']}: {v.get('id') or v.get('rule', '')} "
                 f"{v.get('message', '')}" if v else f"{doc['verdict']} {doc.get('reason', '')}")
        if kinds and verdict == "bug" and v.get("rule") not in kinds:
            verdict = "other-bug"
        replay = (doc.get("stats") or {}).get("replay", "")
        first += f" | {(doc.get('stats') or {}).get('replay_line', '')}" if replay else ""
    where = path.relative_to(CORPUS) if path.is_relative_to(CORPUS) else \
        path.relative_to(SVCOMP) if path.is_relative_to(SVCOMP) else path
    return {"file": str(where), "expected": expected or expect(path),
            "verdict": verdict, "replay": replay,
            "wall": round(wall, 2), "cpu": round(cpu, 2), "first_line": first[:400]}


def folder_flags(folder: Path) -> tuple[str, ...]:
    """The options of a folder's `config.yml` that pycorral shares with SMACK."""
    cfg = folder / "config.yml"
    if not cfg.is_file():
        return ()
    m = re.search(r"--context-bound=(\d+)", cfg.read_text())
    return ("--context-bound", m.group(1)) if m else ()


def outcome(r: dict) -> str:
    e, v = r["expected"], r["verdict"]
    if e == "bug":
        return "found" if v == "bug" else ("WRONG" if v == "correct" else "missed")
    return "WRONG" if v == "bug" else ("right" if v in ("correct", "bounded") else "undecided")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--folders", default="basic,data,locks,ntdrivers-simplified")
    ap.add_argument("--corpus", type=Path, help="the folders' parent (default: the shared "
                    "corpus; a SMACK checkout's test/c)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", choices=["error", "verified"])
    ap.add_argument("--check-flags", default="", help="options added to every check")
    ap.add_argument("--kinds", default="", help="property kinds a bug must violate")
    ap.add_argument("--svcomp-property", help="the svcomp tasks of this property instead")
    ap.add_argument("--every", type=int, default=1, metavar="N",
                    help="a sample: every N-th test in order (e.g. for a cost comparison)")
    a = ap.parse_args()
    flags = tuple(a.check_flags.split())
    kinds = tuple(k for k in a.kinds.split(",") if k)
    if a.svcomp_property:
        runs = svcomp_rows(a.svcomp_property)
        if "--data-model" in flags:
            runs = [(p, e, ()) for p, e, _ in runs]
    else:
        base = a.corpus or CORPUS
        if not base.is_dir():
            sys.exit(f"{base}: no such folder (the shared corpus, or --corpus SMACK/test/c)")
        runs = [(p, expect(p), (() if "--context-bound" in flags else folder_flags(base / f))
                 + test_flags(p))
                for f in a.folders.split(",") for p in sorted((base / f).glob("*.c"))]
    if a.only:
        runs = [r for r in runs if r[1] == ("bug" if a.only == "error" else "correct")]
    runs = runs[::max(1, a.every)]
    t0 = time.perf_counter()
    rows = []
    with ThreadPoolExecutor(a.jobs) as ex:
        for r in ex.map(lambda x: run_one(x[0], flags + x[2], kinds, x[1]), runs):
            r["outcome"] = outcome(r)
            rows.append(r)
            print(f"{r['outcome']:9} {r['verdict']:8} {r['wall']:6.1f}s {r['cpu']:6.1f}s cpu  "
                  f"{r['file']}  "
                  f"| {r['first_line']}", flush=True)
    with open(a.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    by: dict[str, int] = {}
    for r in rows:
        by[r["outcome"]] = by.get(r["outcome"], 0) + 1
    print(f"{len(rows)} tests: " + ", ".join(f"{k} {v}" for k, v in sorted(by.items()))
          + f"; wall {time.perf_counter() - t0:.0f}s, CPU (children) "
          f"{cpu.ru_utime + cpu.ru_stime:.0f}s, jobs {a.jobs}")
    bugs = [r for r in rows if r["expected"] == "bug"]
    print(f"bug tests: {sum(r['outcome'] == 'found' for r in bugs)}/{len(bugs)} found; "
          f"wrong verdicts: {by.get('WRONG', 0)}")
    found = [r for r in bugs if r["outcome"] == "found"]
    print(f"found bugs confirmed by native replay: "
          f"{sum(r['replay'] == 'confirmed' for r in found)}/{len(found)}")


if __name__ == "__main__":
    sys.exit(main())
