"""Fuzz tests of the real command line (the generators, runner and oracle are in
tests/fuzzing/; the rules the oracle enforces are in tests/fuzzing/oracle.py).

* `test_fuzz_kind[kind]`: a seeded few dozen mutants of each input kind, run as
  subprocesses of `pycorral` with short time limits; no run may fail the oracle, except
  runs that match an open known defect (tests/fuzzing/known.py), which are shown but
  tolerated.  On a failure the table of outcomes and every failure with its command are
  printed.
* `test_defect_reproducer[id]`: one deterministic reproducer per defect the fuzzer has
  found; an open defect is `xfail(strict=True)`, so fixing it makes the test fail until
  the defect is closed in known.py (then it stays as a regression test).
* `test_fuzz_campaign` (slow): several hundred mutants, the long campaign's sizes.

The same campaign from the command line (table, failures, reproducers saved under --out),
and the status of every known defect with its reproducer:

    nice -n 10 .venv/bin/python -m tests.fuzzing --count 60 --seed 1 --out fuzz-out
    nice -n 10 .venv/bin/python -m tests.fuzzing --defects [--slow] --out fuzz-out
"""
from __future__ import annotations

import pytest

from fuzzing import known
from fuzzing.campaign import KINDS, failure_report, make_mutants, run_all, run_defect, table
from fuzzing.mutants import Mutant
from fuzzing.oracle import classify
from fuzzing.runner import RunResult
from fuzzing.seeds import gather

DEFAULT_SEED = 20240601
DEFAULT_COUNT = 24           # per kind: the whole file stays near a minute on two cores
CAMPAIGN_COUNT = 60          # per kind, for the slow campaign (360 runs)


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    return gather(tmp_path_factory.mktemp("fuzz-seeds"))


def _assert_no_new_failures(records):
    new = [r for r in records if r.failed and not r.known]
    if new:
        pytest.fail("fuzzing found failures:\n" + table(records) + "\n\n" +
                    failure_report(records), pytrace=False)
    tolerated = [r for r in records if r.failed]
    if tolerated:
        print("\nknown defects seen:\n" + failure_report(tolerated))


@pytest.mark.parametrize("kind", KINDS)
def test_fuzz_kind(kind, seeds, tmp_path):
    mutants = make_mutants(kind, DEFAULT_COUNT, DEFAULT_SEED, seeds, big=False)
    records = run_all(mutants, tmp_path, jobs=2)
    print("\n" + table(records))
    _assert_no_new_failures(records)


def _reproducer_params():
    for k in known.DEFECTS:
        marks = [pytest.mark.slow] if k.slow else []
        if k.open:      # a timing-dependent defect may not show: then not strict
            marks.append(pytest.mark.xfail(strict=not k.flaky, reason=f"open defect: {k.reason}"))
        yield pytest.param(k, id=k.ident, marks=marks)


@pytest.mark.parametrize("defect", list(_reproducer_params()))
def test_defect_reproducer(defect, seeds, tmp_path):
    failed = [r for r in run_defect(defect, seeds, tmp_path) if r.failed]
    assert not failed, "\n".join(f"{r.mutant.ident}: {r.outcome}: {r.detail}\n  argv: pycorral "
                                 f"{' '.join(r.mutant.argv)}" for r in failed)


@pytest.mark.slow
def test_fuzz_campaign(seeds, tmp_path):
    mutants = [m for k in KINDS for m in make_mutants(k, CAMPAIGN_COUNT, 1, seeds, big=True)]
    records = run_all(mutants, tmp_path, jobs=2)
    print("\n" + table(records))
    _assert_no_new_failures(records)


def test_generators_are_deterministic(seeds):
    for kind in KINDS:
        a = make_mutants(kind, 5, 3, seeds)
        b = make_mutants(kind, 5, 3, seeds)
        assert [(m.family, m.argv, m.files) for m in a] == [(m.family, m.argv, m.files) for m in b]


# ----------------------------------------------------------------------------- the oracle

def _run(rc, stdout="", stderr="", wall=0.5, **kw):
    return RunResult(rc, wall, stdout, stderr, **kw)


def _mutant(argv, kind="bpl", **kw):
    return Mutant(kind, "test", "seed", {"prog.bpl": b"line1\nline2\nline3\n"}, argv, **kw)


@pytest.mark.parametrize("mutant,run,outcome", [
    (_mutant(["check", "prog.bpl"]), _run(10, "bug found\n"), "ok:10"),
    (_mutant(["check", "prog.bpl"]), _run(30, "no bug found within bound 1 (bounded: not a "
                                          "proof)\n"), "ok:30"),
    (_mutant(["check", "prog.bpl"]), _run(0, "no bug found within bound 1\n"),
     "verdict-mismatch"),                    # a bounded answer never exits 0
    (_mutant(["check", "prog.bpl"]), _run(0, "correct (proved for every bound)\n"), "ok:0"),
    (_mutant(["check", "prog.bpl"]), _run(0, "bug found\n"), "verdict-mismatch"),
    (_mutant(["check", "prog.bpl"]), _run(1, "", "Traceback (most recent call last):\n  x\n"),
     "traceback"),
    (_mutant(["check", "prog.bpl"]), _run(1, "", "boom\n"), "exit-1"),
    (_mutant(["replay", "p.c"]), _run(1, "not reached\n"), "ok:1"),
    (_mutant(["check", "prog.bpl"]), _run(-11), "bad-exit"),
    (_mutant(["check", "prog.bpl"]), _run(2, "", "prog.bpl:2:3: error: bad\n"), "ok:2"),
    (_mutant(["check", "prog.bpl"]), _run(2, "", "prog.bpl:2:3: error: bad\nmore\n"),
     "error-not-one-line"),
    (_mutant(["check", "prog.bpl"]), _run(2, "", "Usage: x\n\nError: no\n"), "usage"),
    (_mutant(["check", "prog.bpl"], changed_line=3), _run(2, "", "prog.bpl:1:1: error: x\n"),
     "error-at-1:1"),
    (_mutant(["check", "prog.bpl"], changed_line=3),
     _run(2, "", "prog.bpl:1:1: error: cannot read file: x\n"), "ok:2"),
    (_mutant(["check", "prog.bpl"]), _run(2, "", "prog.bpl:9:1: error: x\n"), "error-past-eof"),
    (_mutant(["check", "prog.bpl", "--timeout", "2"], timeout=2.0),
     _run(20, "unknown: timeout\n", wall=9.5, cpu=7.5), "overran"),
    (_mutant(["check", "prog.bpl", "--timeout", "2"], timeout=2.0),   # a loaded machine
     _run(20, "unknown: timeout\n", wall=6.0, cpu=2.5), "ok:20"),
    (_mutant(["check", "prog.bpl"], timeout=2.0), _run(None, killed="wall", wall=10), "hang"),
    (_mutant(["check", "prog.bpl"]), _run(None, killed="memory"), "memory-blowup"),
    (_mutant(["check", "prog.bpl"]), _run(20, "unknown: internal error: KeyError\n"),
     "internal-error"),
    (_mutant(["check", "prog.c"], kind="c", c_input="prog.c"),
     _run(0, "no bug found within bound 1\n", gcc_rejects=True), "verdict-on-rejected-C"),
    (_mutant(["check", "prog.c"], kind="c", c_input="prog.c"),
     _run(20, "unknown: x\n", gcc_rejects=True), "ok:20"),
    (_mutant(["svcomp", "t.yml"], kind="svcomp", expect_reject=True),
     _run(0, "Result: TRUE\n"), "accepted-malformed"),
    (_mutant(["svcomp", "t.yml"], kind="svcomp"), _run(0, "Result: TRUE\n"), "ok:0"),
    (_mutant(["svcomp", "t.yml"], kind="svcomp"), _run(20, "whatever\n"), "svcomp-format"),
    (_mutant(["check", "prog.bpl"]), _run(10, "bug found\n", stray=1), "stray-process"),
    (_mutant(["check", "--help"]), _run(0, "  20  unknown (timeout, internal error)\n"), "ok:0"),
    (_mutant(["check", "--timeout"]), _run(2, "", "Error: Option '--timeout' requires an "
                                                  "argument.\n"), "usage"),
    (_mutant(["check", "prog.bpl"]),
     _run(2, "", "prog.bpl:1:1: error: preprocessing failed: prog.bpl:3:2: error: x\n"),
     "ok:2"),
])
def test_oracle_classifies(mutant, run, outcome):
    assert classify(mutant, run)[0] == outcome
