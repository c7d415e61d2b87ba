"""Maps a trace of a sequentialized concurrent program back to threads.

Input: a `Trace` of the program `boogie.passes.sequentialize` made (bug found); output: the
same steps, each step's text naming its thread (`thread 2: ...`), the thread creations, the
context switches (`context switch: thread 2 goes on in round 1`), a preemption for good and
the failing assertion as steps of their own.  Threads are numbered like the translation's
`cs#tid`: the entry is thread 1, then 2, 3... in creation order.

How a step's thread is known: the translation runs a new thread as a call from a block whose
label starts with `cs#spawn`; every step deeper than that call, up to its return, is that
thread's (threads nest like calls).  Its labels `cs#switch*`, `cs#preempted*` and
`cs#assert_failed*` mark the other events.  A `cs#switch*` block where the thread goes on
in the round it was already in is no context switch: it is not called one (and the console
leaves it out when it assigns nothing but the translation's own variables,
render.py; the steps stay one for one with the path, which `Violation.step` indexes).
(A new thread starts in its creator's round.)

A C program keeps its source-level trace (ctrace_build.py, ctrace_threads.py: C steps with
their threads, in schedule order); the source view of Boogie input is dropped, its steps
carry the thread names.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.passes.sequentialize import FAILED, PREEMPTED, SPAWN, SWITCHED

from verifier.result import Trace, TraceStep


def _stem(label: str, stem: str) -> bool:
    return label == stem or label.startswith(stem + "_")


def name_threads(trace: Trace) -> Trace:
    """`trace` with every step's text naming its thread (see the module docstring)."""
    stack: list[tuple[int, int]] = [(0, 1)]      # (depth of the thread's first call, id)
    rounds = {1: 0}                                # each thread's round so far
    count = 1
    pending_spawn = False                       # the last block step was a spawn block
    out: list[TraceStep] = []
    for s in trace.steps:
        while len(stack) > 1 and s.depth < stack[-1][0]:
            stack.pop()
        if s.kind == "call" and pending_spawn:
            count += 1
            out.append(replace(s, text=f"thread {stack[-1][1]} creates thread {count} "
                                       f"({s.proc})"))
            rounds[count] = rounds.get(stack[-1][1], 0)
            stack.append((s.depth, count))
            pending_spawn = False
            continue
        tid = stack[-1][1]
        if s.kind == "block":
            pending_spawn = _stem(s.label, SPAWN) and "after the call" not in s.text
            if _stem(s.label, SWITCHED) and _round(s) == rounds.get(tid):
                out.append(replace(s, text=_named(tid, s.text)))   # no switch
                continue
            if _stem(s.label, SWITCHED) and _round(s) is not None:
                rounds[tid] = _round(s)
            text = _event(s, tid)
        else:
            text = _named(tid, s.text)
        out.append(replace(s, text=text))
    # a C program's source-level trace has its threads and schedule (ctrace_threads.py);
    # for Boogie input the steps, not the block-level source view, carry the thread names
    c = trace.source is not None and trace.source.language == "c"
    return replace(trace, steps=tuple(out), source=trace.source if c else None)


def _round(s: TraceStep) -> int | None:
    rounds = [v for k, v in s.values if k.startswith("cs#round")]
    try:
        return int(rounds[-1]) if rounds else None
    except ValueError:
        return None


def _event(s: TraceStep, tid: int) -> str:
    if _stem(s.label, SWITCHED):
        rounds = [v for k, v in s.values if k.startswith("cs#round")]
        where = f" in round {rounds[-1]}" if rounds else ""
        return f"context switch: thread {tid} goes on{where}"
    if _stem(s.label, PREEMPTED):
        return f"context switch: thread {tid} is not scheduled again"
    if _stem(s.label, FAILED):
        return f"thread {tid}: the assertion fails here"
    return _named(tid, s.text)


def _named(tid: int, text: str) -> str:
    return f"thread {tid}: {text}" if text else f"thread {tid}"
