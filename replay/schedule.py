"""The thread schedule of a concurrent bug's trace, as the native replay follows it.

Role: the model half of replaying a concurrent trace natively (replay/threads.py runs it).
Input: the Boogie-level `Trace` of a sequentialized program (boogie/passes/sequentialize.py,
Lal-Reps) with its C source trace; output: a `Schedule` -- the *events* of every thread in
the order the threads ran them, ending at the failing check -- or the reason there is none.

**Events.**  The sequentialization puts a context switch before every command that touches
shared memory (a global, the heap, an escaped local) and before every atomic section; each
such switch is a `cs#switch_<kind>*` block of the trace, located at the access it
precedes (the pass puts the access's `{:sourceloc}` on the block's first command), naming
what the access does (`sequentialize.ACCESS_KINDS`) and showing the round the thread goes
on in (`cs#round`).  So the trace gives, per thread, the sequence of its shared accesses
with their rounds.  They become events:
  read / write / update   an access in the program's own code (update: one command reads
                 and writes, an atomic read-modify-write);
  api            a call of the thread API, at the call's location in the program: the
                 switches inside the model's function (frontend/include/pycorral_pthread.c)
                 are one event (in the round of the last: the native call is one step);
                 `pthread_cond_wait` is its unlock and its lock; `atomic` is the begin of
                 an atomic section (`__VERIFIER_atomic_begin`, an atomic function's call);
  start / end    a thread begins its start routine / ends (its start routine returned or
                 it called pthread_exit; the entry's end is main's return);
  library        an access inside a C library model (pycorral_libc.c), and the return of
                 its call: no native run can stop there (the system's library is not
                 instrumented), so these events are not in the schedule; a trace that
                 switches threads between the thread's previous event and one of them, or
                 that stops the thread inside the call, is not replayable
                 (`library_switch`);
  fail           the failing check.
Switches before what no native run does are left out: a front end's allocation (its
counter: `$alloc`, `$CurrAddr`), an assume, assertion or havoc over shared state, a call of
a body-less procedure, a yield.

**Order.**  As in verifier/traces/ctrace_threads.py: the sequential program runs each new thread
to its end where it is created, and the rounds follow each other, so the real order is the
events stably sorted by round (by round, then by position in the trace); everything after
the failing check is cut.

The nondeterministic values are per thread (the source trace's `Nondet` steps carry their
thread): a native run calls `__VERIFIER_nondet_*` in each thread in the trace's order, but
the threads' calls interleave as the schedule does, not as the sequential program did.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from boogie.passes.sequentialize import FAILED, PREEMPTED, SPAWN, SWITCHED
from frontend.models import ERRNO_FILE, LIBC_FILE, PTHREAD_FILE, defined_functions
from verifier.ctrace import Nondet
from verifier.traces.ctrace_text import shown
from verifier.result import Trace, TraceStep

from . import harness

READ, WRITE, UPDATE, API, START, END, FAIL, LIBRARY = (
    "read", "write", "update", "api", "start", "end", "fail", "library")
# the thread API calls that are native steps of their own (their wrappers in the runtime,
# replay/sched_runtime.py); other functions of the model are part of the call around them
PRIMITIVES = ("pthread_create", "pthread_join", "pthread_mutex_lock",
              "pthread_mutex_trylock", "pthread_mutex_unlock")
ATOMIC = "atomic"
THREAD_BODY = "__pycorral_thread_main"      # the model's body of every thread
THREAD_END = "__pycorral_thread_end"
EXIT = "pthread_exit"
ALLOCATORS = ("$alloc", "$CurrAddr")         # the front ends' allocation counters
_COPY = re.compile(r"^(.+)#r\d+$")


@dataclass(frozen=True, slots=True)
class Event:
    thread: int
    kind: str               # READ, WRITE, UPDATE, API, START, END, FAIL (LIBRARY: see doc)
    file: str = ""
    line: int = 0
    col: int = 0
    round: int = 0
    api: str = ""           # API: the function (PRIMITIVES, or ATOMIC)
    function: str = ""      # LIBRARY: the library function
    call: int = -1          # LIBRARY: which call (-1: the call returns here)

    def where(self) -> str:
        return f"{os.path.basename(self.file)}:{self.line}:{self.col}" if self.line else ""

    def describe(self) -> str:
        """The event as a reason names it: "its write at r.c:12:5", "its call of
        pthread_mutex_lock at r.c:20:3", "its start"."""
        at = f" at {self.where()}" if self.line else ""
        if self.kind in (READ, WRITE):
            return f"its {self.kind} at {self.where()}"
        if self.kind == UPDATE:
            return f"its read and write at {self.where()}"
        if self.kind == API:
            what = "atomic section" if self.api == ATOMIC else f"call of {self.api}"
            return f"its {what}{at}"
        if self.kind == FAIL:
            return f"the failing check{at}"
        return {START: "its start", END: "its end"}.get(self.kind, self.kind) + at


@dataclass(frozen=True)
class Schedule:
    """The events in the order the threads ran them (the last is the failure), the
    threads' names (thread n at n-1), and each thread's nondet values in order."""
    events: tuple[Event, ...]
    threads: tuple[str, ...]
    values: dict[int, tuple[str, ...]] = field(default_factory=dict)
    switches: int = -1      # the context switches the trace shows (-1: from the events)

    def context_switches(self) -> int:
        if self.switches >= 0:
            return self.switches
        return sum(1 for a, b in zip(self.events, self.events[1:]) if a.thread != b.thread)

    @property
    def failure(self) -> Event:
        return self.events[-1]


class NoSchedule(Exception):
    """The trace has no schedule a native run can follow (the message says why)."""


# ----------------------------------------------------------------------------- extraction

@dataclass
class _Thread:
    tid: int
    round: int = 0
    frames: list = field(default_factory=list)   # [(procedure, depth, step index)]
    stopped: bool = False       # preempted for good (never scheduled again)
    exiting: bool = False       # its end has begun (pthread_exit, the model's thread end)
    started: bool = False       # its start routine was called
    group: tuple | None = None  # (frame step index, primitive) of the open API event
    effect: bool = False        # the open API call's atomic section has begun
    library: tuple | None = None    # (frame step index, function) of an open library call


class _Walk:
    """One pass over the Boogie steps: the threads (as verifier/traces/threads.py numbers them),
    their frames and rounds, and the events with their (round, position)."""

    def __init__(self, steps: tuple[TraceStep, ...]):
        self.steps = steps
        self.model = frozenset(defined_functions(str(PTHREAD_FILE)))
        self.library = frozenset(defined_functions(str(LIBC_FILE))) | frozenset(
            defined_functions(str(ERRNO_FILE)))
        self.library_files = (LIBC_FILE.name, ERRNO_FILE.name)
        self.threads: dict[int, _Thread] = {1: _Thread(1)}
        self.names: dict[int, str] = {1: ""}
        self.stack: list[tuple[int, int]] = [(0, 1)]      # (depth of first call, thread)
        self.events: list[tuple[int, int, Event] | None] = []   # (round, position, event)
        self.open: dict[int, int] = {}                    # thread -> index of its API event
        self.failed = False

    def run(self) -> None:
        # the whole path: after the failure the failing thread stops, and the others go on
        # -- some of their steps ran before the failure (an earlier round)
        for i, s in enumerate(self.steps):
            while len(self.stack) > 1 and s.depth < self.stack[-1][0]:
                self.stack.pop()
            if s.kind == "call" and _stem(s.label, SPAWN):
                self.spawn(i, s)
                continue
            t = self.threads[self.stack[-1][1]]
            if s.kind == "call":
                self.call(i, s, t)
            elif s.kind == "return":
                self.leave(i, s, t)
            elif s.kind == "block":
                self.block(i, s, t)

    # ---------------------------------------------------------------- structure
    def spawn(self, i: int, s: TraceStep) -> None:
        creator = self.threads[self.stack[-1][1]]
        tid = len(self.threads) + 1
        t = _Thread(tid, creator.round, [(s.proc, s.depth, i)])
        self.threads[tid] = t
        self.names[tid] = ""
        self.stack.append((s.depth, tid))
        creator.group = None

    def call(self, i: int, s: TraceStep, t: _Thread) -> None:
        if not self.names.get(t.tid) and s.proc not in self.model and t.tid > 1:
            self.names[t.tid] = s.proc              # the start routine
        if t.tid == 1 and not t.frames and not self.names[1]:
            self.names[1] = s.proc                  # the entry
        if self.in_model(t) and s.proc not in self.model and \
                t.frames and t.frames[-1][0] == THREAD_BODY:
            t.started = True
        t.frames.append((s.proc, s.depth, i))
        if s.proc in (EXIT, THREAD_END):
            t.exiting = True

    def leave(self, i: int, s: TraceStep, t: _Thread) -> None:
        while t.frames and t.frames[-1][1] > s.depth:
            t.frames.pop()
        if t.frames and t.frames[-1][0] == s.proc and t.frames[-1][1] == s.depth:
            t.frames.pop()
        if not t.frames:                   # the thread's first call returns: its end
            if not t.stopped or t.exiting:
                self.add(i, t, Event(t.tid, END, round=t.round))
        if t.group is not None and not any(f[2] == t.group[0] for f in t.frames):
            t.group = None
        if t.library is not None and not any(f[2] == t.library[0] for f in t.frames) \
                and not t.stopped:
            # the library call returns: natively it ran whole before the thread's next hook
            site = self.steps[t.library[0]]
            self.add(i, t, Event(t.tid, LIBRARY, site.file, site.line, site.col, t.round,
                                 function=t.library[1], api="return", call=t.library[0]))
            t.library = None

    def in_model(self, t: _Thread) -> bool:
        return bool(t.frames) and t.frames[-1][0] in self.model

    # ---------------------------------------------------------------- blocks
    def block(self, i: int, s: TraceStep, t: _Thread) -> None:
        if _stem(s.label, FAILED):
            if not self.failed:     # the first failure (cs#ok stays false after it)
                self.add(i, t, Event(t.tid, FAIL, s.file, s.line, s.col, t.round))
            self.failed = True
            t.stopped = True
            return
        if _stem(s.label, PREEMPTED):
            t.stopped = True
            self.drop_open_call(t)
            return
        if not _stem(s.label, SWITCHED):
            return
        rnd = _round(s)
        if rnd is not None:
            t.round = rnd
        values = dict(s.values)
        if t.frames and t.frames[-1][0] in self.model and s.proc in self.model:
            self.api_switch(i, s, t)
            return
        t.group = None
        if os.path.basename(s.file) in self.library_files:
            at, lib = next(((f[2], f[0]) for f in t.frames if f[0] in self.library),
                           (i, s.proc))
            t.library = (at, lib)
            site = self.steps[at]       # the call, in the program's code
            self.add(i, t, Event(t.tid, LIBRARY, site.file, site.line, site.col, t.round,
                                 function=lib, call=at))
            return
        kind = _access_kind(s.label, values)
        if kind == ATOMIC:
            self.add(i, t, Event(t.tid, API, s.file, s.line, s.col, t.round, api=ATOMIC))
        elif kind in (READ, WRITE, UPDATE):
            self.add(i, t, Event(t.tid, kind, s.file, s.line, s.col, t.round))

    def api_switch(self, i: int, s: TraceStep, t: _Thread) -> None:
        """A switch inside the thread model: part of the API call around it."""
        outer = len(t.frames) - 1        # the outermost of the innermost model frames
        while outer > 0 and t.frames[outer - 1][0] in self.model:
            outer -= 1
        name, _, at = t.frames[outer]
        if name == THREAD_BODY:
            if t.exiting or t.started:
                return              # its end: the event is the thread's last return
            self.group(i, t, (at, START), Event(t.tid, START, round=t.round), True)
            return
        if name == EXIT or t.exiting:
            return                  # pthread_exit: the end (its last return)
        prim = next((f for f in reversed(t.frames[outer:]) if f[0] in PRIMITIVES), None)
        api, key = (prim[0], prim[2]) if prim is not None else (name, at)
        site = self.steps[at]       # the outermost call, in the program's code
        self.group(i, t, (key, api), Event(t.tid, API, site.file, site.line, site.col,
                                           t.round, api=api), "cs#atomic" in dict(s.values))

    def group(self, i: int, t: _Thread, key: tuple, ev: Event, effect: bool) -> None:
        """Switches in the same API call are one event, at the last of them; `effect`: the
        switch begins the call's atomic section (where the model's function acts)."""
        if t.group == key and t.tid in self.open:
            self.events[self.open[t.tid]] = (t.round, i, ev)
            t.effect = t.effect or effect
            return
        t.group = key
        t.effect = effect
        self.add(i, t, ev)
        self.open[t.tid] = len(self.events) - 1

    def drop_open_call(self, t: _Thread) -> None:
        """A thread stopped for good inside an API call before its atomic section: the
        call never acted, and is no event."""
        if t.group is not None and not t.effect and t.tid in self.open and \
                t.group[1] in PRIMITIVES:
            self.events[self.open.pop(t.tid)] = None
            t.group = None

    def add(self, i: int, t: _Thread, ev: Event) -> None:
        self.events.append((ev.round, i, ev))


def _stem(label: str, stem: str) -> bool:
    return label == stem or label.startswith(stem + "_")


def _round(s: TraceStep) -> int | None:
    rounds = [v for k, v in s.values if k.startswith("cs#round")]
    try:
        return int(rounds[-1]) if rounds else None
    except ValueError:
        return None


def _access_kind(label: str, values: dict[str, str]) -> str | None:
    """What the command after a context switch does: the kind in its block's label
    (`cs#switch_<kind>`, sequentialize.ACCESS_KINDS) -- READ, WRITE, UPDATE (both), ATOMIC
    (an atomic section begins), or None: what no native run does (an allocation's
    bookkeeping -- a write of the allocator's counter only, by the values the block
    assigns --, an assume or assertion over shared state, a havoc, a call of a body-less
    procedure, a yield)."""
    kind = label[len(SWITCHED) + 1:].split("_")[0]
    if kind == "atomic":
        return ATOMIC
    if kind not in ("read", "write", "update"):
        return None
    written = {m.group(1) for k in values for m in [_COPY.match(k)]
               if m and not k.startswith("cs#")}
    if kind != "read" and written and written <= set(ALLOCATORS):
        return None
    return kind


def schedule_of(trace: Trace) -> Schedule:
    """The schedule of a concurrent bug's trace (NoSchedule: why there is none)."""
    w = _Walk(trace.steps)
    w.run()
    if not w.failed:
        raise NoSchedule("the trace has no failing check in a thread")
    ordered = [e for _, _, e in sorted((x for x in w.events if x is not None),
                                       key=lambda x: (x[0], x[1]))]
    fail = next(k for k, e in enumerate(ordered) if e.kind == FAIL)
    ordered = ordered[:fail + 1]
    library_switch(ordered)
    returned = {e.call for e in ordered if e.kind == LIBRARY and e.api == "return"}
    cut = next((e for e in ordered if e.kind == LIBRARY and e.api != "return"
                and e.call not in returned), None)
    if cut is not None:
        raise NoSchedule(f"the trace stops thread {cut.thread} in the middle of its call of "
                         f"the library function {cut.function} at {cut.where()}, which a "
                         "native run makes whole: the system's library cannot be stopped "
                         "in")
    kept = tuple(e for e in ordered if e.kind != LIBRARY)
    names = tuple(w.names.get(t, "") or ("main" if t == 1 else "")
                  for t in range(1, len(w.threads) + 1))
    return Schedule(kept, names, thread_values(trace), shown_switches(trace))


def shown_switches(trace: Trace) -> int:
    """The "context switch" lines of the trace as printed (verifier/traces/ctrace_text.py: the
    shown steps where the thread changes), or -1 without a source trace."""
    if trace.source is None or not trace.source.threads:
        return -1
    steps = [s for s in shown(trace.source.steps, "compact") if s.thread]
    return sum(1 for a, b in zip(steps, steps[1:]) if a.thread != b.thread)


def library_switch(ordered: list[Event]) -> None:
    """NoSchedule when the trace runs another thread between a thread's previous event and
    an access of a library model (natively the thread makes that access before it next
    stops: the system's library has no hooks) -- or, before a thread's first event, between
    the library access and it (the thread waits at its first hook)."""
    last: dict[int, int] = {}            # thread -> index of its last non-library event
    pending: dict[int, int] = {}         # thread -> its first library event before any

    def between(e: Event, a: int, b: int) -> Event | None:
        """Another thread's access or API call between a and b (its start or end touch
        nothing of the program's)."""
        return next((o for o in ordered[a + 1:b] if o.thread != e.thread
                     and o.kind not in (START, END)), None)

    for k, e in enumerate(ordered):
        if e.kind == LIBRARY:
            p = last.get(e.thread)
            other = between(e, p, k) if p is not None else None
            if other is not None:
                raise NoSchedule(_library_reason(e, other))
            if p is None:
                pending.setdefault(e.thread, k)
            continue
        first = pending.pop(e.thread, None)
        other = between(ordered[first], first, k) if first is not None else None
        if other is not None:
            raise NoSchedule(_library_reason(ordered[first], other))
        last[e.thread] = k


def _library_reason(e: Event, other: Event) -> str:
    return (f"the trace runs thread {other.thread} ({other.describe()}) in the middle of "
            f"thread {e.thread}'s call of the library function {e.function} at "
            f"{e.where()}: a native run cannot stop a thread inside the system's library")


def thread_values(trace: Trace) -> dict[int, tuple[str, ...]]:
    """The values of each thread's `__VERIFIER_nondet_*` calls, in its order (from the
    source trace's Nondet steps, which carry their thread)."""
    out: dict[int, list[str]] = {}
    src = trace.source
    if src is None:
        return {}
    for s in src.steps:
        if isinstance(s, Nondet) and _is_nondet_call(s.what):
            out.setdefault(s.thread or 1, []).append(s.value)
    return {t: tuple(v) for t, v in out.items()}


def _is_nondet_call(what: str) -> bool:
    name = what.rsplit(" from ", 1)[-1].strip()
    return harness.nondet_suffix(name) is not None
