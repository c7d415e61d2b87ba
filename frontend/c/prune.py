"""Turns translated procedures whose heap facts mention unused maps into ones without them.

Role: `calloc` (zero facts) and `realloc` (copy facts) constrain every heap map over the
fresh block, because which maps the rest of the program uses is known only at the end of
translation.  A map that no other command reads or writes is unconstrained otherwise, so
the facts about it cannot matter: this pass drops those quantified assumptions (tagged
`{:heap_fact "<map>"}` by declarations.py) and reports the maps still in use.  Fewer
quantifiers keep the solver's instantiation work down.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import Assume, BoolLit, ProcedureDecl, attr
from boogie.visit import cmd_exprs, cmd_targets, free_vars


def _fact_map(c) -> str | None:
    a = attr(getattr(c, "attrs", ()), "heap_fact") if isinstance(c, Assume) else None
    return a.args[0] if a is not None else None


def used_names(procs: list[ProcedureDecl]) -> set[str]:
    """Variables referenced by any command other than a heap fact."""
    out: set[str] = set()
    for p in procs:
        for b in (p.body.blocks if p.body is not None else ()):
            for c in b.cmds:
                if _fact_map(c) is not None:
                    continue
                out.update(cmd_targets(c))
                for e in cmd_exprs(c):
                    out |= free_vars(e)
    return out


def prune_heap_facts(procs: list[ProcedureDecl], maps: set[str]) -> tuple[
        list[ProcedureDecl], set[str]]:
    """(procedures without the heap facts over unused maps, the maps of `maps` in use)."""
    used = used_names(procs) & maps
    out = []
    for p in procs:
        if p.body is None:
            out.append(p)
            continue
        blocks = []
        for b in p.body.blocks:
            cmds = []
            for c in b.cmds:
                m = _fact_map(c)
                if m is not None and m not in used:
                    rest = tuple(a for a in c.attrs if a.name != "heap_fact")
                    if not rest:
                        continue
                    c = Assume(BoolLit(True), rest, loc=c.loc)    # keeps {:sourceloc}
                cmds.append(c)
            blocks.append(replace(b, cmds=tuple(cmds)))
        out.append(replace(p, body=replace(p.body, blocks=tuple(blocks))))
    return out, used
