"""Concurrent Boogie programs (`async call`, `yield`, atomic sections) through the
context-bounded sequentialization (boogie/passes/sequentialize.py): the corral corpus's
concurrent rows with their flags, small programs whose schedules are known by hand, the
type check of the pass's output, the verdict wording and the trace's threads."""
from __future__ import annotations

import pytest

from boogie.errors import BoogieError
from boogie.ast import Call
from boogie.parser import parse_program
from boogie.passes.pipeline import find_entry
from boogie.passes.sequentialize import ContextBound, is_concurrent, sequentialize
from boogie.typecheck import typecheck
from verifier.corral_flags import parse_corral_flags
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.report.render import render_human, verdict_line
from verifier.result import Verdict

from conftest import CORPORA, corral_rows

CORRAL = CORPORA / "corral"


# Rows whose axioms are inconsistent (the "storm" preamble's axiom on MINUS_BOTH_PTR_OR_BOTH_INT
# is false for size 0): UNKNOWN at once, with the reason (verifier/search/vacuity.py).  Corral,
# instantiating axioms only through triggers, reports bugs in three of them.
INCONSISTENT = {"regression/004/004.bpl", "regression/005/005.bpl", "regression/011/f1.bpl",
                "regression/010/test.bpl"}
SLOW = frozenset({"regression/006/006.bpl", "regression/010/test.bpl",
                  "regression/021/waitlock.bpl"})


def _options(flags: str, **kw) -> VerifyOptions:
    f = parse_corral_flags(flags.split())
    opts = {"bound": 1, **{k: v for k, v in f.options.items()}, **kw}
    if "static_loop_bound" in opts:     # Corral: loops unrolled up to that bound
        opts["bound"] = max(opts["bound"], opts.pop("static_loop_bound"))
    return VerifyOptions(**opts)


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("row", corral_rows("yes", slow=SLOW))
def test_corral_concurrent_rows(row):
    f = parse_corral_flags(row["corral_flags"].split())
    path = CORRAL / row["file"]
    prog = parse_program("\n".join(p.read_text() for p in [path, *(path.parent / c
                                                               for c in f.concat)]), str(path))
    assert is_concurrent(prog)
    r = verify(prog, _options(row["corral_flags"], strategy="si", timeout=120))
    if row["file"] in INCONSISTENT:
        assert r.verdict is Verdict.UNKNOWN and "axioms are inconsistent" in r.reason, r.reason
    elif row["expected"] == "bug":
        assert r.verdict is Verdict.BUG, r.reason
    else:
        assert r.verdict is Verdict.BOUNDED, r.reason     # never CORRECT: only K rounds
    assert r.context_bound == _options(row["corral_flags"]).context_bound


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("row", corral_rows("yes", slow=frozenset()))
@pytest.mark.parametrize("k,coop", [(1, False), (2, False), (3, True)])
def test_sequentialized_corpus_type_checks(row, k, coop):
    f = parse_corral_flags(row["corral_flags"].split())
    path = CORRAL / row["file"]
    text = "\n".join(p.read_text() for p in [path, *(path.parent / c for c in f.concat)])
    prog = parse_program(text, str(path))
    entry = find_entry(prog, f.options.get("entry"))
    out = sequentialize(prog, entry, ContextBound(k, coop))
    assert not is_concurrent(out)
    try:            # Corral's inputs may leave modifies clauses incomplete (inferred later)
        typecheck(prog)
        strict = True
    except BoogieError:
        strict = False
    typecheck(out, check_modifies=strict)


def check(src: str, k: int = 2, **kw):
    return verify(parse_program(src), VerifyOptions(bound=1, strategy="si",
                                                    context_bound=k, **kw))


# The reader reads m three times; the writers write 1 and 2 after main's 0.  Failing needs
# m = 2, 2, 1 at the three reads: writer three, then (reader) two, reader: three rounds.
THREE_READS = """
var m: int;
procedure one() { if (m != 0) { if (m != 1) { if (m != 2) { assert false; } } } }
procedure two() { m := 1; }
procedure three() { m := 2; }
procedure main() { m := 0; async call one(); async call two(); async call three(); }
"""


@pytest.mark.parametrize("k,verdict", [(1, Verdict.BOUNDED), (2, Verdict.BOUNDED),
                                       (3, Verdict.BUG), (4, Verdict.BUG)])
def test_the_bug_needs_three_rounds(k, verdict):
    r = check(THREE_READS, k)
    assert r.verdict is verdict, r.reason
    assert r.context_bound == k


def test_cooperative_threads_switch_only_at_yield():
    # cooperative: without yields nothing runs between one()'s reads; with a yield before
    # each read and before two()'s write, the schedule of THREE_READS exists again
    assert check(THREE_READS, 3, cooperative=True).verdict is Verdict.BOUNDED
    yields = THREE_READS.replace("if (m", "yield; if (m").replace("m := 1", "yield; m := 1")
    assert check(yields, 3, cooperative=True).verdict is Verdict.BUG
    assert check(yields, 2, cooperative=True).verdict is Verdict.BOUNDED


ATOMIC = """
var x: int;
procedure corral_atomic_begin();
procedure corral_atomic_end();
procedure t() { assert x %s 0; }
procedure main() {
  call corral_atomic_begin(); x := 1; async call t(); x := 0; call corral_atomic_end();
}
"""


def test_a_thread_created_in_an_atomic_section_does_not_run_inside_it():
    # t can only see x == 0: running it at the async call (inside the section) would
    # report a false bug
    for k in (1, 2, 3):
        assert check(ATOMIC % "==", k).verdict is Verdict.BOUNDED
    assert check(ATOMIC % "!=", 1).verdict is Verdict.BUG    # it does run, after the section


# The thread is created by a callee inside the caller's atomic section: still pending when
# the callee returns, it runs at the caller's `corral_atomic_end` (it used to be dropped).
ATOMIC_CALLEE = """
var x: int;
procedure corral_atomic_begin();
procedure corral_atomic_end();
procedure t() { assert x %s 0; }
procedure helper() { async call t(); }
procedure main() {
  call corral_atomic_begin(); x := 1; call helper(); x := 0; call corral_atomic_end();
}
"""

# A thread that ends inside its own atomic section: its pending child runs at the end of
# the entry (x is 3 by then).
ATOMIC_UNCLOSED = """
var x: int;
procedure corral_atomic_begin();
procedure corral_atomic_end();
procedure c() { assert x %s 3; }
procedure t() { call corral_atomic_begin(); async call c(); x := 3; }
procedure main() { x := 0; async call t(); }
"""


@pytest.mark.parametrize("src", [ATOMIC_CALLEE, ATOMIC_UNCLOSED])
def test_a_thread_still_pending_when_its_creator_returns_runs_later(src):
    assert check(src % "!=", 1).verdict is Verdict.BUG
    for k in (1, 2, 3):
        assert check(src % "==", k).verdict is Verdict.BOUNDED


# t fails only if it runs between main's two writes, which form one atomic section.
SECTION = """
var x: int;
procedure corral_atomic_begin();
procedure corral_atomic_end();
procedure t() { assert x != 1; }
procedure main() {
  x := 0; async call t();
  call corral_atomic_begin(); x := 1; x := 2; call corral_atomic_end(); x := 3;
}
"""


def _switches(prog, proc: str) -> int:
    body = prog.procedures()[proc].body
    return sum(1 for b in body.blocks for c in b.cmds
               if type(c) is Call and c.proc.startswith("corral_context_switch"))


def test_a_context_switch_may_come_before_an_assertion_on_shared_data():
    # t runs when created (x == 0); only a switch before its assertion lets it read 1
    src = """
    var x: int;
    procedure t() { assert x != 1; }
    procedure main() { x := 0; async call t(); x := 1; }"""
    assert check(src, 1).verdict is Verdict.BOUNDED
    assert check(src, 2).verdict is Verdict.BUG


def test_no_context_switch_inside_an_atomic_section():
    # main: before x := 0, atomic_begin and x := 3 only (the writes inside the section
    # have none: there a switch could neither change the round nor stop the thread)
    out = sequentialize(parse_program(SECTION), "main", ContextBound(2))
    assert _switches(out, "main") == 3 and _switches(out, "t") == 1     # t's assert
    for k in (1, 2, 3):
        assert check(SECTION, k).verdict is Verdict.BOUNDED
    plain = SECTION.replace("call corral_atomic_begin();", "").replace(
        "call corral_atomic_end();", "")
    assert _switches(sequentialize(parse_program(plain), "main", ContextBound(2)),
                     "main") == 4
    assert check(plain, 2).verdict is Verdict.BUG


HELPER = """
var x: int;
procedure corral_atomic_begin();
procedure corral_atomic_end();
procedure w() { x := 1; x := 2; }
procedure main() { call corral_atomic_begin(); call w(); call corral_atomic_end(); %s }
"""


def test_a_procedure_called_only_inside_sections_has_no_context_switch():
    inside = sequentialize(parse_program(HELPER % ""), "main", ContextBound(2))
    assert _switches(inside, "w") == 0
    also_outside = sequentialize(parse_program(HELPER % "call w();"), "main", ContextBound(2))
    assert _switches(also_outside, "w") == 2


def test_a_failing_thread_does_not_need_its_creator_to_finish():
    src = """
    var x: int;
    procedure t() { assert x == 0; }
    procedure main() { var b: bool; x := 1; async call t(); b := false; assume b; }"""
    assert check(src, 1).verdict is Verdict.BUG


def test_another_threads_assertion_after_a_failure_does_not_stop_it():
    """A failure stops only the thread whose assertion failed (issue 33).  t1 is created
    first and fails in round 1 on a value t2 writes in round 0; t2 runs after t1 in the
    sequential program and checks an assertion that holds before its write.  When every
    assertion after the first failure stopped its thread, t2 stopped there, round 0 ended
    with g = 0, the guess g = 1 for round 1 did not fit, and the bug was missed at every
    context bound (the thread campaign's seed 6: a mutex check in t2)."""
    src = """
    var g: int;
    procedure t1() modifies g; { var a: int; a := g; g := a + 1; assert g != 2; }
    procedure t2() modifies g; { var a: int; assert a == a; a := g; g := a + 1; }
    procedure main() modifies g; { g := 0; async call t1(); async call t2(); }"""
    for k in (2, 3):
        assert check(src, k).verdict is Verdict.BUG, k
    assert check(src.replace("assert a == a;", ""), 2).verdict is Verdict.BUG


def test_thread_local_globals_are_fresh_in_each_thread():
    src = """
    var {:thread_local} x: int;
    var g: int;
    procedure t() { g := x; }
    procedure main() { x := 5; async call t(); assert g == 5 || g == 0; }"""
    assert check(src, 2).verdict is Verdict.BUG      # t's x is not main's


def test_thread_ids_and_child_ids():
    src = """
    var seen: int;
    procedure corral_getThreadID() returns (t: int);
    procedure corral_getChildThreadID() returns (t: int);
    procedure t() { var me: int; call me := corral_getThreadID(); seen := me; }
    procedure main() { var me, c, d: int; seen := 0;
      call me := corral_getThreadID(); async call t(); call c := corral_getChildThreadID();
      async call t(); call d := corral_getChildThreadID();
      assert me != c && c != d && me != 0 && (seen == 0 || seen == c || seen == d); }"""
    assert check(src, 2).verdict is Verdict.BOUNDED     # (t may never get to run)
    assert check(src.replace("seen == 0 ||", ""), 2).verdict is Verdict.BUG


def test_a_program_without_threads_has_thread_id_one():
    """single_thread.py (issue 33): no `async call`, so one thread, the entry's, with id 1
    (a havoc'd id made the C pthread model fail `lock != tid` on a correct program);
    `corral_assert_not_reachable` fails where it is reached."""
    src = """
    procedure corral_getThreadID() returns (t: int);
    procedure corral_getChildThreadID() returns (t: int);
    procedure corral_atomic_begin();
    procedure corral_atomic_end();
    procedure main() { var me, c: int;
      call corral_atomic_begin(); call me := corral_getThreadID(); call corral_atomic_end();
      call c := corral_getChildThreadID();
      assert me == 1 && c == 1; }"""
    assert check(src, 2).verdict is Verdict.CORRECT
    assert check(src.replace("me == 1", "me == 2"), 2).verdict is Verdict.BUG
    unreachable = """
    procedure corral_assert_not_reachable();
    procedure main() { var x: int; if (x > 5) { call corral_assert_not_reachable(); } }"""
    assert check(unreachable, 2).verdict is Verdict.BUG
    assert check(unreachable.replace("x > 5", "x > 5 && x < 5"), 2).verdict is \
        Verdict.CORRECT


def test_the_verdict_says_what_was_covered_and_the_trace_names_threads():
    bounded = check(THREE_READS, 2)
    line = verdict_line(bounded, 1)
    assert line.startswith("no bug found within bound 1 (in fact every recursion bound) "
                           "and context bound 2") and "not a proof" in line and "correct" not in line
    bug = check(THREE_READS, 3)
    text = render_human(bug, bound=1, strategy="si").splitlines()
    assert text[0] == "bug found" and "context bound 3" in text[1]
    texts = [s.text for s in bug.trace.steps]
    assert any(t.startswith("thread 4") for t in texts)           # main + three threads
    assert any(t.startswith("context switch: thread 2 goes on in round 2") for t in texts)
    assert any(t == "thread 2: the assertion fails here" for t in texts)


def test_a_proof_of_the_sequentialization_is_not_correct():
    src = """
    var x: int;
    procedure t() { x := 1; }
    procedure main() { x := 0; async call t(); assert x == 0 || x == 1; }"""
    for strategy in ("si", "chc"):
        r = verify(parse_program(src), VerifyOptions(bound=1, strategy=strategy,
                                                      context_bound=2, timeout=30))
        assert r.verdict is Verdict.BOUNDED, r.reason
