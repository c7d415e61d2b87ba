"""Inlining of procedures marked `{:inline N}`.

Turns every call `call o := Q(a)` to a procedure Q that has a body and the attribute
`{:inline N}` into Q's body, as Boogie's inliner does (the CORRAL TR, Section 2, treats
inlining as the basic step; SMACK marks its runtime helpers `{:inline 1}`):

    Q's inputs := a;  snapshots := globals Q reads under old(...);  havoc Q's outputs/locals;
    assert Q's requires (free requires: assume);  ... Q's blocks, `return` -> goto cont ...
    cont: assert Q's ensures (free: assume);  o := Q's outputs

All of Q's variables and labels get fresh names; `old(g)` inside Q means the snapshot taken
at the call.  Recursive procedures are unfolded up to depth N along each inlining chain; a
call beyond the depth is left as a call.  Calls to polymorphic procedures and `async` calls
are never inlined.  `{:inline}` on *functions* is not handled here.  The caller's `modifies`
gains the callees' `modifies`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..ast import (Assert, Assign, Assume, Block, Call, Cmd, CodeExpr, Goto, Havoc, IntLit,
                   ProcedureDecl, Program, Return, Var, VarDecl, attr)
from ..visit import substitute, transform
from ..errors import error
from .common import (Namer, attach_implementations, block_exprs, block_labels, eliminate_old,
                     code_expr_calls, map_block, olds_in, program_names,
                     replace_procedures)


def inline_depth(proc: ProcedureDecl) -> int | None:
    """N of `{:inline N}` (1 when no argument), or None when the procedure is not marked."""
    a = attr(proc.attrs, "inline")
    if a is None:
        return None
    if a.args and isinstance(a.args[0], IntLit):
        return max(a.args[0].value, 0)
    return 1


@dataclass
class _Ctx:
    procs: dict[str, ProcedureDecl]
    depth: dict[str, int]
    globals_: dict[str, VarDecl]
    names: Namer
    labels: Namer = None
    locals_: list[VarDecl] = field(default_factory=list)
    inlined: set[str] = field(default_factory=set)


def inline_marked(p: Program) -> Program:
    """Turns `p` into `p` with calls to `{:inline N}` procedures replaced by their bodies."""
    p = attach_implementations(p)
    procs = p.procedures()
    depth = {n: k for n, d in procs.items()
             if d.body is not None and not d.type_params
             and (k := inline_depth(d)) is not None and k > 0}
    if not depth:
        return p
    ctx = _Ctx(procs, depth, p.global_vars(), Namer(program_names(p)))
    new: dict[str, ProcedureDecl] = {}
    for n, d in procs.items():
        if d.body is None:
            continue
        in_code = any(c.proc in depth for b in d.body.blocks for c in code_expr_calls(b))
        if not in_code and not any(type(c) is Call and c.proc in depth
                                   for b in d.body.blocks for c in b.cmds):
            continue
        ctx.inlined = set()
        blocks = d.body.blocks
        if in_code:
            blocks = tuple(map_block(b, lambda e: _inline_code_exprs(e, ctx)) for b in blocks)
        ctx.labels = Namer(block_labels(blocks))
        ctx.locals_ = []
        blocks = _inline_blocks(blocks, (), ctx)
        mods = list(d.modifies)
        for q in sorted(ctx.inlined):
            mods.extend(g for g in procs[q].modifies if g not in mods)
        body = replace(d.body, locals=d.body.locals + tuple(ctx.locals_), blocks=tuple(blocks))
        new[n] = replace(d, body=body, modifies=tuple(mods))
    return replace_procedures(p, new)


def _inline_code_exprs(e, ctx: _Ctx):
    """Inline calls inside code expressions `|{ ... call x := Q(); ... }|` (Boogie only
    allows calls there to procedures it inlines).  Nested code expressions are reached
    when they are not under a quantifier."""
    def fn(x):
        if type(x) is not CodeExpr or not any(type(c) is Call for b in x.blocks for c in b.cmds):
            return x
        saved = ctx.labels, ctx.locals_
        ctx.labels, ctx.locals_ = Namer(block_labels(x.blocks)), []
        blocks = _inline_blocks(x.blocks, (), ctx)
        new = replace(x, locals=x.locals + tuple(ctx.locals_), blocks=tuple(blocks))
        ctx.labels, ctx.locals_ = saved
        return new
    return transform(e, fn)


def _inlinable(c: Cmd, stack: tuple[str, ...], ctx: _Ctx) -> bool:
    return (type(c) is Call and not c.is_async and c.proc in ctx.depth
            and stack.count(c.proc) < ctx.depth[c.proc])


def _inline_blocks(blocks, stack: tuple[str, ...], ctx: _Ctx) -> list[Block]:
    out: list[Block] = []
    for b in blocks:
        label, cmds, start = b.label, list(b.cmds), 0
        loc = b.loc
        i = 0
        while i < len(cmds):
            c = cmds[i]
            if not _inlinable(c, stack, ctx):
                i += 1
                continue
            pre, inst, post, cont = _instance(c, ctx)
            entry = inst[0].label
            out.append(Block(label, tuple(cmds[start:i]) + tuple(pre), Goto((entry,), loc=c.loc),
                             loc=loc))
            out.extend(_inline_blocks(inst, stack + (c.proc,), ctx))
            label, loc = cont, c.loc
            cmds = list(post) + cmds[i + 1:]
            start, i = 0, len(post)
        out.append(Block(label, tuple(cmds[start:]), b.transfer, loc=loc))
    return out


def _fresh_vars(q: ProcedureDecl, c: Call, ctx: _Ctx):
    """Fresh caller locals for q's variables and for the globals q reads under old(...);
    returns (variable renaming, old snapshots, q's is-global test)."""
    body = q.body
    own = {v.name for v in q.params + q.returns + body.locals}
    is_global = lambda n: n in ctx.globals_ and n not in own  # noqa: E731
    mapping: dict[str, Var] = {}
    for v in q.params + q.returns + body.locals:
        mapping[v.name] = Var(ctx.names.fresh(f"inline${q.name}${v.name}"), loc=v.loc)
    olds: set[str] = set()
    for b in body.blocks:
        for e in _block_all_exprs(b):
            olds |= olds_in(e, is_global)
    for en in q.ensures:
        olds |= olds_in(en.expr, is_global)
    snap = {g: Var(ctx.names.fresh(f"inline${q.name}$old${g}"), loc=c.loc) for g in sorted(olds)}
    for v in q.params + q.returns + body.locals:
        where = None if v.where is None else \
            substitute(eliminate_old(v.where, snap, is_global), mapping)
        ctx.locals_.append(VarDecl(mapping[v.name].name, v.type, where, v.attrs, loc=v.loc))
    for g, sv in snap.items():
        ctx.locals_.append(VarDecl(sv.name, ctx.globals_[g].type, loc=c.loc))
    return mapping, snap, is_global


def _instance(c: Call, ctx: _Ctx):
    """(commands before the body, the renamed body blocks, commands after, continuation)."""
    q = ctx.procs[c.proc]
    ctx.inlined.add(q.name)
    body = q.body
    mapping, snap, is_global = _fresh_vars(q, c, ctx)

    def rw(e):
        return substitute(eliminate_old(e, snap, is_global), mapping)

    if len(c.args) != len(q.params) or len(c.outs) != len(q.returns):
        raise error("arity", c.loc, f"call to {q.name} does not match its signature")
    pre: list[Cmd] = []
    if q.params:
        pre.append(Assign(tuple(mapping[v.name] for v in q.params), c.args, loc=c.loc))
    if snap:
        pre.append(Assign(tuple(snap.values()), tuple(Var(g, loc=c.loc) for g in snap), loc=c.loc))
    fresh_out = [mapping[v.name].name for v in q.returns + body.locals]
    if fresh_out:
        pre.append(Havoc(tuple(fresh_out), loc=c.loc))
    for r in q.requires:
        e = substitute(eliminate_old(r.expr, None, is_global), mapping)
        pre.append((Assume if r.free else Assert)(e, r.attrs, loc=r.loc))
    labels = {b.label: ctx.labels.fresh(f"inline${q.name}${b.label}") for b in body.blocks}
    cont = ctx.labels.fresh(f"inline${q.name}$return")
    inst: list[Block] = []
    for b in body.blocks:
        b = map_block(b, rw)
        tr = b.transfer
        if isinstance(tr, Goto):
            for x in tr.labels:
                if x not in labels:
                    raise error("undeclared", tr.loc, f"goto to undefined label {x} in {q.name}")
            tr = replace(tr, labels=tuple(labels[x] for x in tr.labels))
        else:
            tr = Goto((cont,), loc=tr.loc)
        inst.append(replace(b, label=labels[b.label], transfer=tr))
    post: list[Cmd] = [(Assume if en.free else Assert)(rw(en.expr), en.attrs, loc=en.loc)
                       for en in q.ensures]
    if c.outs:
        post.append(Assign(tuple(Var(o, loc=c.loc) for o in c.outs),
                           tuple(mapping[v.name] for v in q.returns), loc=c.loc))
    return pre, inst, post, cont


def _block_all_exprs(b: Block):
    out = block_exprs(b)
    if isinstance(b.transfer, Return) and b.transfer.value is not None:
        out.append(b.transfer.value)
    return out
