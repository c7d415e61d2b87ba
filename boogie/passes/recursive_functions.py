"""Recursive function definitions as axioms.

Turns the body of every function that calls itself, directly or through other function
bodies, into its definitional axiom, appended to the program (by function name):

    function f(x: T) returns (R) { e }   ~>   function f(x: T) returns (R);
                                              axiom (forall x: T :: {f(x)} f(x) == e);

(`axiom f() == e;` without parameters), which is how Boogie itself encodes a function
definition; a polymorphic one just loses its body (a use of it is unsupported).  Every body
left is then non-recursive, and a backend expands each at every use, `{:inline}` or not,
without looking for cycles.  Run by `pipeline.lower`, after `macros.fold_macros` (whose
bodies count); the z3 backend used to find the cycles and add these axioms itself.
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import (App, AxiomDecl, FunCall, FunctionDecl, Op, Program, Quant, QuantKind, Var,
                   VarDecl)
from ..visit import subexprs


def axiomatize_recursive_functions(p: Program) -> Program:
    """Turns `p` into `p` whose recursive function bodies are axioms."""
    functions = p.functions()
    rec = recursive_functions(functions)
    if not rec:
        return p
    axioms = []
    for name in sorted(rec):
        f = functions[name]
        if not f.type_params:
            axioms.append(AxiomDecl(_definition(f), loc=f.loc))
    decls = tuple(replace(d, body=None) if type(d) is FunctionDecl and d.name in rec else d
                  for d in p.decls)
    return replace(p, decls=decls + tuple(axioms))


def recursive_functions(functions: dict[str, FunctionDecl]) -> set[str]:
    """The functions with a body from which a chain of calls through bodies leads back."""
    calls = {n: {e.func for e in subexprs(f.body) if type(e) is FunCall}
             for n, f in functions.items() if f.body is not None}
    rec = set()
    for start in calls:
        seen, stack = set(), list(calls[start])
        while stack:
            g = stack.pop()
            if g == start:
                rec.add(start)
                break
            if g in seen or g not in calls:
                continue
            seen.add(g)
            stack.extend(calls[g])
    return rec


def _definition(f: FunctionDecl):
    args = tuple(Var(x.name) for x in f.params)
    app = FunCall(f.name, args)
    eq = App(Op.EQ, (app, f.body))
    if not args:
        return eq
    bound = tuple(VarDecl(x.name, x.type) for x in f.params)
    return Quant(QuantKind.FORALL, bound, eq, triggers=((app,),))
