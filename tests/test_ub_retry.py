"""The search again assuming no undefined behaviour, after a trace ran into it natively
(pycorral/ub_retry.py, `frontend.properties.assume_checks`, the array-index checks of both
front ends)."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.parser import parse_program
from frontend.properties import NO_CHECKS, AssumedChecks, PropertyChecks, assume_checks
from pycorral import ub_retry
from verifier.result import Result, UnknownKind, Verdict
from verifier.stats import Stats

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "tests" / "data" / "replay" / "oob_index_before_error.c"


def test_switches_follow_the_crash():
    at_line = ub_retry.switches_for("index 9 out of bounds for type 'int[8]'", True)
    assert at_line == {"index", "bounds", "pointer"}
    # a signal says nothing of where: only array indices, everywhere
    assert ub_retry.switches_for("an invalid memory access", False) == {"index"}
    assert ub_retry.switches_for("an arithmetic fault: division by zero or INT_MIN / -1",
                                 False) == {"div_by_zero", "signed_overflow"}
    assert ub_retry.switches_for("signed integer overflow: 2147483647 + 1 cannot be "
                                 "represented in type 'int'", True) == {"signed_overflow"}
    assert ub_retry.switches_for("something new", True) == \
        {"index", "bounds", "pointer", "div_by_zero", "signed_overflow"}


class _Run:
    def __init__(self, checks=NO_CHECKS, assumed=AssumedChecks()):
        self.checks, self.assumed_checks = checks, assumed


def _unreplayed(crash, line=None):
    return Result(Verdict.UNKNOWN, "not reached", kind=UnknownKind.NOT_REPLAYED,
                  stats=Stats(replay="not_reached", replay_crash=crash,
                              replay_crash_line=line))


def test_only_an_unreplayed_crash_is_searched_again():
    crash = _unreplayed("an invalid memory access")
    assert ub_retry.wanted(crash, _Run()) == {"index"}
    # no crash (the run ended without the error): a defect, not undefined behaviour
    assert not ub_retry.wanted(_unreplayed(None), _Run())
    assert not ub_retry.wanted(Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT),
                               _Run())
    # a retry is not retried; switches the run checks already are not assumed
    assert not ub_retry.wanted(crash, _Run(assumed=AssumedChecks(frozenset({"index"}))))
    assert ub_retry.wanted(_unreplayed("out of bounds", 3),
                           _Run(PropertyChecks(bounds=True, pointer=True))) == {"index"}


def test_a_second_search_without_a_bug_keeps_the_unknown():
    first = _unreplayed("an invalid memory access")
    seen = []

    def search(run2):
        seen.append(run2)
        return Result(Verdict.CORRECT, "proved"), (1, "si")

    @dataclasses.dataclass(frozen=True)
    class R:
        checks: PropertyChecks = NO_CHECKS
        assumed_checks: AssumedChecks = AssumedChecks()
        quiet: bool = False
    out, shown = ub_retry.retry(first, R(), search, lambda r: r)
    assert out.verdict is Verdict.UNKNOWN and shown is None
    assert "a second search assuming no array index out of bounds was tried: it found " \
        "no bug (correct: proved)" in out.reason
    assert seen[0].checks.index and seen[0].assumed_checks.switches == {"index"}
    assert out.stats.ub_retry == ("index",)


_PROG = """
procedure main() {
  var x: int;
  assert {:property "array_bounds", "array index out of bounds"} x < 4;
  assert {:property "array_bounds", "array index out of bounds"} x < 9;
  assert {:property "division-by-zero", "division by zero"} x != 0;
  assert x > 0;
}
"""


def _cmds(prog):
    impl = next(d for d in prog.decls if getattr(d, "body", None) is not None)
    return [(type(c).__name__, c.loc.line) for b in impl.body.blocks for c in b.cmds]


def test_assumed_checks_on_a_line_others_of_their_kind_dropped():
    prog = parse_program(_PROG, "a.bpl")     # a command's loc: its line in _PROG
    # the index check of line 5 is an assumption, line 4's is dropped, the others stay
    assert _cmds(assume_checks(prog, frozenset({"index"}), frozenset({5}))) == \
        [("Assume", 5), ("Assert", 6), ("Assert", 7)]
    # every one of the kind, when no line is given
    assert _cmds(assume_checks(prog, frozenset({"index"}))) == \
        [("Assume", 4), ("Assume", 5), ("Assert", 6), ("Assert", 7)]
    assert _cmds(assume_checks(prog, frozenset())) == \
        [("Assert", 4), ("Assert", 5), ("Assert", 6), ("Assert", 7)]


@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("data_model", ["LP64", "ILP32"])
def test_bug_behind_an_out_of_bounds_trace_is_found_and_confirmed(frontend, data_model):
    from replay.native import toolchain
    if toolchain(data_model) is None:
        pytest.skip(f"no working C compiler for {data_model} on this machine")
    if frontend == "llvm":
        from frontend.llvm.compile import clang_command
        if clang_command() is None:
            pytest.skip("no clang")
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", "--frontend",
                        frontend, "--data-model", data_model, "--json", str(CASE)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "bug", doc.get("reason")
    assert doc["trace"]["steps"][-1]["line"] == 21, doc["trace"]["steps"][-1]
    assert doc["stats"]["replay"] == "confirmed"
    assert "reached the error (reach_error) at line 21" in doc["stats"]["replay_line"]
    assert doc["stats"]["ub_retry"], doc["stats"]
    assert "found by a second search" in doc["stats"]["replay_line"]
    # without the second search the first trace's crash is all there is (the check
    # without replay finds the bound-1 trace through the write)
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", "--frontend",
                        frontend, "--data-model", data_model, "--json", "--no-replay",
                        "--bound", "1", str(CASE)],
                       capture_output=True, text=True, timeout=600, cwd=ROOT)
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "bug", doc.get("reason")
    assert doc["trace"]["steps"][-1]["line"] == 16, doc["trace"]["steps"][-1]
