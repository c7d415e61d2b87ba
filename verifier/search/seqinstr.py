"""Recognizes a Boogie program that carries Corral's assertion instrumentation (SeqInstr).

Corral (and SMACK's ldv-bpl tasks, issue 36) turn every assertion into a flag: the entry
`main_SeqInstr` sets `assertsPassed := true`, calls main, and ends in
`assume {:OldAssert} !assertsPassed`; a failing check sets the flag false and returns.
Such a program has no `assert` left, so checking its assertions proves it vacuously
"correct"; its property is that the entry cannot return (Corral's /si, `--reach`).

`seqinstr_reach(program, entry)`: True when the program has no assertion (no `assert`
command, no non-free requires/ensures) and its entry (`entry`, else its `{:entrypoint}`)
has a block ending in `assume {:OldAssert} !g; return` for a bool global g.
"""
from __future__ import annotations

from boogie.ast import (App, Assert, Assume, BoolType, ImplementationDecl, Op, Program,
                        Return, Var, attr)


def has_attr(attrs, name: str) -> bool:
    return attr(attrs, name) is not None


def seqinstr_reach(program: Program, entry: str | None) -> bool:
    procs, impls = program.procedures(), program.implementations()
    if _has_assertions(procs, impls):
        return False
    name = entry if entry is not None else _marked_entry(program)
    if name is None:
        return False
    gl = program.global_vars()
    for body in _bodies(procs, impls, name):
        for b in body.blocks:
            if type(b.transfer) is not Return or not b.cmds:
                continue
            c = b.cmds[-1]
            if type(c) is Assume and has_attr(c.attrs, "OldAssert") \
                    and type(c.expr) is App and c.expr.op is Op.NOT \
                    and type(c.expr.args[0]) is Var and c.expr.args[0].name in gl \
                    and type(gl[c.expr.args[0].name].type) is BoolType:
                return True
    return False


def _has_assertions(procs, impls) -> bool:
    for d in procs.values():
        if any(not r.free for r in d.requires) or any(not e.free for e in d.ensures):
            return True
    for name in procs:
        for body in _bodies(procs, impls, name):
            if any(type(c) is Assert for b in body.blocks for c in b.cmds):
                return True
    return False


def _bodies(procs, impls, name: str) -> list:
    d = procs.get(name)
    out = [d.body] if d is not None and d.body is not None else []
    return out + [i.body for i in impls.get(name, [])]


def _marked_entry(program: Program) -> str | None:
    marked = {n for n, d in program.procedures().items() if has_attr(d.attrs, "entrypoint")}
    marked |= {d.name for d in program.decls
               if isinstance(d, ImplementationDecl) and has_attr(d.attrs, "entrypoint")}
    return next(iter(marked)) if len(marked) == 1 else None
