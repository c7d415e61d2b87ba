"""Turns the C steps of a sequentialized concurrent program's trace, in the order the
sequential program ran them, into the schedule the threads really ran.

Input: the steps ctrace_build.py made, each tagged with its `thread` and `round`; output: the
same steps in schedule order, ending at the failing assertion, with each thread's name (the
function it started in: `main` for thread 1, the start routine for the others), `Spawn` and
`Join` steps naming the thread they create or wait for, and each thread's depths counted
from its start routine (a thread's steps are not nested in its creator's call).

**Why sorting by round is the schedule.**  boogie/passes/sequentialize.py is Lal and Reps's
eager K-round translation (CAV 2008, Sec. 3), in Corral's dynamic-thread form: the sequential
program runs thread 1 through all its rounds, and a new thread runs to its end right where it
is created, through all of *its* rounds, before its creator goes on.  Each shared variable
`g` has one copy `g#rj` per round j, and every command reads and writes the copy of the round
its thread is in (`cs#round`).  So the commands that ran in round j, taken in the order the
sequential program ran them, are one chain of reads and writes of the round-j copies: they
ran in that order.  The entry's final check assumes that round j-1 ended in the state round
j was guessed to start in, so the rounds follow each other: the real execution is every
round-0 step in sequential order, then every round-1 step in sequential order, and so on --
a *stable* sort of the steps by round.  Within a round that is round-robin by thread (thread
1's round j, then thread 2's, ...), except that a thread created in round j runs its round-j
part where it is created, between its creator's round-j steps before and after the creation
(a creation is a free switch to the new thread): sorting by (round, thread) instead would
move the creator's later round-j steps before the new thread's and show the new thread
reading values written after it read them.

Example (examples/driver_race.c, K = 3): the sequential trace runs main's second
`dispatch` (reads `pending` in round 1, writes it in round 2) after the whole interrupt
handler (reads `pending` in round 1, writes it in round 2); by round, main reads, the
handler reads, the handler writes, main writes back: the lost update.

Everything after the failing assertion in this order ran after it and is left out (the
other threads' later rounds, the failing thread's creator going on).
"""
from __future__ import annotations

from dataclasses import replace

from verifier.ctrace import Enter, Fail, Join, SourceTrace, Spawn, Step, model_int

JOIN_FUNCTIONS = ("pthread_join",)     # their first argument is the thread waited for


def interleave(steps: tuple[Step, ...]) -> SourceTrace:
    """The steps (each with its thread and round) in schedule order (see the module
    docstring), with the threads' names."""
    names, base = _threads(steps)
    ordered = sorted(steps, key=lambda s: s.round)        # stable: sequential within a round
    fail = next((i for i, s in enumerate(ordered) if isinstance(s, Fail)), None)
    if fail is not None:
        ordered = ordered[:fail + 1]
    out: list[Step] = []
    for s in ordered:
        s = replace(s, depth=max(0, s.depth - base.get(s.thread, 0)))
        if isinstance(s, Spawn):
            s = replace(s, name=names.get(s.child, ""))
        out.append(s)
        if isinstance(s, Enter) and s.function in JOIN_FUNCTIONS and s.args:
            child = model_int(s.args[0][1])
            if child is not None and child in names and child != s.thread:
                out.append(Join(depth=s.depth + 1, proc=s.proc, file=s.file, line=s.line,
                                col=s.col, full=s.full, thread=s.thread, round=s.round,
                                child=child, name=names[child]))
    count = max(names, default=1)
    return SourceTrace("c", tuple(out), tuple(names.get(t, "") for t in range(1, count + 1)))


def _threads(steps: tuple[Step, ...]) -> tuple[dict[int, str], dict[int, int]]:
    """Each thread's name and the depth of its first function's steps: thread 1's first
    function is the entry (depth 0), another thread's the first function it enters that is
    shown (the start routine; the model library's thread body is `full`)."""
    names: dict[int, str] = {}
    base: dict[int, int] = {}
    for s in steps:
        if isinstance(s, Spawn):
            names.setdefault(s.child, "")
        if s.thread and s.thread not in base and isinstance(s, Enter) and not s.full:
            names[s.thread] = s.function
            base[s.thread] = 0 if s.thread == 1 else s.depth
        if s.thread:
            names.setdefault(s.thread, "")
    return names, base
