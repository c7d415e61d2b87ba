"""A possible bug (verifier/traces/dependence.py, `Verdict.POSSIBLE_BUG`): how the native
replay's outcome decides between a possible bug and a bug found (pycorral/run.py
`replay_bug`), and the walk's fallback on a trace it cannot follow.

The verdicts themselves are data-driven: tests/data/externs/*.c (both front ends),
tests/data/bpl/extern_*.bpl (every engine), tests/data/inline_asm/*.c; the output in
tests/test_cli.py, the SV-COMP answer in tests/test_svcomp_mode.py, the scoring in
tests/test_bench_scoring.py.
"""
from __future__ import annotations

import pytest

from boogie.parser import parse_program
from pycorral.run import replay_bug
from replay.native import ReplayOutcome
from verifier.result import Result, Trace, TraceStep, UnknownEffect, Verdict
from verifier.run_options import RunOptions
from verifier.traces.dependence import unknown_effects

TRACE = Trace((TraceStep("block", "main", 0, "start", "p.c", 4, 3),
               TraceStep("fail", "main", 0, "start", "p.c", 5, 3)))
EFFECT = UnknownEffect("get", "result", "p.c", 4)
POSSIBLE = Result(Verdict.POSSIBLE_BUG, "depends on the unknown effect of get", TRACE,
                  depends_on=(EFFECT,))
BUG = Result(Verdict.BUG, "", TRACE)


@pytest.fixture
def outcome(monkeypatch):
    """The replay's outcome, chosen by the test (no compiler runs)."""
    import replay.confirm
    import replay.native
    chosen: list[ReplayOutcome] = []
    monkeypatch.setattr(replay.native, "toolchain", lambda *a, **k: None)
    monkeypatch.setattr(replay.confirm, "confirm", lambda *a, **k: chosen[0])
    return chosen


@pytest.mark.parametrize("status,verdict", [
    ("confirmed", Verdict.BUG),             # the real function ran, and the error happened
    ("not_replayable", Verdict.POSSIBLE_BUG),   # a stub returned the trace's result
    ("not_reached", Verdict.POSSIBLE_BUG),  # the real function did not do what the trace
    ("error", Verdict.POSSIBLE_BUG),        # the build failed: no definition of it anywhere
])
def test_a_possible_bug_is_a_bug_found_only_when_a_real_run_confirms_it(outcome, status,
                                                                       verdict):
    outcome.append(ReplayOutcome(status, "why"))
    r = replay_bug(POSSIBLE, ["p.c"], RunOptions())
    assert r.verdict is verdict and r.trace is TRACE
    assert r.stats.replay == status
    assert (r.depends_on == (EFFECT,)) == (verdict is Verdict.POSSIBLE_BUG)


@pytest.mark.parametrize("status,verdict", [
    ("confirmed", Verdict.BUG), ("not_replayable", Verdict.BUG), ("error", Verdict.BUG),
    ("not_reached", Verdict.UNKNOWN)])
def test_a_bug_found_is_replayed_as_before(outcome, status, verdict):
    outcome.append(ReplayOutcome(status, "why"))
    assert replay_bug(BUG, ["p.c"], RunOptions()).verdict is verdict


EXTERNS = """
procedure {:extern} {:cname "get_c"} get() returns (r: int);
procedure {:entrypoint} main() {
  var x: int;
  call x := get();
  assert x != 5;
}"""


def test_a_trace_the_walk_cannot_follow_depends_on_every_extern_it_calls():
    prog = parse_program(EXTERNS, "t.bpl")
    lost = Trace((TraceStep("block", "main", 0, "no_such_block"),
                  TraceStep("fail", "main", 0)))
    # a block the program does not have: which externs the path passed is not known
    assert {e.function for e in unknown_effects(prog, lost)} == {"get_c"}
    assert unknown_effects(prog, Trace((TraceStep("fail", "main", 0),))) == ()
    wrong = Trace((TraceStep("return", "main", 0),
                   TraceStep("block", "main", 0, prog.procedures()["main"].body.blocks[0]
                             .label), TraceStep("fail", "main", 0)))
    (e,) = unknown_effects(prog, wrong)
    assert (e.function, e.kind) == ("get_c", "result")


ALL_PROPERTIES = """#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int get(void);
int main(void) {
  int v = get();
  int x = __VERIFIER_nondet_int();
  assert(x != 4);
  assert(v != 3);
  return 0;
}
"""


@pytest.mark.parametrize("real", [True, False])
def test_all_properties_rows_of_possible_bugs(tmp_path, real):
    """--all-properties: a failure that rests on a function without a body is a row of
    its own (UNKNOWN, "possible bug (...)"), and the search goes on past it; with no
    real failure the verdict is the possible bug (exit 40) -- never the replay's "none
    of the failures reproduced"."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    src = ALL_PROPERTIES if real else ALL_PROPERTIES.replace("  assert(x != 4);\n", "")
    path = tmp_path / "p.c"
    path.write_text(src)
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "--all-properties", "--bound", "2", "--json"],
                       capture_output=True, text=True, timeout=300,
                       cwd=Path(__file__).resolve().parents[1])
    doc = json.loads(r.stdout)
    rows = {p["line"]: (p["status"], p["detail"]) for p in doc["properties"]}
    v_line = 8 if real else 7
    assert rows[v_line] == ("UNKNOWN", "possible bug (depends on the unknown effect of get)")
    if real:
        assert (r.returncode, doc["verdict"], rows[7][0]) == (10, "bug", "FAILURE")
    else:
        assert (r.returncode, doc["verdict"]) == (40, "possible-bug"), r.stdout


def test_check_function_overall_possible_bug(tmp_path):
    """--function: a possible bug in one function and a proof in another: overall a
    possible bug (exit 40) naming the function."""
    import json
    import subprocess
    import sys
    from pathlib import Path
    path = tmp_path / "f.c"
    path.write_text("#include <assert.h>\nint get(void);\n"
                    "void f(int k) { if (get() == k) assert(0); }\n"
                    "void g(int k) { if (k > 5) assert(k > 3); }\n")
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "--function", "f", "--function", "g", "--bound", "2", "--json",
                        "--no-replay"], capture_output=True, text=True, timeout=300,
                       cwd=Path(__file__).resolve().parents[1])
    doc = json.loads(r.stdout)
    assert r.returncode == 40, r.stdout + r.stderr
    assert (doc["verdict"], doc["reason"]) == \
        ("possible-bug", "in f (depends on the unknown effect of get)")
    assert [(x["function"], x["verdict"]) for x in doc["functions"]] == \
        [("f", "possible-bug"), ("g", "correct")]
