"""Where a thread is inside one of Corral's atomic sections (`corral_atomic_begin()` ..
`corral_atomic_end()`): an analysis for the sequentialization (`sequentialize.py`).

For every command of every procedure reachable from the entry or from an `async call`, one
fact about the running thread before it: surely inside a section (True), surely outside
(False), or either (None).  A forward data-flow analysis over each body (facts joined at
control-flow merges), interprocedural through synchronous calls: a procedure starts with the
join of the facts before its call sites; the entry and every thread's procedure also start
outside (a new thread holds no section).  After a call of a procedure that may begin or end
a section (itself or through its callees) the fact is None; an `async call` changes nothing
for its creator.  A marker procedure with a body is an ordinary procedure (it may toggle).

Used for: no context switch where the thread is surely inside a section (it could neither
change the round nor stop the thread there), and the pending-thread machinery only for the
`async call`s that may run inside one.  Procedures not reached have no facts.
"""
from __future__ import annotations

from ..ast import Block, Call, Goto, ProcedureDecl

Fact = bool | None                          # inside / outside / either
AtomicFacts = dict[str, dict[int, Fact]]    # procedure -> id(command) -> fact before it
_UNSEEN = "unseen"


def atomic_facts(procs: dict[str, ProcedureDecl], entry: str, begin: str, end: str
                 ) -> AtomicFacts:
    """The fact before each command of each reachable procedure with a body."""
    bodies = {n: d for n, d in procs.items() if d.body is not None and d.body.blocks}
    toggles = _toggling(bodies, begin, end)
    start: dict[str, object] = {n: _UNSEEN for n in bodies}
    roots = {entry} | {c.proc for d in bodies.values() for b in d.body.blocks
                       for c in b.cmds if type(c) is Call and c.is_async}
    for r in roots & start.keys():
        start[r] = False
    out: AtomicFacts = {}
    work = [n for n in bodies if start[n] is not _UNSEEN]
    while work:
        name = work.pop()
        before = _body_facts(bodies[name], start[name], toggles, begin, end)
        out[name] = before
        for b in bodies[name].body.blocks:
            for c in b.cmds:
                if type(c) is Call and not c.is_async and c.proc in bodies \
                        and id(c) in before:
                    new = _join(start[c.proc], before[id(c)])
                    if new is not start[c.proc]:
                        start[c.proc] = new
                        work.append(c.proc)
    return out


def _join(a, b):
    if a is _UNSEEN:
        return b
    if b is _UNSEEN or a is b:
        return a
    return None


def _toggling(bodies: dict[str, ProcedureDecl], begin: str, end: str) -> set[str]:
    """The procedures with a body that may begin or end a section (themselves or through
    the procedures they call, not the threads they create); a marker with a body too."""
    calls = {name: {c.proc for b in d.body.blocks for c in b.cmds
                    if type(c) is Call and not c.is_async}
             for name, d in bodies.items()}
    out = {name for name, cs in calls.items() if cs & {begin, end}}
    out |= {begin, end} & set(calls)
    grew = True
    while grew:
        grew = False
        for name, cs in calls.items():
            if name not in out and cs & out:
                out.add(name)
                grew = True
    return out


def _body_facts(d: ProcedureDecl, first: object, toggles: set[str], begin: str, end: str
                ) -> dict[int, Fact]:
    blocks = {b.label: b for b in d.body.blocks}
    state: dict[str, object] = {d.body.blocks[0].label: first}
    work = [d.body.blocks[0].label]
    while work:
        b = blocks[work.pop()]
        fact = _through(b, state[b.label], toggles, begin, end, None)
        for nxt in b.transfer.labels if type(b.transfer) is Goto else ():
            new = _join(state.get(nxt, _UNSEEN), fact)
            if new is not state.get(nxt, _UNSEEN):
                state[nxt] = new
                work.append(nxt)
    before: dict[int, Fact] = {}
    for label, fact in state.items():
        _through(blocks[label], fact, toggles, begin, end, before)
    return before


def _through(b: Block, fact, toggles: set[str], begin: str, end: str,
             before: dict[int, Fact] | None):
    """The fact at the end of `b` from `fact` at its start; records the fact before each
    command in `before` (joined, should a command object occur twice)."""
    for c in b.cmds:
        if before is not None:
            before[id(c)] = _join(before.get(id(c), _UNSEEN), fact)
        if type(c) is Call and not c.is_async:
            if c.proc in toggles:
                fact = None
            elif c.proc == begin:
                fact = True
            elif c.proc == end:
                fact = False
    return fact
