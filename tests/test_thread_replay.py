"""Concurrent bugs confirmed by execution (issue 33; replay/schedule.py, replay/threads.py,
replay/sched_runtime.py).

- The schedule of a trace: the events of each thread (accesses, calls of the thread API,
  start, end) in the order the threads ran them, ending at the failing check.
- Confirmed in both front ends: the lost update of two threads doing `x = x + 1`
  (tests/data/threads/replay/counter_race.c: the first thread must stop between its read
  and its write), and a bug that needs one interleaving of critical sections, a flag and
  a mutex, failing in the consumer thread (flag_mutex.c).
- Strictness: a schedule changed on purpose (threads run one after the other; a thread's
  turn before it is created; a thread's write before its read; a mutex locked while
  another thread holds it; a thread that never gives the baton back) is run as it is and
  answered "not confirmed" with the reason, never "confirmed".  The stuck run is ended by
  the runtime's watchdog; no test reads the clock.
- A misuse of the thread API that the model checks (locking an uninitialised mutex) keeps
  its "not replayable" answer; so does a trace that stops a thread inside a C library
  call (strcpy_split.c: natively the call runs whole).
The checks run in the host's data model (LP64 here: gcc), the lost update in ILP32 too
(`gcc -m32` or zig's clang), the replays of changed schedules in ILP32; each skips when
there is no compiler for its data model.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from frontend.load import host_data_model
from replay import native
from replay.schedule import API, END, FAIL, READ, START, WRITE, Schedule, schedule_of

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "threads"
REPLAY = DATA / "replay"
PYCORRAL = [sys.executable, "-m", "pycorral.cli"]
FLAGS = ["--context-bound", "2", "--bound", "1", "--timeout", "600"]

needs_compiler = pytest.mark.skipif(native.toolchain("ILP32") is None,
                                    reason="no C compiler for native replay (ILP32)")


def _check(path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*PYCORRAL, "check", "--no-color", *FLAGS, *args, str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=1200,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def _trace(path: Path, frontend: str = "c"):
    p = _check(path, "--json", "--frontend", frontend)
    assert p.returncode == 10, p.stdout + p.stderr
    doc = json.loads(p.stdout)
    return native.trace_from_json(doc["trace"]), doc


# ----------------------------------------------------------------------------- the schedule

def test_schedule_of_the_lost_update():
    trace, _ = _trace(REPLAY / "counter_race.c")
    sched = schedule_of(trace)
    assert sched.threads == ("main", "worker", "worker")
    assert sched.failure.kind == FAIL and sched.failure.thread == 1
    assert sched.failure.line == 22
    ev = sched.events
    # both workers start and read x; the lost update: a worker's read of x (line 12) comes
    # before the other worker's write, and that write before the first worker's own
    reads = [k for k, e in enumerate(ev) if e.kind == READ and e.line == 12]
    writes = [k for k, e in enumerate(ev) if e.kind == WRITE and e.line == 12]
    assert {ev[k].thread for k in reads} == {2, 3} == {ev[k].thread for k in writes}
    first = min(reads, key=lambda k: k)
    t = ev[first].thread
    own_write = next(k for k in writes if ev[k].thread == t)
    assert any(first < k < own_write and ev[k].thread != t for k in writes), ev
    # each thread's creation precedes its start; main's joins precede the failure
    for tid in (2, 3):
        start = next(k for k, e in enumerate(ev) if e.thread == tid and e.kind == START)
        creates = [k for k, e in enumerate(ev) if e.kind == API and e.api == "pthread_create"]
        assert creates[tid - 2] < start
    joins = [e for e in ev if e.kind == API and e.api == "pthread_join"]
    assert [e.line for e in joins] == [20, 21]
    # the threads' ends come before their joins; nothing follows the failure
    assert [e.thread for e in ev if e.kind == END] and ev[-1].kind == FAIL


def _synthetic():
    """Boogie steps of main (thread 1) creating a worker that locks a mutex: the worker's
    read in round 0, its lock's two switches (rounds 0 and 1), main's write in round 1
    (the sequential program runs the worker whole at its creation)."""
    from boogie.passes.sequentialize import FAILED, SPAWN
    from verifier.result import TraceStep

    def blk(proc, depth, label, line, rnd=None, **values):
        vals = ({"cs#round": str(rnd)} if rnd is not None else {}) | values
        return TraceStep("block", proc, depth, label, "r.c", line, 1, "",
                         tuple(vals.items()))

    lib = str(PTHREAD)
    return (
        TraceStep("call", "main", 1, "start", "r.c", 10, 1),
        TraceStep("call", "pthread_create", 2, "b", "r.c", 11, 3),
        blk("pthread_create", 2, "cs#switch_atomic", 84, 0, **{"cs#atomic": "True"}),
        TraceStep("call", "__pycorral_thread_main", 3, SPAWN, lib, 96, 3),
        TraceStep("call", "worker", 4, "b", lib, 78, 31),
        blk("worker", 4, "cs#switch_read", 3, 0, **{"$t1": "0"}),
        TraceStep("call", "pthread_mutex_lock", 5, "b", "r.c", 4, 3),
        replace(blk("pthread_mutex_lock", 5, "cs#switch_read", 250, 0), file=lib),
        replace(blk("pthread_mutex_lock", 5, "cs#switch_atomic", 258, 1,
                    **{"cs#atomic": "True"}), file=lib),
        TraceStep("return", "pthread_mutex_lock", 5, "b", "r.c", 4, 3),
        TraceStep("return", "worker", 4, "b", lib, 78, 31),
        TraceStep("return", "__pycorral_thread_main", 3, SPAWN, lib, 96, 3),
        TraceStep("return", "pthread_create", 2, "b", "r.c", 11, 3),
        blk("main", 1, "cs#switch_write", 12, 1, **{"x#r0": "1", "x#r1": "1"}),
        blk("main", 1, "cs#switch_alloc", 13, 1, **{"$p1": "8"}),
        blk("main", 1, FAILED, 14),
    )


PTHREAD = ROOT / "frontend" / "include" / "pycorral_pthread.c"


def test_schedule_of_synthetic_steps():
    """Sorted by round, stably: the creation and the worker's read in round 0; in round 1
    the worker's lock -- one event, in the round of its last switch (its atomic section),
    before main's write, which the sequential program ran later -- and its end, then
    main's write; the allocation is no event; the failure ends the schedule."""
    from verifier.result import Trace
    sched = schedule_of(Trace(_synthetic()))
    got = [(e.thread, e.kind, e.api or e.line, e.round) for e in sched.events]
    assert got == [(1, API, "pthread_create", 0), (2, READ, 3, 0),
                   (2, API, "pthread_mutex_lock", 1), (2, END, 0, 1),
                   (1, WRITE, 12, 1), (1, FAIL, 14, 1)], got
    lock = sched.events[2]
    assert (lock.file, lock.line) == ("r.c", 4)         # at the call, not in the model
    assert sched.threads == ("main", "worker")


# ----------------------------------------------------------------------------- confirmed

def _compiler(model: str):
    return pytest.mark.skipif(native.toolchain(model) is None,
                              reason=f"no C compiler for native replay ({model})")


@pytest.mark.parametrize("frontend,model", [
    pytest.param("c", "LP64", marks=_compiler("LP64")),
    pytest.param("llvm", "LP64", marks=_compiler("LP64")),
    pytest.param("c", "ILP32", marks=_compiler("ILP32")),
    pytest.param("llvm", "ILP32", marks=(_compiler("ILP32"), pytest.mark.slow))])
def test_lost_update_is_confirmed_by_execution(frontend, model):
    """gcc instruments LP64 (and ILP32 where `gcc -m32` links); zig's clang ILP32."""
    p = _check(REPLAY / "counter_race.c", "--frontend", frontend, "--data-model", model)
    assert p.returncode == 10, p.stdout + p.stderr
    assert "confirmed by execution: the native run, following the trace's schedule (3 " \
           "threads" in p.stdout, p.stdout
    assert "reached the error (__assert_fail) at line 22 in thread 1 (main)" in p.stdout


@needs_compiler
@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_flag_and_mutex_interleaving_is_confirmed_in_the_consumer(frontend):
    p = _check(REPLAY / "flag_mutex.c", "--frontend", frontend)
    assert p.returncode == 10, p.stdout + p.stderr
    assert "confirmed by execution: the native run, following the trace's schedule" \
        in p.stdout, p.stdout
    assert "at line 32 in thread 3 (consumer)" in p.stdout, p.stdout


@pytest.mark.skipif(native.toolchain(host_data_model()) is None,
                    reason="no C compiler for native replay (the host's data model)")
def test_replay_command_runs_a_concurrent_trace_under_its_schedule(tmp_path):
    """`pycorral replay --trace-json` of a concurrent bug: the same native replay."""
    _, doc = _trace(REPLAY / "counter_race.c")
    saved = tmp_path / "r.json"
    saved.write_text(json.dumps(doc))
    p = subprocess.run([*PYCORRAL, "replay", str(REPLAY / "counter_race.c"), "--trace-json",
                        str(saved)], capture_output=True,
                       text=True, cwd=ROOT, timeout=600,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.startswith("confirmed by execution: the native run, following the "
                               "trace's schedule"), p.stdout


def test_a_switch_inside_a_library_call_has_no_schedule():
    """The trace stops a thread inside strcpy (the C library's model): natively strcpy
    runs whole, so there is no schedule to follow -- said, not replayed."""
    p = _check(REPLAY / "strcpy_split.c", "--bound", "4")
    assert p.returncode == 10, p.stdout + p.stderr
    assert "not confirmed by execution (not replayable): thread schedule: the trace " \
           "stops thread 2 in the middle of its call of the library function strcpy at " \
           "strcpy_split.c:10:20" in p.stdout, p.stdout


@needs_compiler
def test_model_checked_misuse_stays_not_replayable():
    p = _check(DATA / "lock_uninitialised_bug.c")
    assert p.returncode == 10, p.stdout + p.stderr
    assert "not confirmed by execution (not replayable): a thread API misuse that " \
           "pycorral's pthread model checks" in p.stdout, p.stdout


# ----------------------------------------------------------------------------- not confirmed

def _run(path: Path, trace, sched: Schedule, timeout: float = 10.0):
    from replay.threads import replay_schedule
    return replay_schedule([str(path)], sched, native.inputs_from_trace([str(path)], trace),
                           timeout=timeout)


def _moved(sched: Schedule, order: list[int]) -> Schedule:
    return replace(sched, events=tuple(sched.events[k] for k in order))


@pytest.fixture(scope="module")
def race():
    trace, _ = _trace(REPLAY / "counter_race.c")
    return trace, schedule_of(trace)


@needs_compiler
def test_the_trace_schedule_itself_is_confirmed(race):
    trace, sched = race
    out = _run(REPLAY / "counter_race.c", trace, sched)
    assert out.status == "confirmed", out.reason


@needs_compiler
def test_threads_one_after_the_other_are_not_confirmed(race):
    """The same events, each worker whole right after its creation: a real schedule of
    the program, under which no update is lost -- main's check holds, and main ends
    where the trace has it fail."""
    trace, sched = race
    ev = sched.events
    order: list[int] = []
    for k, e in enumerate(ev):
        if e.thread == 1:
            order.append(k)
            if e.kind == API and e.api == "pthread_create":
                child = len([x for x in order if ev[x].kind == API
                             and ev[x].api == "pthread_create"]) + 1
                order += [j for j, x in enumerate(ev) if x.thread == child]
    out = _run(REPLAY / "counter_race.c", trace, _moved(sched, order))
    assert out.status == "not_replayable", out
    assert out.reason.startswith("the native run left the trace's schedule: thread 1 "
                                 "ended natively before the failing check at "
                                 "counter_race.c:22"), out.reason


@needs_compiler
def test_a_turn_of_a_thread_not_yet_created_is_not_confirmed(race):
    trace, sched = race
    ev = sched.events
    start3 = next(k for k, e in enumerate(ev) if e.thread == 3 and e.kind == START)
    create3 = [k for k, e in enumerate(ev) if e.kind == API and e.api == "pthread_create"][1]
    order = list(range(len(ev)))
    order.remove(start3)
    order.insert(create3, start3)            # thread 3 runs before it is created
    out = _run(REPLAY / "counter_race.c", trace, _moved(sched, order))
    assert out.status == "not_replayable", out
    assert "it is thread 3's turn (thread 3's start), but the native run has not " \
           "created thread 3" in out.reason, out.reason


@needs_compiler
def test_a_write_due_before_its_read_is_not_confirmed(race):
    """A thread's write of x scheduled before its read (swapped): natively the thread
    reads first -- it skips the write the trace has it make where threads switch."""
    trace, sched = race
    ev = list(sched.events)
    k = next(k for k, e in enumerate(ev) if e.kind == READ and e.line == 12)
    t = ev[k].thread
    w = next(j for j in range(k + 1, len(ev)) if ev[j].thread == t and ev[j].kind == WRITE)
    ev[k], ev[w] = ev[w], ev[k]
    out = _run(REPLAY / "counter_race.c", trace, replace(sched, events=tuple(ev)))
    assert out.status == "not_replayable", out
    assert f"thread {t} did not make its write at counter_race.c:12" in out.reason, \
        out.reason


@needs_compiler
def test_locking_a_held_mutex_is_not_confirmed():
    """The consumer's lock scheduled while the producer holds the mutex: the consumer's
    lock would block natively; the wrapper tries the lock and says so."""
    path = REPLAY / "flag_mutex.c"
    trace, _ = _trace(path)
    sched = schedule_of(trace)
    ev = sched.events

    def upto(thread: int, pred, after: int = -1) -> list[int]:
        mine = [k for k, e in enumerate(ev) if e.thread == thread and k > after]
        end = next(k for k in mine if pred(ev[k]))
        return [k for k in mine if k <= end]

    creates = [k for k, e in enumerate(ev) if e.api == "pthread_create"]
    start2 = upto(2, lambda e: e.kind == START)
    main = upto(1, lambda e: e.api == "pthread_create")              # creates thread 2
    main += upto(1, lambda e: e.api == "pthread_create", creates[0])  # creates thread 3
    lock2 = upto(2, lambda e: e.api == "pthread_mutex_lock", start2[-1])
    lock3 = upto(3, lambda e: e.api == "pthread_mutex_lock")
    first = main[:main.index(creates[0]) + 1] + start2 + main[main.index(creates[0]) + 1:]
    first += lock2 + lock3
    order = first + [k for k in range(len(ev)) if k not in first]
    out = _run(path, trace, _moved(sched, order))
    assert out.status == "not_replayable", out
    assert "thread 3 must lock a mutex another thread holds" in out.reason, out.reason


@needs_compiler
def test_a_thread_that_keeps_the_baton_is_ended_by_the_watchdog():
    """A worker that spins without touching memory, given its turn right after its
    creation: it never reaches a hook, main waits for ever -- the runtime's watchdog ends
    the run and the answer says where it was stuck."""
    path = REPLAY / "spin_forever.c"
    trace, _ = _trace(path)
    sched = schedule_of(trace)
    ev = [e for e in sched.events if e.thread != 2]
    create = next(k for k, e in enumerate(ev) if e.api == "pthread_create")
    ev.insert(create + 1, replace(ev[create], thread=2, kind=START, api="", line=0))
    out = _run(path, trace, replace(sched, events=tuple(ev)), timeout=2)
    assert out.status == "not_replayable", out
    assert "was stuck and was killed" in out.reason and "thread 2 running" in out.reason, \
        out.reason
