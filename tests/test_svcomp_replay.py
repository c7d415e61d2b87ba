"""SV-COMP mode replays every FALSE natively, as `check` does (svcomp_mode `_Run._replay`):
a trace the compiled program follows to the error stays FALSE (stats: replay "confirmed");
one it does not follow -- the model disagreed with the program -- is UNKNOWN, never FALSE.

The second case needs a model that disagrees with the program; pycorral has none known (each
one found was a defect, fixed), so the test hands a trace of one program to the replay of
another that differs only in the error's condition."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from svcomp.svcomp_mode import SvcompOptions, _Run, run_svcomp
from svcomp.task import UNREACH_CALL_TEXT, parse_property_text
from verifier.deadline import Deadline
from verifier.result import UnknownKind

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")

PROGRAM = """extern unsigned int __VERIFIER_nondet_uint(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x == WANTED)
    reach_error();
  return 0;
}
"""
OPTS = SvcompOptions(timeout=120, portfolio=())


def _task(tmp: Path, name: str, wanted: int) -> str:
    p = tmp / f"{name}.c"
    p.write_text(PROGRAM.replace("WANTED", str(wanted)))
    return str(p)


def test_a_false_is_replayed_and_confirmed(tmp_path):
    prop = parse_property_text(UNREACH_CALL_TEXT)
    a = run_svcomp([_task(tmp_path, "seven", 7)], prop, OPTS)
    assert a.status == "FALSE", a.reason
    assert a.stats.replay == "confirmed"


def test_a_false_the_program_does_not_follow_is_unknown(tmp_path):
    prop = parse_property_text(UNREACH_CALL_TEXT)
    found = run_svcomp([_task(tmp_path, "seven", 7)], prop, OPTS)
    assert found.status == "FALSE" and found.result is not None
    # the same trace (x = 7) given as the FALSE of a program whose error needs x == 8
    other = _Run([_task(tmp_path, "eight", 8)], prop, OPTS, Deadline.after(120))
    a = other.answer("FALSE", result=found.result)
    assert a.status == "UNKNOWN" and a.reason_kind is UnknownKind.NOT_REPLAYED, a
    assert "does not reach the error" in a.reason and a.stats.replay == "not_reached"
    # without replay the FALSE stands (the trace is trusted as the model's)
    from dataclasses import replace
    unchecked = _Run([_task(tmp_path, "eight", 8)], prop, replace(OPTS, replay=False),
                     Deadline.after(120))
    assert unchecked.answer("FALSE", result=found.result).status == "FALSE"
