"""The type checker's expressions: the type of each expression node, with its diagnostics.

Role: `_ExprChecker`, the expression half of the checker class in `typecheck.py` (which
adds programs, declarations and commands, and the `report`, `resolve`, `globals` and
block checks used here for code expressions).  Rules: `typecheck.py`'s docstring.
Expressions are walked with the iterative `boogie.visit.postorder`, so long chains are safe.
"""
from __future__ import annotations

from .ast import (App, BoolLit, BvLit, BvType, CodeExpr, Expr, Extract, FunCall, IntLit, Ite,
                  MapSelect, MapStore, MapType, Old, Op, Quant, QuantKind, RealLit, RmodeLit, Type,
                  Var, RMODE,
                  BOOL, INT, REAL)
from .visit import postorder
from .typecheck_types import (_ARITH, _at, _BOUND, _Ctx, _dups, _ERR, _FIXED_RESULT, _fmt, _LOCAL,
                              _LOGICAL, _match, _named, _ORDER, _same, _subst_type)


class _ExprChecker:
    """The checker's expression methods (mixed into `typecheck._Checker`)."""

    def expect_bool(self, e: Expr, ctx: _Ctx, what: str) -> None:
        t = self.expr_type(e, ctx)
        if t != BOOL and t is not _ERR:
            self.report("type", _at(e, ctx.loc), f"{what} must be of type bool, not {_fmt(t)}")

    def expr_type(self, e: Expr, ctx: _Ctx) -> Type:
        t = type(e)
        if t is Var:
            return self.var_type(e, ctx)
        if t is IntLit:
            return INT
        if t is BoolLit:
            return BOOL
        return postorder(e, lambda node, kids: self._visit(node, kids, ctx))

    def var_type(self, e: Var, ctx: _Ctx) -> Type:
        entry = ctx.scope.get(e.name) or self.globals.get(e.name)
        if entry is None:
            self.report("undeclared", _at(e, ctx.loc),
                        f"undeclared variable or constant '{e.name}'")
            return _ERR
        return entry[0]

    def _visit(self, e: Expr, kids: tuple, ctx: _Ctx) -> Type:
        t = type(e)
        if t is Var:
            return self.var_type(e, ctx)
        if t is App:
            return self._app(e, kids, ctx)
        if t is FunCall:
            return self._funcall(e, kids, ctx)
        if t is IntLit:
            return INT
        if t is BoolLit:
            return BOOL
        if t is BvLit:
            if e.width < 0 or not 0 <= e.value < (1 << e.width):
                self.report("type", _at(e, ctx.loc),
                            f"bitvector literal {e.value}bv{e.width} does not fit its width")
            return BvType(e.width)
        if t is RealLit:
            return REAL
        if t is RmodeLit:
            return RMODE
        if t is MapSelect or t is MapStore:
            return self._map_access(e, kids, ctx)
        if t is Extract:
            return self._extract(e, kids[0], ctx)
        if t is Ite:
            return self._ite(e, kids, ctx)
        if t is Old:
            if not ctx.old_ok:
                self.report("type", _at(e, ctx.loc), "old(...) is allowed only in "
                                                      "postconditions and procedure bodies")
            return kids[0]
        if t is Quant:
            return self._quant(e, ctx)
        if t is CodeExpr:
            return self._code_expr(e, ctx)
        raise AssertionError(f"typecheck: unknown expression class {t.__name__}")

    def _app(self, e: App, kids: tuple, ctx: _Ctx) -> Type:
        op = e.op
        if op.is_unary:
            (a,) = kids
            if a is _ERR:
                return BOOL if op is Op.NOT else _ERR
            if op is Op.NOT and a == BOOL:
                return BOOL
            if op is Op.NEG and (a == INT or a == REAL):
                return a
            self.report("type", _at(e, ctx.loc),
                        f"invalid argument type ({_fmt(a)}) to unary operator {op.symbol}")
            return BOOL if op is Op.NOT else _ERR
        a, b = kids
        result = self._binary(op, a, b)
        if result is None:
            self.report("type", _at(e, ctx.loc), f"invalid argument types ({_fmt(a)} and "
                                                  f"{_fmt(b)}) to binary operator {op.symbol}")
            if op in _LOGICAL or op in _ORDER or op in (Op.EQ, Op.NEQ, Op.SUBTYPE):
                return BOOL
            return _ERR
        return result

    @staticmethod
    def _binary(op: Op, a: Type, b: Type) -> Type | None:
        """Result type of a binary operator, or None when the operand types are wrong."""
        if op in _LOGICAL:
            return BOOL if (a == BOOL or a is _ERR) and (b == BOOL or b is _ERR) else None
        if op is Op.EQ or op is Op.NEQ or op is Op.SUBTYPE:
            return BOOL if _same(a, b) else None
        if a is _ERR or b is _ERR:
            return _FIXED_RESULT.get(op, _ERR)       # the result type when it is known
        if op in _ARITH:
            return a if a == b and (a == INT or a == REAL) else None
        if op in _ORDER:
            return BOOL if a == b and (a == INT or a == REAL) else None
        if op is Op.DIV or op is Op.MOD:
            return INT if a == INT and b == INT else None
        if op is Op.RDIV:
            return REAL if a in (INT, REAL) and b in (INT, REAL) else None
        if op is Op.POW:
            return REAL if a == REAL and b == REAL else None
        if op is Op.CONCAT:
            if type(a) is BvType and type(b) is BvType:
                return BvType(a.width + b.width)
            return None
        raise AssertionError(f"typecheck: unknown operator {op}")

    def _funcall(self, e: FunCall, kids: tuple, ctx: _Ctx) -> Type:
        sig = self.info.functions.get(e.func)
        if sig is None:
            extra = " (it is a procedure; use call)" if e.func in self.info.procedures else ""
            self.report("undeclared", _at(e, ctx.loc), f"undeclared function '{e.func}'{extra}")
            return _ERR
        if len(kids) != len(sig.params):
            self.report("arity", _at(e, ctx.loc),
                        f"function '{e.func}' expects {len(sig.params)} argument(s), "
                        f"{len(kids)} given")
            return sig.result if not sig.type_params else _ERR
        tv = frozenset(sig.type_params)
        subst: dict = {}
        for arg, at, want in zip(e.args, kids, sig.params):
            if not _match(want, at, tv, subst):
                self.report("type", _at(arg, _at(e, ctx.loc)),
                            f"argument of type {_fmt(at)} passed to function '{e.func}' where "
                            f"{_fmt(_subst_type(want, subst))} is expected")
        if not tv:
            return sig.result
        return self._instantiate(sig.result, tv, subst, f"function '{e.func}'", e, ctx)

    def _instantiate(self, t: Type, tvars: frozenset, subst: dict, what: str, e, ctx) -> Type:
        """`t` with inferred type arguments; a type parameter that the arguments do not
        determine would need a type coercion (`f() : int`), which we do not support."""
        missing = sorted(n for n in tvars - set(subst) if n in set(_named(t)))
        if missing:
            self.report("unsupported", _at(e, ctx.loc),
                        f"cannot infer type parameter '{missing[0]}' of {what} from its "
                        f"arguments (type coercions are not supported)")
            return _ERR
        return _subst_type(t, subst)

    def _map_access(self, e, kids: tuple, ctx: _Ctx) -> Type:
        m = kids[0]
        store = type(e) is MapStore
        idx = kids[1:-1] if store else kids[1:]
        if m is _ERR:
            return _ERR
        loc = _at(e, ctx.loc)
        if type(m) is not MapType:
            self.report("type", loc, f"cannot index a value of non-map type {_fmt(m)}")
            return _ERR
        if len(idx) != len(m.domain):
            self.report("arity", loc, f"map of type {_fmt(m)} takes {len(m.domain)} index(es), "
                                      f"{len(idx)} given")
            return m if store else (m.range if not m.type_params else _ERR)
        tv = frozenset(m.type_params)
        subst: dict = {}
        for i, (it, want) in enumerate(zip(idx, m.domain)):
            if not _match(want, it, tv, subst):
                self.report("type", _at(e.indices[i], loc),
                            f"index of type {_fmt(it)} used for a map of type {_fmt(m)}")
        if store:
            if not _match(m.range, kids[-1], tv, subst):
                self.report("type", _at(e.value, loc),
                            f"value of type {_fmt(kids[-1])} stored into a map of type {_fmt(m)}")
            return m
        if not tv:
            return m.range
        return self._instantiate(m.range, tv, subst, f"map type {_fmt(m)}", e, ctx)

    def _extract(self, e: Extract, a: Type, ctx: _Ctx) -> Type:
        if a is _ERR:
            return _ERR
        loc = _at(e, ctx.loc)
        if type(a) is not BvType:
            self.report("type", loc, f"bitvector extract [{e.hi}:{e.lo}] from a value of type "
                                     f"{_fmt(a)}")
            return _ERR
        if not 0 <= e.lo <= e.hi <= a.width:
            self.report("type", loc, f"bitvector extract [{e.hi}:{e.lo}] out of bounds for "
                                     f"bv{a.width}")
            return _ERR
        return BvType(e.hi - e.lo)

    def _ite(self, e: Ite, kids: tuple, ctx: _Ctx) -> Type:
        c, a, b = kids
        if c != BOOL and c is not _ERR:
            self.report("type", _at(e.cond, _at(e, ctx.loc)),
                        f"if-then-else condition must be of type bool, not {_fmt(c)}")
        if not _same(a, b):
            self.report("type", _at(e, ctx.loc), f"branches of if-then-else have different "
                                                  f"types ({_fmt(a)} and {_fmt(b)})")
            return _ERR
        return b if a is _ERR else a

    def _quant(self, q: Quant, ctx: _Ctx) -> Type:
        loc = _at(q, ctx.loc)
        tv = ctx.tvars | set(q.type_params)
        scope = dict(ctx.scope)
        for n in _dups([d.name for d in q.bound]):
            self.report("duplicate", loc, f"duplicate bound variable '{n}'")
        bound_types = []
        for d in q.bound:
            bt = self.resolve(d.type, _at(d, loc), frozenset(tv))
            bound_types.append(bt)
            scope[d.name] = (bt, _BOUND)
        inner = _Ctx(scope, ctx.old_ok, loc, frozenset(tv))
        for d in q.bound:
            if d.where is not None:
                self.expect_bool(d.where, inner, "where clause")
        body = self.expr_type(q.body, inner)
        for trig in q.triggers:
            for x in trig:
                self.expr_type(x, inner)
        if q.kind is QuantKind.LAMBDA:
            return MapType(tuple(bound_types), body, q.type_params)
        if body != BOOL and body is not _ERR:
            self.report("type", _at(q.body, loc),
                        f"body of {q.kind.value} must be of type bool, not {_fmt(body)}")
        return BOOL

    def _code_expr(self, c: CodeExpr, ctx: _Ctx) -> Type:
        loc = _at(c, ctx.loc)
        scope = dict(ctx.scope)
        for n in _dups([d.name for d in c.locals]):
            self.report("duplicate", loc, f"duplicate declaration of '{n}'")
        for d in c.locals:
            scope[d.name] = (self.resolve(d.type, _at(d, loc), ctx.tvars), _LOCAL)
        inner = _Ctx(scope, ctx.old_ok, loc, ctx.tvars, modifies=ctx.modifies,
                     labels=self._labels(c.blocks, loc), in_code_expr=True)
        self.check_blocks(c.blocks, inner)
        return BOOL
