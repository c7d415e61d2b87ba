"""Dead-code removal.

Turns a program into one whose procedure bodies contain only blocks reachable from their
entry block and no attribute-less `assume true` (CORRAL TR, Section 2: VC size drives the
cost of stratified inlining, so every pass output is cleaned up before VC generation).
Commands carrying attributes are kept even when they are `assume true`: SMACK and our front
ends put source locations there, which traces need.  Nothing else is merged or simplified.
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import Assume, BoolLit, ProcedureDecl, Program
from .common import attach_implementations, replace_procedures
from .loops import reachable_blocks


def _useless(c) -> bool:
    return (type(c) is Assume and not c.attrs and type(c.expr) is BoolLit
            and c.expr.value is True)


def remove_dead_code(p: Program) -> Program:
    """Turns `p` into `p` without unreachable blocks and attribute-less `assume true`."""
    p = attach_implementations(p)
    new: dict[str, ProcedureDecl] = {}
    for d in p.decls:
        if not isinstance(d, ProcedureDecl) or d.body is None:
            continue
        blocks = reachable_blocks(d.body.blocks)
        out = []
        for b in blocks:
            if any(_useless(c) for c in b.cmds):
                b = replace(b, cmds=tuple(c for c in b.cmds if not _useless(c)))
            out.append(b)
        out = tuple(out)
        if out != d.body.blocks:
            new[d.name] = replace(d, body=replace(d.body, blocks=out))
    return replace_procedures(p, new) if new else p
