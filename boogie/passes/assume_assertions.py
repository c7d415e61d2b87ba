"""Turns the assertions a property does not ask about into assumptions.

Role: SV-COMP's properties other than unreach-call (svcomp/properties.py): for
`no-overflow` or `valid-memsafety` only the instrumented checks of those kinds are errors;
a program's own `assert`, `reach_error()` or `__assert_fail` ends the path, as `abort`
does natively, instead of failing (the C front end's `property="no-overflow"` does the
same inside one front end; this pass does it for both, after translation).

Turns every `assert e` for which `keep(attrs)` is false into `assume e` (attributes and
location kept, so traces still name the step), and every non-free `requires`/`ensures`
into a free one (a contract is an assertion at the call or return).  Returns the program
itself when nothing changes.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..ast import Assert, Assume, Attrs, ImplementationDecl, ProcedureDecl, Program


def assume_other_assertions(p: Program, keep: Callable[[Attrs], bool]) -> Program:
    """Turns `p` into `p` where only the assertions `keep` accepts are still checked."""
    decls = []
    changed = False
    for d in p.decls:
        new = d
        if isinstance(d, (ProcedureDecl, ImplementationDecl)) and d.body is not None:
            blocks = tuple(replace(b, cmds=tuple(
                Assume(c.expr, c.attrs, loc=c.loc)
                if isinstance(c, Assert) and not keep(c.attrs) else c for c in b.cmds))
                for b in d.body.blocks)
            if any(x.cmds != y.cmds for x, y in zip(blocks, d.body.blocks)):
                new = replace(new, body=replace(d.body, blocks=blocks))
        if isinstance(d, ProcedureDecl) and any(not c.free for c in d.requires + d.ensures):
            new = replace(new, requires=tuple(replace(c, free=True) for c in d.requires),
                          ensures=tuple(replace(c, free=True) for c in d.ensures))
        changed = changed or new is not d
        decls.append(new)
    return replace(p, decls=tuple(decls)) if changed else p
