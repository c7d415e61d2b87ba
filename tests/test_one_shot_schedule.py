"""How z3session schedules a check under assumptions (verifier/smt/z3session.py), on a run of
similar queries such as Houdini's:

* a one-shot query is raced by a rival (rival.py) until the solver's last RACE_SKIP_STREAK
  one-shot queries were all decided by z3 itself within RACE_SKIP_WORK; then z3 gets the
  query alone first (no SMT-LIB text, no rival process), and a query it leaves undecided
  within that short try is still raced for the rest of its work -- so a hard query after a
  run of easy ones is decided as before;
* once the one-shot query has won ONE_SHOT_STREAK times, z3's incremental core gets a try
  only now and then, and more rarely while its tries keep failing (every 4th, then 8th, 16th,
  32nd check); while a try decides, the core is used again.

Which query goes where is decided by work units and answers, never by time: these tests use
no clock.  (mxl5007t's Houdini, ldv-bpl: 61 s -> 22 s.)
"""
from __future__ import annotations

import pytest

import verifier.smt.rival as rival
from boogie.parser import parse_expr, parse_program
from boogie.typecheck import typecheck
from verifier.limits import RACE_SKIP_STREAK, RACE_SKIP_WORK
from verifier.smt.factory import open_solver
from verifier.smt.solver import CheckResult

need = pytest.mark.skipif(rival.available(("bitwuzla", "cvc5")) != ("bitwuzla", "cvc5"),
                          reason="bitwuzla and cvc5 are not installed")

INT_PROG = """
var x: int;
var y: int;
procedure p();
"""
# the float query of test_rival: z3 alone leaves it undecided for tens of seconds, Bitwuzla
# answers SAT at once
from test_rival import FACT as HARD, FLOAT_PROG, HALF  # noqa: E402


def _solver(monkeypatch, rivals: str, text: str, facts: dict[str, str], cap="0.2"):
    monkeypatch.setenv("PYCORRAL_RIVALS", rivals)
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", cap)
    prog = parse_program(text)
    typecheck(prog)
    s = open_solver(prog)
    env = {n: s.const(n, d.type) for n, d in prog.global_vars().items()}
    guards = {}
    for name, fact in facts.items():
        guards[name] = s.bool_const(name)
        s.add(s.implies(guards[name], s.translate(parse_expr(fact), env)))
    return s, guards


@need
def test_cheap_one_shot_queries_go_to_z3_alone_after_a_streak(monkeypatch):
    s, g = _solver(monkeypatch, "cvc5", INT_PROG, {"a": "x > 5 && x < 10 && y == x + 1"})
    for _ in range(RACE_SKIP_STREAK + 5):
        assert s._one_shot([g["a"]], None, 5.0) is CheckResult.SAT
    st = s.stats()
    # z3 answers first whenever it decides (the rival's answer counts only after it has
    # not): the first RACE_SKIP_STREAK are raced and won by z3, the rest go alone
    assert st["race_queries"] == RACE_SKIP_STREAK
    assert st["race_won_z3"] == RACE_SKIP_STREAK
    assert st["race_skipped"] == 5
    assert st["one_shot_decided"] == RACE_SKIP_STREAK + 5


@need
def test_a_hard_query_after_cheap_ones_is_still_raced(monkeypatch):
    s, g = _solver(monkeypatch, "bitwuzla", FLOAT_PROG, {"easy": f"fgt(x, bits2d({HALF}bv64))"})
    for _ in range(RACE_SKIP_STREAK):
        assert s._one_shot([g["easy"]], None, 3.0) is CheckResult.SAT
    assert s.stats()["race_won_z3"] == RACE_SKIP_STREAK
    assert s._alone_cap(3.0) is not None        # the streak is there: z3 goes first alone
    env = {"x": s.const("x", parse_program(FLOAT_PROG).global_vars()["x"].type)}
    hard = s.translate(parse_expr(HARD), env)   # (as an assumption: the easy ones lack it)
    assert s._one_shot([hard], None, 3.0) is CheckResult.SAT
    st = s.stats()
    assert st["race_queries"] == RACE_SKIP_STREAK + 1 and st["race_won_bitwuzla"] == 1
    assert st["race_skipped"] == 0
    # the rival won the last one: the next query is raced at once
    assert s._alone_cap(3.0) is None


def test_the_alone_cap_reads_the_recent_work(monkeypatch):
    s, _ = _solver(monkeypatch, "none", INT_PROG, {})
    assert s._alone_cap(5.0) is None                    # nothing yet
    s._one_shot_recent.extend([0.01] * (RACE_SKIP_STREAK - 1))
    assert s._alone_cap(5.0) is None                    # not a whole streak
    s._one_shot_recent.append(0.02)
    assert s._alone_cap(5.0) == pytest.approx(0.08)     # RACE_SKIP_FACTOR x the most
    assert s._alone_cap(0.03) == pytest.approx(0.03)    # never more than the check's work
    s._one_shot_recent.append(None)                     # the rival answered first
    assert s._alone_cap(5.0) is None
    s._one_shot_recent.extend([0.01] * (RACE_SKIP_STREAK - 1) + [RACE_SKIP_WORK * 1.5])
    assert s._alone_cap(5.0) is None                    # one was not cheap


def _core_tries(s, checks: int, core_decides) -> list[int]:
    """Which of `checks` checks under assumptions gave z3's incremental core a try (its
    `_run` on the session's own solver), with the core's answer forced by
    `core_decides(i)` (True: its real answer, SAT; False: undecided) and every one-shot
    query SAT."""
    import z3
    tries, i = [], [0]
    run = s._run

    def fake_run(solver, assumptions, work, log_as=None):
        if solver is s._s:
            tries.append(i[0])
            if not core_decides(i[0]):
                s._last_used = 0.001
                return z3.unknown, 0.0, 0.001
        return run(solver, assumptions, work, log_as)
    s._run = fake_run
    a = s.bool_const("t")
    for i[0] in range(checks):
        assert s.check([a], work=5.0) is CheckResult.SAT
    return tries


def test_the_core_is_tried_more_rarely_while_its_tries_fail(monkeypatch):
    s, _ = _solver(monkeypatch, "none", INT_PROG, {})
    tries = _core_tries(s, 80, lambda i: False)
    # the first two (before the one-shot streak), then the 16th one-shot query after them
    # (2 misses), then every 32nd (3 misses and more: 4 << min(misses, 3))
    assert tries == [0, 1, 17, 33, 65]


def test_a_core_that_decides_again_is_used_again(monkeypatch):
    s, _ = _solver(monkeypatch, "none", INT_PROG, {})
    tries = _core_tries(s, 40, lambda i: 17 <= i < 30)
    # misses at 0 and 1; from 17 the core decides, and every check goes to it while it
    # does; at 30 it fails (misses 1: the one-shot query answers), then every 8th check
    assert tries == [0, 1, *range(17, 31), 38]
