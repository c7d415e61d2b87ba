"""C-level traces of concurrent C programs (issue 22; verifier/traces/ctrace_threads.py, the thread
tags of ctrace_build.py, the console lines of ctrace_text.py).

- The schedule: synthetic steps, in the order the sequentialized program ran them, put in
  the order the threads ran (a stable sort by round): the lost update reads "thread 1
  reads, thread 2 runs, thread 1 writes back", the steps after the failure are cut, each
  thread's depths start at its start routine, creations and joins name their thread.
- Golden traces of examples/driver_race.c (tests/data/ctrace/threads/driver_race.*.trace:
  the console output without the timing summary, paths relative to the repository;
  `--update-golden` or PYCORRAL_UPDATE_GOLDEN=1 rewrites them; `--strategy si`: one solver,
  one model, where the portfolio's first answer may differ).  The C front end's runs by
  default, the LLVM front end's (several times slower) with `-m slow`.
- The trace is C only (no Boogie names), names both threads, every context-switch line is
  a real one (the thread before and after differ), and the same trace in JSON carries each
  step's thread; the locked version is not flagged.
- SMACK's pthread regressions that fail (`*_fail.c`, context bound 2): every bug trace
  builds, and every thread the Boogie-level trace names has C steps (differential between
  the two views of the same path).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from frontend.llvm.compile import clang_command
from verifier.ctrace import Assign, Enter, Fail, Join, Leave, Spawn, SourceTrace
from verifier.traces.ctrace_text import source_trace_lines
from verifier.traces.ctrace_threads import interleave

from conftest import CORPORA, corpus_rows_missing

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "ctrace" / "threads"
EXAMPLE = ROOT / "examples" / "driver_race.c"
PYCORRAL = [sys.executable, "-m", "pycorral.cli"]
SMACK_PTHREAD = CORPORA / "smack" / "pthread"
# the cheap ones by default (a few seconds each); the others take up to minutes
SMACK_FAST = ("join_fail.c", "join_return_fail.c", "lock_fail.c", "lock2_fail.c")
# what a C trace of a concurrent program never shows: the translation's names, round
# copies, heap maps, block labels, the model library's file
BOOGIE_WORDS = re.compile(r"cs#|#r\d|#in\d|\$M|Store\(|\bK\(|pycorral_|goes on in round|"
                          r"return from|\[main\]")
SWITCH = re.compile(r"^  --- context switch: thread (\d+)")
TAG = re.compile(r"\[thread (\d+)")


# ----------------------------------------------------------------------------- the schedule

def _steps():
    """main (thread 1) creates thread 2 in round 0 and adds 1 to `x` (read in round 0,
    written back in round 1); thread 2 adds 1 to `x` in round 0; main asserts x == 2 in
    round 1.  The sequential program runs thread 2 whole at its creation."""
    def at(cls, thread, rnd, depth, line, **kw):
        return cls(depth=depth, file="r.c", line=line, thread=thread, round=rnd, **kw)
    return (
        at(Enter, 1, 0, 0, 10, function="main"),
        at(Enter, 1, 0, 1, 11, function="pthread_create"),
        at(Spawn, 1, 0, 2, 11, child=2),
        at(Enter, 2, 0, 3, 11, function="worker"),        # nested at its creation
        at(Assign, 2, 0, 4, 3, lvalue="x", value="1"),
        at(Leave, 2, 0, 4, 4, function="worker", value="NULL"),
        at(Leave, 1, 0, 2, 11, function="pthread_create", value="0"),
        at(Assign, 1, 0, 1, 12, lvalue="tmp", value="0"),   # reads x: before the worker ran?
        at(Assign, 1, 1, 1, 12, lvalue="x", value="1"),     # writes back in round 1
        at(Enter, 1, 1, 1, 13, function="pthread_join", args=(("thread", "2"),)),
        at(Leave, 1, 1, 2, 13, function="pthread_join", value="0"),
        at(Fail, 1, 1, 1, 14),
        at(Leave, 1, 1, 1, 15, function="after the failure"),
    )


def test_steps_are_sorted_by_round_stably():
    t = interleave(_steps())
    assert t.threads == ("main", "worker")
    order = [(s.thread, s.round, s.line) for s in t.steps]
    # round 0: main up to the creation, the worker's round 0, main's round 0 after it
    # (the creation is a switch to the new thread); round 1: main's write-back
    assert order == [(1, 0, 10), (1, 0, 11), (1, 0, 11), (2, 0, 11), (2, 0, 3), (2, 0, 4),
                     (1, 0, 11), (1, 0, 12), (1, 1, 12), (1, 1, 13), (1, 1, 13), (1, 1, 13),
                     (1, 1, 14)]
    assert isinstance(t.steps[-1], Fail)               # nothing after the failure


def test_a_read_in_an_earlier_round_moves_before_the_other_thread():
    """The lost update: main reads `x` in round 0, the worker runs its whole round 1 (in
    the sequential program, before main's read), main writes back in round 1."""
    steps = (
        Enter(depth=0, function="main", thread=1, round=0),
        Spawn(depth=1, child=2, thread=1, round=0),
        Enter(depth=2, function="worker", thread=2, round=0),
        Assign(depth=3, lvalue="x", value="1", thread=2, round=1),   # worker writes late
        Leave(depth=3, function="worker", thread=2, round=1),
        Assign(depth=1, lvalue="tmp", value="0", thread=1, round=0),  # main reads early
        Assign(depth=1, lvalue="x", value="1", thread=1, round=1),    # main writes back
        Fail(depth=1, thread=1, round=1),
    )
    t = interleave(steps)
    seen = [(s.thread, getattr(s, "lvalue", type(s).__name__)) for s in t.steps]
    assert seen == [(1, "Enter"), (1, "Spawn"), (2, "Enter"), (1, "tmp"), (2, "x"),
                    (2, "Leave"), (1, "x"), (1, "Fail")]
    lines = source_trace_lines(t, None)
    switches = [ln.strip() for ln in lines if "context switch" in ln]
    assert switches == ["--- context switch: thread 2 (worker) runs ---",
                        "--- context switch: thread 1 (main) runs ---",
                        "--- context switch: thread 2 (worker) runs ---",
                        "--- context switch: thread 1 (main) runs ---"]


def test_threads_depths_spawns_and_joins():
    t = interleave(_steps())
    worker = [s for s in t.steps if s.thread == 2]
    assert [s.depth for s in worker] == [0, 1, 1]       # from its start routine
    spawn = next(s for s in t.steps if isinstance(s, Spawn))
    assert (spawn.child, spawn.name) == (2, "worker")
    join = next(s for s in t.steps if isinstance(s, Join))
    assert (join.child, join.name, join.thread, join.depth) == (2, "worker", 1, 2)
    text = "\n".join(source_trace_lines(t, None))
    assert "creates thread 2 (worker)" in text
    assert "waits for thread 2 (worker) to end" in text


def test_json_round_trip_keeps_threads():
    t = interleave(_steps())
    doc = json.loads(json.dumps(t.to_json()))
    assert doc["threads"] == ["main", "worker"]
    assert all("thread" in s for s in doc["steps"])
    assert SourceTrace.from_json(doc) == t
    # a sequential trace's JSON has no thread fields
    seq = SourceTrace("c", (Enter(depth=0, function="main"),))
    assert "thread" not in seq.to_json()["steps"][0] and "threads" not in seq.to_json()


# ----------------------------------------------------------------------------- the example

def _run(path: Path, *args: str, timeout: int = 900) -> subprocess.CompletedProcess:
    return subprocess.run([*PYCORRAL, "check", "--no-color", *args, str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def _trace_text(out: str) -> str:
    out = out.replace(str(ROOT) + "/", "")
    return "".join(ln + "\n" for ln in out.splitlines() if not ln.startswith("summary:"))


def _race(frontend: str, *extra: str) -> subprocess.CompletedProcess:
    return _run(EXAMPLE.relative_to(ROOT), "--context-bound", "3", "--bound", "2",
                "--frontend", frontend, "--strategy", "si", *extra)


def _updating(request) -> bool:
    return bool(request.config.getoption("--update-golden")) or \
        os.environ.get("PYCORRAL_UPDATE_GOLDEN") == "1"


@pytest.mark.parametrize("frontend", [
    "c", pytest.param("llvm", marks=[pytest.mark.slow, pytest.mark.skipif(
        clang_command() is None, reason="no clang: neither system clang nor ziglang")])])
def test_driver_race_trace(frontend, request):
    p = _race(frontend)
    assert p.returncode == 10, p.stdout + p.stderr
    text = _trace_text(p.stdout)
    trace = text[text.index("trace:\n"):]
    assert not BOOGIE_WORDS.search(trace), BOOGIE_WORDS.search(trace).group(0) + "\n" + text
    lines = trace.splitlines()[1:]
    tags = {TAG.search(ln).group(0) for ln in lines if TAG.search(ln)}
    assert tags == {"[thread 1", "[thread 2"}, text
    assert "[thread 2: interrupt_handler]" in trace and "[thread 1: main]" in trace
    # every switch line is a real one: the thread before it and after it differ
    switches = 0
    for i, ln in enumerate(lines):
        m = SWITCH.match(ln)
        if m:
            switches += 1
            before, after = TAG.search(lines[i - 1]), TAG.search(lines[i + 1])
            assert before and after and before.group(1) != after.group(1) == m.group(1), ln
    assert switches >= 1, text
    # ... and where the thread changes, there is a switch line
    threads = [TAG.search(ln).group(1) if TAG.search(ln) else None for ln in lines]
    for i in range(1, len(lines)):
        if threads[i] and threads[i - 1] and threads[i] != threads[i - 1]:
            pytest.fail(f"thread changes without a switch line: {lines[i]}")
    assert "creates thread 2 (interrupt_handler)" in trace
    assert lines[-1].split("]", 1)[1].strip().startswith("FAILS: assert(")
    expected = GOLDEN / f"driver_race.{frontend}.trace"
    if _updating(request) or not expected.exists():
        expected.parent.mkdir(exist_ok=True)
        expected.write_text(text)
        if not _updating(request):
            pytest.fail(f"golden trace {expected.name} was missing and has been written")
    assert text == expected.read_text(), f"{expected.name} differs (--update-golden)"


def test_driver_race_json_and_sarif(tmp_path):
    sarif = tmp_path / "r.sarif"
    p = _race("c", "--json", "--sarif", str(sarif))
    assert p.returncode == 10, p.stdout + p.stderr
    src = json.loads(p.stdout)["trace"]["source"]
    assert src["threads"] == ["main", "interrupt_handler"]
    shown = [s for s in src["steps"] if not s["full"]]
    assert {s["thread"] for s in shown} == {1, 2}
    # schedule order: the rounds never go back
    rounds = [s["round"] for s in src["steps"]]
    assert rounds == sorted(rounds)
    flow = json.loads(sarif.read_text())["runs"][0]["results"][0]["codeFlows"][0]
    texts = [x["location"]["message"]["text"] for x in flow["threadFlows"][0]["locations"]]
    assert any(t.startswith("[thread 2: interrupt_handler] ") for t in texts), texts
    assert all(t.startswith("[thread ") for t in texts), texts


def test_driver_race_locked_is_not_flagged():
    p = _run(Path("examples/driver_race_locked.c"), "--context-bound", "3", "--bound", "1",
             "--json")
    assert p.returncode == 30, p.stdout + p.stderr
    assert json.loads(p.stdout)["verdict"] == "bounded"


# ----------------------------------------------------------------------------- SMACK's pthread

def _smack_fail():
    files = sorted(SMACK_PTHREAD.glob("*_fail.c")) if SMACK_PTHREAD.is_dir() else []
    if not files:
        return corpus_rows_missing("smack")
    return [pytest.param(f, id=f.name, marks=() if f.name in SMACK_FAST else
                         (pytest.mark.slow,)) for f in files]


@pytest.mark.corpora("smack")
@pytest.mark.parametrize("path", _smack_fail())
def test_smack_pthread_bug_traces(path):
    p = _run(path, "--context-bound", "2", "--bound", "2", "--json", "--timeout", "600")
    assert p.returncode == 10, p.stdout + p.stderr
    doc = json.loads(p.stdout)
    src = doc["trace"]["source"]
    per_thread = Counter(s["thread"] for s in src["steps"])
    assert 0 not in per_thread and src["threads"], src
    ran = {int(m.group(1)) for s in doc["trace"]["steps"]
           for m in [re.match(r"thread (\d+)", s.get("text", ""))] if m}
    assert ran and all(per_thread[t] > 0 for t in ran), (ran, per_thread)
    assert isinstance(src["steps"][-1], dict) and src["steps"][-1]["kind"] == "fail"
    rounds = [s["round"] for s in src["steps"]]
    assert rounds == sorted(rounds)
    # the human trace renders too, with C only
    q = _run(path, "--context-bound", "2", "--bound", "2", "--timeout", "600")
    assert q.returncode == 10 and "internal error" not in q.stdout, q.stdout
    trace = q.stdout[q.stdout.index("trace:"):]
    assert not BOOGIE_WORDS.search(trace.replace("pycorral_pthread.c", "")), trace
