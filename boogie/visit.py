"""Shared walkers over expressions and commands.

Role: the one place that knows the shape of every expression class.  Walkers are iterative
(explicit stack) and memoize shared sub-expressions, so long chains such as `a && b && ...`
never hit Python's recursion limit.  Only quantifier and code-expression nesting recurses
(binders change the scope), which is shallow in practice.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterator, Mapping

from .ast import (App, Assert, Assign, Assume, Attr, Block, BoolLit, BvLit, Call, Cmd,
                  CodeExpr, Expr, Extract, FunCall, Goto, Havoc, IntLit, Ite, MapSelect,
                  MapStore, Old, Quant, RealLit, Return, RmodeLit, Var, Yield)

_LEAVES = (BoolLit, IntLit, RealLit, BvLit, RmodeLit, Var)


def children(e: Expr) -> tuple[Expr, ...]:
    """Direct sub-expressions in a fixed order (the order `with_children` expects).
    Quantifier and code-expression bodies are *not* children: they open a scope."""
    t = type(e)
    if t in _LEAVES:
        return ()
    if t is App or t is FunCall:
        return e.args
    if t is MapSelect:
        return (e.map,) + e.indices
    if t is MapStore:
        return (e.map,) + e.indices + (e.value,)
    if t is Ite:
        return (e.cond, e.then, e.else_)
    if t is Old or t is Extract:
        return (e.expr,)
    if t is Quant or t is CodeExpr:
        return ()
    raise AssertionError(f"children: unknown expression class {t.__name__}")


def with_children(e: Expr, kids: tuple[Expr, ...]) -> Expr:
    """`e` with its direct sub-expressions replaced (same order as `children`)."""
    t = type(e)
    if t is App:
        return e if kids == e.args else App(e.op, kids, loc=e.loc)
    if t is FunCall:
        return e if kids == e.args else FunCall(e.func, kids, loc=e.loc)
    if t is MapSelect:
        return MapSelect(kids[0], kids[1:], loc=e.loc)
    if t is MapStore:
        return MapStore(kids[0], kids[1:-1], kids[-1], loc=e.loc)
    if t is Ite:
        return Ite(kids[0], kids[1], kids[2], loc=e.loc)
    if t is Old:
        return Old(kids[0], loc=e.loc)
    if t is Extract:
        return Extract(kids[0], e.hi, e.lo, loc=e.loc)
    assert not kids, f"with_children: {t.__name__} has no children"
    return e


def postorder(root: Expr, visit: Callable[[Expr, tuple], object]) -> object:
    """Generic iterative post-order fold: `visit(node, results_of_children)`; results are
    memoized per distinct node, so shared sub-terms are visited once."""
    memo: dict[int, object] = {}
    keep: list[Expr] = []        # keeps ids valid while the walk runs
    stack: list[tuple[Expr, bool]] = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        key = id(node)
        if key in memo:
            continue
        kids = children(node)
        if expanded or not kids:
            memo[key] = visit(node, tuple(memo[id(k)] for k in kids))
            keep.append(node)
            continue
        stack.append((node, True))
        for k in reversed(kids):
            if id(k) not in memo:
                stack.append((k, False))
    return memo[id(root)]


def transform(root: Expr, fn: Callable[[Expr], Expr]) -> Expr:
    """Bottom-up rewrite: children are rewritten first, then `fn` sees the rebuilt node.
    Quantifier and code-expression bodies are left alone (fn sees the binder node)."""
    def visit(node: Expr, kids: tuple) -> Expr:
        if kids:
            node = with_children(node, kids)
        return fn(node)
    return postorder(root, visit)


def subexprs(root: Expr) -> Iterator[Expr]:
    """All sub-expressions (pre-order), descending into quantifier bodies and triggers."""
    stack = [root]
    while stack:
        e = stack.pop()
        yield e
        if type(e) is Quant:
            stack.append(e.body)
            for trig in e.triggers:
                stack.extend(trig)
        elif type(e) is CodeExpr:
            for b in e.blocks:
                for c in b.cmds:
                    stack.extend(cmd_exprs(c))
                if isinstance(b.transfer, Return) and b.transfer.value is not None:
                    stack.append(b.transfer.value)
        else:
            stack.extend(reversed(children(e)))


def free_vars(root: Expr) -> frozenset[str]:
    """Names referenced by `root` that no quantifier or code expression inside binds.
    (Function names are not variables and are not included.)"""
    out: set[str] = set()
    stack: list[tuple[Expr, frozenset[str]]] = [(root, frozenset())]
    while stack:
        e, bound = stack.pop()
        t = type(e)
        if t is Var:
            if e.name not in bound:
                out.add(e.name)
        elif t is Quant:
            inner = bound | {d.name for d in e.bound}
            stack.append((e.body, inner))
            for trig in e.triggers:
                stack.extend((x, inner) for x in trig)
        elif t is CodeExpr:
            inner = bound | {d.name for d in e.locals}
            for b in e.blocks:
                for c in b.cmds:
                    stack.extend((x, inner) for x in cmd_exprs(c))
                    out.update(n for n in cmd_targets(c) if n not in inner)
                if isinstance(b.transfer, Return) and b.transfer.value is not None:
                    stack.append((b.transfer.value, inner))
        else:
            stack.extend((k, bound) for k in children(e))
    return frozenset(out)


def substitute(root: Expr, mapping: Mapping[str, Expr]) -> Expr:
    """Replace free occurrences of variables by expressions.  Bound names shadow the
    mapping; the caller must ensure that replacement expressions do not mention names bound
    at the substitution point (fresh names, as VC generation and inlining use, never do)."""
    if not mapping:
        return root

    def fn(e: Expr) -> Expr:
        t = type(e)
        if t is Var:
            return mapping.get(e.name, e)
        if t is Quant:
            inner = {k: v for k, v in mapping.items() if k not in {d.name for d in e.bound}}
            return replace(e, body=substitute(e.body, inner),
                           triggers=tuple(tuple(substitute(x, inner) for x in trig)
                                          for trig in e.triggers))
        if t is CodeExpr:
            inner = {k: v for k, v in mapping.items() if k not in {d.name for d in e.locals}}
            return replace(e, blocks=tuple(substitute_block(b, inner) for b in e.blocks))
        return e
    return transform(root, fn)


# ----------------------------------------------------------------------------- commands

def cmd_exprs(c: Cmd) -> tuple[Expr, ...]:
    """Expressions a command reads (assignment left sides count through their indices)."""
    t = type(c)
    if t is Assign:
        idx: list[Expr] = []
        for lhs in c.lhs:
            while type(lhs) is MapSelect:
                idx.extend(lhs.indices)
                lhs = lhs.map
        return tuple(idx) + c.rhs
    if t is Assume or t is Assert:
        return (c.expr,)
    if t is Call:
        return c.args
    if t is Havoc or t is Yield:
        return ()
    raise AssertionError(f"cmd_exprs: unknown command class {t.__name__}")


def lhs_root(lhs: Expr) -> str:
    """The variable an assignment target writes (`m[i][j]` writes `m`)."""
    while type(lhs) is MapSelect:
        lhs = lhs.map
    assert type(lhs) is Var, f"bad assignment target {lhs!r}"
    return lhs.name


def desugar_lhs(lhs: Expr, rhs: Expr) -> tuple[str, Expr]:
    """`m[i][j] := v` is `m := m[i := m[i][j := v]]`; returns (m, new value of m)."""
    while type(lhs) is MapSelect:
        rhs = MapStore(lhs.map, lhs.indices, rhs)
        lhs = lhs.map
    assert type(lhs) is Var, f"bad assignment target {lhs!r}"
    return lhs.name, rhs


def cmd_targets(c: Cmd) -> tuple[str, ...]:
    """Variables a command writes (for calls: only the output variables)."""
    t = type(c)
    if t is Assign:
        return tuple(lhs_root(x) for x in c.lhs)
    if t is Havoc:
        return c.names
    if t is Call:
        return c.outs
    return ()


def map_cmd_exprs(c: Cmd, fn: Callable[[Expr], Expr]) -> Cmd:
    """Apply `fn` to every expression a command contains (incl. assignment targets, which
    stay assignment targets when `fn` maps variables to variables)."""
    t = type(c)
    if t is Assign:
        return replace(c, lhs=tuple(fn(x) for x in c.lhs), rhs=tuple(fn(x) for x in c.rhs))
    if t is Assume or t is Assert:
        return replace(c, expr=fn(c.expr))
    if t is Call:
        outs = tuple(_rename_target(fn, n) for n in c.outs)
        return replace(c, args=tuple(fn(x) for x in c.args), outs=outs)
    if t is Havoc:
        return replace(c, names=tuple(_rename_target(fn, n) for n in c.names))
    if t is Yield:
        return c
    raise AssertionError(f"map_cmd_exprs: unknown command class {t.__name__}")


def _rename_target(fn: Callable[[Expr], Expr], name: str) -> str:
    new = fn(Var(name))
    assert type(new) is Var, f"cannot substitute a non-variable for assigned name {name}"
    return new.name


def substitute_block(b: Block, mapping: Mapping[str, Expr]) -> Block:
    cmds = tuple(map_cmd_exprs(c, lambda e: substitute(e, mapping)) for c in b.cmds)
    tr = b.transfer
    if isinstance(tr, Return) and tr.value is not None:
        tr = replace(tr, value=substitute(tr.value, mapping))
    return replace(b, cmds=cmds, transfer=tr)


def attr_exprs(attrs: tuple[Attr, ...]) -> Iterator[Expr]:
    for a in attrs:
        for x in a.args:
            if isinstance(x, Expr):
                yield x


def successors(b: Block) -> tuple[str, ...]:
    return b.transfer.labels if isinstance(b.transfer, Goto) else ()
