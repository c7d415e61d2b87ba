"""C's non-local jumps: turns calls of the body-less intrinsics `pycorral_setjmp(buf)` and
`pycorral_longjmp(buf, v)` (what both front ends make of `setjmp`/`_setjmp`/`sigsetjmp` and
`longjmp`/`_longjmp`/`siglongjmp`) into ordinary control flow with a pending-jump flag.

The meaning (C11 7.13): `setjmp(buf)` saves the calling frame in `buf` and returns 0;
`longjmp(buf, v)` returns from that `setjmp` call once more, with `v` (1 if `v` is 0),
abandoning every frame above the one that called `setjmp`.  Modelled exactly for the use
the standard allows -- the frame that called `setjmp` is still active when `longjmp` is
called -- with new globals:

* `$jmp_tokens: [T]int` -- the token each buffer holds (T: the front end's pointer type);
  each execution of a `setjmp` call draws a fresh token (`$jmp_next`, 0 when the entry
  starts, so tokens count from 1) and the frame
  remembers it in a local of its own (`$jmp_mine_k` for the k-th `setjmp` call of the
  procedure, 0 at the frame's start), so recursion and repeated `setjmp` calls are told
  apart;
* `$jmp_pending: bool` (false when the entry starts), `$jmp_target: int`, `$jmp_value: R`
  -- a jump under way, the token
  it goes to, the value the `setjmp` call returns again.

Rewrites:
* `call r := pycorral_setjmp(buf)` -> `$jmp_next := $jmp_next + 1; $jmp_mine_k :=
  $jmp_next; $jmp_tokens[buf] := $jmp_next; r := 0`, and a landing block that sets
  `r := $jmp_value; $jmp_pending := false` and goes on after the call;
* `call pycorral_longjmp(buf, v)` -> `$jmp_pending := true; $jmp_target :=
  $jmp_tokens[buf]; $jmp_value := (if v == 0 then 1 else v)`, then the frame unwinds;
* after every call of a procedure that may reach a `longjmp` (the call graph), a pending
  jump unwinds the frame: to the landing block of its `setjmp` call whose token is the
  target, else it returns at once (its results are then arbitrary: no caller reads them,
  each unwinds in turn);
* a jump that unwinds the entry procedure went to a frame that had returned (a buffer whose
  `setjmp`'s function has returned, or one never set): undefined behaviour, checked as an
  assertion at the `longjmp`'s place in the entry (`assert false` on that path).

Not modelled: the values of non-volatile locals of the `setjmp` frame changed between the
`setjmp` and the `longjmp` (indeterminate in C) keep their last values, as at -O0; a
program with threads that calls these intrinsics is unsupported.
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import (BOOL, App, Assert, Assign, Assume, Block, BoolLit, BvLit, BvType, Call, Expr,
                   Goto, IntLit, IntType, Ite, MapSelect, MapStore, MapType, Op, ProcedureDecl,
                   Program, Return, Type, Var, VarDecl)
from ..errors import Unsupported
from .callgraph import call_graph
from .common import Namer, program_names, replace_procedures

SETJMP = "pycorral_setjmp"
LONGJMP = "pycorral_longjmp"


def nonlocal_jumps(p: Program, entry: str) -> Program:
    """Turns the setjmp/longjmp intrinsics of `p` into control flow (module docstring);
    `p` unchanged when it calls neither."""
    procs = p.procedures()
    if LONGJMP not in procs and SETJMP not in procs:
        return p
    if LONGJMP not in procs:
        return _only_setjmp(p, procs)
    if any(c.is_async for d in procs.values() if d.body is not None
           for b in d.body.blocks for c in b.cmds if type(c) is Call):
        raise Unsupported("setjmp/longjmp in a program that starts threads")
    lj = procs[LONGJMP]
    if len(lj.params) != 2:
        raise Unsupported(f"{LONGJMP} with {len(lj.params)} parameters")
    ptr_t, val_t = lj.params[0].type, lj.params[1].type
    names = Namer(program_names(p))
    g = _Globals(names.fresh("$jmp_tokens"), names.fresh("$jmp_next"),
                 names.fresh("$jmp_pending"), names.fresh("$jmp_target"),
                 names.fresh("$jmp_value"), val_t)
    jumping = _reaching(p, LONGJMP)
    new = {}
    for name, d in procs.items():
        if d.body is None or name not in jumping and not _calls(d, SETJMP):
            continue
        new[name] = _rewrite(d, g, jumping, names, name == entry)
    # no jump under way when the entry starts, and the tokens drawn from 1 on
    e = new.get(entry, procs.get(entry))
    if e is not None and e.body is not None:
        init = (Assign((Var(g.pending),), (BoolLit(False),)),
                Assign((Var(g.next),), (IntLit(0),)))
        first = e.body.blocks[0]
        new[entry] = replace(e, body=replace(e.body, blocks=(
            replace(first, cmds=init + first.cmds),) + e.body.blocks[1:]))
    decls = (VarDecl(g.tokens, MapType((ptr_t,), IntType())),
             VarDecl(g.next, IntType()), VarDecl(g.pending, BOOL),
             VarDecl(g.target, IntType()), VarDecl(g.value, val_t))
    out = replace_procedures(p, new)
    return replace(out, decls=decls + out.decls)


class _Globals:
    def __init__(self, tokens, next_, pending, target, value, val_t):
        self.tokens, self.next, self.pending, self.target, self.value = \
            tokens, next_, pending, target, value
        self.val_t = val_t


def _lit(t: Type, v: int) -> Expr:
    if isinstance(t, BvType):
        return BvLit(v % (1 << t.width), t.width)
    if isinstance(t, IntType):
        return IntLit(v)
    raise Unsupported(f"setjmp/longjmp value of type {t}")


def _calls(d: ProcedureDecl, callee: str) -> bool:
    return any(type(c) is Call and c.proc == callee for b in d.body.blocks for c in b.cmds)


def _reaching(p: Program, target: str) -> frozenset[str]:
    """The procedures from which a call chain reaches `target` (itself included)."""
    graph = call_graph(p)
    callers: dict[str, set[str]] = {}
    for f, callees in graph.items():
        for c in callees:
            callers.setdefault(c, set()).add(f)
    seen, todo = {target}, [target]
    while todo:
        for f in callers.get(todo.pop(), ()):
            if f not in seen:
                seen.add(f)
                todo.append(f)
    return frozenset(seen)


def _only_setjmp(p: Program, procs) -> Program:
    """No `longjmp`: every `setjmp` call returns 0 (once)."""
    new = {}
    for name, d in procs.items():
        if d.body is None or not _calls(d, SETJMP):
            continue
        blocks = []
        for b in d.body.blocks:
            cmds = []
            for c in b.cmds:
                if type(c) is Call and c.proc == SETJMP:
                    r = procs[SETJMP].returns
                    if c.outs:
                        cmds.append(Assign((Var(c.outs[0]),), (_lit(r[0].type, 0),), loc=c.loc))
                else:
                    cmds.append(c)
            blocks.append(replace(b, cmds=tuple(cmds)))
        new[name] = replace(d, body=replace(d.body, blocks=tuple(blocks)))
    return replace_procedures(p, new)


def _rewrite(d: ProcedureDecl, g: _Globals, jumping: frozenset[str], names: Namer,
             is_entry: bool) -> ProcedureDecl:
    labels = Namer(b.label for b in d.body.blocks)
    unwind = labels.fresh("$jmp_unwind")
    sites: list[tuple[str, str]] = []         # (token local, landing label) per setjmp call
    landings: list[Block] = []
    out: list[Block] = []
    pending_loc = d.loc
    for b in d.body.blocks:
        label, cmds, here = b.label, [], b.loc
        for c in b.cmds:
            if type(c) is Call and c.proc == SETJMP:
                mine = names.fresh(f"$jmp_mine_{len(sites)}")
                after = labels.fresh(f"{b.label}$after_setjmp")
                land = labels.fresh(f"{b.label}$longjmp_lands")
                sites.append((mine, land))
                cmds += [Assign((Var(g.next),), (App(Op.ADD, (Var(g.next), IntLit(1))),),
                                loc=c.loc),
                         Assign((Var(mine),), (Var(g.next),), loc=c.loc),
                         Assign((Var(g.tokens),),
                                (MapStore(Var(g.tokens), (c.args[0],), Var(g.next)),),
                                loc=c.loc)]
                ret = []
                if c.outs:
                    cmds.append(Assign((Var(c.outs[0]),), (_lit(g.val_t, 0),), loc=c.loc))
                    ret = [Assign((Var(c.outs[0]),), (Var(g.value),), loc=c.loc)]
                landings.append(Block(land, tuple(ret) + (
                    Assign((Var(g.pending),), (BoolLit(False),), loc=c.loc),),
                    Goto((after,), loc=c.loc), loc=c.loc))
                out.append(Block(label, tuple(cmds), Goto((after,), loc=c.loc), loc=here))
                label, cmds, here = after, [], c.loc
            elif type(c) is Call and c.proc == LONGJMP:
                v = c.args[1]
                cmds += [Assign((Var(g.pending),), (BoolLit(True),), loc=c.loc),
                         Assign((Var(g.target),), (MapSelect(Var(g.tokens), (c.args[0],)),),
                                loc=c.loc),
                         Assign((Var(g.value),), (Ite(App(Op.EQ, (v, _lit(g.val_t, 0))),
                                                      _lit(g.val_t, 1), v),), loc=c.loc)]
                pending_loc = c.loc
                out.append(Block(label, tuple(cmds), Goto((unwind,), loc=c.loc), loc=here))
                # the rest of the block is unreachable: kept as a block nothing jumps to
                label, cmds, here = labels.fresh(f"{b.label}$after_longjmp"), [], c.loc
            elif type(c) is Call and c.proc in jumping and not c.is_async:
                go_on = labels.fresh(f"{b.label}$no_jump")
                check = labels.fresh(f"{b.label}$jump_pending")
                cmds.append(c)
                out.append(Block(label, tuple(cmds), Goto((go_on, check), loc=c.loc), loc=here))
                out.append(Block(check, (Assume(Var(g.pending), loc=c.loc),),
                                 Goto((unwind,), loc=c.loc), loc=c.loc))
                label, cmds, here = go_on, [Assume(App(Op.NOT, (Var(g.pending),)),
                                                   loc=c.loc)], c.loc
            else:
                cmds.append(c)
        out.append(Block(label, tuple(cmds), b.transfer, loc=here))
    # the unwinding: to the landing of the setjmp whose token is the target, else out
    targets, exits = [], []
    for mine, land in sites:
        t = labels.fresh(f"{unwind}$to_{land}")
        targets.append(t)
        out.append(Block(t, (Assume(App(Op.EQ, (Var(g.target), Var(mine)))),),
                         Goto((land,))))
        exits.append(App(Op.NEQ, (Var(g.target), Var(mine))))
    leave = labels.fresh(f"{unwind}$leave")
    leave_cmds = [Assume(e) for e in exits]
    if is_entry:
        leave_cmds.append(Assert(BoolLit(False), loc=pending_loc))
    out.append(Block(unwind, (), Goto(tuple(targets) + (leave,))))
    out.append(Block(leave, tuple(leave_cmds), Return()))
    out.extend(landings)
    locals_ = d.body.locals + tuple(VarDecl(m, IntType()) for m, _ in sites)
    if sites:                           # every token local starts as "no setjmp here yet"
        first = out[0]
        init = tuple(Assign((Var(m),), (IntLit(0),)) for m, _ in sites)
        out[0] = replace(first, cmds=init + first.cmds)
    return replace(d, body=replace(d.body, locals=locals_, blocks=tuple(out)))
