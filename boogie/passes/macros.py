"""Function definitions stated as axioms.

Turns an axiom `axiom (forall x1: T1, ..., xn: Tn :: f(x1, ..., xn) == e)` (or `<==>`)
into the body of f (`function f(x1: T1, ..., xn: Tn) returns (R) { e }`) and drops the
axiom, when f is a body-less, non-builtin, monomorphic function, the xi are distinct
variables that are exactly the bound ones, their types are f's parameter types (synonyms
expanded) and e does not call f.  A backend then expands f at every use, as it expands any
function body; this is what z3's macro finder does with the quantified form, done once,
here.  SMACK's prelude defines `$pa`, `$p2i`, `$i2p`, `$trunc`, `$p2b` this way; kept as
quantifiers they make over-approximate queries slow or unknown.  The first defining axiom
of a function wins; later ones stay axioms.  A function named in a trigger `{...}` (other
than its own defining axiom's) is not folded: expanding it there would turn Corral's
uninterpreted trigger `{ PLUS(x, n, z) }` into an arithmetic one, `x + n * z`, which
matches every sum and instantiates in a loop (corral regression 004: z3 never answered;
with PLUS kept uninterpreted, as Boogie keeps it, z3 answers in 0.2 s).  Run by
`pipeline.lower` (the z3 backend used to find these "macros" while opening a solver, and
the factory skipped their axioms).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from ..ast import (App, AxiomDecl, Expr, FunCall, FunctionDecl, ImplementationDecl, Op,
                   ProcedureDecl, Program, Quant, QuantKind, Var)
from ..visit import subexprs
from .common import block_exprs, builtin_name, expand_synonyms, type_decls


def fold_macros(p: Program) -> Program:
    """Turns `p` into `p` with defining axioms folded into function bodies."""
    functions = p.functions()
    types = type_decls(p)
    defined: dict[str, FunctionDecl] = {}
    dropped: set[int] = set()
    triggered = _trigger_functions(p, functions, types)
    for d in p.decls:
        if type(d) is not AxiomDecl:
            continue
        got = _definition(d, functions, types)
        if got is not None and got.name not in defined and got.name not in triggered:
            defined[got.name] = functions[got.name] = got
            dropped.add(id(d))
    if not defined:
        return p
    decls = tuple(defined.get(d.name, d) if type(d) is FunctionDecl else d
                  for d in p.decls if id(d) not in dropped)
    return replace(p, decls=decls)


def _definition(d: AxiomDecl, functions, types) -> FunctionDecl | None:
    """The function `d` defines, with its body, or None."""
    q = d.expr
    if type(q) is not Quant or q.kind is not QuantKind.FORALL or q.type_params:
        return None
    body = q.body
    if type(body) is not App or body.op not in (Op.EQ, Op.IFF):
        return None
    lhs, rhs = body.args
    if type(lhs) is not FunCall:
        return None
    f = functions.get(lhs.func)
    if f is None or f.body is not None or builtin_name(f) is not None or f.type_params:
        return None
    names = [a.name if type(a) is Var else None for a in lhs.args]
    bound = [b.name for b in q.bound]
    if None in names or len(set(names)) != len(names) or sorted(names) != sorted(bound):
        return None
    if any(type(e) is FunCall and e.func == lhs.func for e in subexprs(rhs)):
        return None
    btypes = {b.name: b.type for b in q.bound}
    if any(expand_synonyms(btypes[n], types) != expand_synonyms(x.type, types)
           for n, x in zip(names, f.params)):
        return None
    params = tuple(replace(x, name=n) for n, x in zip(names, f.params))
    return replace(f, params=params, body=rhs)


def _trigger_functions(p: Program, functions, types) -> set[str]:
    """Names of the functions called inside some quantifier's trigger in `p` (a defining
    axiom's own trigger `{f(x)}` does not count for f)."""
    out: set[str] = set()
    for root, own in _program_exprs(p, functions, types):
        for e in subexprs(root):
            if type(e) is Quant:
                for trig in e.triggers:
                    for t in trig:
                        out.update(s.func for s in subexprs(t) if type(s) is FunCall
                                   and not (e is root and s.func == own))
    return out


def _program_exprs(p: Program, functions, types) -> Iterator[tuple[Expr, str | None]]:
    """Every expression of `p`, with the function it defines if it is a defining axiom."""
    for d in p.decls:
        if type(d) is AxiomDecl:
            got = _definition(d, functions, types)
            yield d.expr, (got.name if got is not None else None)
        elif type(d) is FunctionDecl and d.body is not None:
            yield d.body, None
        elif type(d) is ProcedureDecl:
            yield from ((s.expr, None) for s in d.requires + d.ensures)
            if d.body is not None:
                for b in d.body.blocks:
                    yield from ((e, None) for e in block_exprs(b))
        elif type(d) is ImplementationDecl:
            for b in d.body.blocks:
                yield from ((e, None) for e in block_exprs(b))
