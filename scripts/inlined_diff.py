"""Which procedures each search strategy inlines on one task, side by side.

    python scripts/inlined_diff.py FILE [ARGS...] [--strategies si,legion,inertial]
        [--timeout 60]

ARGS are the task's `pycorral check` arguments as scripts/verdict_table.py writes them
(Corral flags, --bound N, --entry P, --reach, --data-model M, --encoding E).  Each strategy
runs in this process on a fresh call tree over the same prepared program, with every
variable tracked (no variable abstraction, so the trees compare one to one; `pycorral
check` on a C program abstracts variables and may inline somewhat differently), and the
script prints the verdict, the instances per procedure for each strategy (procedures
where the counts differ first), and, for inertial, its rounds and MCS sizes.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def load_task(path: str, args: list[str]):
    from boogie.passes.pipeline import prepare
    from frontend.load import FrontendOptions, load
    from verifier.corral_flags import parse_corral_flags
    from verifier.options import VerifyOptions

    flags = parse_corral_flags(args)
    opts = dict(flags.options)
    rest = list(flags.leftovers)
    fe = {}
    while rest:
        a = rest.pop(0)
        if a == "--bound":
            opts["bound"] = int(rest.pop(0))
        elif a == "--entry":
            opts["entry"] = rest.pop(0)
        elif a == "--reach":
            opts["mode"] = "reach"
        elif a == "--data-model":
            fe["data_model"] = rest.pop(0)
        elif a == "--encoding":
            fe["encoding"] = rest.pop(0)
    prog = load([path], FrontendOptions(**fe)).program
    if path.endswith((".c", ".i")) and opts.get("entry") is None:
        opts["entry"] = "main"
    vopts = VerifyOptions(**{k: v for k, v in opts.items()
                             if k in ("entry", "bound", "mode", "error_var",
                                      "max_stack_depth", "static_loop_bound")},
                          track_all=True)
    prepared = prepare(prog, vopts.entry, mode=vopts.mode, error_var=vopts.error_var)
    return prepared, vopts


def per_proc(tree) -> Counter:
    out: Counter = Counter()
    stack = [tree.root]
    while stack:
        inst = stack.pop()
        out[inst.tmpl.proc] += 1
        stack.extend(inst.children.values())
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--strategies", default="si,legion,inertial")
    ap.add_argument("--timeout", type=float, default=60.0)
    args, task_args = ap.parse_known_args(argv)
    import time

    from verifier.search.call_tree import Budget, CallTree
    from verifier.search.refine import open_solver
    from verifier.strategies import strategy

    prepared, vopts = load_task(args.file, task_args)
    counts: dict[str, Counter] = {}
    for name in args.strategies.split(","):
        solver, gen = open_solver(prepared.program)
        opts = replace(vopts, strategy=name)
        tree = CallTree(solver, gen, prepared.entry, opts)
        t0 = time.perf_counter()
        r = strategy(name).run(tree, Budget(time.perf_counter() + args.timeout, None))
        counts[name] = per_proc(tree)
        extra = ""
        st = r.stats
        if name == "inertial" and st.inertial_rounds is not None:
            extra = (f"; rounds {st.inertial_rounds}, MCS {st.inertial_mcs} of total size "
                     f"{st.inertial_mcs_size} (max {st.inertial_mcs_max}), fallbacks "
                     f"{st.inertial_fallbacks}, loop entries {st.inertial_loop_entries}")
        if name == "legion" and st.legion_rounds is not None:
            extra = (f"; rounds {st.legion_rounds}, core sites {st.legion_core_minimized}")
        print(f"{name}: {r.verdict.value} ({r.reason or 'ok'}); {tree.instances} instances; "
              f"{time.perf_counter() - t0:.2f}s{extra}")
    names = list(counts)
    procs = sorted(set().union(*counts.values()),
                   key=lambda p: (len({c[p] for c in counts.values()}) == 1, p))
    print("| procedure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for p in procs:
        print(f"| {p} | " + " | ".join(str(counts[n][p]) for n in names) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
