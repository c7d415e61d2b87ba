"""Constant memory-operation lengths through wrapper procedures.

Turns a call `P(.., 4, ..)` of a procedure whose parameter at that position decides the
length of a `$memset`/`$memcpy`/`$memmove` call inside it (directly, through local
arithmetic, or through further such procedures) into a call of a copy of `P` in which
that parameter reads as the literal, and a memop call whose length argument folds to a
literal into the same call with the literal, so that constant_memops.py (which runs next)
turns the quantified contract into a store chain:

    procedure ldv_memset(p: ref, c: i32, n: i64) returns (r: ref)
    { ... call M1 := $memset.i8(M0, p, c1, n, 1, false); ... }
    call r := ldv_memset(q, 0, 4);
  becomes
    procedure ldv_memset.n2_4(p: ref, c: i32, n: i64) returns (r: ref)
    { ... call M1 := $memset.i8(M0, p, c1, 4, 1, false); ... }
    call r := ldv_memset.n2_4(q, 0, 4);

SMACK's `calloc(n, s)` (`$i7 := $mul.i64(n, s)`, then `$memset.i8(.., $i7, ..)`), called as
`calloc(1, $i0)` from `ldv_zalloc($i0)`, called as `ldv_zalloc(232)`, gets two copies the
same way.  This is the wrapper half of issue 20's "unrolled stores when the size is a
small constant": in the Linux driver tasks the length is a parameter of `ldv_memset`/
`calloc` and becomes a constant only at the call site, so constant_memops alone never saw
it, and z3's incremental core stalls on the quantified contract (PYCORRAL_QUERY_LOG:
ibmaem's checks under assumptions end "canceled" and go to the one-shot fallback).

Folding: an expression folds to a literal when it is an integer literal, a local assigned
exactly once in the body by `x := e` where the assignment dominates the use (comes before
it in the same block, or sits in a dominating block) and `e` folds, integer `+`, `-`, `*`
of folded operands, or a call of a function with a body (not a builtin) whose body folds
with the folded arguments substituted.  In a copy, the specialized parameters are literals.

Soundness: each rewrite replaces an expression by a value it equals on every execution.
A specialized parameter is never assigned, havocked or a call's output in the body
(checked), so in a copy called only where the argument at its position folds to `n`, every
read of it equals `n`.  An assignment whose right side folds assigns the same constant each
time it runs (its inputs are literals, constant parameters and such locals), so at a use it
dominates the local holds that constant.  A function's body is its definition.  The
original procedures stay, for every call not retargeted.
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import (App, Assign, Call, Expr, FunCall, FunctionDecl, IntLit, Op,
                   Program, ProcedureDecl, Var)
from ..visit import cmd_targets, free_vars, substitute, successors
from .common import Namer, builtin_name, map_block, program_names
from .constant_memops import MAX_LEN, memop_length_params

__all__ = ["specialize_memop_lengths", "MAX_COPIES", "MAX_VALUE"]

MAX_COPIES = 32             # copies of one procedure at most (distinct literal tuples)
# literal arguments specialized by default: 0 <= n <= MAX_VALUE.  A copy is worth its
# templates only where constant_memops then unrolls the memop: the pipeline passes both
# passes the same limit (constant_memops.LONG_LEN, or MAX_LEN under `--ablate long_memops`)
MAX_VALUE = MAX_LEN
_FOLD_DEPTH = 32            # nesting of locals and function bodies followed while folding
_ARITH = {Op.ADD: lambda a, b: a + b, Op.SUB: lambda a, b: a - b,
          Op.MUL: lambda a, b: a * b}


def specialize_memop_lengths(p: Program, max_value: int = MAX_VALUE) -> Program:
    """Turns `p` into `p` with memop lengths folded to literals and wrapper calls
    retargeted to copies specialized to their literal length arguments in [0, max_value]
    (module docstring); the copies follow their original."""
    memops = memop_length_params(p)
    if not memops:
        return p
    procs = p.procedures()
    funcs = p.functions()
    relevant = _relevant(procs, funcs, memops)
    namer = Namer(program_names(p))
    copies: dict[tuple[str, tuple[tuple[int, int], ...]], str] = {}
    per_proc: dict[str, int] = {}
    made: dict[str, list[ProcedureDecl]] = {}
    work: list[ProcedureDecl] = []

    def copy_of(name: str, key: tuple[tuple[int, int], ...]) -> str | None:
        if (name, key) in copies:
            return copies[(name, key)]
        if per_proc.get(name, 0) >= MAX_COPIES:
            return None
        per_proc[name] = per_proc.get(name, 0) + 1
        d = procs[name]
        fresh = namer.fresh(f"{name}." + ".".join(f"n{j}_{v}" for j, v in key))
        copies[(name, key)] = fresh
        sub = {d.params[j].name: IntLit(v) for j, v in key}
        c = replace(d, name=fresh,
                    requires=tuple(replace(r, expr=substitute(r.expr, sub))
                                   for r in d.requires),
                    ensures=tuple(replace(e, expr=substitute(e.expr, sub))
                                  for e in d.ensures),
                    body=replace(d.body, blocks=tuple(map_block(b, lambda x: substitute(x, sub))
                                                      for b in d.body.blocks)))
        made.setdefault(name, []).append(c)
        work.append(c)
        return fresh

    def rewrite(d: ProcedureDecl) -> ProcedureDecl:
        if d.body is None or not any(type(c) is Call and c.proc in relevant
                                     for b in d.body.blocks for c in b.cmds):
            return d
        folder = _Folder(d, funcs)
        blocks = []
        for b in d.body.blocks:
            cmds = list(b.cmds)
            for i, c in enumerate(cmds):
                if type(c) is not Call or c.proc not in relevant \
                        or len(c.args) != len(procs[c.proc].params):
                    continue
                if c.proc in memops:
                    j = memops[c.proc]
                    if type(c.args[j]) is not IntLit:
                        v = folder.fold(c.args[j], b.label, i)
                        if v is not None and 0 <= v:
                            args = list(c.args)
                            args[j] = IntLit(v, loc=c.args[j].loc)
                            cmds[i] = replace(c, args=tuple(args))
                    continue
                key = []
                for j in sorted(relevant[c.proc]):
                    v = folder.fold(c.args[j], b.label, i)
                    if v is not None and 0 <= v <= max_value:
                        key.append((j, v))
                if key:
                    name = copy_of(c.proc, tuple(key))
                    if name is not None:
                        cmds[i] = replace(c, proc=name)
            blocks.append(b if all(x is y for x, y in zip(cmds, b.cmds))
                          else replace(b, cmds=tuple(cmds)))
        if all(x is y for x, y in zip(blocks, d.body.blocks)):
            return d
        return replace(d, body=replace(d.body, blocks=tuple(blocks)))

    new = {name: rewrite(d) for name, d in procs.items()}
    done: dict[str, ProcedureDecl] = {}
    while work:
        c = work.pop()
        done[c.name] = rewrite(c)
    if not made and all(new[n] is d for n, d in procs.items()):
        return p
    out = []
    for d in p.decls:
        if type(d) is ProcedureDecl:
            out.append(new[d.name])
            out.extend(done[c.name] for c in made.get(d.name, ()))
        else:
            out.append(d)
    return replace(p, decls=tuple(out))


def _relevant(procs: dict[str, ProcedureDecl], funcs: dict[str, FunctionDecl],
              memops: dict[str, int]) -> dict[str, frozenset[int]]:
    """Per procedure, the positions of the parameters a memop length may fold from: the
    memops' length parameters, and (to a fixed point) every never-written parameter that
    an argument at a relevant position of a call in the body depends on."""
    relevant = {name: frozenset((j,)) for name, j in memops.items()}
    defs = {}
    for name, d in procs.items():
        if d.body is not None and name not in memops:
            defs[name] = _single_defs(d)
    changed = True
    while changed:
        changed = False
        for name, d in procs.items():
            if name not in defs:
                continue
            once, written = defs[name]
            params = {v.name: k for k, v in enumerate(d.params) if v.name not in written}
            have = relevant.get(name, frozenset())
            add = set()
            for b in d.body.blocks:
                for c in b.cmds:
                    if type(c) is Call and c.proc in relevant:
                        for j in relevant[c.proc]:
                            if j < len(c.args):
                                add |= _depends(c.args[j], once, funcs, params)
            if not add <= have:
                relevant[name] = have | add
                changed = True
    return relevant


def _single_defs(d: ProcedureDecl) -> tuple[dict[str, Expr], set[str]]:
    """(locals assigned exactly once by a plain `x := e`, with `e`; every name written)."""
    count: dict[str, int] = {}
    rhs: dict[str, Expr] = {}
    for b in d.body.blocks:
        for c in b.cmds:
            for t in cmd_targets(c):
                count[t] = count.get(t, 0) + 1
            if type(c) is Assign:
                for lhs, e in zip(c.lhs, c.rhs):
                    if type(lhs) is Var:
                        rhs[lhs.name] = e
    local = {v.name for v in d.body.locals}
    once = {x: e for x, e in rhs.items() if count.get(x) == 1 and x in local}
    return once, set(count)


def _depends(e: Expr, once: dict[str, Expr], funcs, params: dict[str, int]) -> set[int]:
    """Positions of the parameters `e` could fold from: `e` read as `_Folder.fold` reads
    it, with parameters as unknowns; empty when some part of `e` can never fold (a map
    read, an unassigned local).  Dominance is not checked here: a needless copy is the
    only cost of an over-approximation."""
    out: set[int] = set()
    seen: set[str] = set()
    stack = [(e, 0)]
    while stack:
        x, depth = stack.pop()
        if depth > _FOLD_DEPTH:
            return set()
        t = type(x)
        if t is IntLit:
            continue
        if t is Var:
            if x.name in params:
                out.add(params[x.name])
            elif x.name in once:
                if x.name not in seen:
                    seen.add(x.name)
                    stack.append((once[x.name], depth + 1))
            else:
                return set()
        elif t is App and x.op in _ARITH and len(x.args) == 2:
            stack.extend((a, depth + 1) for a in x.args)
        elif t is FunCall:
            f = funcs.get(x.func)
            if f is None or f.body is None or builtin_name(f) is not None \
                    or f.type_params or len(f.params) != len(x.args) \
                    or not all(p.name for p in f.params):
                return set()
            stack.append((substitute(f.body, {p.name: a for p, a in zip(f.params, x.args)}),
                          depth + 1))
        else:
            return set()
    return out


class _Folder:
    """Folds expressions of one body to integer literals at a program point (module
    docstring)."""

    def __init__(self, d: ProcedureDecl, funcs: dict[str, FunctionDecl]):
        self.once, _ = _single_defs(d)
        self.funcs = funcs
        self.where: dict[str, tuple[str, int]] = {}     # local -> (block, command index)
        for b in d.body.blocks:
            for i, c in enumerate(b.cmds):
                if type(c) is Assign:
                    for lhs in c.lhs:
                        if type(lhs) is Var and lhs.name in self.once:
                            self.where[lhs.name] = (b.label, i)
        self.blocks = d.body.blocks
        self._idom: dict[str, str] | None = None

    def fold(self, e: Expr, label: str, index: int, depth: int = 0) -> int | None:
        """The integer `e` equals before command `index` of block `label`, if it folds."""
        if depth > _FOLD_DEPTH:
            return None
        t = type(e)
        if t is IntLit:
            return e.value
        if t is Var:
            at = self.where.get(e.name)
            if at is None or not self._dominates(at, (label, index)):
                return None
            return self.fold(self.once[e.name], at[0], at[1], depth + 1)
        if t is App and e.op in _ARITH and len(e.args) == 2:
            a = self.fold(e.args[0], label, index, depth + 1)
            b = None if a is None else self.fold(e.args[1], label, index, depth + 1)
            return None if b is None else _ARITH[e.op](a, b)
        if t is FunCall:
            f = self.funcs.get(e.func)
            if f is None or f.body is None or builtin_name(f) is not None \
                    or f.type_params or len(f.params) != len(e.args) \
                    or not all(p.name for p in f.params):
                return None
            vals = []
            for a in e.args:
                v = self.fold(a, label, index, depth + 1)
                if v is None:
                    return None
                vals.append(IntLit(v))
            body = substitute(f.body, {p.name: v for p, v in zip(f.params, vals)})
            if free_vars(body):
                return None
            return self.fold(body, label, index, depth + 1)
        return None

    def _dominates(self, a: tuple[str, int], b: tuple[str, int]) -> bool:
        if a[0] == b[0]:
            return a[1] < b[1]
        idom = self._dominators()
        x = b[0]
        while x in idom and idom[x] != x:
            x = idom[x]
            if x == a[0]:
                return True
        return False

    def _dominators(self) -> dict[str, str]:
        """Immediate dominators of the blocks reachable from the first (Cooper, Harvey
        and Kennedy's iterative algorithm over reverse postorder)."""
        if self._idom is not None:
            return self._idom
        succ = {b.label: successors(b) for b in self.blocks}
        entry = self.blocks[0].label
        order: list[str] = []
        seen = {entry}
        stack = [(entry, iter(succ[entry]))]
        while stack:
            n, it = stack[-1]
            for m in it:
                if m not in seen and m in succ:
                    seen.add(m)
                    stack.append((m, iter(succ[m])))
                    break
            else:
                stack.pop()
                order.append(n)
        order.reverse()
        num = {n: k for k, n in enumerate(order)}
        preds: dict[str, list[str]] = {n: [] for n in order}
        for n in order:
            for m in succ[n]:
                if m in preds:
                    preds[m].append(n)
        idom = {entry: entry}
        changed = True
        while changed:
            changed = False
            for n in order[1:]:
                new = None
                for q in preds[n]:
                    if q not in idom:
                        continue
                    if new is None:
                        new = q
                        continue
                    a, b = q, new
                    while a != b:
                        while num[a] > num[b]:
                            a = idom[a]
                        while num[b] > num[a]:
                            b = idom[b]
                    new = a
                if new is not None and idom.get(n) != new:
                    idom[n] = new
                    changed = True
        self._idom = idom
        return idom
