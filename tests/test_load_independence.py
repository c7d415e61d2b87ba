"""The engine's inner caps count solver work, not wall time (issue 34, verifier/limits.py):
the same command on a loaded machine takes the same steps and gives the same verdict.

Checks:
* a check whose inner caps are hit (the work second made tiny, so that the incremental
  core's share, the over-approximate and refinement queries run into their caps) gives,
  run alone and beside CPU-bound busy processes, the same verdict and the same figures
  that count steps -- queries, one-shot queries, refinement checks, instances, the bound,
  and the solvers' work itself (z3's resource count is deterministic).  Wall and CPU times
  are not compared, and no time bound is asserted;
* a work cap stops a query with UNKNOWN ("work limit"), never UNSAT, and each check's cap
  is its own (z3 counts per context: the cap is relative to the count at the check's
  start);
* the CPU backstop stops a capped check whose work z3 does not count.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.parser import parse_program
from boogie.typecheck import typecheck
from verifier.smt.factory import open_solver
from verifier.smt.solver import CheckResult

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"

# figures that count steps: equal under any load
STEPS = ("queries", "z3_work", "one_shot_queries", "one_shot_decided", "refine_checks",
         "refine_unknown", "refine_vc_fallbacks", "abstraction_iterations",
         "procedures_inlined", "templates", "bound", "tracked_count")

# (file, check options): caps hit at a work second of RATE resource units
CASES = [
    (DATA / "oneshot" / "memset_wrapper_ok.bpl", ["--bound", "3", "--ablate", "memop_lengths"]),
    (DATA / "bpl" / "abs_map_heap.bpl", ["--bound", "3"]),
    (DATA / "bpl" / "abs_deep_refine.bpl", ["--bound", "3"]),
]
RATE = "2000"           # resource units per work second: every inner cap is a few thousand


def _check(path: Path, args: list[str]) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYCORRAL_RLIMIT_PER_WORK_SECOND": RATE}
    env.pop("PYCORRAL_QUERY_LOG", None)
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "--strategy", "si", "--no-replay", "--json", *args],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert p.returncode in (0, 10, 20, 30), p.stderr[-2000:]
    out = json.loads(p.stdout)
    return {"verdict": out["verdict"], "reason": out.get("reason", ""),
            **{k: out["stats"].get(k) for k in STEPS}}


def _busy_loops(n: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def test_the_same_steps_and_verdict_beside_busy_processes():
    alone = [_check(path, args) for path, args in CASES]
    loops = _busy_loops(2)
    try:
        loaded = [_check(path, args) for path, args in CASES]
    finally:
        for p in loops:
            p.kill()
            p.wait()
    for (path, _), a, b in zip(CASES, alone, loaded):
        assert a == b, f"{path.name}: alone {a}, loaded {b}"
    # the caps were hit: the one-shot query decided checks the core's share left open
    assert alone[0]["verdict"] == "correct" and alone[0]["one_shot_decided"]


def _solver(decls: str):
    prog = parse_program(f"{decls} procedure p(); ")
    typecheck(prog)
    s = open_solver(prog)
    env = {d.name: s.const(d.name, d.type) for d in prog.global_vars().values()}
    return s, env


def _hard(s, env):
    """A bit-vector factoring problem z3 needs a while for (satisfiable)."""
    from boogie.parser import parse_expr
    s.add(s.translate(parse_expr(
        "bvmul(x, y) == 999985999949bv64 && bvugt(x, 1bv64) && bvugt(y, 1bv64) "
        "&& bvult(x, 4294967296bv64) && bvult(y, 4294967296bv64)"), env))


DECLS = ("var x: bv64; var y: bv64; "
         "function {:bvbuiltin \"bvmul\"} bvmul(bv64, bv64) : bv64; "
         "function {:bvbuiltin \"bvugt\"} bvugt(bv64, bv64) : bool; "
         "function {:bvbuiltin \"bvult\"} bvult(bv64, bv64) : bool;")


def test_a_work_cap_gives_unknown_never_unsat():
    s, env = _solver(DECLS)
    _hard(s, env)
    a = s.bool_const("a")
    for _ in range(2):          # each check's cap counts from its own start
        w0 = s.work()
        assert s.check([a], work=1e-4) is CheckResult.UNKNOWN
        assert s.reason_unknown() == "work limit"
        assert 0 < s.work() - w0 < 1e-4 * 1.5


def test_the_cpu_backstop_stops_a_check_z3_does_not_count(monkeypatch):
    """A cap whose resource count is never reached (here: z3's count made huge by a tiny
    work second would not stop it) still ends by CPU time."""
    import verifier.limits as limits
    import verifier.smt.z3work as z3work
    monkeypatch.setattr(z3work, "RLIMIT_PER_WORK_SECOND", 10 ** 12)   # no count cap
    monkeypatch.setattr(limits, "CPU_BACKSTOP_FACTOR", 1.0)
    monkeypatch.setattr(limits, "CPU_BACKSTOP_MIN_S", 0.05)
    s, env = _solver(DECLS)
    _hard(s, env)
    r = s.check([s.bool_const("a")], work=0.2)
    assert r is CheckResult.UNKNOWN and s.reason_unknown() == "work limit"


@pytest.mark.parametrize("work", [None, 50.0])
def test_an_uncapped_or_generous_check_decides(work):
    s, env = _solver("var x: int; var y: int;")
    from boogie.parser import parse_expr
    s.add(s.translate(parse_expr("x + y == 10 && x - y == 4"), env))
    assert s.check([], work=work) is CheckResult.SAT


def _burn_then_raise(seconds: float):
    """A check that does `seconds` of CPU work z3 never sees, then raises z3's "canceled"
    (what a preprocessing step does when an interrupt reaches it)."""
    import time

    import z3

    def check():
        t0 = time.thread_time()
        while time.thread_time() - t0 < seconds:
            pass
        raise z3.Z3Exception(b"canceled")
    return check


def test_the_backstops_interrupt_outside_the_search_is_an_undecided_check():
    """The fresh-clone run's `timeout (the solver was interrupted)` on a 3 s test: an
    interrupt of the CPU backstop that makes z3 raise instead of answering unknown must be
    the check's work cap (unknown), not the run's timeout."""
    import z3

    from verifier.smt.z3work import capped_check
    r, watch = capped_check(z3.Context(), 0.01, _burn_then_raise(1.0))
    assert watch[3] and r == z3.unknown


def test_a_canceled_check_the_backstop_did_not_stop_still_raises():
    import z3

    from verifier.smt.z3work import capped_check
    with pytest.raises(z3.Z3Exception):
        capped_check(z3.Context(), None, _burn_then_raise(0.0))      # no cap: not armed
    with pytest.raises(z3.Z3Exception):
        capped_check(z3.Context(), 100.0, _burn_then_raise(0.0))     # armed, never fired


def test_a_backstop_interrupt_that_lands_as_the_check_ends_leaves_the_model_readable():
    """The CI run's `timeout (the solver was interrupted)` on a bug found in 2 s
    (tests/data/float/float_aggregates.c through LLVM, bv): the backstop's interrupt came as
    z3 answered sat, z3 kept it, and reading the model raised "canceled".  Here the check
    answers sat and then does CPU work z3 never sees until the backstop has fired: the
    answer stands and the model can be read."""
    import time

    import z3

    from verifier.smt.z3work import capped_check
    ctx = z3.Context()
    x = z3.Int("x", ctx)
    s = z3.Solver(ctx=ctx)
    s.add(x > 3)

    def check():
        r = s.check()
        t0 = time.thread_time()
        while time.thread_time() - t0 < 1.0:
            pass
        return r
    r, watch = capped_check(ctx, 0.01, check)
    assert watch[3] and r == z3.sat
    assert s.model().eval(x + 1, model_completion=True).as_long() > 4
