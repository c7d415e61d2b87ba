"""Turns Boogie expressions into z3 terms over one z3 context: the vocabulary of the z3
backend (sorts, constants, functions, connectives, substitution).

Role: the term half of `Z3Solver` (`z3session.py`, which adds checking and models), for a
given Boogie program whose declarations (types, constants, functions) it knows.  It only
converts terms, following Boogie's SMT-LIB encoding; Boogie's meaning is settled above it,
in `boogie.passes.pipeline.lower`:

* `int`, `real`, `bool`, `bvN`; a user type `T` (or `T a b`) is an uninterpreted sort named by
  the printed type; synonyms are expanded (`boogie.passes.common.expand_synonyms`); maps
  are z3 arrays (`[A,B]C` is a two-index array).  Polymorphic maps/functions raise
  `Unsupported`.
* `float<sig>e<exp>`, `rmode` and the `fp.*` builtins: z3float.py.
* Functions: `{:bvbuiltin "bvadd"}` / `{:builtin "div"}` map onto the z3 operation (the table
  `_BUILTINS`; indexed ones `(_ sign_extend N)`, `(_ zero_extend N)`, `(_ int2bv N)`,
  `(_ extract i j)`, ...).  An unknown builtin is left uninterpreted and recorded in
  `unknown_builtins` (an over-approximation: a bug found through it may be spurious, which
  the engine reports).  A function with a body is expanded at every use (substitution into
  its translated body, cached per function); the program has no recursive bodies
  (`boogie/passes/recursive_functions.py` turned them into axioms, and
  `boogie/passes/macros.py` turned axioms defining a function into its body).  Any other
  function is an uninterpreted z3 function.
* `div`/`mod` are SMT-LIB's (Euclidean, as Boogie emits them), `/` is real division, `**` is
  z3's power.  `old(e)` is translated in the `old_env` the VC generator passes.
* Quantifiers (with their triggers) and lambdas are z3's; `distinct` serves `const unique`
  (grouped by the factory).  A code expression `|{ ... }|` is not a term: the pipeline
  desugars it (`boogie/passes/code_exprs.py`); one reaching this module is unsupported.

Performance: a translation walks the expression once (iterative, memoized per node); the
hot constructors (constants, n-ary connectives, substitution, packing) go through z3's C
API, since z3py re-checks sorts in Python on every call.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Mapping, Sequence

import z3

from boogie.ast import (App, BoolLit, BoolType, BvLit, BvType, CodeExpr, Expr, Extract,
                        FunCall, FunctionDecl, IntLit, IntType, Ite, MapSelect, MapStore,
                        MapType, NamedType, Old, Op, Program, Quant, QuantKind, RealLit,
                        RealType, RmodeLit, RmodeType, FloatType, Type, TypeDecl, Var)
from boogie.numerals import digits_of
from boogie.passes.common import builtin_name, expand_synonyms
from boogie.visit import children

from verifier.smt import z3float
from verifier.smt.solver import Term, Unsupported

# indexed SMT-LIB builtins: "(_ sign_extend 16)" (SMT-LIB) or "sign_extend 16" (Boogie, SMACK)
_INDEXED = re.compile(r"^(?:\(\s*_\s+([A-Za-z0-9_.]+)((?:\s+\d+)+)\s*\)"
                      r"|([A-Za-z0-9_.]+)((?:\s+\d+)+))$")


def _nary(mk, terms, ctx) -> "z3.BoolRef":
    """`mk` (Z3_mk_and or Z3_mk_or) over boolean terms of `ctx`, straight through z3's C API:
    z3py's And/Or coerce and sort-check every argument in Python, a large share of the time
    VC templates take to build on the driver models."""
    n = len(terms)
    arr = (z3.Ast * n)()
    for i, t in enumerate(terms):
        arr[i] = t.as_ast()
    return z3.BoolRef(mk(ctx.ref(), n, arr), ctx)


def _rem(a, b):
    return z3.ArithRef(z3.Z3_mk_rem(a.ctx.ref(), a.as_ast(), b.as_ast()), a.ctx)


def _to_real(a):
    return z3.ToReal(a) if z3.is_int(a) else a


_BUILTINS: dict[str, Any] = {
    # bit-vectors
    "bvadd": lambda a, b: a + b, "bvsub": lambda a, b: a - b, "bvmul": lambda a, b: a * b,
    "bvudiv": z3.UDiv, "bvsdiv": lambda a, b: a / b, "bvurem": z3.URem, "bvsrem": z3.SRem,
    "bvsmod": lambda a, b: a % b, "bvand": lambda a, b: a & b, "bvor": lambda a, b: a | b,
    "bvxor": lambda a, b: a ^ b, "bvnot": lambda a: ~a, "bvneg": lambda a: -a,
    "bvnand": lambda a, b: ~(a & b), "bvnor": lambda a, b: ~(a | b),
    "bvxnor": lambda a, b: ~(a ^ b), "bvshl": lambda a, b: a << b, "bvlshr": z3.LShR,
    "bvashr": lambda a, b: a >> b, "bvult": z3.ULT, "bvule": z3.ULE, "bvugt": z3.UGT,
    "bvuge": z3.UGE, "bvslt": lambda a, b: a < b, "bvsle": lambda a, b: a <= b,
    "bvsgt": lambda a, b: a > b, "bvsge": lambda a, b: a >= b,
    "concat": z3.Concat, "bvcomp": lambda a, b: z3.If(a == b, z3.BitVecVal(1, 1, a.ctx),
                                                        z3.BitVecVal(0, 1, a.ctx)),
    "bv2int": z3.BV2Int, "bv2nat": z3.BV2Int,
    # integers / reals
    "div": lambda a, b: a / b, "mod": lambda a, b: a % b, "rem": _rem,
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b, "/": lambda a, b: _to_real(a) / _to_real(b),
    "to_real": z3.ToReal, "to_int": z3.ToInt, "is_int": z3.IsInt,
    "abs": lambda a: z3.If(a >= 0, a, -a),
    "and": lambda *a: z3.And(*a), "or": lambda *a: z3.Or(*a), "not": z3.Not,
    "=>": z3.Implies, "ite": z3.If, "=": lambda a, b: a == b,
}

_INDEXED_BUILTINS: dict[str, Any] = {
    "sign_extend": lambda ns, a: z3.SignExt(ns[0], a),
    "zero_extend": lambda ns, a: z3.ZeroExt(ns[0], a),
    "int2bv": lambda ns, a: z3.Int2BV(a, ns[0]),
    "extract": lambda ns, a: z3.Extract(ns[0], ns[1], a),
    "repeat": lambda ns, a: z3.RepeatBitVec(ns[0], a),
    "rotate_left": lambda ns, a: z3.RotateLeft(a, ns[0]),
    "rotate_right": lambda ns, a: z3.RotateRight(a, ns[0]),
}


class Z3Terms:
    """The terms of one z3 context `ctx` for `program`: what `Z3Solver` translates with."""

    def __init__(self, program: Program, ctx: "z3.Context"):
        self.ctx = ctx
        self._typedecls = {d.name: d for d in program.decls if isinstance(d, TypeDecl)}
        self._functions = program.functions()
        self._constdecls = program.constants()
        self._sorts: dict[Type, Any] = {}
        self._consts: dict[str, Term] = {}
        self._fdecls: dict[str, Any] = {}
        self._fbodies: dict[str, tuple[list, Term]] = {}
        self._expanding: set[str] = set()       # bodies being translated (cycle check)
        self._fresh = 0
        self._subst_cache: dict[int, tuple] = {}
        self._copy_kinds: dict[int, tuple] = {}   # fresh_copies: per term list, its kinds
        self.uses_floats = False     # a floating-point sort was made (a rival's pick, rival.py)
        self._fparams: dict[str, object] = {}     # a function's parameters as a C array
        self._const_kinds: dict[Type, tuple] = {}  # type -> (Python class, z3 sort ast)
        self.unknown_builtins: set[str] = set()
        self._true = z3.BoolVal(True, self.ctx)
        self._false = z3.BoolVal(False, self.ctx)

    # ------------------------------------------------------------------ types and symbols

    def sort(self, typ: Type):
        s = self._sorts.get(typ)
        if s is None:
            s = self._sorts[typ] = self._make_sort(typ)
        return s

    def expand_type(self, typ: Type) -> Type:
        return expand_synonyms(typ, self._typedecls)

    def _make_sort(self, typ: Type):
        t = self.expand_type(typ)
        if isinstance(t, BoolType):
            return z3.BoolSort(self.ctx)
        if isinstance(t, IntType):
            return z3.IntSort(self.ctx)
        if isinstance(t, RealType):
            return z3.RealSort(self.ctx)
        if isinstance(t, BvType):
            return z3.BitVecSort(t.width, self.ctx)
        if isinstance(t, FloatType):
            self.uses_floats = True
            return z3float.sort(t.sig, t.exp, self.ctx)
        if isinstance(t, RmodeType):
            self.uses_floats = True
            return z3float.rmode_sort(self.ctx)
        if isinstance(t, NamedType):
            if t.name not in self._typedecls:
                raise Unsupported(f"type variable or undeclared type '{t}' (polymorphism)")
            return z3.DeclareSort(str(t), self.ctx)
        if isinstance(t, MapType):
            if t.type_params:
                raise Unsupported(f"polymorphic map type {t}")
            dom = [self.sort(d) for d in t.domain]
            return z3.ArraySort(*dom, self.sort(t.range))
        raise AssertionError(f"sort: unknown type class {type(t).__name__}")

    def const(self, name: str, typ: Type) -> Term:
        # the template's constants, thousands per template: through z3's C API, with the
        # Python class of the sort's first constant (z3py's Const re-derives it each time)
        got = self._const_kinds.get(typ)
        if got is None:
            c = z3.Const(name, self.sort(typ))
            self._const_kinds[typ] = (type(c), self.sort(typ).ast)
            return c
        cls, srt = got
        ref = self.ctx.ref()
        return cls(z3.Z3_mk_const(ref, z3.Z3_mk_string_symbol(ref, name), srt), self.ctx)

    def bool_const(self, name: str) -> Term:
        return z3.Bool(name, self.ctx)

    def fresh_like(self, term: Term, name: str) -> Term:
        return z3.Const(name, term.sort())

    def fresh_copies(self, terms: Sequence[Term], names: Sequence[str],
                     suffix: str) -> list[Term]:
        """Fresh constants named `name + suffix`, of the sorts of `terms`.  Every instance
        of a template copies all its internals: made through z3's C API with each
        term's own Python class (z3py's Const looks up and checks the sort in Python for
        each one, most of the time instantiation took)."""
        ref = self.ctx.ref()
        sym, mk = z3.Z3_mk_string_symbol, z3.Z3_mk_const
        # each term's class and sort, once per list (a template's internals are copied
        # for every instance of it; kept alive with the list, as `substitute` does)
        got = self._copy_kinds.get(id(terms))
        if got is None or got[0] is not terms or len(got[1]) != len(terms):
            kinds = [(type(t), z3.Z3_get_sort(ref, t.as_ast())) for t in terms]
            got = self._copy_kinds[id(terms)] = (terms, kinds)
        ctx = self.ctx
        return [cls(mk(ref, sym(ref, n + suffix), srt), ctx)
                for (cls, srt), n in zip(got[1], names)]

    def pack(self, terms: Sequence[Term]) -> Term:
        """One term holding `terms` (so that one substitution renames them all): an
        application of a fresh uninterpreted function, whose argument order z3 keeps."""
        self._fresh += 1
        if not terms:
            return self._true
        # through z3's C API: z3py's Function and application look up and check each
        # argument's sort in Python (a tenth of template building on the SV-COMP tasks)
        ref, n = self.ctx.ref(), len(terms)
        args = (z3.Ast * n)()
        sorts = (z3.Sort * n)()
        for i, t in enumerate(terms):
            args[i] = a = t.as_ast()
            sorts[i] = z3.Z3_get_sort(ref, a)
        f = z3.Z3_mk_func_decl(ref, z3.Z3_mk_string_symbol(ref, f"pack!{self._fresh}"), n,
                               sorts, self._true.sort().ast)
        return z3.BoolRef(z3.Z3_mk_app(ref, f, n, args), self.ctx)

    def unpack(self, packed: Term, n: int) -> list[Term]:
        # once per instantiated call site: z3py's `arg` re-checks the application and
        # the index and derives each argument's Python class from its sort in Python
        ref, ast = self.ctx.ref(), packed.as_ast()
        get = z3.Z3_get_app_arg
        return [z3.z3._to_expr_ref(get(ref, ast, i), self.ctx) for i in range(n)]

    def program_constant(self, name: str) -> Term:
        c = self._consts.get(name)
        if c is None:
            d = self._constdecls.get(name)
            assert d is not None, f"not a constant: {name}"
            c = self._consts[name] = z3.Const(name, self.sort(d.type))
        return c

    def distinct(self, terms: Sequence[Term]) -> Term:
        return z3.Distinct(*terms) if len(terms) > 1 else self._true

    def _fdecl(self, f: FunctionDecl):
        d = self._fdecls.get(f.name)
        if d is None:
            if f.type_params:
                raise Unsupported(f"polymorphic function {f.name}")
            sorts = [self.sort(p.type) for p in f.params] + [self.sort(f.result.type)]
            d = self._fdecls[f.name] = z3.Function(f.name, *sorts)
        return d

    # ------------------------------------------------------------------ translation

    def translate(self, e: Expr, env: Mapping[str, Term],
                  old_env: Mapping[str, Term] | None = None) -> Term:
        memo: dict[int, Term] = {}
        stack: list[tuple[Expr, bool]] = [(e, False)]
        while stack:
            node, expanded = stack.pop()
            k = id(node)
            if k in memo:
                continue
            t = type(node)
            if t is Old:
                oe = old_env if old_env is not None else env
                memo[k] = self.translate(node.expr, oe, oe)
                continue
            if t is Quant:
                memo[k] = self._quant(node, env, old_env)
                continue
            if t is CodeExpr:
                raise Unsupported(f"{node.loc}: code expression not desugared (run "
                                  "boogie.passes.pipeline.lower before opening a solver)")
            kids = children(node)
            if kids and not expanded:
                stack.append((node, True))
                stack.extend((c, False) for c in kids if id(c) not in memo)
                continue
            memo[k] = self._build(node, [memo[id(c)] for c in kids], env)
        return memo[id(e)]

    def _build(self, e: Expr, args: list, env: Mapping[str, Term]) -> Term:
        t = type(e)
        if t is Var:
            v = env.get(e.name)
            if v is None:
                if e.name in self._constdecls:
                    return self.program_constant(e.name)
                raise Unsupported(f"{e.loc}: unknown variable {e.name}")
            return v
        if t is App:
            return self._app(e.op, args)
        if t is FunCall:
            return self._funcall(e.func, args)
        if t is IntLit:
            return z3.IntVal(digits_of(e.value), self.ctx)   # any size: not str()
        if t is BoolLit:
            return self._true if e.value else self._false
        if t is BvLit:
            return z3.BitVecVal(digits_of(e.value), e.width, self.ctx)
        if t is RealLit:
            v = Fraction(e.value)
            return z3.RealVal(f"{digits_of(v.numerator)}/{digits_of(v.denominator)}",
                              self.ctx)
        if t is RmodeLit:
            return z3float.rounding_mode(e.value, self.ctx)
        if t is MapSelect:
            return z3.Select(args[0], *args[1:])
        if t is MapStore:
            return z3.Store(args[0], *args[1:])
        if t is Ite:
            return z3.If(args[0], args[1], args[2])
        if t is Extract:
            return z3.Extract(e.hi - 1, e.lo, args[0])
        raise AssertionError(f"translate: unknown expression class {t.__name__}")

    def _app(self, op: Op, a: list) -> Term:
        if op is Op.AND:
            return _nary(z3.Z3_mk_and, a, self.ctx) if len(a) > 1 else z3.And(*a)
        if op is Op.OR:
            return _nary(z3.Z3_mk_or, a, self.ctx) if len(a) > 1 else z3.Or(*a)
        if op is Op.NOT:
            return z3.Not(a[0])
        if op is Op.EQ:
            return a[0] == a[1]
        if op is Op.NEQ:
            return a[0] != a[1]
        if op is Op.IMP:
            return z3.Implies(a[0], a[1])
        if op is Op.IFF:
            return a[0] == a[1]
        if op is Op.EXPLIES:
            return z3.Implies(a[1], a[0])
        if op is Op.ADD:
            return a[0] + a[1]
        if op is Op.SUB:
            return a[0] - a[1]
        if op is Op.MUL:
            return a[0] * a[1]
        if op is Op.NEG:
            return -a[0]
        if op is Op.LT:
            return a[0] < a[1]
        if op is Op.LE:
            return a[0] <= a[1]
        if op is Op.GT:
            return a[0] > a[1]
        if op is Op.GE:
            return a[0] >= a[1]
        if op is Op.DIV:
            return a[0] / a[1]          # SMT-LIB div on Int (Euclidean)
        if op is Op.MOD:
            return a[0] % a[1]          # SMT-LIB mod on Int
        if op is Op.RDIV:
            return _to_real(a[0]) / _to_real(a[1])
        if op is Op.POW:
            return a[0] ** a[1]
        if op is Op.CONCAT:
            return z3.Concat(a[0], a[1])
        raise Unsupported(f"operator {op.symbol} is not supported")

    def _funcall(self, name: str, args: list) -> Term:
        f = self._functions.get(name)
        if f is None:
            raise Unsupported(f"call of undeclared function {name}")
        b = builtin_name(f)
        if b is not None:
            fn = _BUILTINS.get(b)
            if fn is None:
                fn = z3float.plain(b)
                self.uses_floats |= fn is not None
            if fn is not None:
                return fn(*args)
            m = _INDEXED.match(b)
            if m:
                op, idx = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                fn = _INDEXED_BUILTINS.get(op)
                if fn is None:
                    fn = z3float.indexed(op)
                    self.uses_floats |= fn is not None
                if fn is not None:
                    ns = [int(x) for x in idx.split()]
                    return fn(ns, *args)
            self.unknown_builtins.add(b)
        elif f.body is not None:
            params, body = self._fbody(f)
            if not params:
                return body
            # z3py's substitute sort-checks each pair in Python on every call; the
            # parameters' array is built once per function
            n = len(params)
            to = (z3.Ast * n)()
            for i, a in enumerate(args):
                to[i] = a.as_ast()
            return z3.z3._to_expr_ref(z3.Z3_substitute(self.ctx.ref(), body.as_ast(), n,
                                                       self._fparams[f.name], to), self.ctx)
        return self._fdecl(f)(*args)

    def _fbody(self, f: FunctionDecl) -> tuple[list, Term]:
        got = self._fbodies.get(f.name)
        if got is None:
            if f.type_params:
                raise Unsupported(f"polymorphic function {f.name}")
            assert f.name not in self._expanding, \
                f"recursive body of {f.name}: boogie.passes.pipeline.lower makes it an axiom"
            self._expanding.add(f.name)
            params = [z3.Const(f"{f.name}@p{i}", self.sort(p.type))
                      for i, p in enumerate(f.params)]
            env = {p.name: c for p, c in zip(f.params, params) if p.name}
            try:
                got = self._fbodies[f.name] = (params, self.translate(f.body, env))
                frm = (z3.Ast * len(params))()
                for i, c in enumerate(params):
                    frm[i] = c.as_ast()
                self._fparams[f.name] = frm
            finally:
                self._expanding.discard(f.name)
        return got

    def _quant(self, q: Quant, env, old_env) -> Term:
        if q.type_params:
            raise Unsupported("polymorphic quantifier")
        bound = []
        inner = dict(env)
        for d in q.bound:
            self._fresh += 1
            c = z3.Const(f"{d.name}@q{self._fresh}", self.sort(d.type))
            bound.append(c)
            inner[d.name] = c
        body = self.translate(q.body, inner, old_env)
        if q.kind is QuantKind.LAMBDA:
            return z3.Lambda(bound, body)
        pats = []
        for trig in q.triggers:
            try:
                terms = [self.translate(x, inner, old_env) for x in trig]
                pats.append(z3.MultiPattern(*terms) if len(terms) > 1 else terms[0])
            except (z3.Z3Exception, Unsupported):
                pass
        mk = z3.ForAll if q.kind is QuantKind.FORALL else z3.Exists
        try:
            return mk(bound, body, patterns=pats)
        except z3.Z3Exception:
            return mk(bound, body)

    # ------------------------------------------------------------------ connectives

    def true(self) -> Term:
        return self._true

    def false(self) -> Term:
        return self._false

    def and_(self, terms: Sequence[Term]) -> Term:
        if not terms:
            return self._true
        return terms[0] if len(terms) == 1 else _nary(z3.Z3_mk_and, terms, self.ctx)

    def or_(self, terms: Sequence[Term]) -> Term:
        if not terms:
            return self._false
        return terms[0] if len(terms) == 1 else _nary(z3.Z3_mk_or, terms, self.ctx)

    def not_(self, t: Term) -> Term:
        return z3.BoolRef(z3.Z3_mk_not(self.ctx.ref(), t.as_ast()), self.ctx)

    def implies(self, a: Term, b: Term) -> Term:
        return z3.BoolRef(z3.Z3_mk_implies(self.ctx.ref(), a.as_ast(), b.as_ast()), self.ctx)

    def eq(self, a: Term, b: Term) -> Term:
        return a == b

    def substitute(self, t: Term, pairs: Sequence[tuple[Term, Term]]) -> Term:
        """Simultaneous substitution.  z3py's `substitute` re-checks every pair's sorts in
        Python on each call; instances substitute with the same long pair list many times,
        so the C arrays are built once per list (keyed by the list object, kept alive)."""
        if not pairs:
            return t
        got = self._subst_cache.get(id(pairs))
        if got is None or got[0] is not pairs or got[1] != len(pairs):
            n = len(pairs)
            frm = (z3.Ast * n)()
            to = (z3.Ast * n)()
            for i, (a, b) in enumerate(pairs):
                frm[i] = a.as_ast()
                to[i] = b.as_ast()
            got = (pairs, n, frm, to)
            self._subst_cache[id(pairs)] = got
        _, n, frm, to = got
        return z3.z3._to_expr_ref(z3.Z3_substitute(self.ctx.ref(), t.as_ast(), n, frm, to),
                               self.ctx)

    def is_true_literal(self, t: Term) -> bool:
        return z3.is_true(t)

    def term_id(self, t: Term) -> int:
        return t.get_id()
