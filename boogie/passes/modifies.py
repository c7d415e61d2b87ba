"""Modifies-clause inference.

Turns a program whose procedures may assign globals they do not declare in `modifies` into
one whose every procedure with a body declares (at least) every global it can change:
declared ∪ globals assigned, havocked or received as call outputs in its body ∪ the
`modifies` of its callees, computed as a fixpoint over the call graph (recursion included).
Procedures without a body keep their clause: it is their specification.  Corral does the
same before verification (CORRAL TR, Section 2: a procedure's summary is over the globals
it modifies; Corral's inputs such as SMACK output routinely omit `modifies`).
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import Call, ProcedureDecl, Program
from ..visit import cmd_targets
from .common import attach_implementations, body_vars, replace_procedures


def direct_writes(p: Program, proc: ProcedureDecl, gl: set[str] | None = None) -> set[str]:
    """Globals a body writes itself (not through callees' modifies); `gl` is the set of
    global variable names (computed from `p` when not given)."""
    gl = set(p.global_vars()) if gl is None else gl
    local = set(body_vars(proc))
    out: set[str] = set()
    for b in proc.body.blocks:
        for c in b.cmds:
            out.update(n for n in cmd_targets(c) if n in gl and n not in local)
    return out


def infer_modifies(p: Program) -> Program:
    """Turns `p` into `p` with complete modifies clauses on procedures with a body."""
    p = attach_implementations(p)
    procs = p.procedures()
    order = {name: i for i, name in enumerate(p.global_vars())}
    gl = set(order)
    mods: dict[str, set[str]] = {n: set(d.modifies) for n, d in procs.items()}
    callees: dict[str, set[str]] = {}
    for n, d in procs.items():
        if d.body is not None:
            mods[n] |= direct_writes(p, d, gl)
            callees[n] = {c.proc for b in d.body.blocks for c in b.cmds
                          if type(c) is Call and c.proc in procs}
    _propagate(mods, callees)
    new: dict[str, ProcedureDecl] = {}
    for n in callees:
        d = procs[n]
        extra = sorted(mods[n] - set(d.modifies), key=lambda g: (order.get(g, len(order)), g))
        if extra:
            new[n] = replace(d, modifies=d.modifies + tuple(extra))
    return replace_procedures(p, new)


def _propagate(mods: dict[str, set[str]], callees: dict[str, set[str]]) -> None:
    """Least fixpoint of mods[n] ⊇ mods[q] for every call n -> q (worklist over callers)."""
    callers: dict[str, set[str]] = {}
    for n, cs in callees.items():
        for q in cs:
            callers.setdefault(q, set()).add(n)
    work = list(callees)
    queued = set(work)
    while work:
        n = work.pop()
        queued.discard(n)
        before = len(mods[n])
        for q in callees[n]:
            mods[n] |= mods[q]
        if len(mods[n]) != before:
            for c in callers.get(n, ()):
                if c not in queued:
                    queued.add(c)
                    work.append(c)
