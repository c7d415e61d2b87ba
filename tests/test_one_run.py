"""The one run function (`verifier.engine.run`: loaded program, run options, deadline ->
result) is what `check`, each `check --function` and each member of SV-COMP mode's
portfolio run through (issue 35): a recorder stands in for it and every path leaves its
mark -- portfolio members in their own processes too (the recorder appends to a file).
And what SV-COMP mode now gets from it: a concurrent program proved within its context
bound is UNKNOWN at once with that reason (the engine's reading), not a deepening to the
maximal bound; a bug in one is FALSE."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import verifier.engine as engine
from pycorral.cli import main
from svcomp.svcomp_mode import SvcompOptions, run_svcomp
from svcomp.task import UNREACH_CALL_TEXT, parse_property_text

from conftest import ROOT

DATA = ROOT / "tests" / "data" / "svcomp"
PROP = parse_property_text(UNREACH_CALL_TEXT, "unreach-call.prp")

TWO_FUNCTIONS = """\
int g;
void ok(int x) { if (x > 0) g = x; __VERIFIER_assert(g >= 0 || x <= 0); }
void bad(int x) { g = x; __VERIFIER_assert(g != 7); }
"""


@pytest.fixture
def calls(tmp_path, monkeypatch) -> Path:
    """Every call of the run function, as one JSON line each (strategy, entry) in the
    returned file -- written by whichever process makes the call."""
    log = tmp_path / "runs.jsonl"
    real = engine.run

    def recording(program, options, deadline, **kw):
        with open(log, "a") as fh:
            fh.write(json.dumps({"strategy": options.strategy,
                                 "entry": kw.get("entry")}) + "\n")
        return real(program, options, deadline, **kw)
    monkeypatch.setattr(engine, "run", recording)
    return log


def _calls(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] \
        if log.exists() else []


def test_check_runs_through_the_run_function(calls):
    r = CliRunner().invoke(main, ["check", str(ROOT / "examples" / "lock.bpl"),
                                  "--no-replay", "--strategy", "si"])
    assert r.exit_code == 10, r.output
    assert _calls(calls) == [{"strategy": "si", "entry": "main"}]


def test_each_function_runs_through_the_run_function(calls, tmp_path):
    src = tmp_path / "two.c"
    src.write_text("extern void __VERIFIER_assert(int);\n" + TWO_FUNCTIONS)
    r = CliRunner().invoke(main, ["check", str(src), "--function", "ok", "--function",
                                  "bad", "--no-replay", "--strategy", "si", "--bound", "2"])
    assert r.exit_code == 10, r.output
    assert [c["strategy"] for c in _calls(calls)] == ["si", "si"]     # one per function


@pytest.mark.parametrize("portfolio", [("si",), ("si", "chc")], ids=["one", "portfolio"])
def test_svcomp_members_run_through_the_run_function(calls, portfolio):
    answer = run_svcomp([str(DATA / "ones_bug.c")], PROP,
                        SvcompOptions(timeout=60, portfolio=portfolio, jobs=2))
    assert answer.status == "FALSE", answer
    # each member once (the prover once per encoding it tries; the search once whatever
    # its bounds and encodings); the prover may be stopped before it starts
    strategies = [c["strategy"] for c in _calls(calls)]
    assert strategies.count("si") == 1, strategies
    assert set(strategies) <= set(portfolio), strategies


THREADS = """\
#include <pthread.h>
extern void reach_error(void);
int x = 0;
void *f(void *a) { x = %s; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, f, 0);
  pthread_join(t, 0);
  if (x != 1) reach_error();
  return 0;
}
"""


def test_svcomp_concurrent_proof_is_unknown_within_the_context_bound(tmp_path):
    src = tmp_path / "joined.c"
    src.write_text(THREADS % "1")
    answer = run_svcomp([str(src)], PROP, SvcompOptions(timeout=60, portfolio=("si",)))
    assert answer.status == "UNKNOWN"
    assert "context bound" in answer.reason and "every recursion bound" in answer.reason
    # the search stops at the first bound: within the context bound it is proved for
    # every recursion bound, so no deeper bound is searched (it deepened to 1024 before)
    assert [a.bound for a in answer.attempts if a.bound] == [1], answer.attempts
    assert answer.attempts[-1].outcome == "bounded"        # never shown as "correct"


def test_svcomp_concurrent_bug_is_false(tmp_path):
    src = tmp_path / "racy.c"
    src.write_text(THREADS % "2")
    answer = run_svcomp([str(src)], PROP, SvcompOptions(timeout=60, portfolio=("si",)))
    assert answer.status == "FALSE", answer
    assert answer.result.context_bound is not None
