"""What each kind of Houdini candidate proves: stratified inlining at a fixed bound on the
shared SV-COMP unreach-call tasks, with no Houdini, typestate candidates only, and typestate
plus the shape candidates of loops and recursive procedures.

    python scripts/houdini_kinds.py [--bound 2] [--timeout 20] [--only true]

Prints one row per task (CORRECT / BOUNDED / BUG / UNKNOWN per variant, and the number of
proved summaries) and the counts of CORRECT per variant.  Each run is its own process.
"""
from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
from pathlib import Path

from bench.runner import corpora_dir

ROOT = Path(__file__).resolve().parent.parent
CORPORA = corpora_dir()              # $PYCORRAL_CORPORA, else ../shared/corpora

CHILD = r"""
import json, sys
from frontend.load import FrontendOptions, load
from verifier.search import houdini
from verifier.engine import verify
from verifier.options import VerifyOptions
path, model, variant, bound, timeout = sys.argv[1:6]
if variant == "typestate":
    houdini._shape = lambda info, p: []          # typestate (and user) candidates only
prog = load([path], FrontendOptions(data_model=model)).program
r = verify(prog, VerifyOptions(strategy="si", bound=int(bound), timeout=float(timeout),
                               houdini=variant != "none"))
print(json.dumps({"verdict": r.verdict.value, "proved": r.stats.houdini_proved or 0}))
"""

VARIANTS = ("none", "typestate", "typestate+shape")


def run(path: str, model: str, variant: str, bound: int, timeout: float) -> tuple[str, int]:
    try:
        p = subprocess.run([sys.executable, "-c", CHILD, path, model, variant, str(bound),
                            str(timeout)], capture_output=True, text=True,
                           timeout=timeout + 30, cwd=ROOT)
        out = json.loads(p.stdout.strip().splitlines()[-1])
        return out["verdict"], out["proved"]
    except Exception:  # noqa: BLE001 - a crash or a hang is an unknown here
        return "unknown", 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bound", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--only", choices=["true", "false"])
    a = ap.parse_args(argv)
    with open(CORPORA / "svcomp" / "tasks.csv") as fh:
        rows = [r for r in csv.DictReader(fh) if r["property"].strip() == "unreach-call"
                and (a.only is None or r["expected_verdict"] == a.only)]
    counts = {v: 0 for v in VARIANTS}
    for r in rows:
        path = str(CORPORA / "svcomp" / r["input_file"])
        cells = []
        for v in VARIANTS:
            verdict, proved = run(path, r["data_model"], v, a.bound, a.timeout)
            counts[v] += verdict == "correct"
            cells.append(f"{verdict:10} {proved:3}")
        print(f"{r['input_file'][2:]:52} " + " | ".join(cells), flush=True)
    print("correct: " + ", ".join(f"{v} {counts[v]}" for v in VARIANTS))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
