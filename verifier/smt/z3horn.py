"""Horn clauses over z3 terms, solved by z3's Spacer engine (`SolverFor("HORN")`).

Role: implements the `HornSystem` protocol of `horn.py` over the z3 context of a `Z3Solver`
(so the VC templates' terms are used as they are).  What Spacer cannot take is abstracted
before solving, each abstraction an over-approximation, so a solution of the abstracted
rules is a solution of the exact ones:

* a subterm Spacer does not handle -- an uninterpreted function application (a Boogie
  function without body, SMACK's bit operations in the integer encoding), a quantifier, a
  lambda -- becomes a fresh universally quantified variable of its sort (the rule then holds
  for every value of it, in particular for the real one);
* the program constants (Boogie `const`) become extra arguments of every relation, passed
  along unchanged, and per-rule variables in the rules (Spacer refuses free symbols);
* the program's axioms are conjoined to every rule body where they are quantifier-free
  (after the same abstraction); quantified axioms are dropped (weaker bodies: sound).

`check_solution` re-checks a SAFE answer on a fresh z3 context with a plain SMT solver:
for each rule, `body /\\ interpretations of the body's relations /\\ !interpretation of the
head` must be unsatisfiable.  It checks the exact rule first (all axioms asserted); where the
plain solver answers unknown there (quantified axioms), it checks the abstracted rule, whose
validity implies the exact rule's by the argument above.  Any satisfiable or unknown rule
rejects the proof.  Under `--triggers-only` (the solver's `triggers_only`) these checks read
the quantified axioms as Boogie does (`z3session.TRIGGERS_ONLY_PARAMS`), so a proof never
rests on a contradiction of the axioms that only the complete reading finds.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import z3

from verifier.smt.horn import HornResult, SolutionCheck
from verifier.smt.solver import Term
from verifier.smt.z3context import new_context
from verifier.smt.z3session import TRIGGERS_ONLY_PARAMS, Z3Solver
from verifier.smt.z3work import _WORK_DONE, capped_check, rlimit_count, work_units

_UNINTERPRETED = z3.Z3_OP_UNINTERPRETED
_DIVISIONS = (z3.Z3_OP_IDIV, z3.Z3_OP_MOD, z3.Z3_OP_REM, z3.Z3_OP_DIV)


@dataclass(eq=False, slots=True)
class _Relation:
    name: str
    sorts: tuple
    decl: Any = None            # the z3 function, declared at solve time


@dataclass(frozen=True, slots=True)
class _App:
    rel: _Relation
    args: tuple


@dataclass(slots=True)
class _Rule:
    name: str
    body: tuple
    apps: tuple
    head: _App | None
    abstracted: Any = None      # the closed rule given to Spacer (after abstraction)
    fresh: list = field(default_factory=list)   # (fresh var, abstracted subterm) pairs


class Z3Horn:
    """Horn rules over the terms of one `Z3Solver`, solved by Spacer."""

    def __init__(self, solver: Z3Solver, constants: Sequence[str], axioms: Sequence[Term],
                 params: dict[str, Any] | None = None):
        self.ctx = solver.ctx
        self._constant_names = frozenset(constants)
        self._axioms = list(axioms)
        self._params = dict(params or {})
        self._reading = TRIGGERS_ONLY_PARAMS if solver.triggers_only else ()
        self._free_at_once = solver.settings.free_contexts_at_once
        self._rels: dict[str, _Relation] = {}
        self._rules: list[_Rule] = []
        self._consts: list[Term] = []       # program constants occurring, in argument order
        self._model = None
        self._reason = ""
        self._fresh = 0
        self.solve_time = 0.0
        self.check_time = 0.0
        self.abstracted_terms = 0

    # ------------------------------------------------------------------ building

    def relation(self, name: str, signature: Sequence[Term]) -> _Relation:
        assert name not in self._rels, f"relation {name} declared twice"
        r = self._rels[name] = _Relation(name, tuple(t.sort() for t in signature))
        return r

    def apply(self, rel: _Relation, args: Sequence[Term]) -> _App:
        assert len(args) == len(rel.sorts), f"arity of {rel.name}"
        return _App(rel, tuple(args))

    def rule(self, name: str, body: Sequence[Term], apps: Sequence[_App],
             head: _App | None) -> None:
        self._rules.append(_Rule(name, tuple(body), tuple(apps), head))

    # ------------------------------------------------------------------ solving

    def _prepare(self) -> None:
        consts: dict[str, Term] = {}
        for r in self._rules:
            for t in self._rule_terms(r):
                for c in _free_constants(t):
                    if c.decl().name() in self._constant_names:
                        consts.setdefault(c.decl().name(), c)
        self._consts = [consts[n] for n in sorted(consts)]
        ksorts = [c.sort() for c in self._consts]
        for rel in self._rels.values():
            rel.decl = z3.Function(f"{rel.name}", *rel.sorts, *ksorts,
                                   z3.BoolSort(self.ctx))
        axioms = []
        for a in self._axioms:
            if not _has_quantifier(a):
                axioms.append(a)
        for r in self._rules:
            self._abstract(r, axioms)

    @staticmethod
    def _rule_terms(r: _Rule) -> list[Term]:
        out = list(r.body)
        for a in r.apps:
            out.extend(a.args)
        if r.head is not None:
            out.extend(r.head.args)
        return out

    def _exact_app(self, a: _App) -> Term:
        return a.rel.decl(*a.args, *self._consts)

    def _abstract(self, r: _Rule, axioms: list[Term]) -> None:
        """The closed rule for Spacer: unsupported subterms and constants replaced by
        fresh variables, every free symbol universally quantified."""
        pairs: list[tuple[Term, Term]] = []
        seen: dict[int, Term] = {}
        walker = _Abstractor(self, pairs, seen)
        body = [walker.term(t) for t in list(r.body) + axioms]
        apps = [a.rel.decl(*[walker.term(x) for x in a.args], *self._consts)
                for a in r.apps]
        head = z3.BoolVal(False, self.ctx) if r.head is None else \
            r.head.rel.decl(*[walker.term(x) for x in r.head.args], *self._consts)
        formula = z3.Implies(z3.And(*body, *apps), head) if body or apps else head
        # program constants: per-rule variables (they flow between rules as arguments)
        kvars = [z3.FreshConst(c.sort(), "k") for c in self._consts]
        if kvars:
            formula = z3.substitute(formula, *zip(self._consts, kvars))
        rel_names = {rel.decl.name() for rel in self._rels.values()}
        vs = [c for c in _free_constants(formula) if c.decl().name() not in rel_names]
        r.abstracted = z3.ForAll(vs, formula) if vs else formula
        r.fresh = pairs
        self.abstracted_terms += len(pairs)

    def solve(self, timeout: float | None, work: float | None = None) -> HornResult:
        self._prepare()
        s = z3.SolverFor("HORN", ctx=self.ctx)
        # global guidance (Spacer's `global`: lemmas generalized across predicates by
        # subsumption and concretization) solves loop-summary systems that the default
        # configuration times out on (measured on tests/test_horn_prover.py's LOOP: timeout
        # at 10 s without, 0.4 s with)
        params = {"fp.xform.inline_linear": False, "fp.xform.inline_eager": False,
                  "fp.spacer.global": True}
        params.update(self._params)
        if timeout is not None:
            params["timeout"] = max(1, int(timeout * 1000))
        if work is not None:            # Spacer counts z3's resource units too
            params["rlimit"] = work_units(work)
        s.set(**params)
        for r in self._rules:
            s.add(r.abstracted)
        t0 = time.perf_counter()
        before = rlimit_count(s)
        used = 0
        try:
            res, watch = capped_check(s.ctx, work, s.check)
        finally:
            took = time.perf_counter() - t0
            self.solve_time += took
            used = rlimit_count(s) - before
            _WORK_DONE[0] += used
        if res == z3.unknown and work is not None and (watch[3] or used >= work_units(work)):
            self._reason = "work limit"
            return HornResult.UNKNOWN
        if res == z3.sat:
            self._model = s.model()
            return HornResult.SAFE
        if res == z3.unsat:
            return HornResult.UNSAFE
        self._reason = " ".join((s.reason_unknown() or "unknown").split("\n")[0].split())
        if self._reason == "unknown" and timeout is not None and took >= 0.9 * timeout:
            # Spacer stopped by its `timeout` parameter at times gives no reason (seen under
            # load: "unknown" after the whole budget); it ran out of time
            self._reason = "timeout"
        return HornResult.UNKNOWN

    def reason_unknown(self) -> str:
        return self._reason

    def interpretation(self, rel: _Relation, args: Sequence[Term]) -> Term:
        assert self._model is not None, "no solution: the last solve was not SAFE"
        actual = [*args, *self._consts]
        fi = self._model[rel.decl]
        if fi is None:              # no constraint on it survived: any value will do
            return z3.BoolVal(True, self.ctx)
        if not isinstance(fi, z3.FuncInterp):
            # a lambda (array-style interpretation)
            return z3.simplify(z3.Select(fi, *actual)) if actual else fi
        # the interpretation's `else` is over Var(i), the i-th argument; explicit entries
        # (argument tuples with their own value) come first
        out = z3.substitute_vars(fi.else_value(), *actual) if actual else fi.else_value()
        for i in range(fi.num_entries() - 1, -1, -1):
            e = fi.entry(i)
            cond = z3.And(*[a == e.arg_value(j) for j, a in enumerate(actual)])
            out = z3.If(cond, e.value(), out)
        return out

    def relations(self) -> dict[str, _Relation]:
        return dict(self._rels)

    # ------------------------------------------------------------------ the independent check

    def check_solution(self, timeout: float | None,
                       interp: Callable[[_Relation, Sequence[Term]], Term] | None = None
                       ) -> SolutionCheck:
        """Each rule with `interp` (default: the solution found) plugged in, checked valid
        on a fresh context by a plain SMT solver."""
        interp = interp or self.interpretation
        ctx = new_context(self._free_at_once)
        failed: list[str] = []
        t0 = time.perf_counter()
        try:
            for r in self._rules:
                why = self._check_rule(r, interp, ctx, timeout)
                if why:
                    failed.append(f"{r.name}: {why}")
        finally:
            self.check_time += time.perf_counter() - t0
        return SolutionCheck(not failed, len(self._rules), tuple(failed),
                             time.perf_counter() - t0)

    def _check_rule(self, r: _Rule, interp, ctx, timeout) -> str:
        hyp = list(r.body) + [interp(a.rel, a.args) for a in r.apps]
        goal = z3.BoolVal(False, self.ctx) if r.head is None else interp(r.head.rel,
                                                                          r.head.args)
        exact = self._valid(ctx, self._axioms, hyp, goal, timeout)
        if exact == "valid":
            return ""
        if exact == "invalid":
            return "not valid"
        # the abstracted rule (what Spacer solved): its validity implies the exact rule's
        body_abs, apps_abs, goal_abs = self._abstract_instance(r, interp)
        again = self._valid(ctx, [], body_abs + apps_abs, goal_abs, timeout)
        if again == "valid":
            return ""
        return "not valid" if again == "invalid" else f"unknown ({exact})"

    def _abstract_instance(self, r: _Rule, interp):
        """The rule as given to Spacer (fresh variables for abstracted subterms, the
        quantifier-free axioms), with `interp` plugged in (the constants stay constants)."""
        pairs: list[tuple[Term, Term]] = []
        walker = _Abstractor(self, pairs, {})
        axioms = [a for a in self._axioms if not _has_quantifier(a)]
        body = [walker.term(t) for t in list(r.body) + axioms]
        apps = [interp(a.rel, [walker.term(x) for x in a.args]) for a in r.apps]
        goal = z3.BoolVal(False, self.ctx) if r.head is None else \
            interp(r.head.rel, [walker.term(x) for x in r.head.args])
        return body, apps, goal

    def _valid(self, ctx, axioms, hyp, goal, timeout) -> str:
        s = z3.Solver(ctx=ctx)
        limit = () if timeout is None else ("timeout", max(1, int(timeout * 1000)))
        if self._reading or limit:
            s.set(*self._reading, *limit)      # one call: a second one resets the first
        for a in axioms:
            s.add(a.translate(ctx))
        for h in hyp:
            s.add(h.translate(ctx))
        s.add(z3.Not(goal).translate(ctx))
        r = s.check()
        if r == z3.unsat:
            return "valid"
        if r == z3.sat:
            return "invalid"
        return s.reason_unknown() or "unknown"

    def conjuncts(self, t: Term) -> list[Term]:
        return conjuncts(t)

    def to_boogie(self, t: Term, names: dict[str, Any]) -> Any:
        return to_boogie(t, names)

    def stats(self) -> dict[str, Any]:
        return {"horn_relations": len(self._rels), "horn_rules": len(self._rules),
                "horn_solve_time": round(self.solve_time, 3),
                "horn_check_time": round(self.check_time, 3),
                "horn_abstracted_terms": self.abstracted_terms}


class _Abstractor:
    """Replaces the subterms Spacer cannot take by fresh variables (memoized per term).

    Walks raw z3 ASTs through z3's C API (no Python wrapper per node: the driver models'
    rules have hundreds of thousands of nodes)."""

    def __init__(self, horn: Z3Horn, pairs: list, seen: dict):
        self.horn, self.pairs, self.seen = horn, pairs, seen
        self.keep: list = []          # wrappers keeping new ASTs alive

    def _fresh(self, a, ctx) -> Any:
        t = z3.z3._to_expr_ref(a, ctx)
        self.horn._fresh += 1
        v = z3.Const(f"abs!{self.horn._fresh}", t.sort())
        self.pairs.append((v, t))
        self.keep.append(v)
        return v.as_ast()

    def term(self, root: Term) -> Term:
        ctx = root.ctx
        c = ctx.ref()
        memo = self.seen              # AST id -> (result AST, its id)
        ast_id, kind_of = z3.Z3_get_ast_id, z3.Z3_get_ast_kind
        to_app, nargs, arg = z3.Z3_to_app, z3.Z3_get_app_num_args, z3.Z3_get_app_arg
        decl_kind, app_decl = z3.Z3_get_decl_kind, z3.Z3_get_app_decl
        stack = [(root.as_ast(), False)]
        while stack:
            a, done = stack.pop()
            k = ast_id(c, a)
            if k in memo:
                continue
            kind = kind_of(c, a)
            if kind == z3.Z3_QUANTIFIER_AST:
                f = self._fresh(a, ctx)
                memo[k] = (f, ast_id(c, f))
                continue
            if kind != z3.Z3_APP_AST:
                memo[k] = (a, k)
                continue
            app = to_app(c, a)
            n = nargs(c, app)
            dk = decl_kind(c, app_decl(c, app))
            if (n > 0 and dk == _UNINTERPRETED) or \
                    (dk in _DIVISIONS and not z3.Z3_is_numeral_ast(c, arg(c, app, 1))):
                # an uninterpreted function, or a division Spacer refuses (by a non-numeral)
                f = self._fresh(a, ctx)
                memo[k] = (f, ast_id(c, f))
                continue
            if n == 0:
                memo[k] = (a, k)
                continue
            args = [arg(c, app, i) for i in range(n)]
            if not done:
                stack.append((a, True))
                stack.extend((x, False) for x in args if ast_id(c, x) not in memo)
                continue
            kids = [memo[ast_id(c, x)] for x in args]
            if all(kid[1] == ast_id(c, x) for kid, x in zip(kids, args)):
                memo[k] = (a, k)
                continue
            arr = (z3.Ast * n)()
            for i, kid in enumerate(kids):
                arr[i] = kid[0]
            new = z3.z3._to_expr_ref(z3.Z3_update_term(c, a, n, arr), ctx)
            self.keep.append(new)
            memo[k] = (new.as_ast(), ast_id(c, new.as_ast()))
        return z3.z3._to_expr_ref(memo[root.get_id()][0], ctx)


def _update(t: Term, kids: list[Term]) -> Term:
    """`t` with its arguments replaced by `kids` (same operator)."""
    n = len(kids)
    arr = (z3.Ast * n)()
    for i, k in enumerate(kids):
        arr[i] = k.as_ast()
    ctx = t.ctx
    return z3.z3._to_expr_ref(z3.Z3_update_term(ctx.ref(), t.as_ast(), n, arr), ctx)


def _free_constants(t: Term) -> list[Term]:
    """The uninterpreted 0-ary constants of `t` (outside quantifier bodies' bound vars)."""
    ctx = t.ctx
    c = ctx.ref()
    ast_id, kind_of = z3.Z3_get_ast_id, z3.Z3_get_ast_kind
    to_app, nargs, arg = z3.Z3_to_app, z3.Z3_get_app_num_args, z3.Z3_get_app_arg
    out: dict[int, Any] = {}
    seen: set[int] = set()
    stack = [t.as_ast()]
    while stack:
        a = stack.pop()
        k = ast_id(c, a)
        if k in seen:
            continue
        seen.add(k)
        kind = kind_of(c, a)
        if kind == z3.Z3_QUANTIFIER_AST:
            stack.append(z3.Z3_get_quantifier_body(c, a))
            continue
        if kind != z3.Z3_APP_AST:
            continue
        app = to_app(c, a)
        n = nargs(c, app)
        if n == 0:
            if z3.Z3_get_decl_kind(c, z3.Z3_get_app_decl(c, app)) == _UNINTERPRETED:
                out[k] = a
            continue
        stack.extend(arg(c, app, i) for i in range(n))
    return [z3.z3._to_expr_ref(a, ctx) for a in out.values()]


def _has_quantifier(t: Term) -> bool:
    seen: set[int] = set()
    stack = [t]
    while stack:
        x = stack.pop()
        k = x.get_id()
        if k in seen:
            continue
        seen.add(k)
        if z3.is_quantifier(x):
            return True
        if z3.is_app(x):
            stack.extend(x.children())
    return False


# ----------------------------------------------------------------------------- back to Boogie

_BIN = {z3.Z3_OP_LE: "<=", z3.Z3_OP_LT: "<", z3.Z3_OP_GE: ">=", z3.Z3_OP_GT: ">",
        z3.Z3_OP_IDIV: "div", z3.Z3_OP_MOD: "mod", z3.Z3_OP_IMPLIES: "==>"}
_NARY = {z3.Z3_OP_AND: "&&", z3.Z3_OP_OR: "||", z3.Z3_OP_ADD: "+", z3.Z3_OP_MUL: "*",
         z3.Z3_OP_SUB: "-"}


def to_boogie(t: Term, names: dict[str, Any]) -> Any:
    """The Boogie expression of a quantifier-free integer/boolean/array term whose free
    constants are keys of `names` (name -> Boogie expression); None if it has anything
    else (bit-vector operations, uninterpreted functions, other constants)."""
    from boogie.ast import App, BoolLit, Ite, IntLit, MapSelect, Op

    ops = {o.value: o for o in Op}
    memo: dict[int, Any] = {}
    stack = [(t, False)]
    while stack:
        x, done = stack.pop()
        k = x.get_id()
        if k in memo:
            continue
        if not z3.is_app(x):
            return None
        n = x.num_args()
        if n and not done:
            stack.append((x, True))
            stack.extend((x.arg(i), False) for i in range(n))
            continue
        kids = [memo.get(x.arg(i).get_id()) for i in range(n)]
        if any(c is None for c in kids):
            return None
        kind = x.decl().kind()
        if z3.is_true(x) or z3.is_false(x):
            e = BoolLit(z3.is_true(x))
        elif z3.is_int_value(x):
            v = x.as_long()
            e = IntLit(v) if v >= 0 else App(Op.NEG, (IntLit(-v),))
        elif kind == _UNINTERPRETED and n == 0:
            e = names.get(x.decl().name())
        elif kind == z3.Z3_OP_NOT:
            e = App(Op.NOT, (kids[0],))
        elif kind == z3.Z3_OP_UMINUS:
            e = App(Op.NEG, (kids[0],))
        elif kind == z3.Z3_OP_EQ:
            e = App(Op.IFF if z3.is_bool(x.arg(0)) else Op.EQ, (kids[0], kids[1]))
        elif kind == z3.Z3_OP_DISTINCT and n == 2:
            e = App(Op.NEQ, (kids[0], kids[1]))
        elif kind in _BIN and n == 2:
            e = App(ops[_BIN[kind]], (kids[0], kids[1]))
        elif kind in _NARY:
            e = kids[0]
            for c in kids[1:]:
                e = App(ops[_NARY[kind]], (e, c))
            if n == 0:
                e = BoolLit(kind == z3.Z3_OP_AND)
        elif kind == z3.Z3_OP_ITE:
            e = Ite(kids[0], kids[1], kids[2])
        elif kind == z3.Z3_OP_SELECT:
            e = MapSelect(kids[0], tuple(kids[1:]))
        else:
            return None
        if e is None:
            return None
        memo[k] = e
    return memo[t.get_id()]


def conjuncts(t: Term) -> list[Term]:
    """The top-level conjuncts of `t` (after z3's simplifier)."""
    t = z3.simplify(t)
    out, stack = [], [t]
    while stack:
        x = stack.pop()
        if z3.is_and(x):
            stack.extend(reversed(x.children()))
        elif not z3.is_true(x):
            out.append(x)
    return out


def constant_names(t: Term) -> set[str]:
    return {c.decl().name() for c in _free_constants(t)}
