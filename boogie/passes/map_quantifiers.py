"""Quantified facts about one map, without the quantifier.

Turns a quantifier `(forall x :: P(x) ==> m[x] == E(x))` (also written `!P(x) || m[x] ==
E(x)`, or without a guard) into the equation `m == (lambda x :: if P(x) then E(x) else
m[x])`, and a group of such facts about the same map into one equation whose `if` chain
needs no self-reference when the guards cover every index:

    assume (forall x :: dst <= x && x < dst + len ==> r[x] == src[x - dst + s]);
    assume (forall x :: x < dst ==> r[x] == m[x]);
    assume (forall x :: dst + len <= x ==> r[x] == m[x]);
  becomes
    assume r == (lambda x :: if dst <= x && x < dst + len then src[x - dst + s] else m[x]);

and a frame `(forall x :: x == p || old(A)[x] == A[x])` becomes the store equation
`A == old(A)[p := A[p]]`.  These are SMACK's contracts of `$memcpy`/`$memset`/`$memmove`
(implementations that `assume` them, or `ensures` of a body-less procedure), of `$malloc`/
`$free` (the `$Alloc` frame), and our C front end's `calloc` facts.

Why: z3 decides maps with `lambda` and `store` in its array theory, but on the quantified
form it falls back on model-based instantiation, which spun past 60 s on Corral's
regression/smack/a.bpl (the `$Alloc` frames of ten `$malloc` instances; with the frames
as stores the same query is answered in 0.4 s, and the bug is found in 13 s instead of
no answer in 60 s), and answers "unknown (incomplete quantifiers)" on the Linux driver
tasks' `$memset`/`$memcpy`.  Boogie keeps the quantifiers and runs z3 with model-based
instantiation off (its default prover options), Corral reading "unknown" as a candidate
counterexample; here the facts become decidable instead.

Lambdas are off by default (`lambdas=False`: only the facts whose equation is a store
chain or a plain map equality are rewritten, the frames above): z3 5.4.1's incremental core
(the one our solver runs after the first query) spins on `r == (lambda x :: if P then E
else m[x])` when `m` is another map -- a four-line query it leaves "canceled" after any
time limit, where z3 4.8.12 answers at once and 5.4.1's one-shot solver too; the Linux
driver tasks' `$memset` queries then went from unknown to timeout.  Stores are decided by
the array theory itself in both versions.

Soundness: every rewrite is an equivalence, valid wherever the quantifier stands.  For
one fact, extensionality: the lambda agrees with `m` at every index exactly when `m[x] ==
E(x)` wherever `P(x)`.  A group is merged only when every two guards are disjoint or the
two values are the same expression (so the first guard that holds gives the value every
fact that holds demands), and the self-reference is dropped only when the guards' disjunction
is valid.  Both checks are propositional over the guards' atoms, with order comparisons
`a < b` / `b <= a` (integer, real, or a signed or unsigned bit-vector builtin, also behind
inline function bodies such as SMACK's `$slt.ref.bool`) read as one atom and its negation:
a tautology over independent atoms is valid, a contradiction unsatisfiable, in every
interpretation.  A fact is rewritten only when `m` is a variable (or `old` of one) that
neither `P` nor `E` reads in the same state: only the `else m[x]` branch refers to `m`.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace

from ..ast import (App, Assume, Block, BoolLit, CodeExpr, Expr, FunCall, FunctionDecl, Ite,
                   MapSelect, MapStore, Old, Op, Program, ProcedureDecl, Quant, QuantKind, Var)
from ..visit import children, free_vars, substitute, transform
from .common import builtin_name, map_cmd

__all__ = ["eliminate_map_quantifiers"]

_MAX_ATOMS = 12             # truth tables up to 4096 rows
_INLINE_DEPTH = 8           # how deep guard atoms are looked for behind function bodies

# builtin comparisons -> (order kind, strict, swapped): `a OP b` is le(a, b), lt(a, b) ...
_CMP_BUILTINS = {
    "bvsle": ("bvs", False, False), "bvslt": ("bvs", True, False),
    "bvsge": ("bvs", False, True), "bvsgt": ("bvs", True, True),
    "bvule": ("bvu", False, False), "bvult": ("bvu", True, False),
    "bvuge": ("bvu", False, True), "bvugt": ("bvu", True, True),
    "<=": ("arith", False, False), "<": ("arith", True, False),
    ">=": ("arith", False, True), ">": ("arith", True, True),
}
_CMP_OPS = {Op.LE: (False, False), Op.LT: (True, False), Op.GE: (False, True),
            Op.GT: (True, True)}


def eliminate_map_quantifiers(p: Program, lambdas: bool = False) -> Program:
    """Turns `p` into `p` with its map facts as equations (module docstring): in the
    `ensures` and `requires` of every procedure (merged per list) and in the commands of
    every body (consecutive `assume`s merged); any other quantifier of that shape that is
    not under a binder is rewritten alone.  Without `lambdas`, only the facts whose
    equation is a store chain (or a plain map equality) are rewritten."""
    rw = _Rewriter(p.functions(), lambdas)
    new = []
    changed = False
    for d in p.decls:
        if type(d) is ProcedureDecl:
            nd = rw.procedure(d)
            changed |= nd is not d
            d = nd
        new.append(d)
    return replace(p, decls=tuple(new)) if changed else p


@dataclass(frozen=True, slots=True)
class _Fact:
    """`forall bound :: guard ==> target[bound] == value`."""
    quant: Quant
    target: Expr
    guard: Expr | None          # None: no guard (every index)
    value: Expr


class _Rewriter:
    def __init__(self, functions: dict[str, FunctionDecl], lambdas: bool):
        self.functions = functions
        self.lambdas = lambdas

    # ------------------------------------------------------------------ placement

    def procedure(self, d: ProcedureDecl) -> ProcedureDecl:
        # the ensures of a body-less procedure are assumed, never checked
        ens = self._clauses(d.ensures, d.body is None)
        req = self._clauses(d.requires, False)
        body = d.body
        if body is not None:
            blocks = tuple(self._block(b) for b in body.blocks)
            if any(a is not b for a, b in zip(blocks, body.blocks)):
                body = replace(body, blocks=blocks)
        if ens is d.ensures and req is d.requires and body is d.body:
            return d
        return replace(d, ensures=ens, requires=req, body=body)

    def _clauses(self, clauses: tuple, assumed: bool) -> tuple:
        """The assumed clauses of a list (free ones, or all when `assumed`) are one
        conjunction: their facts merge (into the first clause of a group; the others become
        `true`).  A checked clause is rewritten alone, so that a failing check still names
        its own clause."""
        if not clauses:
            return clauses
        out = [c if c.free or assumed else replace(c, expr=self._alone(c.expr))
               for c in clauses]
        idx = [i for i, c in enumerate(clauses) if c.free or assumed]
        exprs = self._facts_of([clauses[i].expr for i in idx])
        for i, e in zip(idx, exprs):
            out[i] = replace(clauses[i], expr=e)
        for i, c in enumerate(clauses):
            if out[i].expr is c.expr:
                out[i] = c
        return tuple(out) if any(a is not b for a, b in zip(out, clauses)) else clauses

    def _block(self, b: Block) -> Block:
        """Consecutive `assume`s read one state: their facts merge into the first of the
        run; an assume whose fact was merged keeps its attributes and assumes `true`."""
        out: list = []
        run: list[Assume] = []
        for c in b.cmds + (None,):
            if type(c) is Assume:
                run.append(c)
                continue
            if run:
                exprs = self._facts_of([a.expr for a in run])
                out.extend(a if e is a.expr else replace(a, expr=e)
                           for a, e in zip(run, exprs))
                run = []
            if c is not None:
                out.append(map_cmd(c, self._alone))
        return b if all(x is y for x, y in zip(out, b.cmds)) else replace(b, cmds=tuple(out))

    def _alone(self, e: Expr) -> Expr:
        """`e` with every quantifier not under a binder rewritten on its own."""
        def fn(x: Expr) -> Expr:
            if type(x) is Quant:
                f = self._match(x)
                if f is not None:
                    return self._equation([f]) or x
            return x
        return transform(e, fn)

    def _facts_of(self, exprs: list[Expr]) -> list[Expr]:
        """The expressions (a conjunction) with their facts merged per map: a merged group
        replaces its first fact, the others become `true`; the rest rewritten alone."""
        facts: list[tuple[int, list[_Fact]]] = []
        for i, e in enumerate(exprs):
            if type(e) is Quant:
                got = self._candidates(e)
                if got:
                    facts.append((i, got))
        out = list(exprs)
        done: set[int] = set()
        for k, (i, cands) in enumerate(facts):
            if i in done:
                continue
            f = cands[0]
            group = [(i, f)]
            for j, others in facts[k + 1:]:
                if j in done:
                    continue
                for g in others:
                    if not self._same_map(f, g):
                        continue
                    g = self._renamed(g, f)
                    if all(self._compatible(h, g) for _, h in group):
                        group.append((j, g))
                        break
            eq = self._equation([h for _, h in group])
            if eq is None:
                continue            # left to be rewritten alone (or kept)
            for j, _ in group:
                done.add(j)
                out[j] = BoolLit(True, loc=exprs[j].loc)
            out[i] = eq
        return [e if i in done else self._alone(e) for i, e in enumerate(out)]

    # ------------------------------------------------------------------ recognition

    def _match(self, q: Quant) -> _Fact | None:
        got = self._candidates(q)
        return got[0] if got else None

    def _candidates(self, q: Quant) -> list[_Fact]:
        """The readings of `q` as a fact, the preferred first: when both sides of the
        equation are selects at the bound variables (`r[x] == m[x]`), either map can be the
        one defined; the one in the current state is preferred, then the left one."""
        if q.kind is not QuantKind.FORALL or q.type_params or not q.bound:
            return []
        names = [d.name for d in q.bound]
        if len(set(names)) != len(names):
            return []
        guard, eq = _split(q.body)
        if eq is None:
            return []
        sides = eq.args
        order = (1, 0) if type(sides[0]) is MapSelect and type(sides[0].map) is Old \
            else (0, 1)
        out = []
        for target_side in order:
            sel, value = sides[target_side], sides[1 - target_side]
            if type(sel) is not MapSelect:
                continue
            if tuple(type(i) is Var and i.name for i in sel.indices) != tuple(names):
                continue
            m = sel.map
            root = m.expr if type(m) is Old else m
            if type(root) is not Var or root.name in names:
                continue
            if _reads_state(value, root.name, type(m) is Old) or (
                    guard is not None and _reads_state(guard, root.name, type(m) is Old)):
                continue
            out.append(_Fact(q, m, guard, value))
        return out

    @staticmethod
    def _same_map(f: _Fact, g: _Fact) -> bool:
        return f.target == g.target and len(f.quant.bound) == len(g.quant.bound) and all(
            a.type == b.type for a, b in zip(f.quant.bound, g.quant.bound))

    @staticmethod
    def _renamed(g: _Fact, f: _Fact) -> _Fact:
        """`g` with its bound names those of `f`; `g` itself when a name of `f` is free in
        `g` (renaming would capture it: the two are then not merged)."""
        mapping = {b.name: Var(a.name) for a, b in zip(f.quant.bound, g.quant.bound)
                   if a.name != b.name}
        if not mapping:
            return g
        mentioned = free_vars(g.value) | (free_vars(g.guard) if g.guard is not None
                                          else frozenset())
        own = {b.name for b in g.quant.bound}
        if any(a.name in mentioned and a.name not in own for a in f.quant.bound):
            return g
        guard = substitute(g.guard, mapping) if g.guard is not None else None
        return _Fact(replace(g.quant, bound=f.quant.bound), g.target, guard,
                     substitute(g.value, mapping))

    def _compatible(self, f: _Fact, g: _Fact) -> bool:
        if f.quant.bound != g.quant.bound:
            return False
        if f.value == g.value:
            return True
        if f.guard is None or g.guard is None:
            return False
        return not self._satisfiable([f.guard, g.guard])

    # ------------------------------------------------------------------ the equation

    def _equation(self, group: list[_Fact]) -> Expr | None:
        first = group[0]
        bound = first.quant.bound
        loc = first.quant.loc
        cover = self._covers([f.guard for f in group])
        sel = MapSelect(first.target, tuple(Var(b.name) for b in bound))
        # the if chain, innermost first
        if cover:
            body = group[-1].value
            rest = group[:-1]
        else:
            body = sel
            rest = group
        for f in reversed(rest):
            if f.guard is None:
                body = f.value
            elif f.value != body:
                body = Ite(f.guard, f.value, body)
        rhs = _as_store(body, bound, first.target)
        if rhs is None:
            if not self.lambdas:
                return None
            rhs = Quant(QuantKind.LAMBDA, bound, body, loc=loc)
        return App(Op.EQ, (first.target, rhs), loc=loc)

    # ------------------------------------------------------------------ propositional

    def _covers(self, guards: list[Expr | None]) -> bool:
        if any(g is None for g in guards):
            return True
        return not self._satisfiable([App(Op.NOT, (g,)) for g in guards])

    def _satisfiable(self, formulas: list[Expr]) -> bool:
        """Whether the conjunction of `formulas` has a propositional model over their atoms
        (an over-approximation of satisfiability: True unless refuted)."""
        atoms: dict = {}
        trees = [self._prop(f, atoms, 0) for f in formulas]
        if len(atoms) > _MAX_ATOMS:
            return True
        for row in itertools.product((False, True), repeat=len(atoms)):
            if all(_eval(t, row) for t in trees):
                return True
        return False

    def _prop(self, e: Expr, atoms: dict, depth: int):
        t = type(e)
        if t is BoolLit:
            return ("const", e.value)
        if t is App:
            if e.op is Op.NOT:
                return ("not", self._prop(e.args[0], atoms, depth))
            if e.op in (Op.AND, Op.OR):
                return ("and" if e.op is Op.AND else "or",
                        [self._prop(a, atoms, depth) for a in e.args])
            if e.op is Op.IMP:
                return ("or", [("not", self._prop(e.args[0], atoms, depth)),
                               self._prop(e.args[1], atoms, depth)])
            if e.op is Op.EXPLIES:
                return ("or", [self._prop(e.args[0], atoms, depth),
                               ("not", self._prop(e.args[1], atoms, depth))])
            if e.op is Op.IFF:
                a, b = (self._prop(x, atoms, depth) for x in e.args)
                return ("iff", [a, b])
            if e.op in _CMP_OPS:
                strict, swapped = _CMP_OPS[e.op]
                return _order_atom(atoms, "arith", strict, swapped, *e.args)
        if t is FunCall and depth < _INLINE_DEPTH:
            f = self.functions.get(e.func)
            if f is not None and len(f.params) == len(e.args):
                b = builtin_name(f)
                if b is not None and b in _CMP_BUILTINS:
                    return _order_atom(atoms, *_CMP_BUILTINS[b], *e.args)
                if b is None and f.body is not None and not f.type_params \
                        and all(x.name for x in f.params):
                    body = substitute(f.body, {x.name: a for x, a in zip(f.params, e.args)})
                    return self._prop(body, atoms, depth + 1)
        return ("atom", atoms.setdefault(e, len(atoms)))


def _order_atom(atoms: dict, kind: str, strict: bool, swapped: bool, a: Expr, b: Expr):
    """`a < b` is `!(b <= a)`: every comparison becomes a (negated) `le` atom."""
    if swapped:
        a, b = b, a
    if strict:
        return ("not", ("atom", atoms.setdefault(("le", kind, b, a), len(atoms))))
    return ("atom", atoms.setdefault(("le", kind, a, b), len(atoms)))


def _eval(t, row) -> bool:
    k = t[0]
    if k == "atom":
        return row[t[1]]
    if k == "const":
        return t[1]
    if k == "not":
        return not _eval(t[1], row)
    if k == "and":
        return all(_eval(x, row) for x in t[1])
    if k == "or":
        return any(_eval(x, row) for x in t[1])
    a, b = t[1]
    return _eval(a, row) == _eval(b, row)


def _split(body: Expr) -> tuple[Expr | None, App | None]:
    """(guard, equation) of a fact body: `g ==> eq`, `d1 || ... || eq || ...`, or `eq`."""
    if type(body) is App and body.op is Op.IMP:
        g, eq = body.args
        return (g, eq) if _is_eq(eq) else (None, None)
    if type(body) is App and body.op is Op.OR:
        ds = _disjuncts(body)
        for i in range(len(ds) - 1, -1, -1):
            if _is_eq(ds[i]):
                others = ds[:i] + ds[i + 1:]
                g = others[0] if len(others) == 1 else App(Op.OR, (others[0], _or(others[1:])))
                return _negate(g), ds[i]
        return None, None
    return (None, body) if _is_eq(body) else (None, None)


def _is_eq(e: Expr) -> bool:
    return type(e) is App and e.op in (Op.EQ, Op.IFF) and any(
        type(a) is MapSelect for a in e.args)


def _disjuncts(e: Expr) -> list[Expr]:
    out, stack = [], [e]
    while stack:
        x = stack.pop()
        if type(x) is App and x.op is Op.OR:
            stack.extend(reversed(x.args))
        else:
            out.append(x)
    return out


def _or(es: list[Expr]) -> Expr:
    return es[0] if len(es) == 1 else App(Op.OR, (es[0], _or(es[1:])))


def _negate(e: Expr) -> Expr:
    if type(e) is App and e.op is Op.NOT:
        return e.args[0]
    if type(e) is App and e.op is Op.EQ:
        return App(Op.NEQ, e.args, loc=e.loc)
    if type(e) is App and e.op is Op.NEQ:
        return App(Op.EQ, e.args, loc=e.loc)
    return App(Op.NOT, (e,), loc=e.loc)


def _reads_state(e: Expr, name: str, in_old: bool) -> bool:
    """Whether `e` reads variable `name` inside `old(...)` (in_old) or outside it."""
    stack: list[tuple[Expr, bool]] = [(e, False)]
    while stack:
        x, under_old = stack.pop()
        t = type(x)
        if t is Var:
            if x.name == name and under_old == in_old:
                return True
        elif t is Old:
            stack.append((x.expr, True))
        elif t is Quant:
            if name not in {d.name for d in x.bound}:
                stack.append((x.body, under_old))
        elif t is CodeExpr:
            if name in free_vars(x):
                return True         # be conservative
        else:
            stack.extend((k, under_old) for k in children(x))
    return False


def _as_store(body: Expr, bound, target: Expr) -> Expr | None:
    """`lambda x :: if x == k1 then v1 else ... b[x]` as `b[kn := vn]...[k1 := v1]`
    (also `if x != k then b[x] else v`, and a plain `b[x]` as `b`); None if not of that
    shape.  One bound variable only."""
    if len(bound) != 1:
        return None
    x = bound[0].name
    points: list[tuple[Expr, Expr]] = []
    e = body
    while type(e) is Ite:
        c, a, b = e.cond, e.then, e.else_
        if type(c) is App and c.op is Op.NEQ:
            c, a, b = App(Op.EQ, c.args), b, a
        elif type(c) is App and c.op is Op.NOT and type(c.args[0]) is App \
                and c.args[0].op is Op.EQ:
            c, a, b = c.args[0], b, a
        if not (type(c) is App and c.op is Op.EQ):
            return None
        l, r = c.args
        k = r if type(l) is Var and l.name == x else l if type(r) is Var and r.name == x \
            else None
        if k is None or x in free_vars(k):
            return None
        points.append((k, substitute(a, {x: k})))
        e = b
    if not (type(e) is MapSelect and len(e.indices) == 1 and type(e.indices[0]) is Var
            and e.indices[0].name == x and x not in free_vars(e.map)):
        return None
    out = e.map
    for k, v in reversed(points):
        out = MapStore(out, (k,), v)
    return out
