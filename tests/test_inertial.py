"""Inertial refinement (`--strategy inertial`, verifier/strategies/inertial.py).

* The paper's Example 2 (seed paper 003, Fig. 1 and Sec. IV; tests/data/inertial/foo.bpl
  and foo.c):
  the first round's MCS is {neg}, the second round's blocked query is the witness; bar is
  never inlined.  With the line-7 assertion too (foo_both.bpl) nothing is expanded.
* The paper's loopf (Sec. IV-A; loopf.bpl and loopf.c): with the loop split the loop's entry
  is inlined without a round (zero iterations are in the abstraction), each MCS is one
  more iteration, and the witness needs the fourth loop instance; "plain" blocks the entry.
* The solver door's `min_correction` returns a minimum correcting set, tells UNSAT hard
  constraints apart, and an MCS past the cap falls back to the over-approximate step.
* Cross-checks: `si` and `inertial` agree on every decisive verdict, and neither is wrong,
  on the Corral regression suite and (slow) on the SV-COMP tasks at bound 2, with both loop
  abstractions.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from boogie.parser import parse_file, parse_program
from boogie.passes.pipeline import prepare
from verifier.search.call_tree import Budget, CallTree
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.search.refine import open_solver
from verifier.result import Verdict
from verifier.smt.solver import CheckResult
from verifier.strategies.inertial import run_inertial
from verifier.strategies.stratified_inlining import run_si

from conftest import CORPORA, corral_rows
from test_legion import BUG_AT_DEPTH, _svcomp_rows, agree, check_corral_agreement

DATA = Path(__file__).parent / "data" / "inertial"
LOOP = "loopf_loop_anon1_LoopHead"       # the pipeline's name for loopf's extracted loop


def _tree(path: Path, **kw) -> CallTree:
    if path.suffix == ".c":
        from frontend.load import FrontendOptions, load
        prog = load([str(path)], FrontendOptions(frontend="c")).program
    else:
        prog = parse_file(str(path))
    prep = prepare(prog)
    solver, gen = open_solver(prep.program)
    return CallTree(solver, gen, prep.entry, VerifyOptions(track_all=True, **kw))


def rounds_of(path: Path, **kw) -> tuple[list[list[str]], object, CallTree]:
    """The call sites (caller -> callee) each round expands, the result, the tree."""
    tree = _tree(path, **kw)
    rounds: list[list[str]] = []
    result = run_inertial(tree, Budget(None, None), lambda sites: rounds.append(
        sorted(f"{o.inst.tmpl.proc}->{o.site.callee}" for o in sites)))
    return rounds, result, tree


def test_example_2_expands_neg_and_never_bar():
    # round 0 is our pipeline's wrapper of the entry calling foo
    rounds, result, tree = rounds_of(DATA / "foo.bpl", bound=3)
    assert rounds == [["pycorral_main->foo"], ["foo->neg"]]
    assert result.verdict is Verdict.BUG, result.reason
    assert tree.instances == 3                      # wrapper, foo, neg: bar stays blocked
    st = result.stats
    assert (st.inertial_rounds, st.inertial_mcs, st.inertial_mcs_size,
            st.inertial_mcs_max, st.inertial_fallbacks) == (3, 2, 2, 1, 0)
    # Corral's OverRefSI expands every open site on the over-approximation's model, which
    # may run through bar: never fewer instances than inertial refinement
    si_tree = _tree(DATA / "foo.bpl", bound=3)
    assert run_si(si_tree, Budget(None, None)).verdict is Verdict.BUG
    assert si_tree.instances >= tree.instances


def test_example_2_in_c_expands_neg_and_never_bar():
    # rounds 0 and 1: the wrapper calls main, main calls foo (nondet inputs are no calls)
    rounds, result, tree = rounds_of(DATA / "foo.c", bound=3)
    assert rounds == [["pycorral_main->main"], ["main->foo"], ["foo->neg"]]
    assert result.verdict is Verdict.BUG, result.reason
    assert tree.instances == 4


def test_example_2_with_both_assertions_expands_nothing_past_foo():
    rounds, result, _ = rounds_of(DATA / "foo_both.bpl", bound=3)
    assert rounds == [["pycorral_main->foo"]]
    assert result.verdict is Verdict.BUG, result.reason
    assert result.trace.steps[-1].kind == "fail"


def test_loopf_unrolls_one_iteration_per_round():
    # Sec. IV-A: the loop's entry is inlined without a round (its zero-iteration exit is
    # part of the abstraction); each MCS is the recursive call π_k+, three of them, and
    # the blocked query of the fourth round is the witness
    rounds, result, tree = rounds_of(DATA / "loopf.bpl", bound=6, deepening=False)
    assert rounds == [["pycorral_main->loopf"]] + [[f"{LOOP}->{LOOP}"]] * 3
    assert result.verdict is Verdict.BUG, result.reason
    assert tree.instances == 6                      # wrapper, loopf, four loop instances
    st = result.stats
    assert (st.inertial_rounds, st.inertial_mcs, st.inertial_mcs_max,
            st.inertial_loop_entries) == (5, 4, 1, 1)


def test_loopf_plain_blocks_the_whole_loop():
    # without the split, entering the loop (even for zero iterations) is a placeholder
    rounds, result, tree = rounds_of(DATA / "loopf.bpl", bound=6, inertial_loops="plain")
    assert rounds == [["pycorral_main->loopf"], [f"loopf->{LOOP}"]] + \
        [[f"{LOOP}->{LOOP}"]] * 3
    assert result.verdict is Verdict.BUG, result.reason
    assert tree.instances == 6
    assert result.stats.inertial_loop_entries == 0


@pytest.mark.parametrize("loops,rounds", [
    ("split", [["pycorral_main->main"], ["main->loopf"]]),
    ("plain", [["pycorral_main->main"], ["main->loopf"], ["loopf->loopf_loop_$loop1"]])])
def test_loopf_in_c_unrolls_one_iteration_per_round(loops, rounds):
    loop = "loopf_loop_$loop1"               # the C front end's extracted loop
    got, result, tree = rounds_of(DATA / "loopf.c", bound=6, inertial_loops=loops)
    assert got == rounds + [[f"{loop}->{loop}"]] * 3
    assert result.verdict is Verdict.BUG, result.reason
    assert tree.instances == 7


@pytest.mark.parametrize("loops", ["split", "plain"])
@pytest.mark.parametrize("bound,verdict", [(3, Verdict.BOUNDED), (4, Verdict.BUG)])
def test_loopf_needs_the_fourth_loop_instance(bound, verdict, loops):
    r = verify(parse_file(str(DATA / "loopf.bpl")),
               VerifyOptions(strategy="inertial", bound=bound, inertial_loops=loops))
    assert r.verdict is verdict, r.reason


def test_min_correction_is_minimum_and_tells_unsat_hard_part():
    prep = prepare(parse_program("procedure {:entrypoint} main() { }", "t.bpl"))
    s, _gen = open_solver(prep.program)
    a, b, c, d = (s.bool_const(n) for n in "abcd")
    s.add(s.or_([a, b]))
    s.add(s.or_([a, c]))
    soft = [s.not_(b), s.not_(c), s.not_(a)]
    # {b, c} is a minimal correcting set too; the minimum one is {a}
    assert s.min_correction([], soft) == (CheckResult.SAT, (2,))
    # with a blocked for good (hard), both b and c must be unblocked
    assert s.min_correction([s.not_(a)], soft[:2]) == (CheckResult.SAT, (0, 1))
    assert s.min_correction([s.not_(a), s.not_(b)], soft[1:2])[0] is CheckResult.UNSAT
    assert s.min_correction([], [s.not_(d)]) == (CheckResult.SAT, ())   # nothing to correct
    # the solver's own assertions and checks are untouched
    assert s.check([s.not_(a)]) is CheckResult.SAT and s.model_true(b)
    s.add(s.not_(b))                                 # assertions grow after an MCS
    assert s.min_correction([], soft[1:]) == (CheckResult.SAT, (1,))


def test_grow_correction_is_minimal_and_tells_unsat_hard_part():
    prep = prepare(parse_program("procedure {:entrypoint} main() { }", "t.bpl"))
    s, _gen = open_solver(prep.program)
    a, b, c = (s.bool_const(n) for n in "abc")
    s.add(s.or_([a, b]))
    s.add(s.or_([a, c]))
    soft = [s.not_(b), s.not_(c), s.not_(a)]
    r, mcs = s.min_correction([], soft, method="grow")
    assert r is CheckResult.SAT and mcs in ((0, 1), (2,))     # minimal, not minimum
    # the rest is satisfiable, and putting any member back makes it unsatisfiable
    rest = [t for i, t in enumerate(soft) if i not in mcs]
    assert s.check(rest) is CheckResult.SAT
    for i in mcs:
        assert s.check(rest + [soft[i]]) is CheckResult.UNSAT
    assert s.min_correction([s.not_(a)], soft[:2], method="grow") == (CheckResult.SAT, (0, 1))
    assert s.min_correction([s.not_(a), s.not_(b)], soft[1:2],
                            method="grow")[0] is CheckResult.UNSAT
    assert not s.has_model()                         # leaves no model behind


def test_quantified_formula_uses_grow_and_stays_correct():
    # z3's Optimize does not support quantifiers (it warns and ignores them); "auto" grows
    # the correcting set with assumption queries instead, which respect the axiom
    prep = prepare(parse_program("procedure {:entrypoint} main() { }", "t.bpl"))
    s, _gen = open_solver(prep.program)
    import z3
    ctx = s.ctx
    x = z3.Int("x", ctx)
    g = z3.Function("g", z3.IntSort(ctx), z3.IntSort(ctx))
    a, b = z3.Bool("a", ctx), z3.Bool("b", ctx)
    s.add(z3.ForAll([x], g(x) >= 0))
    s.add(z3.Or(a, g(3) < 0, b))             # with the axiom: a or b
    s.add(z3.Implies(b, g(4) < 0))           # ... and b is impossible: a must be unblocked
    r, mcs = s.min_correction([], [z3.Not(a), z3.Not(b)])
    assert (r, mcs) == (CheckResult.SAT, (0,))
    assert s._quantified


def test_grow_past_its_timeout_still_corrects(monkeypatch):
    prep = prepare(parse_program("procedure {:entrypoint} main() { }", "t.bpl"))
    s, _gen = open_solver(prep.program)
    lits = [s.bool_const(f"p{i}") for i in range(4)]
    s.add(s.or_(lits))
    soft = [s.not_(p) for p in lits]
    calls = []                                  # the deadline passes after the first query

    def clock() -> float:
        calls.append(1)
        return 0.0 if len(calls) <= 2 else 100.0
    monkeypatch.setattr("verifier.smt.z3session.time.perf_counter", clock)
    r, mcs = s.min_correction([], soft, timeout=1.0, method="grow")
    assert r is CheckResult.SAT
    rest = [t for i, t in enumerate(soft) if i not in mcs]
    monkeypatch.undo()
    assert s.check(rest) is CheckResult.SAT and len(mcs) >= 1


@pytest.mark.parametrize("mcs", ["maxsat", "grow"])
def test_example_2_with_either_mcs_method(mcs):
    rounds, result, tree = rounds_of(DATA / "foo.bpl", bound=3, inertial_mcs=mcs)
    assert rounds == [["pycorral_main->foo"], ["foo->neg"]]
    assert result.verdict is Verdict.BUG and tree.instances == 3


def test_mcs_past_its_cap_falls_back_to_the_over_approximation(monkeypatch):
    tree = _tree(DATA / "foo.bpl", bound=3)
    monkeypatch.setattr(type(tree.solver), "min_correction",
                        lambda self, hard, soft, timeout=None, method="auto", work=None:
                        (CheckResult.UNKNOWN, ()))
    result = run_inertial(tree, Budget(None, None))
    assert result.verdict is Verdict.BUG, result.reason
    assert result.stats.inertial_fallbacks >= 1 and result.stats.inertial_mcs == 0


def test_legion_running_example_is_proved():
    r = verify(parse_file(str(Path(__file__).parent / "data" / "legion" / "fig1.bpl")),
               VerifyOptions(strategy="inertial"))
    assert r.verdict is Verdict.CORRECT, r.reason


@pytest.mark.parametrize("k", [1, 3])
def test_bug_needs_the_bound(k):
    src = parse_program(BUG_AT_DEPTH % (k, k), "t.bpl")
    below = verify(src, VerifyOptions(strategy="inertial", bound=k))
    at = verify(src, VerifyOptions(strategy="inertial", bound=k + 1))
    assert below.verdict is Verdict.BOUNDED, below.reason
    assert at.verdict is Verdict.BUG and at.trace.steps[-1].kind == "fail"


# ----------------------------------------------------------------------------- Corral suite

@pytest.mark.corpora("corral")
@pytest.mark.parametrize("row", corral_rows())
def test_si_and_inertial_agree_on_the_corral_suite(row):
    check_corral_agreement(row, "inertial")


@pytest.mark.corpora("svcomp")
@pytest.mark.parametrize("row", _svcomp_rows())
def test_si_and_inertial_agree_on_svcomp(row):
    # both loop abstractions: the split one (default) and the plain one
    from frontend.load import FrontendOptions, Unsupported, load

    try:
        prog = load([str(CORPORA / "svcomp" / row["input_file"])],
                    FrontendOptions(frontend="c", data_model=row["data_model"])).program
    except Unsupported as e:
        pytest.skip(f"C front end: {e}")
    expected = "bug" if row["expected_verdict"] == "false" else "correct"
    base = VerifyOptions(bound=2, timeout=30.0)
    results = {"si": verify(prog, replace(base, strategy="si")),
               **{f"inertial-{lp}": verify(prog, replace(base, strategy="inertial",
                                                         inertial_loops=lp))
                  for lp in ("split", "plain")}}
    agree(results, expected)


@pytest.mark.parametrize("strategy,field", [("inertial", "inertial_rounds"),
                                            ("legion", "legion_rounds")])
def test_strategy_figures_survive_variable_abstraction(strategy, field):
    # with the abstraction loop on, the bug is confirmed by its concrete check, whose result
    # once dropped the inner strategy's figures
    from frontend.load import FrontendOptions, load
    prog = load([str(DATA / "loopf.c")], FrontendOptions(frontend="c")).program
    r = verify(prog, VerifyOptions(strategy=strategy, bound=6))
    assert r.verdict is Verdict.BUG, r.reason
    assert r.stats.abstraction is True
    assert getattr(r.stats, field) >= 4
