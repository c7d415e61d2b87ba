"""Corral's thread intrinsics in a program that starts no thread: turns each call of a
body-less `corral_*` intrinsic into what it means when the entry's thread is the only one.

`sequentialize.py` gives these procedures their meaning in a concurrent program (one with
`async call` or `yield`).  A program that names them but starts no thread -- a C program
that locks a pthread mutex in `main` alone, say -- was verified with them body-less, and a
body-less procedure havocs its outputs: `corral_getThreadID()` returned any number, 0
among them, and the pthread model's "the caller does not already hold this mutex"
(`m->lock != tid` with `m->lock == 0` for a free mutex) failed on a program that is
correct (issue 33).  In a run with one thread:

* `call r := corral_getThreadID()` is `r := 1` (the entry's thread id, as sequentialize.py
  numbers threads: entry 1, then 2, 3, ...);
* `call r := corral_getChildThreadID()` is `r := 1` (no thread was created: the value the
  sequentialization starts with);
* `corral_assert_not_reachable()` is `assert false` (as in sequentialize.py);
* `corral_atomic_begin/end()` and `corral_yield()` do nothing (no other thread can run),
  and are left as calls of body-less procedures without outputs or `modifies`: no-ops.

Result: the same program, without calls of the two id procedures or of
`corral_assert_not_reachable`.  A program with `async call` or `yield` is sequentialized
instead and never reaches this pass (pipeline.py).
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import Assert, Assign, BoolLit, BvLit, BvType, Call, IntLit, Program, Var
from .common import replace_procedures

THREAD_ID = "corral_getThreadID"
CHILD_ID = "corral_getChildThreadID"
NOT_REACHABLE = "corral_assert_not_reachable"


def single_thread(p: Program) -> Program:
    """Turns the thread-id and not-reachable intrinsics of one-thread `p` into their
    meaning (module docstring)."""
    procs = p.procedures()
    meant = {n for n in (THREAD_ID, CHILD_ID, NOT_REACHABLE)
             if n in procs and procs[n].body is None}
    if not meant:
        return p
    new = {}
    for name, d in procs.items():
        if d.body is None:
            continue
        blocks, changed = [], False
        for b in d.body.blocks:
            cmds = []
            for c in b.cmds:
                if type(c) is Call and not c.is_async and c.proc in meant:
                    changed = True
                    cmds.extend(_meaning(c, procs[c.proc]))
                else:
                    cmds.append(c)
            blocks.append(replace(b, cmds=tuple(cmds)))
        if changed:
            new[name] = replace(d, body=replace(d.body, blocks=tuple(blocks)))
    return replace_procedures(p, new, ()) if new else p


def _meaning(c: Call, decl) -> list:
    if c.proc == NOT_REACHABLE:
        return [Assert(BoolLit(False), c.attrs, loc=c.loc)]
    if not c.outs:
        return []
    t = decl.returns[0].type
    one = BvLit(1, t.width) if isinstance(t, BvType) else IntLit(1)
    return [Assign((Var(c.outs[0]),), (one,), c.attrs, loc=c.loc)]
