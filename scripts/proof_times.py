"""Where a Horn-clause proof spends its time: Spacer, the independent check, and Python.

    python scripts/proof_times.py [--timeout 60] [--data-model ILP32] [--encoding int|bv] FILE...

Runs `pycorral check --strategy chc --json` on each file (its own process) and prints one
row per file: verdict, wall time, the solver's time (Spacer, summed over the schedule's
attempts), the independent check's time, building the rules, and the rest (front end,
preparation, abstraction and everything else in Python), with CPU time next to wall time.
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def one(path: str, timeout: float, model: str, encoding: str = "int") -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", path, "--strategy",
                        "chc", "--json", "--timeout", str(timeout), "--data-model", model,
                        "--encoding", encoding, "--no-replay"], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        out = json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"file": path, "verdict": "error", "wall": wall, "cpu": cpu}
    st = out.get("stats", {})
    solve = st.get("horn_solve_time", 0.0)
    check = st.get("horn_check_time", 0.0)
    build = st.get("horn_build_time", 0.0)
    return {"file": path, "verdict": out.get("verdict"), "wall": wall, "cpu": cpu,
            "spacer": solve, "check": check, "build": build,
            "python": max(0.0, wall - solve - check),
            "attempts": st.get("horn_attempts"), "config": st.get("horn_configuration")}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--data-model", default="ILP32")
    ap.add_argument("--encoding", default="int", choices=["int", "bv"])
    a = ap.parse_args(argv)
    print(f"{'file':42} {'verdict':8} {'wall':>6} {'cpu':>6} {'spacer':>7} {'check':>6} "
          f"{'build':>6} {'python':>7}  attempts configuration")
    for f in a.files:
        r = one(f, a.timeout, a.data_model, a.encoding)
        name = f.rsplit("/", 1)[-1][:42]
        if r["verdict"] == "error":
            print(f"{name:42} error")
            continue
        print(f"{name:42} {r['verdict']:8} {r['wall']:6.2f} {r['cpu']:6.2f} "
              f"{r['spacer']:7.2f} {r['check']:6.2f} {r['build']:6.2f} {r['python']:7.2f}"
              f"  {r['attempts']} {r['config']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
