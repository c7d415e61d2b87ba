"""Solver "unknown" is never read as UNSAT: a candidate model of an undecided query is a bug
only when its trace re-checks on the concrete path (`CallTree.bug_result`, the corral loop's
concretization); anything else is UNKNOWN.  The programs hold a quantified assumption whose
models need irrational values (tests/data/unknown/): z3's incremental core answers "unknown
(incomplete quantifiers)" with a candidate model on it at once.  The solver's default set-up
falls back to its one-shot core on such an answer, which then runs to the time limit; the
`incremental_only` fixture keeps z3's own first answer, the case of the ldv-bpl drivers
whose queries end in "incomplete quantifiers".
"""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.parser import parse_program
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.smt.z3session import Z3Solver

DATA = Path(__file__).parent / "data" / "unknown"
STRATEGIES = ["si", "static", "legion", "di", "inertial"]


@pytest.fixture
def incremental_only(monkeypatch):
    """z3's incremental core answers alone (no fall-back to the one-shot core)."""
    set_params = Z3Solver._set_params

    def only_incremental(self, *limits):
        set_params(self, *limits)
        self._s.set("combined_solver.solver2_timeout", 4294967295,
                    "combined_solver.solver2_unknown", 0)
    monkeypatch.setattr(Z3Solver, "_set_params", only_incremental)


def _verify(name: str, strategy: str, track_all: bool, timeout: float):
    path = DATA / name
    prog = parse_program(path.read_text(), str(path))
    return verify(prog, VerifyOptions(strategy=strategy, timeout=timeout,
                                      track_all=track_all))


@pytest.mark.parametrize("track_all", [True, False])
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_undecided_candidate_stays_unknown(incremental_only, strategy, track_all):
    r = _verify("irrational_on_path.bpl", strategy, track_all, 3.0)
    assert r.verdict is Verdict.UNKNOWN, (r.verdict, r.reason)
    # (a query without assumptions -- static's one query -- goes to the one-shot core)
    assert "incomplete quantifiers" in r.reason or "timeout" in r.reason, r.reason


@pytest.mark.parametrize("strategy", ["si", "static"])
def test_undecided_by_default_set_up_is_unknown_not_correct(strategy):
    """The default solver set-up runs into the time limit on the same program."""
    r = _verify("irrational_on_path.bpl", strategy, True, 2.0)
    assert r.verdict is Verdict.UNKNOWN, (r.verdict, r.reason)


@pytest.mark.parametrize("track_all", [True, False])
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_bug_beside_an_undecided_quantifier(strategy, track_all):
    r = _verify("irrational_off_path.bpl", strategy, track_all, 10.0)
    assert r.verdict is Verdict.BUG, (r.verdict, r.reason)
    values = dict(v for s in r.trace.steps for v in (s.values or ()))
    assert values.get("main_m") == "3", values
