"""The chain family of DAG inlining (PLDI 2015, Fig. 2), in Boogie and C, and its table.

P_i calls P_{i+1} from two disjoint branches (so tree inlining makes 2^(N+1)-1 instances
and DAG inlining N+2); `g == i` holds on entry of each P_i and P_N asserts `g == N`.  The
buggy variant breaks the invariant in the else branch of P_{N-1} only: one path of the 2^N
fails.

With `--shape post` the family has code after each call (issue 39): P_i raises g, calls
P_{i+1} and lowers g again in both branches, main asserts g == 0 after the outermost call.

    python scripts/chain_family.py write DIR [--n 4,8,12] [--lang bpl,c] [--shape post]
    python scripts/chain_family.py bench [--n 4,8,12,16,20,24,28,32,36,40] [--lang bpl,c]
           [--strategies si,di] [--timeout 60]

`write` writes chain_<lang>_n<N>_<variant>.<ext> files whose header states the verdict
(`// EXPECT:` and `// FLAGS:`, read by tests/cases.py).  `bench` runs `pycorral check` on
each (one process per run, `--bound 1 --no-replay --json`) and prints a table of the
verdict, the procedure instances inlined and the wall and CPU time per strategy; a
strategy that timed out at some N is not run at larger N (its column says so).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ("correct", "buggy")
EXT = {"bpl": "bpl", "c": "c"}


def chain_bpl(n: int, buggy: bool) -> str:
    out = [f"// EXPECT: {'bug' if buggy else 'correct'}",
           "// FLAGS: --bound 1",
           f"// The chain of PLDI 2015 Fig. 2 with N = {n}"
           + (f"; P{n - 1}'s else branch breaks the invariant." if buggy else "."),
           "var g: int;", "",
           "procedure main()", "  modifies g;", "{", "  g := 0;", "  call P0();", "}", ""]
    for i in range(n):
        bump = "g := g + 2;" if buggy and i == n - 1 else "g := g + 2; g := g - 1;"
        out += [f"procedure P{i}()", "  modifies g;", "{", "  var c: bool;",
                f"  // g == {i} on entry", "  if (c) {", "    g := g + 1;",
                f"    call P{i + 1}();", "  } else {", f"    {bump}",
                f"    call P{i + 1}();", "  }", "}", ""]
    out += [f"procedure P{n}()", "{", f"  assert g == {n};", "}", ""]
    return "\n".join(out)


def chain_c(n: int, buggy: bool) -> str:
    out = [f"// EXPECT: {'bug' if buggy else 'correct'}",
           "// FLAGS: --bound 1",
           f"// The chain of PLDI 2015 Fig. 2 with N = {n}"
           + (f"; P{n - 1}'s else branch breaks the invariant." if buggy else "."),
           "#include <assert.h>", "extern int __VERIFIER_nondet_int(void);", "int g;", "",
           f"void P{n}(void) {{", f"  assert(g == {n});", "}", ""]
    for i in reversed(range(n)):
        bump = "g = g + 2;" if buggy and i == n - 1 else "g = g + 2; g = g - 1;"
        out += [f"void P{i}(void) {{", f"  /* g == {i} on entry */",
                "  if (__VERIFIER_nondet_int()) {", "    g = g + 1;", f"    P{i + 1}();",
                "  } else {", f"    {bump}", f"    P{i + 1}();", "  }", "}", ""]
    out += ["int main(void) {", "  g = 0;", "  P0();", "  return 0;", "}", ""]
    return "\n".join(out)


def post_bpl(n: int, buggy: bool) -> str:
    """The chain with code after each call (issue 39): both branches of P_i raise g, call
    P_{i+1} and lower g again, and main asserts g == 0 after the outermost call; the buggy
    variant lowers g by one too few in P_{N-1}'s else branch."""
    out = [f"// EXPECT: {'bug' if buggy else 'correct'}",
           "// FLAGS: --bound 1",
           f"// The chain with code after each call, N = {n}"
           + (f"; P{n - 1}'s else branch lowers g by one too few." if buggy else "."),
           "var g: int;", "",
           "procedure main()", "  modifies g;", "{", "  g := 0;", "  call P0();",
           "  assert g == 0;", "}", ""]
    for i in range(n):
        down = "g := g - 1;" if buggy and i == n - 1 else "g := g - 2;"
        out += [f"procedure P{i}()", "  modifies g;", "{", "  var c: bool;", "  if (c) {",
                "    g := g + 1;", f"    call P{i + 1}();", "    g := g - 1;", "  } else {",
                "    g := g + 2;", f"    call P{i + 1}();", f"    {down}", "  }", "}", ""]
    out += [f"procedure P{n}()", "{", "  assert g >= 0;", "}", ""]
    return "\n".join(out)


def post_c(n: int, buggy: bool) -> str:
    """`post_bpl` in C."""
    out = [f"// EXPECT: {'bug' if buggy else 'correct'}",
           "// FLAGS: --bound 1",
           f"// The chain with code after each call, N = {n}"
           + (f"; P{n - 1}'s else branch lowers g by one too few." if buggy else "."),
           "#include <assert.h>", "extern int __VERIFIER_nondet_int(void);", "int g;", "",
           f"void P{n}(void) {{", "  assert(g >= 0);", "}", ""]
    for i in reversed(range(n)):
        down = "g = g - 1;" if buggy and i == n - 1 else "g = g - 2;"
        out += [f"void P{i}(void) {{", "  if (__VERIFIER_nondet_int()) {", "    g = g + 1;",
                f"    P{i + 1}();", "    g = g - 1;", "  } else {", "    g = g + 2;",
                f"    P{i + 1}();", f"    {down}", "  }", "}", ""]
    out += ["int main(void) {", "  g = 0;", "  P0();", "  assert(g == 0);", "  return 0;",
            "}", ""]
    return "\n".join(out)


SHAPES = {("plain", "bpl"): chain_bpl, ("plain", "c"): chain_c,
          ("post", "bpl"): post_bpl, ("post", "c"): post_c}
SHAPE = ["plain"]           # the family `write` and `bench` make (--shape)


def source(lang: str, n: int, variant: str) -> str:
    return SHAPES[(SHAPE[0], lang)](n, variant == "buggy")


def file_name(lang: str, n: int, variant: str) -> str:
    shape = "" if SHAPE[0] == "plain" else f"{SHAPE[0]}_"
    return f"chain_{shape}{lang}_n{n}_{variant}.{EXT[lang]}"


def write(folder: Path, ns: list[int], langs: list[str]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for lang in langs:
        for n in ns:
            for v in VARIANTS:
                p = folder / file_name(lang, n, v)
                p.write_text(source(lang, n, v))
                paths.append(p)
    return paths


def check(path: Path, strategy: str, timeout: float) -> dict:
    """One `pycorral check` process: verdict, instances, wall and CPU seconds."""
    cmd = [sys.executable, "-m", "pycorral.cli", "check", str(path), "--strategy", strategy,
           "--bound", "1", "--timeout", str(timeout), "--no-replay", "--json", "--quiet"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                       timeout=timeout * 1.5 + 30)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        out = json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"verdict": f"error (exit {p.returncode})", "instances": None,
                "wall": wall, "cpu": cpu}
    stats = out.get("stats", {})
    return {"verdict": out.get("verdict"), "instances": stats.get("procedures_inlined"),
            "wall": wall, "cpu": cpu, "merges": stats.get("dag_merges")}


def bench(ns: list[int], langs: list[str], strategies: list[str], timeout: float) -> int:
    print(f"# load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; "
          f"per run --timeout {timeout:g}; instances = procedures_inlined (all solvers)")
    head = ["lang", "N", "variant"]
    for s in strategies:
        head += [f"{s} verdict", f"{s} inst", f"{s} wall", f"{s} cpu"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    wrong = 0
    with tempfile.TemporaryDirectory() as tmp:
        for lang in langs:
            gave_up: dict[tuple[str, str], int] = {}
            for n in ns:
                for v in VARIANTS:
                    path = Path(tmp) / file_name(lang, n, v)
                    path.write_text(source(lang, n, v))
                    row = [lang, str(n), v]
                    want = "bug" if v == "buggy" else "correct"
                    for s in strategies:
                        if (s, v) in gave_up:
                            row += [f"(timeout at N={gave_up[(s, v)]})", "", "", ""]
                            continue
                        r = check(path, s, timeout)
                        if r["verdict"] not in (want, "unknown"):
                            wrong += 1
                        if r["verdict"] == "unknown":
                            gave_up[(s, v)] = n
                        row += [str(r["verdict"]), str(r["instances"]),
                                f"{r['wall']:.2f}", f"{r['cpu']:.2f}"]
                    print("| " + " | ".join(row) + " |", flush=True)
    print(f"# wrong verdicts: {wrong}; load average {os.getloadavg()[0]:.2f}")
    return 1 if wrong else 0


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    w = sub.add_parser("write")
    w.add_argument("folder", type=Path)
    w.add_argument("--n", type=_ints, default=[4, 8, 12])
    w.add_argument("--lang", default="bpl,c")
    b = sub.add_parser("bench")
    b.add_argument("--n", type=_ints, default=[4, 8, 12, 16, 20, 24, 28, 32, 36, 40])
    b.add_argument("--lang", default="bpl,c")
    b.add_argument("--strategies", default="si,di")
    b.add_argument("--timeout", type=float, default=60.0)
    for sp in (w, b):
        sp.add_argument("--shape", choices=("plain", "post"), default="plain",
                        help="plain: PLDI 2015 Fig. 2; post: code after each call")
    args = ap.parse_args(argv)
    SHAPE[0] = args.shape
    langs = args.lang.split(",")
    assert set(langs) <= set(EXT), f"languages: {', '.join(EXT)}"
    if args.cmd == "write":
        for p in write(args.folder, args.n, langs):
            print(p)
        return 0
    return bench(args.n, langs, args.strategies.split(","), args.timeout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
