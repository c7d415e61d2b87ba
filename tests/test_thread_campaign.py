"""The thread campaign (replay/thread_gen.py, replay/thread_oracle.py,
replay/thread_campaign.py, `pycorral difftest --threads`): the oracle on hand-written
programs whose answers are worked out by hand (every interleaving, and the K-round
schedules of boogie/passes/sequentialize.py), the generator's invariants, the judge, and
a few seeded programs through pycorral (K = 1; the K = 2 ones are slow)."""
from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from replay import thread_campaign as tc
from replay import thread_gen as tg
from replay import thread_oracle as oracle
from replay.difftest import CheckOutcome, Limits
from replay.thread_gen import (Bin, Check, Cmp, Const, Create, Finish, Function, If, Join,
                               Local, Locked, ReadShared, SetLocal, Shared, TryLocked,
                               WriteShared)

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")


def _prog(main: tuple, *threads: Function, shared=(("x", 0),), mutexes: int = 1,
          main_locals: tuple = (), handles: tuple = ("h1", "h2")) -> tg.Program:
    used = {s.handle for s in tg.statements(main) if type(s) is Create}
    return tg.Program(shared, mutexes, (Function("main", main, main_locals,
                                                 tuple(h for h in handles if h in used)),
                                        *threads))


def _answers(p: tg.Program, ks=(1, 2, 3)) -> tuple[bool, dict]:
    unb = oracle.explore(p)
    by_k = {k: oracle.explore(p, k) for k in ks}
    for k in ks:                        # a K-round schedule is an interleaving
        assert by_k[k].seen <= unb.seen
    return oracle.bug_in(p, unb), {k: oracle.bug_in(p, e) for k, e in by_k.items()}


def _incr(v: str) -> tuple:
    return (ReadShared(v, "x"), WriteShared("x", Bin("+", Local(v), Const(1))))


# ----------------------------------------------------------------------------- the oracle

def test_lost_update_needs_two_rounds():
    # two unprotected increments: x == 1 at the end needs t1's read, t2's whole
    # increment, t1's write -- t1 preempted once (K = 2), never within one round
    t = Function("t1", _incr("a") + (Finish("return", None),), ("a",))
    main = (Create("h1", "t1"), Create("h2", "t1"), Join("h1", None), Join("h2", None),
            Check(1, Shared("x"), "!=", 1))
    unb, k = _answers(_prog(main, t))
    assert unb and k == {1: False, 2: True, 3: True}


def test_locked_increments_never_lose_an_update():
    t = Function("t1", (Locked(0, _incr("a")), Finish("exit", None)), ("a",))
    main = (Create("h1", "t1"), Create("h2", "t1"), Join("h1", None), Join("h2", None),
            Check(1, Shared("x"), "==", 2))
    unb, k = _answers(_prog(main, t))
    assert not unb and k == {1: False, 2: False, 3: False}


def test_new_thread_runs_in_its_creators_round_at_the_creation():
    # main: create t1; x = 1; join.  t1: a = x; assert(a != 1).  t1 must read after
    # main's write: within one round t1 runs right where it is created (before the write),
    # so it takes a second round (a round-robin "main first, then t1" would need one)
    t = Function("t1", (ReadShared("a", "x"), Check(1, Local("a"), "!=", 1),
                        Finish("return", None)), ("a",))
    main = (Create("h1", "t1"), WriteShared("x", Const(1)), Join("h1", None))
    unb, k = _answers(_prog(main, t))
    assert unb and k == {1: False, 2: True, 3: True}


def test_thread_created_earlier_runs_first_in_a_later_round():
    # t1: y = 1; a = x; assert(a != 1).  main: create; b = y; if (b == 1) x = 1; join.
    # Round 0: main creates t1, t1 writes y and moves to round 1; main reads y, writes x;
    # round 1: t1 (created in round 0) runs before main's round-1 steps and reads x == 1
    t = Function("t1", (WriteShared("y", Const(1)), ReadShared("a", "x"),
                        Check(1, Local("a"), "!=", 1), Finish("return", None)), ("a",))
    main = (Create("h1", "t1"), ReadShared("b", "y"),
            If(Cmp("==", Local("b"), Const(1)), (WriteShared("x", Const(1)),)),
            Join("h1", None))
    unb, k = _answers(_prog(main, t, shared=(("x", 0), ("y", 0)), main_locals=("b",)))
    assert unb and k == {1: False, 2: True, 3: True}


def test_a_thread_may_stop_for_good_within_one_round():
    # t1: x = 1.  main: create; a = x; assert(a == 1).  Within one round t1 may be
    # preempted for good before its write (pycorral's `cs#stopped`): a bug at K = 1
    t = Function("t1", (WriteShared("x", Const(1)), Finish("return", None)))
    main = (Create("h1", "t1"), ReadShared("a", "x"), Check(1, Local("a"), "==", 1),
            Join("h1", None))
    unb, k = _answers(_prog(main, t, main_locals=("a",)))
    assert unb and k == {1: True, 2: True, 3: True}


def test_a_failure_after_the_join_needs_the_thread_to_end():
    # the same, the probe after the join: t1 has written x by then
    t = Function("t1", (WriteShared("x", Const(1)), Finish("return", None)))
    main = (Create("h1", "t1"), Join("h1", None), ReadShared("a", "x"),
            Check(1, Local("a"), "==", 1))
    unb, k = _answers(_prog(main, t, main_locals=("a",)))
    assert not unb and k == {1: False, 2: False, 3: False}


def test_lock_blocks_until_the_holder_unlocks():
    # main holds m while it creates t1 and writes x; t1 reads x under m: always 1
    t = Function("t1", (Locked(0, (ReadShared("a", "x"),)), Check(1, Local("a"), "==", 1),
                        Finish("return", None)), ("a",))
    main = (Locked(0, (Create("h1", "t1"), WriteShared("x", Const(1)))), Join("h1", None))
    unb, k = _answers(_prog(main, t))
    assert not unb and k == {1: False, 2: False, 3: False}


def test_trylock_fails_while_held():
    # t1 tries m while main may hold it: the else path (x stays 0) is reachable
    t = Function("t1", (TryLocked(0, (WriteShared("x", Const(1)),)), Finish("exit", None)))
    main = (Locked(0, (Create("h1", "t1"),)), Join("h1", None),
            Check(1, Shared("x"), "==", 1))
    unb, k = _answers(_prog(main, t))
    assert unb and k[1]                 # t1 runs at its creation, m held: x stays 0
    main2 = (Create("h1", "t1"), Join("h1", None), Check(1, Shared("x"), "==", 1))
    unb2, k2 = _answers(_prog(main2, t))
    assert not unb2 and not any(k2.values())


def test_join_returns_the_result_of_return_and_pthread_exit():
    t1 = Function("t1", (SetLocal("a", Const(2)), If(Cmp("==", Shared("x"), Const(0)),
                                                    (Finish("exit", Local("a")),)),
                         Finish("return", Bin("+", Local("a"), Const(1)))), ("a",),
                  returns_int=True)
    main = (Create("h1", "t1"), Join("h1", "v"), Check(1, Local("v"), "==", 2))
    unb, k = _answers(_prog(main, t1, main_locals=("v",)))
    assert not unb                      # x is 0: t1 leaves through pthread_exit(2)
    main = (Create("h1", "t1"), WriteShared("x", Const(1)), Join("h1", "v"),
            Check(1, Local("v"), "==", 2))
    unb, k = _answers(_prog(main, t1, main_locals=("v",)))
    assert unb and k == {1: False, 2: True, 3: True}     # t1 reads x after main's write


def test_nested_thread_runs_inside_its_creators_round():
    # t1 creates t2 and joins it; t2: x = 2.  main: create t1; x = 1; join; assert(x == 1)
    # fails only if t2's write comes after main's: t2 (run inside t1, inside main's round
    # 0, before main's write) must move to round 1
    t2 = Function("t2", (WriteShared("x", Const(2)), Finish("return", None)))
    t1 = Function("t1", (Create("h1", "t2"), Join("h1", None), Finish("return", None)),
                  (), ("h1",))
    main = (Create("h1", "t1"), WriteShared("x", Const(1)), Join("h1", None),
            Check(1, Shared("x"), "==", 1))
    unb, k = _answers(_prog(main, t1, t2))
    assert unb and k == {1: False, 2: True, 3: True}


def test_no_thread_program():
    main = (Locked(0, (WriteShared("x", Const(1)),)), Check(1, Shared("x"), "==", 1))
    unb, k = _answers(_prog(main))
    assert not unb and not any(k.values())


def test_three_rounds():
    # main: create t1; x = 1; a = y; if (a == 1) x = 2; join; t1: b = x; if (b == 1)
    # { y = 1; c = x; assert(c != 2) }.  The failure alternates t1, main, t1, main, t1:
    # t1's read of x after main's first write needs round 1, main's second write after
    # t1's y = 1 ... t1's last read needs round 2
    t = Function("t1", (ReadShared("b", "x"),
                        If(Cmp("==", Local("b"), Const(1)),
                           (WriteShared("y", Const(1)), ReadShared("c", "x"),
                            Check(1, Local("c"), "!=", 2))),
                        Finish("return", None)), ("b", "c"))
    main = (Create("h1", "t1"), WriteShared("x", Const(1)), ReadShared("a", "y"),
            If(Cmp("==", Local("a"), Const(1)), (WriteShared("x", Const(2)),)),
            Join("h1", None))
    unb, k = _answers(_prog(main, t, shared=(("x", 0), ("y", 0)), main_locals=("a",)))
    assert unb and k == {1: False, 2: False, 3: True}


def test_oracle_state_limit():
    t = Function("t1", _incr("a") + _incr("b") + (Finish("return", None),), ("a", "b"))
    main = (Create("h1", "t1"), Create("h2", "t1"), Join("h1", None), Join("h2", None))
    with pytest.raises(oracle.OracleLimit):
        oracle.explore(_prog(main, t), None, max_states=5)


# ----------------------------------------------------------------------------- generator

@pytest.mark.parametrize("seed", [3, 5, 6, 7, 11, 12, 19]
                         + [pytest.param(s, marks=pytest.mark.slow) for s in (1, 2, 14)])
def test_generated_programs(seed):
    s = tc.generate(seed, max_states=200_000)
    p = s.program
    assert all(c.const is not None for c in tg.probes(p))
    assert tg.to_c(p) == tg.to_c(tc.generate(seed, max_states=200_000).program)  # seeded
    o = s.oracle
    assert o.bounded[1] <= o.bounded[2] <= o.bounded[3] <= o.unbounded     # monotone
    want = {"safe": None, "1": 1, "2": 2, "3": 3, "beyond": "beyond"}[s.target]
    assert o.first_k() == want, "the constants reach the target drawn"
    # every thread is joined: the creates and joins of each function pair up
    for f in p.functions:
        made = [x.handle for x in tg.statements(f.body) if type(x) is Create]
        joined = [x.handle for x in tg.statements(f.body) if type(x) is Join]
        assert sorted(made) == sorted(joined)


def _creates(p: tg.Program) -> int:
    return sum(1 for f in p.functions for s in tg.statements(f.body) if type(s) is Create)


def test_no_thread_seeds():
    opts = tg.ThreadGenOptions(no_thread_every=3)
    p = tg.generate_structure(3, opts)
    assert _creates(p) == 0
    assert any(type(s) is Locked for s in p.main.body), "the no-thread program locks"
    assert _creates(tg.generate_structure(4, opts)) >= 2
    assert tc.generate(12).features() == ("no-thread",)


def test_choose_constants_targets():
    p = _prog((Check(1, Shared("x")),))
    unb = {(1, 0), (1, 1), (1, 2), (1, 5)}
    by_k = {1: {(1, 0)}, 2: {(1, 0), (1, 1)}, 3: {(1, 0), (1, 1), (1, 2)}}
    seen = set()
    for seed in range(60):
        q, target = tg.choose_constants(p, unb, by_k, random.Random(seed))
        c = tg.probes(q)[0]
        fail_k = [k for k in (1, 2, 3) if any(oracle.fails(c, v) for _, v in by_k[k])]
        got = fail_k[0] if fail_k else ("beyond" if any(oracle.fails(c, v) for _, v in unb)
                                        else "safe")
        assert str(got) == target
        seen.add(target)
    assert seen == {"safe", "1", "2", "3", "beyond"}


@needs_gcc
@pytest.mark.parametrize("seed", (3, 12, 19))
def test_generated_c_compiles_without_warnings(seed, tmp_path):
    s = tc.generate(seed)
    for yields in (False, True):
        f = tmp_path / f"p{int(yields)}.c"
        f.write_text(s.text(native_yields=yields))
        r = subprocess.run(["gcc", "-std=gnu11", "-pthread", "-Wall", "-Wextra", "-Werror",
                            "-fsyntax-only", str(f)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


# ----------------------------------------------------------------------------- the judge

def _ov(unb: bool, **k) -> tc.OracleVerdict:
    return tc.OracleVerdict(unb, {int(n[1:]): v for n, v in k.items()}, {})


@pytest.mark.parametrize("ov,verdict,k,category", [
    (_ov(False, K1=False, K2=False), "bug", 1, "false bug"),
    (_ov(True, K1=False, K2=True), "bug", 1, "beyond bound"),
    (_ov(True, K1=False, K2=True), "bug", 2, "agree"),
    (_ov(True, K1=False, K2=True), "bounded", 1, "agree"),
    (_ov(True, K1=False, K2=True), "bounded", 2, "missed bug"),
    (_ov(True, K1=True, K2=True), "correct", 1, "missed bug"),
    (_ov(False, K1=False, K2=False), "correct", 2, "agree"),
    (_ov(True, K1=True, K2=True), "unknown", 1, "unknown"),
])
def test_judge(ov, verdict, k, category):
    assert tc.judge(ov, tc.ThreadConfig("c", "int", k), CheckOutcome(verdict))[0] == category


# ----------------------------------------------------------------------------- pycorral

@needs_gcc
@pytest.mark.parametrize("seed", (3, 5, 12))
def test_seeded_programs_at_one_round(seed, tmp_path):
    """A few programs through both front ends at K = 1 (12 creates no thread: the
    pthread model in a sequential program, main's thread id 1: the single_thread pass)."""
    s = tc.generate(seed)
    res = tc.check_subject(s, tc.configs_for("both", "int", (1,)), "LP64",
                           Limits(bound=2, timeout=60.0, wall_factor=3.0), str(tmp_path),
                           native_runs=2)
    assert not res.oracle_defect
    assert [r.category for r in res.results] == ["agree", "agree"], \
        [(r.config.name, r.category, r.detail) for r in res.results]


def _creation_round_program() -> tg.Program:
    t = Function("t1", (ReadShared("a", "x"), Check(1, Local("a"), "!=", 1),
                        Finish("return", None)), ("a",))
    return _prog((Create("h1", "t1"), WriteShared("x", Const(1)), Join("h1", None)), t)


def _three_rounds_program() -> tg.Program:
    t = Function("t1", (ReadShared("b", "x"),
                        If(Cmp("==", Local("b"), Const(1)),
                           (WriteShared("y", Const(1)), ReadShared("c", "x"),
                            Check(1, Local("c"), "!=", 2))),
                        Finish("return", None)), ("b", "c"))
    main = (Create("h1", "t1"), WriteShared("x", Const(1)), ReadShared("a", "y"),
            If(Cmp("==", Local("a"), Const(1)), (WriteShared("x", Const(2)),)),
            Join("h1", None))
    return _prog(main, t, shared=(("x", 0), ("y", 0)), main_locals=("a",))


@pytest.mark.parametrize("make,k", [(_creation_round_program, 1),
                                    (_creation_round_program, 2),
                                    (_three_rounds_program, 2),
                                    (_three_rounds_program, 3)])
def test_round_semantics_match_pycorral(make, k, tmp_path):
    """The oracle's reading of the K-round schedules, on the two programs where a
    round-robin in creation order would differ from the sequentialization (a new thread
    runs inside its creator's round): pycorral's c front end agrees at the K where the
    answer changes."""
    p = make()
    unb, by_k = _answers(p)
    s = tc.Subject(0, p, "hand", tc.OracleVerdict(unb, by_k, {}))
    res = tc.check_subject(s, (tc.ThreadConfig("c", "int", k),), "LP64",
                           Limits(bound=2, timeout=60.0, wall_factor=3.0), str(tmp_path),
                           native_runs=0)
    r = res.results[0]
    assert r.category == "agree", (r.category, r.detail)
    assert (r.outcome.verdict == "bug") == by_k[k]
