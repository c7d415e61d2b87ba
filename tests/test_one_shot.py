"""A check under assumptions that z3's incremental core leaves undecided is asked again once,
from scratch (`verifier.smt.z3session.Z3Solver.check`, PYCORRAL_ONE_SHOT_AFTER), and a bug path
whose re-check from the model's inputs is undecided is re-checked on the path alone
(`verifier.traces.trace.confirm`).

Data: tests/data/oneshot/*.bpl, the Linux driver tasks' shape (SMACK's quantified
`$memset` behind a wrapper), bug and correct twins.  Checks:
* each file gets its expected verdict with the strategies that take these paths, and the
  one-shot query is what decided some check the incremental core did not;
* differential: on these files, the memory-operation twins and the abstraction tests, the
  verdict with every check under assumptions sent to the one-shot query (after 0.001 work
  seconds) is the expected one, and without the fallback, where that run decides, the same;
* `check_core` (an unsat core is needed) never takes the one-shot path;
* a one-shot SAT model whose edge conditions z3's evaluator leaves undecided still gives
  its path (`verifier.traces.trace._next_block`, tests/data/oneshot_model/);
* the fallback applies to quantified formulas and to formulas without bit-vectors, not to
  quantifier-free bit-vector ones.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import verifier.smt.z3session as z3session
import verifier.traces.trace as trace_mod
from boogie.parser import parse_file
from boogie.passes.modifies import infer_modifies
from boogie.typecheck import typecheck
from cases import read_case
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.smt.solver import CheckResult

DATA = Path(__file__).parent / "data"
ONE_SHOT = sorted((DATA / "oneshot").glob("*.bpl"))
DIFF = ONE_SHOT + sorted((DATA / "memops").glob("*.bpl")) + \
    sorted((DATA / "bpl").glob("abs_*.bpl"))
EXPECTED = {"bug": Verdict.BUG, "correct": Verdict.CORRECT, "bounded": Verdict.BOUNDED}


def _load(path: Path):
    prog = infer_modifies(parse_file(str(path)))
    typecheck(prog)
    return prog


def _opts(path: Path, **kw) -> VerifyOptions:
    # without memop_lengths, which would turn the wrapper's memset quantifier-free; the
    # outer budget (wall time) only so long that no load reaches it: every inner cap is
    # solver work (verifier/limits.py), so the verdict does not depend on the machine
    return VerifyOptions(**{"strategy": "si", "timeout": 600, "skip_passes": ("memop_lengths",),
                            **read_case(path).options().verify, **kw})


@pytest.fixture
def one_shot_spy(monkeypatch):
    """Counts the one-shot queries that decided (SAT or UNSAT)."""
    decided = []
    real = z3session.Z3Solver._one_shot

    def spy(self, assumptions, timeout, work=None):
        r = real(self, assumptions, timeout, work)
        if r is not CheckResult.UNKNOWN:
            decided.append(r)
        return r
    monkeypatch.setattr(z3session.Z3Solver, "_one_shot", spy)
    return decided


def test_data_present():
    assert {read_case(f).expect for f in ONE_SHOT} == {"bug", "correct"}


@pytest.mark.parametrize("path", ONE_SHOT, ids=lambda p: p.stem)
def test_expected_verdict_with_the_one_shot_deciding(path, one_shot_spy):
    got = verify(_load(path), _opts(path))
    assert got.verdict is EXPECTED[read_case(path).expect], got.reason
    if got.verdict is Verdict.BUG:
        assert got.trace is not None
    assert one_shot_spy, "no check was left to the one-shot query"


@pytest.mark.parametrize("path", ONE_SHOT, ids=lambda p: p.stem)
def test_expected_verdict_without_the_abstraction(path):
    got = verify(_load(path), _opts(path, track_all=True))
    assert got.verdict is EXPECTED[read_case(path).expect], got.reason


def _verify_with_only_exclusive_rechecks(path: str) -> tuple[str, str, list]:
    """verify() of `path` with every path re-check but the exclusive one undecided:
    (verdict, reason, the re-checks asked as (with inputs, exclusive))."""
    real = trace_mod.recheck
    asked = []

    def undecided_unless_exclusive(solver, events, inputs, blocked, timeout,
                                   exclusive=False, work=None):
        asked.append((bool(inputs), exclusive))
        if not exclusive:
            return CheckResult.UNKNOWN
        return real(solver, events, inputs, blocked, timeout, exclusive, work)
    trace_mod.recheck = undecided_unless_exclusive
    try:
        got = verify(_load(Path(path)), _opts(Path(path), track_all=True))
    finally:
        trace_mod.recheck = real
    return got.verdict.value, got.reason, asked


def test_an_undecided_path_recheck_is_asked_with_everything_off_the_path_false():
    """z3 answered "incomplete quantifiers" on the path-alone re-check of the bug twin once
    (CI, 2026-11-29; the answer depends on the terms made before in the process): then the
    path is asked once more with the blocks and call sites off it asserted false.  Here
    every re-check but that exclusive one is made undecided; the bug still stands.
    In a process of its own (spawned): the exclusive re-check too has answered
    "incomplete quantifiers" after other tests in the same worker (a full run,
    2026-11-30), which is z3's history, not this fallback."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    path = DATA / "oneshot" / "memset_wrapper_bug.bpl"
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        verdict, reason, asked = pool.submit(_verify_with_only_exclusive_rechecks,
                                             str(path)).result()
    assert verdict == Verdict.BUG.value, reason
    assert (False, True) in asked and (False, False) in asked


@pytest.mark.parametrize("path", ONE_SHOT, ids=lambda p: p.stem)
def test_static_inlining_is_never_wrong(path):
    """Static inlining's one query has no assumptions (z3's own one-shot core answers it,
    at times "incomplete quantifiers" on the bug twin's re-check under load): it may stay
    undecided, never contradict the expected verdict."""
    got = verify(_load(path), _opts(path, strategy="static"))
    assert got.verdict in (EXPECTED[read_case(path).expect], Verdict.UNKNOWN), got.reason


@pytest.mark.parametrize("path", DIFF, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_same_verdicts_with_the_one_shot_forced_and_off(path, monkeypatch):
    prog = _load(path)
    opts = _opts(path)
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", "0.001")
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_SOON", "0.001")
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_MAX", "0.001")
    forced = verify(prog, opts)
    assert forced.verdict is EXPECTED[read_case(path).expect], forced.reason
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", "0.0")
    off = verify(prog, replace(opts, timeout=10))
    if off.verdict is not Verdict.UNKNOWN:
        assert off.verdict is forced.verdict, off.reason


def test_check_core_keeps_the_incremental_core(monkeypatch):
    """An unsat core needs the incremental solver: `check_core` never goes one-shot."""
    from verifier.smt.factory import open_solver
    from boogie.parser import parse_program
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", "0.001")
    calls = []
    monkeypatch.setattr(z3session.Z3Solver, "_one_shot",
                        lambda self, a, *rest: calls.append(a) or CheckResult.UNKNOWN)
    s = open_solver(parse_program("procedure p(); "))
    a, b = s.bool_const("a"), s.bool_const("b")
    s.add(s.not_(s.and_([a, b])))
    r, core = s.check_core([a, b, s.bool_const("c")])
    assert r is CheckResult.UNSAT and set(core) == {0, 1}
    assert not calls


MODEL = DATA / "oneshot_model" / "free_in_callee_ok.bpl"


def test_a_path_through_undecided_edge_conditions(monkeypatch):
    """With every check sent to the one-shot query, z3's preprocessing gave this file, in
    about 10 runs of 12, a model whose edge condition at `$cjoin9_ok_4` its evaluator
    leaves undecided (an internal error "no true successor" before); every run now gets
    the verdict, with stratified and DAG inlining."""
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", "0.001")
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_SOON", "0.001")
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_MAX", "0.001")
    for strategy in ("si", "di", "si", "di"):
        got = verify(_load(MODEL), _opts(MODEL, strategy=strategy))
        assert got.verdict is EXPECTED[read_case(MODEL).expect], (strategy, got.reason)


@pytest.mark.parametrize("decls, fact, applies", [
    ("var x: int;", "x > 3", True),
    ("var m: [int]int;", "m[1] == 2", True),
    ("var x: bv8;", "x == 3bv8", False),
    ("var x: bv8; var y: int;", "y > 0 && x == 3bv8", False),
    ("var m: [int]bv8;", "(forall i: int :: m[i] == 0bv8)", True),
])
def test_which_formulas_go_one_shot(decls, fact, applies):
    """The fallback is for quantified formulas and formulas without bit-vectors (the ldv
    refinement checks), not for quantifier-free bit-vector ones."""
    from boogie.parser import parse_expr, parse_program
    from verifier.smt.factory import open_solver
    prog = parse_program(f"{decls} procedure p(); ")
    typecheck(prog)
    s = open_solver(prog)
    env = {d.name: s.const(d.name, d.type) for d in prog.global_vars().values()}
    s.add(s.translate(parse_expr(fact), env))
    assert s.one_shot_applies() is applies


def test_a_streak_of_one_shot_wins_goes_one_shot_at_once(monkeypatch):
    """After ONE_SHOT_STREAK one-shot wins in a row a check goes to the one-shot query at
    once; every fourth gets the incremental core again, and once the core decides, the
    core keeps the checks (here it decides all: a trivial formula)."""
    from boogie.parser import parse_program
    from verifier.smt.factory import open_solver
    s = open_solver(parse_program("procedure p(); "))
    a = s.bool_const("a")
    s.add(a)
    calls = []
    real = z3session.Z3Solver._one_shot
    monkeypatch.setattr(z3session.Z3Solver, "_one_shot",
                        lambda self, asm, t, w=None: calls.append(t) or real(self, asm, t, w))
    s._one_shot_streak = z3session.ONE_SHOT_STREAK
    for _ in range(8):
        assert s.check([a], timeout=5) is CheckResult.SAT
    assert len(calls) == 3 and s.queries == 8
    assert s.check([a], timeout=0.01) is CheckResult.SAT
    assert len(calls) == 3
