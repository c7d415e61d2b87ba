"""Front-end speed on large C files (issue 36: "translation of a 30,000-line file in seconds,
not minutes, in both front ends"): for each file and each front end, `pycorral translate`
alone (parse + translate to type-checked Boogie, no verification) in a subprocess, N runs;
prints wall time, CPU time (user + system of the run and the processes it waited for:
gcc's syntax check, clang) and peak RSS (the largest of those processes), min/median/max.

    python scripts/frontend_speed.py [FILE | TASK.yml ...] [--frontends c,llvm] [--runs 3]
        [--data-model ILP32|LP64] [--boogie-out DIR] [--tsv OUT.tsv] [--timeout 600]

The DDK drivers of issue 36 are SMACK's test/c/ntdrivers/*.c (github.com/smackers/smack;
ILP32): give their paths (the closing notes' figures were taken on
`/work/drivers/smack-ntdrivers/*.c`, a copy of that folder).  A
`.yml` SV-COMP task names its input file and data model.  The LLVM front end's clang
cache (PYCORRAL_LLVM_CACHE) is a fresh directory in every run, so clang's time counts.
`--boogie-out DIR` keeps each translation's Boogie text (DIR/<file>.<frontend>.bpl) to
compare before and after a change (`diff -r`).  Per-run peak RSS comes from os.wait4's
rusage of that run (RUSAGE_CHILDREN of this script would be the maximum over all runs).
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = "from pycorral.cli import main; main()"


def task_input(path: Path, default_dm: str) -> tuple[Path, str]:
    """The C file and data model of FILE or TASK.yml."""
    if path.suffix not in (".yml", ".yaml"):
        return path, default_dm
    text = path.read_text()
    m = re.search(r"^input_files:\s*'?([^'\n]+)'?", text, re.M)
    dm = re.search(r"data_model:\s*(\w+)", text)
    if m is None:
        sys.exit(f"{path}: no input_files")
    return path.parent / m.group(1).strip(), dm.group(1) if dm else default_dm


def run_measured(src: Path, fe: str, dm: str, out: Path, timeout: float) -> dict:
    """One translation, measured with os.wait4 (rusage of this child and its children)."""
    with tempfile.TemporaryDirectory(prefix="fe-speed-") as cache:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYCORRAL_LLVM_CACHE=cache)
        cmd = [sys.executable, "-c", CLI, "translate", str(src), "--frontend", fe,
               "--data-model", dm, "-o", str(out)]
        with tempfile.TemporaryFile() as errf:
            t0 = time.perf_counter()
            p = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                                 stderr=errf)
            deadline = t0 + timeout
            while True:
                pid, status, ru = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    break
                if time.perf_counter() > deadline:
                    p.kill()
                    pid, status, ru = os.wait4(p.pid, 0)
                    break
                time.sleep(0.01)
            wall = time.perf_counter() - t0
            p.returncode = os.waitstatus_to_exitcode(status)
            errf.seek(0)
            err = errf.read().decode(errors="replace")
    return {"wall": wall, "cpu": ru.ru_utime + ru.ru_stime, "rss": ru.ru_maxrss / 1024,
            "rc": p.returncode, "err": err.strip().splitlines()[-1][:200] if err.strip() else ""}


def _mmm(xs: list[float], fmt: str) -> str:
    return "/".join(format(x, fmt) for x in (min(xs), statistics.median(xs), max(xs)))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--frontends", default="c,llvm")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--data-model", default="ILP32", choices=("ILP32", "LP64"))
    ap.add_argument("--boogie-out", type=Path)
    ap.add_argument("--tsv", type=Path)
    ap.add_argument("--timeout", type=float, default=600.0)
    a = ap.parse_args(argv)
    if not a.files:
        ap.error("no input: give C files or SV-COMP task .yml files (e.g. SMACK's "
                 "test/c/ntdrivers/*.c)")
    files = a.files
    if a.boogie_out:
        a.boogie_out.mkdir(parents=True, exist_ok=True)
    rows = []
    head = f"{'file':38} {'lines':>6} {'fe':4} {'wall s min/med/max':>20} " \
           f"{'cpu s min/med/max':>20} {'peak RSS MB min/med/max':>24}  status"
    print(head, flush=True)
    for f in files:
        src, dm = task_input(f, a.data_model)
        lines = sum(1 for _ in open(src, "rb"))
        for fe in a.frontends.split(","):
            out = (a.boogie_out / f"{src.name}.{fe}.bpl") if a.boogie_out else \
                Path(tempfile.gettempdir()) / f"fe-speed-{os.getpid()}.bpl"
            runs = [run_measured(src, fe, dm, out, a.timeout) for _ in range(a.runs)]
            ok = all(r["rc"] == 0 for r in runs)
            status = "ok" if ok else f"exit {runs[-1]['rc']}: {runs[-1]['err']}"
            row = (src.name[:38], lines, fe, _mmm([r["wall"] for r in runs], ".1f"),
                   _mmm([r["cpu"] for r in runs], ".1f"), _mmm([r["rss"] for r in runs], ".0f"),
                   status)
            rows.append(row)
            print(f"{row[0]:38} {row[1]:>6} {row[2]:4} {row[3]:>20} {row[4]:>20} "
                  f"{row[5]:>24}  {row[6]}", flush=True)
    if a.tsv:
        with open(a.tsv, "w") as fh:
            fh.write("file\tlines\tfrontend\twall\tcpu\trss_mb\tstatus\n")
            for r in rows:
                fh.write("\t".join(map(str, r)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
