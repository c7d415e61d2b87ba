"""Corral's assertion instrumentation read as reachability (verifier/search/seqinstr.py).

Issue 36.  A program whose assertions Corral already turned into the `assertsPassed` flag (the
ldv-bpl tasks) has no assertion left: checked for assertions it is vacuously correct,
a wrong verdict on a task with a bug.  Without --reach the engine must read it in reach
mode; a program with an assertion of its own stays in assert mode."""
from __future__ import annotations

from pathlib import Path

from boogie.parser import parse_file, parse_program
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.search.seqinstr import seqinstr_reach

DATA = Path(__file__).parent / "data" / "houdini"


def test_instrumented_bug_found_without_reach():
    prog = parse_file(DATA / "corral_seqinstr_mutex_bug.bpl")
    assert seqinstr_reach(prog, None)
    r = verify(prog, VerifyOptions(bound=2, timeout=60))
    assert r.verdict is Verdict.BUG, r.reason
    assert r.trace is not None and r.trace.steps


def test_instrumented_correct_program_proved_without_reach():
    r = verify(parse_file(DATA / "corral_seqinstr_mutex.bpl"),
               VerifyOptions(bound=2, timeout=60))
    assert r.verdict is Verdict.CORRECT, r.reason


WRAPPER = """
var ok: bool;
procedure inner() modifies ok; { %s }
procedure {:entrypoint} main_SeqInstr() modifies ok; {
  ok := true;
  call inner();
  assume {:OldAssert} !ok;
}
"""


def test_only_without_assertions_and_with_the_marked_assume():
    assert seqinstr_reach(parse_program(WRAPPER % "ok := false;"), None)
    # an assertion of its own: the program's property is its assertions
    assert not seqinstr_reach(parse_program(WRAPPER % "assert false;"), None)
    # no {:OldAssert}: an ordinary `assume !ok` is no sign of Corral's instrumentation
    plain = (WRAPPER % "ok := false;").replace("{:OldAssert} ", "")
    assert not seqinstr_reach(parse_program(plain), None)
    # another entry named
    assert not seqinstr_reach(parse_program(WRAPPER % "ok := false;"), "inner")
