"""Code-expression desugaring.

Turns every code expression `|{ var l; B1: ...; Bn: ... }|` into an ordinary expression,
Boogie's reading of it as "some execution of the blocks returns true":

    (exists l' :: P1 || ... || Pk)        Pi = (exists h :: g1 && ... && gm && v)

one disjunct per path through the blocks from the first, where a path's `assume`s and
`assert`s are its guards g, its assignments are substituted forward (a path binds each
variable to an expression, as passification does), each `havoc x` introduces a bound
variable of h, and v is the value of the path's `return v`.  The locals l become bound
variables l' (fresh names, so nothing is captured).  A call inside a code expression is
expanded: to a procedure with a body, by walking the callee's paths (its outputs, locals
and havocs bound as well; `old(g)` there is g's value at the call), at most
`CALL_DEPTH` calls deep; to a body-less one, as havoc of its outputs and `modifies` set and
its `ensures` as guards.  Outside calls `old(e)` stays `old(e)`: the VC generator reads it
in the enclosing procedure's pre-state, which a code expression cannot change.

Input: any program (implementations are attached first; `inline_marked` has usually already
inlined the `{:inline}` calls inside code expressions, and `extract_loops` rejected loops
inside them).  Output: the same program without `CodeExpr` nodes, in procedure bodies,
contracts, function bodies and axioms.  More than `PATH_LIMIT` paths, recursion past
`CALL_DEPTH`, or a command other than assume/assert/assignment/havoc/call inside one raise
`Unsupported` (the verdict is UNKNOWN).  Run by `pipeline.lower` (this used to be done by
the z3 backend while translating, so every backend had to re-implement it).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from ..ast import (App, Assert, Assign, Assume, AxiomDecl, BoolLit, Call, CodeExpr, Expr,
                   FunctionDecl, Havoc, Old, Op, ProcedureDecl, Program, Quant, QuantKind,
                   Return, Type, Var, VarDecl)
from ..errors import Unsupported
from ..visit import children, desugar_lhs, free_vars, subexprs, transform, with_children
from .common import (Namer, attach_implementations, block_exprs, body_vars, map_block,
                     program_names)

PATH_LIMIT = 4096     # paths per code expression (and per block of one) before giving up
CALL_DEPTH = 8        # nested calls expanded inside one code expression

FALSE = BoolLit(False)

Env = Mapping[str, Expr]


def desugar_code_exprs(p: Program) -> Program:
    """Turns `p` into `p` without code expressions (see the module docstring)."""
    p = attach_implementations(p)
    if not _has_code_expr(p):
        return p
    d = _Desugarer(p)
    return replace(p, decls=tuple(d.decl(x) for x in p.decls))


def _has_code_expr(p: Program) -> bool:
    return any(type(x) is CodeExpr for e in _decl_exprs(p) for x in subexprs(e))


def _decl_exprs(p: Program):
    """The expressions of axioms, function bodies, contracts and procedure bodies."""
    for d in p.decls:
        t = type(d)
        if t is AxiomDecl:
            yield d.expr
        elif t is FunctionDecl and d.body is not None:
            yield d.body
        elif t is ProcedureDecl:
            yield from (c.expr for c in d.requires + d.ensures)
            if d.body is not None:
                for b in d.body.blocks:
                    yield from block_exprs(b)


@dataclass(frozen=True, slots=True)
class _Path:
    env: dict[str, Expr]          # the value of each variable changed so far
    guards: tuple[Expr, ...]
    bound: tuple[VarDecl, ...]    # existentially bound along the path
    value: Expr | None = None     # the returned value (a finished path)


@dataclass(frozen=True, slots=True)
class _Scope:
    """Where expressions are read: variable types (for havoc), the pre-state of `old`
    (None: `old` stays for the VC generator) and whether every variable must be in the
    environment (inside an expanded call, the callee's variables and the globals)."""
    types: Mapping[str, Type]
    old_env: Env | None = None
    closed: bool = False


class _Desugarer:
    def __init__(self, p: Program):
        self.procs = p.procedures()
        self.globals = {n: d.type for n, d in p.global_vars().items()}
        self.constants = set(p.constants())
        self.names = Namer(program_names(p))

    # ------------------------------------------------------------------ declarations

    def decl(self, d):
        t = type(d)
        if t is AxiomDecl:
            return replace(d, expr=self.top(d.expr, {}))
        if t is FunctionDecl and d.body is not None:
            return replace(d, body=self.top(d.body, {q.name: q.type for q in d.params}))
        if t is ProcedureDecl:
            return self.procedure(d)
        return d

    def procedure(self, d: ProcedureDecl) -> ProcedureDecl:
        sig = {**self.globals, **{v.name: v.type for v in d.params + d.returns}}
        d = replace(d, requires=tuple(replace(c, expr=self.top(c.expr, sig)) for c in d.requires),
                    ensures=tuple(replace(c, expr=self.top(c.expr, sig)) for c in d.ensures))
        if d.body is None:
            return d
        types = {**self.globals, **{n: v.type for n, v in body_vars(d).items()}}
        blocks = tuple(map_block(b, lambda e: self.top(e, types)) for b in d.body.blocks)
        return replace(d, body=replace(d.body, blocks=blocks))

    def top(self, e: Expr, types: Mapping[str, Type]) -> Expr:
        """`e` with its code expressions desugared where they stand."""
        if not any(type(x) is CodeExpr for x in subexprs(e)):
            return e

        def fn(x: Expr) -> Expr:
            if type(x) is CodeExpr:
                return self.code_expr(x, {}, _Scope(types))
            if type(x) is Quant:
                inner = {**types, **{b.name: b.type for b in x.bound}}
                return replace(x, body=self.top(x.body, inner),
                               triggers=tuple(tuple(self.top(t, inner) for t in trig)
                                              for trig in x.triggers))
            return x
        return transform(e, fn)

    # ------------------------------------------------------------------ code expressions

    def code_expr(self, ce: CodeExpr, env: Env, scope: _Scope) -> Expr:
        env = dict(env)
        bound = []
        for d in ce.locals:
            v = self._fresh(d.name, d.type)
            env[d.name] = Var(v.name)
            bound.append(v)
        types = {**scope.types, **{d.name: d.type for d in ce.locals}}
        paths = self.paths(ce.blocks, env, replace(scope, types=types), 0)
        disj = []
        for p in paths:
            assert p.value is not None, "a code expression path returns no value"
            body = _conj(p.guards + (p.value,))
            disj.append(_exists(p.bound, body))
        res = FALSE if not disj else disj[0] if len(disj) == 1 else _disj(disj)
        return _exists(tuple(bound), res)

    def paths(self, blocks, env: Env, scope: _Scope, depth: int) -> list[_Path]:
        """All paths through `blocks` from the first (as the z3 backend enumerated them)."""
        by_label = {b.label: b for b in blocks}
        done: list[_Path] = []
        work = [(blocks[0], _Path(dict(env), (), ()))]
        while work:
            b, start = work.pop()
            states = [start]
            for c in b.cmds:
                states = [q for st in states for q in self.cmd(c, st, scope, depth)]
                if len(states) > PATH_LIMIT:
                    raise Unsupported("code expression with too many paths")
            for st in states:
                tr = b.transfer
                if isinstance(tr, Return):
                    val = None if tr.value is None else self.read(tr.value, st.env, scope)
                    done.append(replace(st, value=val))
                else:
                    work.extend((by_label[lab], replace(st, env=dict(st.env)))
                                for lab in tr.labels)
            if len(done) + len(work) > PATH_LIMIT:
                raise Unsupported("code expression with too many paths")
        return done

    def cmd(self, c, st: _Path, scope: _Scope, depth: int) -> list[_Path]:
        t = type(c)
        if t is Assume or t is Assert:
            return [replace(st, guards=st.guards + (self.read(c.expr, st.env, scope),))]
        if t is Assign:
            new = dict(st.env)
            for lhs, rhs in zip(c.lhs, c.rhs):
                name, val = desugar_lhs(lhs, rhs)
                new[name] = self.read(val, st.env, scope)
            return [replace(st, env=new)]
        if t is Havoc:
            new, bound = dict(st.env), list(st.bound)
            for n in c.names:
                if n not in scope.types:
                    raise Unsupported(f"{c.loc}: havoc of unknown variable {n} inside a "
                                      "code expression")
                v = self._fresh(n, scope.types[n])
                new[n] = Var(v.name)
                bound.append(v)
            return [replace(st, env=new, bound=tuple(bound))]
        if t is Call:
            return self.call(c, st, scope, depth)
        raise Unsupported(f"{type(c).__name__} inside a code expression")

    def call(self, c: Call, st: _Path, scope: _Scope, depth: int) -> list[_Path]:
        proc = self.procs.get(c.proc)
        if proc is None or proc.type_params:
            raise Unsupported(f"call of {c.proc} inside a code expression")
        args = [self.read(a, st.env, scope) for a in c.args]
        pre = {g: st.env.get(g, Var(g)) for g in self.globals}     # old(g) in the callee
        callee = {**self.globals, **{v.name: v.type for v in proc.params + proc.returns}}
        cenv: dict[str, Expr] = dict(pre)
        cenv.update((q.name, a) for q, a in zip(proc.params, args))
        inner = _Scope(callee, pre, closed=True)
        if proc.body is None:
            new, bound = dict(st.env), list(st.bound)
            for name in proc.modifies:
                v = self._fresh(name, self.globals[name])
                new[name] = cenv[name] = Var(v.name)
                bound.append(v)
            for r, o in zip(proc.returns, c.outs):
                v = self._fresh(r.name, r.type)
                new[o] = cenv[r.name] = Var(v.name)
                bound.append(v)
            ens = tuple(self.read(e.expr, cenv, inner) for e in proc.ensures)
            return [replace(st, env=new, guards=st.guards + ens, bound=tuple(bound))]
        if depth >= CALL_DEPTH:
            raise Unsupported("recursion inside a code expression")
        local = []
        for d in proc.returns + proc.body.locals:
            v = self._fresh(d.name, d.type)
            cenv[d.name] = Var(v.name)
            local.append(v)
        inner = replace(inner, types={**callee, **{d.name: d.type for d in proc.body.locals}})
        out = []
        for fp in self.paths(proc.body.blocks, cenv, inner, depth + 1):
            new = dict(st.env)
            new.update((g, fp.env[g]) for g in self.globals)
            new.update((o, fp.env[r.name]) for r, o in zip(proc.returns, c.outs))
            out.append(_Path(new, st.guards + fp.guards, st.bound + tuple(local) + fp.bound))
        return out

    # ------------------------------------------------------------------ reading

    def read(self, e: Expr, env: Env, scope: _Scope) -> Expr:
        """`e` read in `env` (what the backend's `translate(e, env, old_env)` was): the
        variables replaced by their values, `old` read in `scope.old_env`, nested code
        expressions desugared, bound variables renamed where a value would be captured."""
        def fn(x: Expr) -> Expr:
            t = type(x)
            if t is Var:
                v = env.get(x.name)
                if v is not None:
                    return v
                if scope.closed and x.name not in self.constants:
                    raise Unsupported(f"{x.loc}: unknown variable {x.name}")
                return x
            if t is Old:
                if scope.old_env is None:
                    return x
                return self.read(x.expr, scope.old_env,
                                 replace(scope, closed=True))
            if t is Quant:
                return self.quant(x, env, scope)
            if t is CodeExpr:
                return self.code_expr(x, env, scope)
            return x
        return _rewrite(e, fn)

    def quant(self, q: Quant, env: Env, scope: _Scope) -> Quant:
        names = {b.name for b in q.bound}
        used = free_vars(q.body) - names
        captured = {n for k in used if k in env for n in free_vars(env[k]) & names}
        inner = dict(env)
        bound = []
        for b in q.bound:
            nb = self._fresh(b.name, b.type) if b.name in captured else b
            inner[b.name] = Var(nb.name)
            bound.append(replace(b, name=nb.name))
        sc = replace(scope, types={**scope.types, **{b.name: b.type for b in q.bound}})
        return replace(q, bound=tuple(bound), body=self.read(q.body, inner, sc),
                       triggers=tuple(tuple(self.read(t, inner, sc) for t in trig)
                                      for trig in q.triggers))

    def _fresh(self, name: str, typ: Type) -> VarDecl:
        return VarDecl(self.names.fresh(f"ce${name}"), typ)


def _rewrite(e: Expr, fn) -> Expr:
    """Bottom-up rewrite as `transform`, except that an `old(...)` reaches `fn` as it is,
    its inside not rewritten first (it is read in another state)."""
    memo: dict[int, Expr] = {}
    stack: list[tuple[Expr, bool]] = [(e, False)]
    while stack:
        node, expanded = stack.pop()
        if id(node) in memo:
            continue
        kids = () if type(node) is Old else children(node)
        if kids and not expanded:
            stack.append((node, True))
            stack.extend((k, False) for k in kids if id(k) not in memo)
            continue
        new = with_children(node, tuple(memo[id(k)] for k in kids)) if kids else node
        memo[id(node)] = fn(new)
    return memo[id(e)]


def _conj(es: tuple[Expr, ...]) -> Expr:
    out = es[0]
    for e in es[1:]:
        out = App(Op.AND, (out, e))
    return out


def _disj(es: list[Expr]) -> Expr:
    out = es[0]
    for e in es[1:]:
        out = App(Op.OR, (out, e))
    return out


def _exists(bound: tuple[VarDecl, ...], body: Expr) -> Expr:
    return Quant(QuantKind.EXISTS, bound, body) if bound else body
