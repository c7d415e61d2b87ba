"""Turns Boogie expressions into z3 terms and answers queries: the only module importing z3.

Role: implements the `Solver` protocol of `solver.py` over one z3 context and one incremental
z3 solver (check under assumptions, push/pop), for a given Boogie program whose declarations
(types, constants, functions) it knows.  It only converts terms, following Boogie's
SMT-LIB encoding; Boogie's meaning is settled above it, in `boogie.passes.pipeline.lower`:

* `int`, `real`, `bool`, `bvN`; a user type `T` (or `T a b`) is an uninterpreted sort named by
  the printed type; synonyms are expanded (`boogie.passes.common.expand_synonyms`); maps
  are z3 arrays (`[A,B]C` is a two-index array).  Polymorphic maps/functions raise
  `Unsupported`.
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
* With `SolverLimits.triggers_only` (`--triggers-only`) every z3 solver opened here (the
  incremental one, the one-shot query, the Horn backend's validity checks) runs with
  `TRIGGERS_ONLY_PARAMS`, Boogie's reading, the checks go to z3's incremental core only
  (as Boogie's do), and an "incomplete quantifiers" UNKNOWN with a model is SAT
  (`solver.py`'s docstring says why proofs stay sound).

Limits: a check's `timeout` is wall seconds (what is left of the user's limits), its
`work` work seconds (the engine's own caps, verifier/limits.py): z3's `rlimit`, counted
from the check's start, backed by CPU time (`z3work.py`).  z3's own wall-clock fall-back
from its incremental core to the one-shot solver (`combined_solver.solver2_timeout`) is
off; `check` makes that fall-back in work.  Contexts come from `z3context.py`.

Performance: a translation walks the expression once (iterative, memoized per node).
"""
from __future__ import annotations

import collections
import re
import time
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

import z3

from boogie.ast import (App, BoolLit, BoolType, BvLit, BvType, CodeExpr, Expr, Extract,
                        FunCall, FunctionDecl, IntLit, IntType, Ite, MapSelect, MapStore,
                        MapType, NamedType, Old, Op, Program, Quant, QuantKind, RealLit,
                        RealType, Type, TypeDecl, Var)
from boogie.numerals import digits_of
from boogie.passes.common import builtin_name, expand_synonyms
from boogie.visit import children

from .solver import CheckResult, SolverLimits, Term, Unsupported

# indexed SMT-LIB builtins: "(_ sign_extend 16)" (SMT-LIB) or "sign_extend 16" (Boogie, SMACK)
_INDEXED = re.compile(r"^(?:\(\s*_\s+([A-Za-z0-9_]+)((?:\s+\d+)+)\s*\)"
                      r"|([A-Za-z0-9_]+)((?:\s+\d+)+))$")
import os as _os

from .. import limits as _limits
from ..limits import RLIMIT_PER_WORK_SECOND
# the contexts' life (re-exported: the run guard and the tests find them here)
from .z3context import (_CONTEXT_LOCK, _DEAD_CONTEXTS, _INTERRUPTS,  # noqa: F401
                        _LIVE_CONTEXTS, _free_dead, interrupt_all, is_out_of_memory,
                        new_context, set_memory_limit)
from .z3work import (_UINT_MAX, _WORK_DONE, QUERY_LOG, backstop, count_work,  # noqa: F401
                     log_query, rlimit_count,
                     work_done, work_units)

# z3's arithmetic solver for the SMT core (a measurement knob, default: z3's own choice).
# PYCORRAL_ARITH_SOLVER=2, the simplex solver z3 had before its current default, halves
# the time on SMACK's flat memory model (Corral's regression/smack/a.bpl with `--strategy
# si`: 10.5 -> 4.2 s CPU) and measured level on a few svcomp and ldv tasks, but it gives up
# on nonlinear arithmetic that the default decides ("incomplete (theory arithmetic)"), so
# it is not the default: that needs a fall-back to the default solver on such an answer.
_ARITH = _os.environ.get("PYCORRAL_ARITH_SOLVER", "default")
ARITH_SOLVER = None if _ARITH == "default" else int(_ARITH)
# a check under assumptions gets this much work (work seconds, verifier/limits.py) in z3's
# incremental core before the rest goes to the same query asked once (`Z3Solver.check`);
# 0: never.  The PYCORRAL_* variables are measurement knobs.
ONE_SHOT_AFTER = float(_os.environ.get("PYCORRAL_ONE_SHOT_AFTER", _limits.ONE_SHOT_AFTER_WORK))
ONE_SHOT_SOON = float(_os.environ.get("PYCORRAL_ONE_SHOT_SOON", _limits.ONE_SHOT_SOON_WORK))
ONE_SHOT_MAX = float(_os.environ.get("PYCORRAL_ONE_SHOT_MAX", _limits.ONE_SHOT_MAX_WORK))
# a check without assumptions on a solver in incremental use: the core's work before the
# one-shot query (which also takes any other undecided answer); 0: z3's core alone
INCREMENTAL_FALLBACK = float(_os.environ.get("PYCORRAL_INCREMENTAL_FALLBACK",
                                             _limits.INCREMENTAL_FALLBACK_WORK))
ONE_SHOT_STREAK = 2             # one-shot wins in a row after which the core gets the short try
_RECENT_OK: "collections.deque[float]" = collections.deque(maxlen=32)  # work of the last
#                                 checks under assumptions the incremental core decided


# Boogie's and Corral's reading of quantifiers (`--triggers-only`): no model-based
# instantiation, and no auto-configuration -- with it, z3's one-shot tactic finds the
# contradiction of Corral's `size * M(a, b, size) <= a - b` axiom (`size` 0) outside
# E-matching, which Boogie's z3 options (`auto_config=false`) never do
TRIGGERS_ONLY_PARAMS = ("smt.mbqi", False, "auto_config", False)
# ... and the incremental core for every check of the run's solver, also without
# assumptions: z3's one-shot tactic gives no model with its "incomplete quantifiers"
# (Boogie talks to z3's incremental core too)
_INCREMENTAL_ONLY = ("combined_solver.ignore_solver1", True)


def saturated(solver: "z3.Solver") -> bool:
    """Whether an UNKNOWN of `solver` means that E-matching found no conflict (z3's
    "incomplete quantifiers"), as opposed to a timeout, a cancellation or a memory limit."""
    return "incomplete quantifiers" in solver.reason_unknown()


def _incremental_cap() -> float:
    """How much work a check under assumptions gets in the incremental core before the
    one-shot query takes over: three times the most work of the core's recent decided
    checks, within ONE_SHOT_SOON .. ONE_SHOT_MAX (ONE_SHOT_AFTER before it has decided one).
    On the driver tasks it either answers within a fraction of a second or stalls for good
    on the quantified memory contracts; where it is merely slow (a second or two), the
    one-shot query is slower still, so a slow decided check raises the cap for the next
    ones.  (Work, not seconds: the same checks give the same caps on a busy machine.)"""
    if not _RECENT_OK:
        return ONE_SHOT_AFTER
    return min(ONE_SHOT_MAX, max(ONE_SHOT_SOON, 3 * max(_RECENT_OK)))




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


def open_backend(program: Program, limits: SolverLimits) -> "Z3Solver":
    """The factory's entry to this backend (`factory.BACKENDS["z3"]`)."""
    if limits.memory_mb is not None:
        set_memory_limit(limits.memory_mb)
    if limits.random_seed is not None:      # z3's global parameters: every solver after
        z3.set_param("smt.random_seed", limits.random_seed)
        z3.set_param("sat.random_seed", limits.random_seed)
    return Z3Solver(program, triggers_only=limits.triggers_only)


class Z3Solver:
    """One z3 context and incremental solver for one verification run of `program`."""

    def __init__(self, program: Program, triggers_only: bool = False):
        self.ctx = new_context()
        self.triggers_only = triggers_only     # SolverLimits.triggers_only
        self._reading = TRIGGERS_ONLY_PARAMS if triggers_only else ()
        self._core_only = _INCREMENTAL_ONLY if triggers_only else ()
        self._s = z3.Solver(ctx=self.ctx)
        self._core_minimize = False     # z3's core.minimize (check_core's `minimize`)
        # z3's incremental core (used once there are assumptions or scopes) has no
        # preprocessing, and with quantified assumptions (SMACK's malloc/free `ensures`) its
        # MBQI can spin on queries the one-shot solver answers in a second: `check` asks
        # the one-shot query after a share of the work (z3's combined solver's own
        # fall-back, after a wall-clock second, is off)
        self._set_params(_UINT_MAX, 0)
        self._checked = False           # a check has run (assertions after it: incremental)
        self._incremental = False       # z3's combined solver runs its incremental core
        self._work_hit = False          # the last check was stopped by its work cap
        self.work_units = 0             # rlimit units of this solver's checks
        self._typedecls = {d.name: d for d in program.decls if isinstance(d, TypeDecl)}
        self._functions = program.functions()
        self._constdecls = program.constants()
        self._sorts: dict[Type, Any] = {}
        self._consts: dict[str, Term] = {}
        self._fdecls: dict[str, Any] = {}
        self._fbodies: dict[str, tuple[list, Term]] = {}
        self._expanding: set[str] = set()       # bodies being translated (cycle check)
        self._fresh = 0
        self._model = None
        self._subst_cache: dict[int, tuple] = {}
        self._copy_kinds: dict[int, tuple] = {}   # fresh_copies: per term list, its kinds
        self._fparams: dict[str, object] = {}     # a function's parameters as a C array
        self._const_kinds: dict[Type, tuple] = {}  # type -> (Python class, z3 sort ast)
        self._opt = None                # z3.Optimize mirroring the assertions (min_correction)
        self._opt_n = 0                 # ... how many of them it holds
        self._quant_n = 0               # assertions looked at for quantifiers ...
        self._quantified = False        # ... and whether one of them has one
        self._bitvectors = False        # ... and whether one has a bit-vector constant
        self.unknown_builtins: set[str] = set()
        self.queries = 0
        self.z3_time = 0.0
        self.one_shot_queries = 0       # undecided incremental checks asked again once
        self.one_shot_decided = 0       # ... and answered SAT or UNSAT that way
        self._one_shot_streak = 0       # one-shot queries in a row that decided
        self._last = self._s            # the z3 solver of the last check (reason_unknown)
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
            if fn is not None:
                return fn(*args)
            m = _INDEXED.match(b)
            if m:
                op, idx = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                if op in _INDEXED_BUILTINS:
                    ns = [int(x) for x in idx.split()]
                    return _INDEXED_BUILTINS[op](ns, *args)
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

    # ------------------------------------------------------------------ solving

    def _set_params(self, timeout_ms: int, rlimit: int) -> None:
        # one call: z3 resets the parameters a call does not mention.  No fall-back
        # inside z3 from its incremental core to the one-shot solver (its
        # combined_solver.solver2_timeout is wall-clock): `check` makes it, in work
        self._s.set("timeout", timeout_ms, "rlimit", rlimit,
                    "combined_solver.solver2_timeout", _UINT_MAX,
                    "combined_solver.solver2_unknown", 0,
                    "core.minimize", self._core_minimize, *self._reading, *self._core_only,
                    *(("arith.solver", ARITH_SOLVER) if ARITH_SOLVER is not None else ()))
        self._limits = (timeout_ms, rlimit)

    def _limit(self, timeout: float | None, work: float | None) -> None:
        ms = _UINT_MAX if timeout is None else max(1, int(timeout * 1000))
        if (ms, work_units(work)) != self._limits:
            self._set_params(ms, work_units(work))

    def add(self, t: Term) -> None:
        if self._checked:           # z3's combined solver is in incremental use from now
            self._incremental = True
        self._s.add(t)

    def push(self) -> None:
        self._incremental = True
        self._s.push()

    def pop(self) -> None:
        self._s.pop()

    def _run(self, solver: "z3.Solver", assumptions: list, work: float | None,
             log_as=None):
        """`solver.check(*assumptions)` with the figures: (answer, seconds, work seconds);
        notes whether its work cap `work` (set on `solver` as its rlimit, backed by CPU
        time: `z3work.CpuBackstop`) stopped it (`_work_hit`)."""
        self._last = solver
        units = work_units(work)
        before = rlimit_count(solver)
        t0, c0 = time.perf_counter(), time.thread_time()
        r = None
        try:
            with backstop(self.ctx, work) as watch:
                r = solver.check(*assumptions)
        finally:
            spent, cpu = time.perf_counter() - t0, time.thread_time() - c0
            used = rlimit_count(solver) - before
            _WORK_DONE[0] += used
            self.work_units += used
            self.z3_time += spent
            if QUERY_LOG:
                log_query(self, spent, cpu, used, assumptions, r, log_as)
        self._work_hit = r == z3.unknown and (watch[3] or (units > 0 and used >= units))
        return r, spent, used / RLIMIT_PER_WORK_SECOND

    def check(self, assumptions: Iterable[Term] = (), timeout: float | None = None,
              work: float | None = None, one_shot: bool = True) -> CheckResult:
        """The assertions under `assumptions`, within `timeout` seconds (wall time: what
        is left of the user's limits) and `work` work seconds (the engine's own caps,
        verifier/limits.py).  Under assumptions z3 runs its incremental core alone, which
        can spin where a one-shot query is answered at once (SMACK's quantified memory
        contracts on the Linux driver tasks: canceled after 30 s against 0.3 s).  So with
        `one_shot` such a check of a quantified formula, or of one without bit-vectors,
        gets `_incremental_cap()` work in the core, and if it is then undecided the rest
        goes to the same query asked once, from scratch (`_one_shot`).  A check without
        assumptions on a solver in incremental use (scopes, or assertions after a check)
        gets INCREMENTAL_FALLBACK work in the core before the one-shot query, as z3's
        combined solver did after a wall-clock second."""
        assumptions = list(assumptions)
        # for quantified formulas (the incremental core's quantifier instantiation spins)
        # and for formulas without bit-vector constants: on the Linux driver tasks' quantifier-free
        # integer and array queries the core is canceled after 2 s (the refinement checks)
        # or 20 s where the one-shot query answers in 0.05-0.2 s (issue 20, PYCORRAL_QUERY_LOG
        # on pt, cdc_eem, can-dev, iowarrior, legousbtower, timblogiw).  Not for a
        # quantifier-free bit-vector formula: there the core is merely slow at times, and
        # the one-shot query slower still (tests/data/diff/str_copy_cat.c)
        # (not under --triggers-only: z3's one-shot tactic gives no model with its
        # "incomplete quantifiers", so it could not answer SAT; Boogie, whose reading
        # this is, asks the incremental core alone too)
        fallback = (one_shot and ONE_SHOT_AFTER > 0 and bool(assumptions)
                    and not self.triggers_only and self.one_shot_applies())
        plain = (not assumptions and self._incremental and INCREMENTAL_FALLBACK > 0
                 and not self.triggers_only)
        first = work
        if fallback:
            # after ONE_SHOT_STREAK one-shot wins in a row on this solver, the check goes to
            # the one-shot query at once, but for every fourth, where the core gets its try
            # again: z3 overruns a short try (pt's refinement solver, under load: 0.15 s
            # asked, canceled after 0.3-1.4 s, where the one-shot query answers in 0.05 s)
            if self._one_shot_streak >= ONE_SHOT_STREAK and \
                    (self._one_shot_streak - ONE_SHOT_STREAK) % 4 != 3 and \
                    (timeout is None or timeout > 0.05):
                self.queries += 1
                self._model = None
                return self._one_shot(assumptions, timeout, work)
            # the one-shot query keeps at least half of a short cap (the refinement
            # checks' 2 work seconds: a core's try of 2-3 after a slow decided check
            # left it none)
            cap = _incremental_cap()
            first = cap if work is None else min(work / 2, cap)
        elif plain:
            first = INCREMENTAL_FALLBACK if work is None else min(work, INCREMENTAL_FALLBACK)
        self._limit(timeout, first)
        self.queries += 1
        self._checked = True
        if assumptions:
            self._incremental = True
        interrupts = _INTERRUPTS[0]
        r, spent, used = self._run(self._s, assumptions, first)
        if fallback and r != z3.unknown:
            _RECENT_OK.append(used)
        if r == z3.sat:
            self._model = self._s.model()
            return CheckResult.SAT
        self._model = None
        if r == z3.unsat:
            return CheckResult.UNSAT
        try:            # a candidate model (e.g. incomplete quantifiers); never a verdict
            self._model = self._s.model()
        except z3.Z3Exception:
            self._model = None
        if self._model is not None and self.triggers_only and saturated(self._s):
            return CheckResult.SAT      # a counterexample under the trigger reading
        left = None if timeout is None else timeout - spent
        rest = None if work is None else work - used
        # the core's try undecided (by its work cap, incomplete quantifiers, ...)
        again = fallback or plain
        if (again and (left is None or left > 0.05) and (rest is None or rest > 0.01)
                and interrupts == _INTERRUPTS[0]
                and "memory" not in self._s.reason_unknown()):
            return self._one_shot(assumptions, left, rest)
        return CheckResult.UNKNOWN

    def _one_shot(self, assumptions: list, timeout: float | None,
                  work: float | None = None) -> CheckResult:
        """The assertions and `assumptions` (as assertions) in a fresh z3 solver of the
        same context, asked once: z3 then preprocesses and picks its tactic as for a
        one-shot SMT-LIB query.  Same terms, same answer; only the unsat core is lost
        (`check_core` never comes here).  An UNKNOWN keeps the better candidate model."""
        s = z3.Solver(ctx=self.ctx)
        s.set("timeout", _UINT_MAX if timeout is None else max(1, int(timeout * 1000)),
              "rlimit", work_units(work), *self._reading,
              *(("arith.solver", ARITH_SOLVER) if ARITH_SOLVER is not None else ()))
        s.add(self._s.assertions())
        s.add(*assumptions)
        self.one_shot_queries += 1
        r, _, _ = self._run(s, [], work, log_as=assumptions)
        if r != z3.unknown:
            self.one_shot_decided += 1
            self._one_shot_streak += 1
        else:
            self._one_shot_streak = 0
        if r == z3.sat:
            self._model = s.model()
            return CheckResult.SAT
        if r == z3.unsat:
            self._model = None
            return CheckResult.UNSAT
        try:
            model = s.model()
        except z3.Z3Exception:
            model = None                # the incremental core's candidate, if any, stays
        if model is not None and self.triggers_only and saturated(s):
            self._model = model         # a counterexample under the trigger reading
            return CheckResult.SAT
        self._model = model if model is not None else self._model
        return CheckResult.UNKNOWN

    def has_model(self) -> bool:
        """Whether the last check left a model: always after SAT; after UNKNOWN only a
        candidate, which callers may use to guide inlining but never as a verdict."""
        return self._model is not None

    def reason_unknown(self) -> str:
        """z3's reason for the last UNKNOWN; "work limit" when its work cap stopped it (z3
        says "canceled", as for a timeout or an interrupt)."""
        return "work limit" if self._work_hit else self._last.reason_unknown()

    def unsat_core(self) -> list[Term]:
        return list(self._s.unsat_core())

    def check_core(self, assumptions: Sequence[Term], timeout: float | None = None,
                   minimize: bool = False, work: float | None = None
                   ) -> tuple[CheckResult, tuple[int, ...]]:
        """`check` under `assumptions`; on UNSAT also the positions in `assumptions` of
        the unsat core z3 reports (with `minimize`, after z3's own `core.minimize`)."""
        if minimize != self._core_minimize:
            self._core_minimize = minimize
            self._set_params(*self._limits)
        r = self.check(assumptions, timeout, work, one_shot=False)   # the core is needed
        if r is not CheckResult.UNSAT:
            return r, ()
        ids = {t.get_id() for t in self._s.unsat_core()}
        return r, tuple(i for i, a in enumerate(assumptions) if a.get_id() in ids)

    def min_correction(self, hard: Sequence[Term], soft: Sequence[Term],
                       timeout: float | None = None, method: str = "auto",
                       work: float | None = None) -> tuple[CheckResult, tuple[int, ...]]:
        """A correcting set of `soft` over the assertions and `hard`.  "maxsat": z3's
        MaxSAT (`Optimize`, each soft literal of weight 1): a minimum one.  "grow": our
        own assumption-based grow (`_grow_correction`): a minimal one, asked of this
        solver, so it also serves quantified assertions, which `Optimize` does not
        support (it warns and ignores them).  "auto": maxsat unless an assertion is
        quantified."""
        assert method in ("auto", "maxsat", "grow"), method
        if method == "auto":
            method = "grow" if self.has_quantifiers() else "maxsat"
        if method == "grow":
            return self._grow_correction(hard, soft, timeout, work)
        asserted = self._s.assertions()
        if self._opt is None or self._s.num_scopes() > 0 or len(asserted) < self._opt_n:
            self._opt, self._opt_n = z3.Optimize(ctx=self.ctx), 0
        opt = self._opt
        for i in range(self._opt_n, len(asserted)):
            opt.add(asserted[i])
        self._opt_n = len(asserted)
        opt.set("timeout", _UINT_MAX if timeout is None else max(1, int(timeout * 1000)),
                "rlimit", work_units(work))
        self._model = None
        self.queries += 1
        t0 = time.perf_counter()
        before = rlimit_count(opt)
        opt.push()
        try:
            for h in hard:
                opt.add(h)
            for t in soft:
                opt.add_soft(t, 1)
            with backstop(self.ctx, work):
                r = opt.check()
            used = rlimit_count(opt) - before
            _WORK_DONE[0] += used
            self.work_units += used
            if r != z3.sat:
                return (CheckResult.UNSAT if r == z3.unsat else CheckResult.UNKNOWN), ()
            m = opt.model()
            return CheckResult.SAT, tuple(
                i for i, t in enumerate(soft)
                if not z3.is_true(m.eval(t, model_completion=True)))
        finally:
            opt.pop()
            self.z3_time += time.perf_counter() - t0

    def one_shot_applies(self) -> bool:
        """Whether an undecided check under assumptions goes to the one-shot query (`check`):
        the assertions have a quantifier, or no bit-vector constant."""
        self._scan_assertions()
        return self._quantified or not self._bitvectors

    def has_quantifiers(self) -> bool:
        """Whether an assertion holds a quantifier."""
        self._scan_assertions()
        return self._quantified

    def _scan_assertions(self) -> None:
        """z3's has-quantifiers and num-bv-consts probes over the assertions added since the
        last look."""
        asserted = self._s.assertions()
        if self._s.num_scopes() > 0 or len(asserted) < self._quant_n:
            self._quant_n, self._quantified, self._bitvectors = 0, False, False
        if not (self._quantified and self._bitvectors) and len(asserted) > self._quant_n:
            g = z3.Goal(ctx=self.ctx)
            for i in range(self._quant_n, len(asserted)):
                g.add(asserted[i])
            if not self._quantified:
                self._quantified = z3.Probe("has-quantifiers", self.ctx)(g) > 0
            if not self._bitvectors:
                self._bitvectors = z3.Probe("num-bv-consts", self.ctx)(g) > 0
        self._quant_n = len(asserted)

    def _grow_correction(self, hard: Sequence[Term], soft: Sequence[Term],
                         timeout: float | None, work: float | None = None
                         ) -> tuple[CheckResult, tuple[int, ...]]:
        """Grow a satisfiable subset S of `soft` (with `hard`) one literal at a time, each
        model adding every soft literal it satisfies for free; the rest is a minimal
        correcting set.  A literal whose query is UNKNOWN, or left when `timeout` (wall)
        or `work` (work seconds) runs out, goes to the correcting set: `hard` + S is
        satisfiable, so it still corrects (only perhaps not minimally)."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        spent0 = self.work_units

        def left() -> float | None:
            return None if deadline is None else max(0.001, deadline - time.perf_counter())

        def work_left() -> float | None:
            return None if work is None else \
                work - (self.work_units - spent0) / RLIMIT_PER_WORK_SECOND

        try:
            r = self.check(list(hard), left(), work_left())
            if r is not CheckResult.SAT:
                return r, ()
            kept = {i for i, t in enumerate(soft) if self.model_true(t)}
            out: list[int] = []
            for i in range(len(soft)):
                if i in kept:
                    continue
                w = work_left()
                if (deadline is not None and time.perf_counter() >= deadline) or \
                        (w is not None and w <= 0):
                    out.append(i)
                    continue
                r = self.check([*hard, *(soft[j] for j in sorted(kept)), soft[i]], left(), w)
                if r is CheckResult.SAT:
                    kept |= {j for j, t in enumerate(soft) if j not in kept
                             and self.model_true(t)}
                else:
                    out.append(i)
            return CheckResult.SAT, tuple(out)
        finally:
            self._model = None

    def model_true(self, t: Term) -> bool:
        assert self._model is not None, "no model: the last check was not SAT"
        v = self._model.eval(t, model_completion=True)
        return z3.Z3_get_bool_value(self.ctx.ref(), v.as_ast()) == z3.Z3_L_TRUE

    def model_false(self, t: Term) -> bool:
        """Whether the model makes `t` false for certain.  Not the negation of `model_true`:
        z3's evaluator leaves some terms undecided (an equality of arrays built from
        lambdas, a quantifier), which are neither."""
        assert self._model is not None, "no model: the last check was not SAT"
        v = self._model.eval(t, model_completion=True)
        return z3.Z3_get_bool_value(self.ctx.ref(), v.as_ast()) == z3.Z3_L_FALSE

    def model_value(self, t: Term) -> str:
        assert self._model is not None, "no model: the last check was not SAT"
        v = self._model.eval(t, model_completion=True)
        if z3.is_bv_value(v):
            return f"{v.as_string()}bv{v.size()}"     # as_long() stops at 4,300 digits
        if z3.is_rational_value(v) and v.denominator().as_string() != "1":
            return f"{v.numerator().as_string()}/{v.denominator().as_string()}"
        s = str(v)
        return s if len(s) <= 200 else s[:197] + "..."

    def model_term(self, t: Term) -> Term:
        assert self._model is not None, "no model: the last check was not SAT"
        return self._model.eval(t, model_completion=True)

    def work(self) -> float:
        return self.work_units / RLIMIT_PER_WORK_SECOND

    def stats(self) -> dict[str, Any]:
        return {"queries": self.queries, "z3_time": round(self.z3_time, 3),
                "z3_work": round(self.work_units / RLIMIT_PER_WORK_SECOND, 3),
                "one_shot_queries": self.one_shot_queries,
                "one_shot_decided": self.one_shot_decided,
                "unknown_builtins": sorted(self.unknown_builtins)}
