"""Legion's under-approximation widening (`--strategy legion`, verifier/strategies/legion.py).

* The paper's running example (seed paper 001, Fig. 1, as tests/data/legion/fig1.bpl): the
  call sites each round inlines are those of its Table 2, with our deletion minimization
  and with z3's core.minimize.
* The solver door's `check_core` names the assumptions of an unsat core by position.
* The bound rule and deepening: a bug needing k instances is found at bound k, not below.
* Cross-checks: `si` and `legion` agree on every decisive verdict, and neither is wrong, on
  the Corral regression suite (45 sequential tests) and on the SV-COMP unreach-call tasks
  (translated by the C front end, bound 2; slow).
"""
from __future__ import annotations

import csv
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
from verifier.strategies.legion import run_legion

from conftest import CORPORA, corpus_rows_missing, corral_rows
from test_si import _SLOW, corral_options

FIG1 = Path(__file__).parent / "data" / "legion" / "fig1.bpl"

# Table 2 of the paper: the call sites inlined in steps 1..3 (step 4: core without blocked
# sites, safe).  Round 0 is our pipeline's wrapper of the entry calling `main`.
TABLE2 = [["main"], ["bar"], ["bar1", "bar2", "foo"], ["foo1", "foo2"]]


def rounds_of(path: Path, **kw) -> tuple[list[list[str]], object]:
    prep = prepare(parse_file(str(path)))
    solver, gen = open_solver(prep.program)
    tree = CallTree(solver, gen, prep.entry, VerifyOptions(track_all=True, **kw))
    rounds: list[list[str]] = []
    result = run_legion(tree, Budget(None, None),
                        lambda sites: rounds.append(sorted(o.site.callee for o in sites)))
    return rounds, result


@pytest.mark.parametrize("minimize", ["deletion", "z3"])
def test_running_example_reproduces_table_2(minimize):
    rounds, result = rounds_of(FIG1, core_minimize=minimize)
    assert rounds == TABLE2
    assert result.verdict is Verdict.CORRECT
    assert "unsat core without blocked call sites" in result.reason
    st = result.stats
    assert st.legion_rounds == len(TABLE2) + 1        # the last round proves
    assert st.legion_core_minimized == sum(len(r) for r in TABLE2)
    if minimize == "deletion":
        assert st.legion_minimize_queries > 0


def test_running_example_without_minimization_inlines_at_least_as_much():
    # z3's core as it comes is a core, not necessarily a minimal one: never fewer sites
    rounds, result = rounds_of(FIG1, core_minimize="none")
    assert result.verdict is Verdict.CORRECT
    inlined = {c for r in rounds for c in r}
    assert inlined >= {c for r in TABLE2 for c in r}
    assert result.stats.legion_minimize_queries == 0


def test_running_example_through_the_engine_with_each_strategy():
    prog = parse_file(str(FIG1))
    for strategy in ("si", "legion"):
        r = verify(prog, VerifyOptions(strategy=strategy))
        assert r.verdict is Verdict.CORRECT, (strategy, r.reason)


def test_check_core_names_assumptions_by_position():
    prep = prepare(parse_program("procedure {:entrypoint} main() { }", "t.bpl"))
    solver, _gen = open_solver(prep.program)
    a, b, c = (solver.bool_const(n) for n in "abc")
    solver.add(solver.or_([solver.not_(a), solver.not_(b)]))
    r, core = solver.check_core([c, a, b])
    assert r is CheckResult.UNSAT and core == (1, 2)
    r, core = solver.check_core([c, a])
    assert r is CheckResult.SAT and core == ()
    r, core = solver.check_core([solver.not_(c), b, a], minimize=True)
    assert r is CheckResult.UNSAT and core == (1, 2)


BUG_AT_DEPTH = """
procedure rec(n: int) returns (r: int) {
  if (n > 0) { call r := rec(n - 1); r := r + 1; } else { r := 0; }
}
procedure {:entrypoint} main() { var y: int; call y := rec(%d); assert y != %d; }"""


@pytest.mark.parametrize("k", [1, 3])
def test_bug_needs_the_bound_and_carries_a_trace(k):
    src = parse_program(BUG_AT_DEPTH % (k, k), "t.bpl")
    below = verify(src, VerifyOptions(strategy="legion", bound=k))
    at = verify(src, VerifyOptions(strategy="legion", bound=k + 1))
    assert below.verdict is Verdict.BOUNDED, below.reason
    assert at.verdict is Verdict.BUG and at.trace.steps[-1].kind == "fail"
    deepened = verify(src, VerifyOptions(strategy="legion", deepen_to=8, timeout=30))
    assert deepened.verdict is Verdict.BUG


def test_proof_for_every_bound_past_recursion():
    src = parse_program((BUG_AT_DEPTH % (3, 3)).replace("assert y != 3", "assert y >= 0"),
                        "t.bpl")
    r = verify(src, VerifyOptions(strategy="legion", bound=2, houdini=True))
    assert r.verdict in (Verdict.CORRECT, Verdict.BOUNDED), r.reason
    si = verify(src, VerifyOptions(strategy="si", bound=2, houdini=True))
    assert (r.verdict is Verdict.CORRECT) == (si.verdict is Verdict.CORRECT) or \
        Verdict.BOUNDED in (r.verdict, si.verdict)


# ----------------------------------------------------------------------------- Corral suite

def agree(results: dict[str, object], expected: str) -> None:
    """No wrong verdict, and the strategies that decide agree (bug or not)."""
    decided = {}
    for name, r in results.items():
        if r.verdict is Verdict.UNKNOWN:
            assert r.reason, f"{name}: an UNKNOWN verdict states its reason"
            continue
        found = r.verdict is Verdict.BUG
        if expected == "bug":
            assert r.verdict is not Verdict.CORRECT, (name, r.reason)
        else:
            assert not found, (name, r.reason)
        decided[name] = found
    assert len(set(decided.values())) <= 1, decided


def check_corral_agreement(row: dict, strategy: str) -> None:
    """`strategy` and si on one of Corral's sequential tests with its own flags: no wrong
    verdict, agreement where both decide, and `strategy` decides every fast test."""
    prog = parse_file(CORPORA / "corral" / row["file"])
    opts = corral_options(row["corral_flags"])
    timeout = 60.0 if row["file"] in _SLOW else 20.0
    results = {s: verify(prog, replace(opts, strategy=s, timeout=timeout))
               for s in ("si", strategy)}
    agree(results, row["expected"])
    if row["file"] not in _SLOW:
        assert results[strategy].verdict is not Verdict.UNKNOWN, results[strategy].reason


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("row", corral_rows())
def test_si_and_legion_agree_on_the_corral_suite(row):
    check_corral_agreement(row, "legion")


# ----------------------------------------------------------------------------- SV-COMP

def _svcomp_rows():
    path = CORPORA / "svcomp" / "tasks.csv"
    if not path.is_file():
        return corpus_rows_missing("svcomp", slow=True)
    return [pytest.param(r, id=r["task"], marks=pytest.mark.slow)
            for r in csv.DictReader(open(path)) if "unreach-call" in r["property"]]


@pytest.mark.corpora("svcomp")
@pytest.mark.parametrize("row", _svcomp_rows())
def test_si_and_legion_agree_on_svcomp(row):
    from frontend.load import FrontendOptions, Unsupported, load

    try:
        prog = load([str(CORPORA / "svcomp" / row["input_file"])],
                    FrontendOptions(frontend="c", data_model=row["data_model"])).program
    except Unsupported as e:
        pytest.skip(f"C front end: {e}")
    expected = "bug" if row["expected_verdict"] == "false" else "correct"
    results = {s: verify(prog, VerifyOptions(strategy=s, bound=2, timeout=30.0))
               for s in ("si", "legion")}
    agree(results, expected)
