"""Measures the native replay of concurrent bugs (replay/threads.py) on SMACK's pthread tests.

Usage:
  .venv/bin/python scripts/thread_replay_corpus.py [--frontend c|llvm|both]
      [--context-bound 2] [--timeout 600] [--filter SUBSTRING] [--json out.json]
For each `// @expect error` program of ../shared/corpora/smack/pthread (PYCORRAL_CORPORA
overrides the folder), runs `pycorral check --context-bound K --json` in a child process
(the check replays every bug it finds) and prints, per front end, whether the bug was found
and the replay's outcome with its reason; then the counts: found, confirmed by execution.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = Path(os.environ.get("PYCORRAL_CORPORA", ROOT.parent / "shared" / "corpora"))


def programs(filter_: str) -> list[Path]:
    folder = CORPORA / "smack" / "pthread"
    return [p for p in sorted(folder.glob("*.c"))
            if "@expect error" in p.read_text(errors="replace") and filter_ in p.name]


def check(path: Path, frontend: str, bound: int, timeout: int) -> dict:
    argv = [sys.executable, "-m", "pycorral.cli", "check", "--json", "--frontend", frontend,
            "--context-bound", str(bound), "--timeout", str(timeout), str(path)]
    t0 = time.monotonic()
    p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT,
                       timeout=timeout * 2 + 60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError:
        doc = {"verdict": "crash", "reason": (p.stderr or p.stdout)[-300:]}
    stats = doc.get("stats") or {}
    return {"file": path.name, "frontend": frontend, "verdict": doc.get("verdict"),
            "reason": doc.get("reason", ""), "replay": stats.get("replay", ""),
            "replay_line": stats.get("replay_line", ""),
            "time": round(time.monotonic() - t0, 1),
            "command": " ".join(argv[2:])}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frontend", default="both", choices=("c", "llvm", "both"))
    ap.add_argument("--context-bound", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--filter", default="")
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    fes = ("c", "llvm") if a.frontend == "both" else (a.frontend,)
    rows = []
    for fe in fes:
        for path in programs(a.filter):
            r = check(path, fe, a.context_bound, a.timeout)
            rows.append(r)
            print(f"{fe:5} {r['file']:36} {r['verdict']:8} {r['replay'] or '-':15} "
                  f"{r['time']:6}s  {r['replay_line'] or r['reason']}", flush=True)
    for fe in fes:
        mine = [r for r in rows if r["frontend"] == fe]
        found = [r for r in mine if r["verdict"] == "bug"]
        confirmed = [r for r in found if r["replay"] == "confirmed"]
        print(f"{fe}: {len(mine)} programs, {len(found)} bugs found, "
              f"{len(confirmed)} confirmed by execution")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
