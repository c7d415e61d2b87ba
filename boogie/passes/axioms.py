"""Drops the axioms no procedure of the program can depend on (Boogie's /prune).

Turns a program into the same program without the axioms about symbols its code never
reaches.  Relevance is a fixpoint: the symbols (functions, constants, global variables and
named types) the procedures mention are relevant; so is every symbol of the declaration of
a relevant function (its body), constant or global; an axiom that mentions a relevant
symbol, or no symbol at all (a statement about the built-in types), is kept, and its own
symbols become relevant.  What is left mentions only symbols that nothing kept mentions.

Why: SMACK's prelude declares `float` as an uninterpreted type with axioms that make
`$si2fp`/`$fp2si` a bijection between it and `int`.  In a program without floating point
they constrain nothing the code reads, but z3's model-based quantifier instantiation spins
on them (Corral's regression/trace/a.bpl: every query ran past 60 s; without them the bug is
found in 0.3 s).

Soundness: the axioms dropped share no symbol with what is kept, so a model of the kept
formula extends to one of the whole whenever the dropped axioms are satisfiable by
themselves -- the consistency every Boogie program's axioms are assumed to have (Boogie
prunes the same way).  Named types count as symbols, so an axiom about a type the code
uses (`forall x, y: T :: x == y`) is kept.
"""
from __future__ import annotations

import dataclasses
from dataclasses import replace

from ..ast import (AxiomDecl, ConstDecl, FunCall, FunctionDecl, NamedType, ProcedureDecl,
                   Program, TypeDecl, Var, VarDecl)


def prune_axioms(p: Program) -> Program:
    """`p` without the axioms that no procedure can depend on (module docstring)."""
    axioms = [d for d in p.decls if isinstance(d, AxiomDecl)]
    if not axioms:
        return p
    named: dict[str, list] = {}
    for d in p.decls:
        if isinstance(d, (FunctionDecl, ConstDecl, VarDecl, TypeDecl)):
            named.setdefault(d.name, []).append(d)
    relevant: set[str] = set()
    for d in p.decls:
        if isinstance(d, ProcedureDecl):
            relevant |= symbols(d)
    axiom_syms = [symbols(a) for a in axioms]
    kept = [False] * len(axioms)
    expanded: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name in list(relevant - expanded):
            expanded.add(name)
            for d in named.get(name, ()):
                new = symbols(d) - relevant
                if new:
                    relevant |= new
                    changed = True
        for i, s in enumerate(axiom_syms):
            if not kept[i] and (not s or s & relevant):
                kept[i] = True
                relevant |= s
                changed = True
    if all(kept):
        return p
    drop = {id(a) for a, k in zip(axioms, kept) if not k}
    return replace(p, decls=tuple(d for d in p.decls if id(d) not in drop))


def symbols(node) -> set[str]:
    """The names a declaration or expression mentions: variables and constants, functions
    called, named types (locals and bound variables are included: harmless)."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (tuple, list)):
            stack.extend(n)
            continue
        if not dataclasses.is_dataclass(n) or isinstance(n, type):
            continue
        if isinstance(n, Var):
            out.add(n.name)
        elif isinstance(n, FunCall):
            out.add(n.func)
        elif isinstance(n, NamedType):
            out.add(n.name)
        for f in dataclasses.fields(n):
            if f.name in ("loc", "name") and not isinstance(n, (Var, NamedType)):
                continue
            v = getattr(n, f.name)
            if isinstance(v, (tuple, list)) or dataclasses.is_dataclass(v):
                stack.append(v)
    return out
