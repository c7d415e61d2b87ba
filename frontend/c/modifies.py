"""Turns translated procedures into procedures with exact `modifies` clauses.

Role: a procedure's modifies set is the globals it assigns or havocs, plus those of every
procedure it calls (a fixpoint over the call graph, so recursion is handled).
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import Call, ProcedureDecl
from boogie.visit import cmd_targets


def with_modifies(procs: list[ProcedureDecl], globals_: set[str]) -> list[ProcedureDecl]:
    direct: dict[str, set[str]] = {}
    callees: dict[str, set[str]] = {}
    for p in procs:
        mods: set[str] = set(p.modifies)
        calls: set[str] = set()
        if p.body is not None:
            for b in p.body.blocks:
                for c in b.cmds:
                    if isinstance(c, Call):
                        calls.add(c.proc)
                    mods.update(t for t in cmd_targets(c) if t in globals_)
        direct[p.name] = mods & globals_ | set(p.modifies)
        callees[p.name] = calls
    changed = True
    while changed:
        changed = False
        for name, calls in callees.items():
            for q in calls:
                extra = direct.get(q, set()) - direct[name]
                if extra:
                    direct[name] |= extra
                    changed = True
    return [replace(p, modifies=tuple(sorted(direct[p.name]))) for p in procs]
