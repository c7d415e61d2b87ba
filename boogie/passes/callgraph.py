"""Call graph, reachability from an entry procedure, and pruning of unreachable procedures.

Turns a program into the same program without the procedures the entry can never call
(CORRAL TR, Section 2: stratified inlining only ever inlines procedures reachable from
`main`, so the others are dead weight for VC generation).  Types, constants, functions,
axioms and global variables are all kept.  Output is in the normal form of
`common.attach_implementations` (bodies inside their procedures).
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import Call, ProcedureDecl, Program
from ..errors import error
from .common import attach_implementations, code_expr_calls


def call_graph(p: Program) -> dict[str, frozenset[str]]:
    """Procedure name -> names of the procedures its body calls (empty without a body).
    `async` calls and calls inside code expressions count as calls."""
    p = attach_implementations(p)
    out: dict[str, frozenset[str]] = {}
    for d in p.decls:
        if isinstance(d, ProcedureDecl):
            callees: set[str] = set()
            if d.body is not None:
                for b in d.body.blocks:
                    callees.update(c.proc for c in b.cmds if type(c) is Call)
                    callees.update(c.proc for c in code_expr_calls(b))
            out[d.name] = frozenset(callees)
    return out


def reachable(p: Program, entry: str) -> frozenset[str]:
    """Procedures reachable from `entry` through calls (`entry` included)."""
    graph = call_graph(p)
    if entry not in graph:
        raise error("undeclared", p.loc, f"entry procedure {entry} is not declared")
    seen = {entry}
    stack = [entry]
    while stack:
        for q in graph.get(stack.pop(), ()):
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return frozenset(seen)


def prune_unreachable(p: Program, entry: str) -> Program:
    """Turns `p` into `p` without procedures unreachable from `entry`."""
    p = attach_implementations(p)
    keep = reachable(p, entry)
    return replace(p, decls=tuple(d for d in p.decls
                                  if not isinstance(d, ProcedureDecl) or d.name in keep))
