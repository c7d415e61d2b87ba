"""`check` without a bound: the bound is deepened until a bug, a proof or the time budget;
a bounded answer names what it cut off, exits 30, says `bounded` in JSON and is an
incomplete-coverage notification in SARIF.  Also the re-check of inlining proofs and the
status line."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from boogie.parser import parse_program
from verifier.search import corral_loop
from verifier.search.deepening import OUT_OF_TIME, deepen, schedule
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.progress import Progress
from verifier.result import EXIT_BOUNDED, CutOff, Result, UnknownKind, Verdict
from verifier.stats import Stats

ROOT = Path(__file__).resolve().parents[1]

# the bug needs 6 loop iterations: bound 7 (found at bound 8 of 1, 2, 4, 8)
LOOP_BUG = """
procedure {:entrypoint} main() {
  var i: int;
  i := 0;
  while (i < 100) { i := i + 1; assert i != 6; }
}"""

LOOP_OK = """
var g: int;
procedure {:entrypoint} main() modifies g; {
  var i, n: int;
  i := 0;
  while (i < n) { g := g + i * i; i := i + 1; }
  assert i >= 0 || n < 0;
}"""


def test_schedule_doubles_and_ends_at_the_largest_bound():
    assert schedule(1) == [1]
    assert schedule(8) == [1, 2, 4, 8]
    assert schedule(10) == [1, 2, 4, 8, 10]


def _fake(verdicts: dict[int, Result], sleep: float = 0.0):
    seen: list[VerifyOptions] = []

    def run(program, opts):
        seen.append(opts)
        time.sleep(sleep)
        r = verdicts.get(opts.bound, Result(Verdict.BOUNDED, "b"))
        return replace(r, stats=Stats(bound=opts.bound))
    return run, seen


def test_deepening_stops_at_the_first_bug_with_fixed_bounds_each_time():
    run, seen = _fake({4: Result(Verdict.BUG, trace=_trace())})
    r = deepen(None, VerifyOptions(deepen_to=64, timeout=30), run)
    assert r.verdict is Verdict.BUG and r.stats.bound == 4
    assert [o.bound for o in seen] == [1, 2, 4]
    assert r.stats.bounds_tried == (1, 2, 4)
    # each search is at one bound, with no deepening inside and what is left of the time
    assert all(not o.deepening and o.deepen_to is None and o.timeout <= 30 for o in seen)


def test_out_of_time_after_a_complete_bound_is_bounded_there():
    cut = (CutOff("main_loop_$loop1", "loop", "main", "a.c", 5),)
    run, _ = _fake({1: Result(Verdict.BOUNDED, "b", cutoffs=cut),
                    2: Result(Verdict.BOUNDED, "b", cutoffs=cut),
                    4: Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT)})
    r = deepen(None, VerifyOptions(deepen_to=64, timeout=30), run)
    assert r.verdict is Verdict.BOUNDED and r.stats.bound == 2 and r.cutoffs == cut
    assert r.reason == f"no bug found within bound 2; {OUT_OF_TIME} while searching bound 4"


def test_budget_spent_between_bounds_is_bounded_at_the_last_bound():
    run, seen = _fake({}, sleep=0.3)
    r = deepen(None, VerifyOptions(deepen_to=1024, timeout=0.5), run)
    assert r.verdict is Verdict.BOUNDED and r.stats.bound == seen[-1].bound
    assert OUT_OF_TIME in r.reason


def test_the_run_guards_deadline_during_a_deeper_bound_keeps_the_bound_searched():
    """The guard's DeadlineExceeded inside bound 4's search: bounded at 2 (searched
    completely), not the interrupted search's timeout; before any bound it propagates."""
    from verifier.deadline import DeadlineExceeded
    done: list[int] = []

    def run(program, opts):
        if opts.bound == 4:
            raise DeadlineExceeded("the search")
        done.append(opts.bound)
        return Result(Verdict.BOUNDED, "b", stats=Stats(bound=opts.bound))
    r = deepen(None, VerifyOptions(deepen_to=8, timeout=30), run)
    assert done == [1, 2]
    assert r.verdict is Verdict.BOUNDED and r.stats.bound == 2
    assert r.reason == f"no bug found within bound 2; {OUT_OF_TIME} while searching bound 4"

    def first(program, opts):
        raise DeadlineExceeded("the search")
    with pytest.raises(DeadlineExceeded):
        deepen(None, VerifyOptions(deepen_to=8, timeout=30), first)


def test_checkpoint_hears_the_answer_earned_after_each_bound_but_the_last():
    """What a portfolio member sends its portfolio (kept if the member is killed): after
    bound b, BOUNDED at b "while searching" the next bound; after the last bound the
    answer itself is returned, so nothing is sent."""
    run, _ = _fake({})
    heard: list[Result] = []
    r = deepen(None, VerifyOptions(deepen_to=8, timeout=30), run, checkpoint=heard.append)
    assert [(h.verdict, h.stats.bound) for h in heard] == [(Verdict.BOUNDED, 1),
                                                           (Verdict.BOUNDED, 2),
                                                           (Verdict.BOUNDED, 4)]
    assert heard[-1].reason == f"no bug found within bound 4; {OUT_OF_TIME} while " \
                               "searching bound 8"
    assert heard[-1].stats.bounds_tried == (1, 2, 4, 8)
    assert r.verdict is Verdict.BOUNDED and r.stats.bound == 8


def test_a_search_killed_at_the_deadline_keeps_its_last_bound_in_the_portfolio(monkeypatch):
    """`check`'s portfolio (si next to chc): the si member completes bounds 1 and 2 and
    then does not stop by itself (as under load); the portfolio kills it at the deadline
    and answers BOUNDED at 2 from its checkpoint, not "timeout"."""
    from verifier import engine

    def fake(program, opts, progress=None, carry=None):
        if opts.strategy != "si":
            return Result(Verdict.UNKNOWN, "no proof")
        if opts.bound >= 4:
            time.sleep(60)
        return Result(Verdict.BOUNDED, "b", stats=Stats(bound=opts.bound))
    monkeypatch.setattr(engine, "_verify_one", fake)
    # (not killed, the member would sleep its 60 s and answer BOUNDED at a deeper bound)
    r = engine.verify_portfolio(parse_program(LOOP_OK, "t.bpl"),
                                VerifyOptions(strategy="auto", deepen_to=8, timeout=3,
                                              prover_after_search=None))
    assert r.verdict is Verdict.BOUNDED and r.stats.bound == 2
    assert r.reason == f"no bug found within bound 2; {OUT_OF_TIME} while searching bound 4"
    si = dict(r.stats.portfolio)["si"]
    assert si.startswith("timeout")


def test_nothing_complete_or_an_internal_error_stays_unknown():
    run, _ = _fake({1: Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT)})
    assert deepen(None, VerifyOptions(deepen_to=8, timeout=5), run).verdict is Verdict.UNKNOWN
    run, _ = _fake({2: Result(Verdict.UNKNOWN, "internal error: x", kind=UnknownKind.INTERNAL)})
    r = deepen(None, VerifyOptions(deepen_to=8, timeout=5), run)
    assert r.verdict is Verdict.UNKNOWN and r.reason == "internal error: x"


def test_a_proof_at_any_bound_is_the_answer():
    run, _ = _fake({2: Result(Verdict.CORRECT, "proved")})
    assert deepen(None, VerifyOptions(deepen_to=8, timeout=5), run).verdict is \
        Verdict.CORRECT


def _trace():
    from verifier.result import Trace
    return Trace(())


@pytest.mark.parametrize("strategy", ["si", "static"])
def test_engine_deepens_to_a_bug_beyond_bound_1(strategy):
    p = Progress()
    r = verify(parse_program(LOOP_BUG, "t.bpl"),
               VerifyOptions(strategy=strategy, deepen_to=64, timeout=60), p)
    assert r.verdict is Verdict.BUG and r.stats.bound == 8
    assert p.snapshot()[0] == 8 and p.snapshot()[1] > 1   # bound and instances reported
    # the same program at a fixed bound too small for the bug
    r = verify(parse_program(LOOP_BUG, "t.bpl"), VerifyOptions(strategy=strategy, bound=4))
    assert r.verdict is Verdict.BOUNDED


def test_bounded_result_names_the_cut_off_loop_and_recursion():
    src = """
    procedure rec(n: int) returns (r: int) {
      if (n > 0) { call {:sourceloc "p.c", 3, 5} r := rec(n - 1); r := r + 1; }
      else { r := 0; }
    }
    procedure {:entrypoint} main() {
      var i, n, y: int;
      i := 0;
      assume {:sourceloc "p.c", 9, 3} true;
      while (i < n) { i := i + 1; }
      call y := rec(n);
      assert y >= 0 || n < 0;
    }"""
    r = verify(parse_program(src, "t.bpl"), VerifyOptions(bound=2, track_all=True))
    assert r.verdict is Verdict.BOUNDED
    kinds = {(c.kind, c.function) for c in r.cutoffs}
    assert kinds == {("loop", "main"), ("recursion", "rec")}
    rec = next(c for c in r.cutoffs if c.kind == "recursion")
    assert (rec.file, rec.line) == ("p.c", 3)
    assert rec.describe() == "recursive function rec at p.c:3"


def test_inlining_proof_is_rechecked_on_a_fresh_solver(monkeypatch):
    src = "procedure {:entrypoint} main() { var x: int; x := 1; assert x == 1; }"
    r = verify(parse_program(src, "t.bpl"), VerifyOptions(strategy="si", track_all=True))
    assert r.verdict is Verdict.CORRECT and r.stats.proof_recheck_time is not None
    # a re-check that disagrees turns the proof into an internal error, never CORRECT
    from verifier.smt.solver import CheckResult
    monkeypatch.setattr(corral_loop, "summarized_query", lambda *a, **k: CheckResult.SAT)
    r = verify(parse_program(src, "t.bpl"), VerifyOptions(strategy="si", track_all=True))
    assert r.verdict is Verdict.UNKNOWN and "did not re-check" in r.reason
    monkeypatch.setattr(corral_loop, "summarized_query",
                        lambda *a, **k: CheckResult.UNKNOWN)
    r = verify(parse_program(src, "t.bpl"), VerifyOptions(strategy="static", track_all=True))
    assert r.verdict is Verdict.UNKNOWN


# ----------------------------------------------------------------------------- the CLI

C_BUG = """#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int count;
int main(void) {
  while (__VERIFIER_nondet_int()) count++;
  assert(count != 5);
  return 0;
}
"""

C_UNPROVED = """#include <assert.h>
extern unsigned __VERIFIER_nondet_uint(void);
unsigned a[1000];
int main(void) {
  unsigned n = __VERIFIER_nondet_uint() % 1000;
  for (unsigned i = 0; i < n; i++) a[i] = i;
  for (unsigned i = 0; i < n; i++) assert(a[i] == i);
  return 0;
}
"""


def _check(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *args],
                          capture_output=True, text=True, cwd=cwd or ROOT, timeout=240,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_plain_check_finds_a_bug_the_default_bound_1_missed(tmp_path):
    f = tmp_path / "count.c"
    f.write_text(C_BUG)
    r = _check(str(f), "--json", "--no-replay")
    assert r.returncode == 10, r.stdout + r.stderr
    d = json.loads(r.stdout)
    assert d["verdict"] == "bug" and d["stats"]["bound"] >= 6
    # a fixed bound: --unwind is CBMC's spelling of --bound
    r = _check(str(f), "--unwind", "3", "--json", "--no-replay")
    assert r.returncode == EXIT_BOUNDED and json.loads(r.stdout)["verdict"] == "bounded"


def test_bounded_answer_exits_30_names_the_loops_json_and_sarif(tmp_path):
    f = tmp_path / "arr.c"
    f.write_text(C_UNPROVED)
    sarif = tmp_path / "out.sarif"
    r = _check(str(f), "--timeout", "8", "--json", "--sarif", str(sarif))
    assert r.returncode == EXIT_BOUNDED, r.stdout + r.stderr
    d = json.loads(r.stdout)
    assert d["verdict"] == "bounded" and d["bound"] >= 1
    assert {(c["kind"], c["function"], c["line"]) for c in d["cutoffs"]} == \
        {("loop", "main", 6), ("loop", "main", 7)}
    run = json.loads(sarif.read_text())["runs"][0]
    assert run["results"] == [] and run["invocations"][0]["exitCode"] == EXIT_BOUNDED
    note, = run["invocations"][0]["toolExecutionNotifications"]
    assert note["descriptor"]["id"] == "incomplete-coverage"
    assert sorted(loc["physicalLocation"]["region"]["startLine"]
                  for loc in note["locations"]) == [6, 7]
    # the human answer says the same
    r = _check(str(f), "--timeout", "8", "--no-color")
    assert r.returncode == EXIT_BOUNDED
    lines = r.stdout.splitlines()
    assert lines[0].startswith("no bug found within bound ") and "not a proof" in lines[0]
    assert f"loop in main at {f}:6" in r.stdout and f"loop in main at {f}:7" in r.stdout
    assert "the search stopped: the time budget ran out" in r.stdout


def test_quiet_hides_notes_and_no_status_line_when_piped(tmp_path):
    f = ROOT / "examples" / "lock.bpl"
    r = _check(str(f), "/noTrace", "--no-color")
    assert "/noTrace" in r.stderr and "\r" not in r.stderr
    r = _check(str(f), "/noTrace", "--quiet")
    assert r.stderr == ""


def test_status_line_draws_the_progress_and_erases_itself():
    from pycorral.status import StatusLine, wanted

    p = Progress("si + chc")
    p.set_bound(4)
    p.inlined(17)
    rd, wr = os.pipe()
    with StatusLine(p, lambda: "the search", fd=wr, delay=0.0, period=0.05) as s:
        time.sleep(0.2)
        assert s.text().startswith("pycorral: the search · bound 4 · 17 instances · "
                                   "strategy si + chc · ")
    os.close(wr)
    out = os.read(rd, 1 << 16).decode()
    os.close(rd)
    assert "bound 4 · 17 instances" in out and out.endswith("\r\x1b[K")
    with open(os.devnull, "w") as devnull:
        assert not wanted(False, devnull) and not wanted(True, devnull)


def test_max_bound_deepens_up_to_it_and_wins_over_a_fixed_bound(tmp_path):
    """--max-bound N: the schedule 1, 2, 4, ..., N, even after a task's own --bound (the
    benchmark's ldv tasks carry --bound 3)."""
    f = tmp_path / "count.c"
    f.write_text(C_BUG)                 # the bug needs bound 6
    r = _check(str(f), "--bound", "3", "--max-bound", "4", "--json", "--stats", "--no-replay")
    assert r.returncode == EXIT_BOUNDED, r.stdout + r.stderr
    d = json.loads(r.stdout)
    assert d["stats"]["bounds_tried"] == [1, 2, 4] and d["stats"]["bound"] == 4
    assert "largest bound deepened to" in d["reason"]
    r = _check(str(f), "--bound", "3", "--max-bound", "8", "--json", "--stats", "--no-replay")
    assert r.returncode == 10, r.stdout + r.stderr
    assert json.loads(r.stdout)["stats"]["bounds_tried"] == [1, 2, 4, 8]
