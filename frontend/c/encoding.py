"""The two encodings of C integers in Boogie: mathematical integers (`int`) and bitvectors (`bv`).

Role: every integer operation the translator emits goes through `Encoding`, so the choice of
encoding lives in one place.  Values of C type T are Boogie `int` (int encoding) or `bvN`
with N = 8*sizeof(T) (bv encoding); pointers are integers of the pointer width.

Exactness (documented for users in frontend/c/README.md):
- bv: exact two's complement for every operation (Boogie `{:bvbuiltin}` functions over the
  SMT-LIB bitvector theory); signed overflow wraps as gcc -fwrapv does.
- int: +, -, *, /, %, comparisons and conversions are exact for values in range; unsigned
  arithmetic and every conversion to a narrower or differently signed type wrap explicitly
  (mod 2^N).  Signed overflow is undefined in C and is NOT wrapped (the mathematical value is
  kept); with `check_overflow` it is asserted not to happen.  `&`, `|`, `^` with a constant
  operand, `~`, and shifts are exact (linear arithmetic with mod by powers of two; a shift
  by a variable amount is a case split over the N defined amounts).  `&`, `|`, `^` of two
  non-constant operands are over-approximated: a fresh value constrained by facts that hold for every input (range,
  sign, bounds), marked `{:overapprox "op"}` so a bug trace through it must be replayed
  natively before it is believed.
The formulas over (width, signed) -- wrap-around, range facts, extension, truncation, the
overflow conditions -- are frontend/intenc.py's, shared with the LLVM front end.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from boogie.ast import (App, Attr, BoolLit, BvLit, BvType, Expr, FunctionDecl, INT, IntLit, Ite,
                        Loc, Op, Type, Var)

import frontend.floatenc as floatenc
import frontend.intenc as intenc
from frontend.common import int_lit, int_value

from frontend.properties import NO_CHECKS, PropertyChecks

from .typesys import CType, DataModel, FloatT, IntT, PtrT


class EmitContext(Protocol):
    """What an encoding needs from the translator to over-approximate a result."""

    def fresh(self, t: Type, attrs: tuple[Attr, ...]) -> Var: ...

    def assume(self, e: Expr, loc: Loc) -> None: ...

    def check(self, e: Expr, loc: Loc, what: str, kind: str = "overflow") -> None: ...


_BV_BIN = {"+": "bvadd", "-": "bvsub", "*": "bvmul", "&": "bvand", "|": "bvor",
           "^": "bvxor", "<<": "bvshl"}
_CMP_SIGNED = {"<": "bvslt", "<=": "bvsle", ">": "bvsgt", ">=": "bvsge"}
_CMP_UNSIGNED = {"<": "bvult", "<=": "bvule", ">": "bvugt", ">=": "bvuge"}
_CMP_OP = {"<": Op.LT, "<=": Op.LE, ">": Op.GT, ">=": Op.GE, "==": Op.EQ, "!=": Op.NEQ}


class Encoding:
    """Integer operations in one encoding; collects the bitvector functions it uses."""

    def __init__(self, kind: str, dm: DataModel, checks: PropertyChecks = NO_CHECKS):
        assert kind in ("int", "bv"), kind
        self.kind = kind
        self.dm = dm
        self.checks = checks
        self.check_overflow = checks.signed_overflow
        self._source = False        # the operation being encoded is the program's own
        self.functions: dict[str, FunctionDecl] = {}

    @property
    def is_bv(self) -> bool:
        return self.kind == "bv"

    # ------------------------------------------------------------------ types and literals
    def width(self, t: CType) -> int:
        if isinstance(t, IntT):
            return t.bits
        assert isinstance(t, PtrT), t
        return self.dm.ptr_bits

    def btype(self, t: CType) -> Type:
        """The Boogie type of a value of scalar type t (a float: floatenc's, in both
        encodings; the caller has checked that its format is modelled, floats.py)."""
        if isinstance(t, FloatT):
            assert t.bits is not None, f"a value of {t}"
            return floatenc.float_type(t.bits)
        return BvType(self.width(t)) if self.is_bv else INT

    def lit(self, v: int, t: CType) -> Expr:
        if isinstance(t, FloatT):       # the float of an integer (zero, mostly): exact
            assert t.bits is not None, f"a value of {t}"
            q = Fraction(v)
            return floatenc.const(self.functions, floatenc.nearest_bits(abs(q), t.bits, q < 0),
                                  t.bits)
        if self.is_bv:
            w = self.width(t)
            return BvLit(v % (1 << w), w)
        if isinstance(t, IntT):
            v = _wrap_value(v, t)
        return int_lit(v)

    def const_value(self, e: Expr, t: CType) -> int | None:
        """The C value of a literal expression of type t, or None."""
        if isinstance(e, BvLit):
            if isinstance(t, IntT) and t.signed and e.value >= 1 << (e.width - 1):
                return e.value - (1 << e.width)
            return e.value
        return int_value(e)

    def _bvfun(self, name: str, builtin: str, args: tuple[Type, ...], res: Type) -> str:
        return intenc.bv_fun(self.functions, name, builtin, args, res)

    def _bv(self, builtin: str, w: int, args: tuple[Expr, ...], res_bool: bool = False) -> Expr:
        return intenc.bv_op(self.functions, builtin, w, *args, pred=res_bool)

    # ------------------------------------------------------------------ truth values
    def is_true(self, e: Expr, t: CType) -> Expr:
        """C truth of a scalar value: `e != 0`."""
        return App(Op.NEQ, (e, self.lit(0, t)))

    def of_bool(self, b: Expr, t: CType) -> Expr:
        if isinstance(b, BoolLit):
            return self.lit(int(b.value), t)
        return Ite(b, self.lit(1, t), self.lit(0, t))

    def in_range(self, e: Expr, t: CType) -> Expr | None:
        """The range fact for a fresh value of type t (None when the type implies it)."""
        if self.is_bv or not isinstance(t, (IntT, PtrT)):
            return None
        return intenc.in_range(e, self.width(t), isinstance(t, IntT) and t.signed)

    # ------------------------------------------------------------------ conversions
    def convert(self, e: Expr, src: CType, dst: CType) -> Expr:
        """C conversion of a scalar value between integer/pointer types (C11 6.3.1.3)."""
        if isinstance(dst, IntT) and dst.name == "_Bool":
            return self.of_bool(self.is_true(e, src), dst)
        ws, wd = self.width(src), self.width(dst)
        ssigned = isinstance(src, IntT) and src.signed
        if self.is_bv:
            if isinstance(e, BvLit):
                v = self.const_value(e, src)
                return self.lit(v, dst)
            if ws > wd:
                return intenc.truncate(e, wd)
            return intenc.extend(self.functions, e, ws, wd, ssigned)
        c = int_value(e)
        if c is not None and isinstance(dst, IntT):
            return self.lit(c, dst)
        if self._range_contains(dst, src):
            return e
        return self.wrap(e, dst)

    def offset(self, e: Expr, src: CType, dst: CType) -> Expr:
        """An integer index `e` of type src as the signed pointer offset of type dst (C's
        conversion, `convert`), the wrap guarded by the range fact in the int encoding
        (intenc.guarded_wrap: an unsigned `size_t` index needs no mod where it is below
        2^(N-1), the usual case)."""
        if self.is_bv or int_value(e) is not None or self._range_contains(dst, src) or \
                not isinstance(dst, IntT):
            return self.convert(e, src, dst)
        return intenc.guarded_wrap(e, self.width(dst), dst.signed)

    def _range_contains(self, dst: CType, src: CType) -> bool:
        lo_s, hi_s = self._range(src)
        lo_d, hi_d = self._range(dst)
        return lo_d <= lo_s and hi_s <= hi_d

    def _range(self, t: CType) -> tuple[int, int]:
        if isinstance(t, IntT):
            return t.min, t.max
        return 0, (1 << self.dm.ptr_bits) - 1

    def wrap(self, e: Expr, t: CType) -> Expr:
        """int encoding: reduce a mathematical value into the range of t (mod 2^N)."""
        assert not self.is_bv
        return intenc.wrap(e, self.width(t), isinstance(t, IntT) and t.signed)

    # ------------------------------------------------------------------ comparisons
    def compare(self, op: str, a: Expr, b: Expr, t: CType) -> Expr:
        """`a op b` as a Boogie bool, both operands already of the common type t."""
        if op in ("==", "!=") or not self.is_bv:
            return App(_CMP_OP[op], (a, b))
        signed = isinstance(t, IntT) and t.signed
        return self._bv((_CMP_SIGNED if signed else _CMP_UNSIGNED)[op], self.width(t), (a, b),
                        res_bool=True)

    # ------------------------------------------------------------------ arithmetic
    def unary(self, op: str, a: Expr, t: IntT, ctx: EmitContext, loc: Loc,
              source: bool = False) -> Expr:
        """`op a`; `source`: the C program's own operator (the only ones the unsigned
        overflow check looks at; the front end's address arithmetic is not C's `+`)."""
        self._source = source
        try:
            return self._unary(op, a, t, ctx, loc)
        finally:
            self._source = False

    def _unary(self, op: str, a: Expr, t: IntT, ctx: EmitContext, loc: Loc) -> Expr:
        if op == "-":
            if self.is_bv:
                c = self.const_value(a, t)
                if c is not None and not (self.check_overflow and t.signed and c == t.min) \
                        and not (self._unsigned_checked() and not t.signed and c != 0):
                    return self.lit(-c, t)
                self._overflow_check("-", self.lit(0, t), a, t, ctx, loc, "unary '-'")
                return self._bv("bvneg", t.bits, (a,))
            r = App(Op.NEG, (a,))
            c = int_value(a)
            if not t.signed:
                self._unsigned_check(r, t, ctx, loc, "unary '-'")
            if c is not None:
                return self.lit(-c, t)
            if not t.signed:
                return self.wrap(r, t)
            self._int_overflow_check(r, t, ctx, loc, op)
            return r
        assert op == "~", op
        if self.is_bv:
            return self._bv("bvnot", t.bits, (a,))
        if t.signed:
            return App(Op.SUB, (App(Op.NEG, (a,)), IntLit(1)))
        return App(Op.SUB, (IntLit(t.max), a))

    def binary(self, op: str, a: Expr, b: Expr, t: IntT, ctx: EmitContext, loc: Loc,
               b_type: IntT | None = None, source: bool = False) -> Expr:
        """`a op b` for an arithmetic/bitwise operator; operands converted to t (for shifts,
        `b` keeps its own promoted type `b_type`); `source` as for `unary`."""
        self._source = source
        try:
            return self._binary(op, a, b, t, ctx, loc, b_type)
        finally:
            self._source = False

    def _binary(self, op: str, a: Expr, b: Expr, t: IntT, ctx: EmitContext, loc: Loc,
                b_type: IntT | None = None) -> Expr:
        if op in ("<<", ">>") and self.check_overflow:
            self._shift_checks(op, a, b, t, b_type or t, ctx, loc)
        if op in ("/", "%") and self.checks.div_by_zero:
            cb = self.const_value(b, t)
            if cb is None or cb == 0:
                ctx.check(App(Op.NEQ, (b, self.lit(0, t))), loc, "division by zero",
                          "division-by-zero")
        if self.is_bv:
            return self._bv_binary(op, a, b, t, ctx, loc, b_type)
        return self._int_binary(op, a, b, t, ctx, loc)

    def _shift_checks(self, op, a, b, t: IntT, bt: IntT, ctx: EmitContext, loc: Loc) -> None:
        """Undefined shifts (C11 6.5.7): amount negative or >= width; for a signed `<<`, a
        negative left operand or a result that does not fit."""
        cb = self.const_value(b, bt)
        if cb is None or not 0 <= cb < t.bits:
            ok = self.compare("<", b, self.lit(t.bits, bt), bt)
            if bt.signed:
                ok = App(Op.AND, (self.compare(">=", b, self.lit(0, bt), bt), ok))
            ctx.check(ok, loc, f"shift distance out of range in '{op}'", "undefined-shift")
        if op == "<<" and t.signed:
            ctx.check(self.compare(">=", a, self.lit(0, t), t), loc,
                      "shift operand is negative in '<<'", "undefined-shift")
            if cb is not None and 0 <= cb < t.bits:
                limit = self.lit(t.max >> cb, t)
            elif self.is_bv:
                bb = self.convert(b, bt, IntT("shift", t.bits, False)) if bt.bits != t.bits \
                    else b
                limit = self._bv("bvlshr", t.bits, (self.lit(t.max, t), bb))
            else:
                limit = App(Op.DIV, (IntLit(t.max), self._pow2(b, t.bits)))
            ctx.check(self.compare("<=", a, limit, t), loc,
                      "arithmetic overflow on signed '<<'")

    def _bv_binary(self, op, a, b, t, ctx, loc, b_type):
        w = t.bits
        if op in ("<<", ">>"):
            if b_type is not None and b_type.bits != w:
                b = self.convert(b, b_type, IntT("shift", w, False))
            if op == "<<":
                return self._bv("bvshl", w, (a, b))
            return self._bv("bvashr" if t.signed else "bvlshr", w, (a, b))
        if op in ("+", "-", "*"):
            self._overflow_check(op, a, b, t, ctx, loc)
            return self._bv(_BV_BIN[op], w, (a, b))
        if op in ("&", "|", "^"):
            return self._bv(_BV_BIN[op], w, (a, b))
        if op == "/":
            if t.signed:
                self._overflow_check("/", a, b, t, ctx, loc)
            return self._bv("bvsdiv" if t.signed else "bvudiv", w, (a, b))
        if op == "%":
            if t.signed:
                self._overflow_check("%", a, b, t, ctx, loc)
            return self._bv("bvsrem" if t.signed else "bvurem", w, (a, b))
        raise AssertionError(op)

    def _overflow_check(self, op, a, b, t: IntT, ctx: EmitContext, loc: Loc,
                        what: str | None = None) -> None:
        """bv + check_overflow: assert a signed op does not overflow (computed at 2N bits);
        bv + unsigned_overflow: the same for an unsigned `+ - *` and unary `-` (whose
        operands are zero-extended)."""
        if not t.signed and self._unsigned_checked() and op in ("+", "-", "*"):
            ok = intenc.fits_bv(self.functions, _BV_BIN[op], a, b, t.bits, False)
            ctx.check(ok, loc, f"arithmetic overflow on unsigned {what or repr(op)}",
                      "unsigned-overflow")
            return
        if not (self.check_overflow and t.signed):
            return
        if op in ("/", "%"):
            ok = intenc.no_div_overflow(a, b, self.lit(t.min, t), self.lit(-1, t))
        else:
            ok = intenc.fits_bv(self.functions, _BV_BIN[op], a, b, t.bits, True)
        ctx.check(ok, loc, f"arithmetic overflow on signed '{op}'")

    def _unsigned_checked(self) -> bool:
        return self.checks.unsigned_overflow and self._source

    def _unsigned_check(self, r: Expr, t: IntT, ctx: EmitContext, loc: Loc,
                        what: str) -> None:
        """int + unsigned_overflow: the mathematical result `r` of an unsigned operation
        lies in t's range (before it is wrapped)."""
        if self._unsigned_checked():
            c = int_value(r)
            ok = BoolLit(t.min <= c <= t.max) if c is not None else self.in_range(r, t)
            ctx.check(ok, loc, f"arithmetic overflow on unsigned {what}", "unsigned-overflow")

    def conversion_check(self, e: Expr, src: IntT, dst: IntT, ctx: EmitContext,
                         loc: Loc) -> None:
        """--conversion-check: the value `e` of type `src` is representable in `dst` (an
        implicit conversion that would change it is flagged, as clang's
        implicit-conversion sanitizer does; frontend/llvm/sanitizer_checks.py)."""
        if self._range_contains(dst, src):
            return
        c = self.const_value(e, src)
        if c is not None:
            ok: Expr = BoolLit(dst.min <= c <= dst.max)
        else:
            wide = IntT("wide", max(src.bits, dst.bits) + 2, True)
            we = self.convert(e, src, wide)
            ok = App(Op.AND, (self.compare(">=", we, self.lit(dst.min, wide), wide),
                              self.compare("<=", we, self.lit(dst.max, wide), wide)))
        ctx.check(ok, loc, f"arithmetic overflow on conversion from {src.name} to "
                  f"{dst.name}", "conversion")

    def _int_overflow_check(self, r: Expr, t: IntT, ctx: EmitContext, loc: Loc,
                            op: str = "") -> None:
        if self.check_overflow and t.signed:
            ctx.check(self.in_range(r, t), loc, "arithmetic overflow on signed" +
                      (f" '{op}'" if op else ""))

    def _int_binary(self, op, a, b, t: IntT, ctx, loc) -> Expr:
        ca, cb = int_value(a), int_value(b)
        if ca is not None and cb is not None:
            v = _fold(op, ca, cb, t)
            if v is not None:
                if t.signed and self.check_overflow and not t.min <= v <= t.max:
                    ctx.check(BoolLit(False), loc, f"arithmetic overflow on signed '{op}'")
                if not t.signed and op in ("+", "-", "*"):
                    self._unsigned_check(IntLit(v), t, ctx, loc, f"'{op}'")
                return self.lit(v, t)
        if op in ("+", "-", "*"):
            r = App({"+": Op.ADD, "-": Op.SUB, "*": Op.MUL}[op], (a, b))
            if not t.signed:
                self._unsigned_check(r, t, ctx, loc, f"'{op}'")
                if op != "*" and (ca is not None or cb is not None):   # i + 1, n - 2
                    return intenc.guarded_wrap(r, t.bits, False)
                return self.wrap(r, t)
            self._int_overflow_check(r, t, ctx, loc, op)
            return r
        if op in ("/", "%"):
            return self._int_divmod(op, a, b, t, cb, ctx, loc)
        if op == "<<" and cb is not None and 0 <= cb < t.bits:
            r = App(Op.MUL, (a, IntLit(1 << cb)))
            if not t.signed:
                return self.wrap(r, t)
            self._int_overflow_check(r, t, ctx, loc, op)
            return r
        if op == ">>" and cb is not None and 0 <= cb < t.bits:
            return App(Op.DIV, (a, IntLit(1 << cb))) if cb else a
        if op in ("<<", ">>") and cb is None:
            # exact: 2^b as a case split over the defined shift amounts 0..N-1
            p = self._pow2(b, t.bits)
            if op == ">>":
                return App(Op.DIV, (a, p))
            r = App(Op.MUL, (a, p))
            if not t.signed:
                return self.wrap(r, t)
            self._int_overflow_check(r, t, ctx, loc, op)
            return r
        if op in ("&", "|", "^"):
            if cb is None and ca is not None:
                a, b, ca, cb = b, a, cb, ca
            if cb is not None:
                return self._int_bitop_const(op, a, cb, t)
        return self._int_overapprox(op, a, b, t, ctx, loc)

    @staticmethod
    def _pow2(b: Expr, bits: int) -> Expr:
        """2^b for 0 <= b < bits (larger or negative shift amounts are undefined in C;
        they map to the last case)."""
        r: Expr = IntLit(1 << (bits - 1))
        for k in range(bits - 2, -1, -1):
            r = Ite(App(Op.EQ, (b, IntLit(k))), IntLit(1 << k), r)
        return r

    def _int_divmod(self, op, a, b, t: IntT, cb, ctx, loc) -> Expr:
        if not t.signed:
            return App(Op.DIV if op == "/" else Op.MOD, (a, b))
        if t.signed and self.check_overflow and (cb is None or cb == -1):
            ok = App(Op.NOT, (App(Op.AND, (App(Op.EQ, (a, self.lit(t.min, t))),
                                          App(Op.EQ, (b, self.lit(-1, t))))),))
            ctx.check(ok, loc, f"arithmetic overflow on signed '{op}'")
        nonneg_a = App(Op.GE, (a, IntLit(0)))
        if cb is not None and cb > 0:
            # truncation toward zero with a positive constant divisor
            if op == "/":
                return Ite(nonneg_a, App(Op.DIV, (a, b)),
                           App(Op.NEG, (App(Op.DIV, (App(Op.NEG, (a,)), b)),)))
            return Ite(nonneg_a, App(Op.MOD, (a, b)),
                       App(Op.NEG, (App(Op.MOD, (App(Op.NEG, (a,)), b)),)))
        # general case: SMT div/mod are Euclidean (0 <= r < |b|); C truncates toward zero
        q, r = App(Op.DIV, (a, b)), App(Op.MOD, (a, b))
        exact = App(Op.OR, (nonneg_a, App(Op.EQ, (r, IntLit(0)))))
        if op == "/":
            adj = Ite(App(Op.GT, (b, IntLit(0))), App(Op.ADD, (q, IntLit(1))),
                      App(Op.SUB, (q, IntLit(1))))
            return Ite(exact, q, adj)
        absb = Ite(App(Op.GE, (b, IntLit(0))), b, App(Op.NEG, (b,)))
        return Ite(exact, r, App(Op.SUB, (r, absb)))

    def _int_bitop_const(self, op: str, a: Expr, c: int, t: IntT) -> Expr:
        """Exact `a op c` for a constant c, as sums of `a mod 2^k` terms (two's complement
        bit runs); the result is then brought into t's range."""
        c = _wrap_value(c, t)
        conj = self._and_const(a, c, t)
        if op == "&":
            r = conj
        elif op == "|":
            r = App(Op.SUB, (App(Op.ADD, (a, self.lit(c, t))), conj))
        else:
            r = App(Op.SUB, (App(Op.ADD, (a, self.lit(c, t))),
                             App(Op.MUL, (IntLit(2), conj))))
        return r     # exact two's complement on in-range operands: already in t's range

    def _and_const(self, a: Expr, c: int, t: IntT) -> Expr:
        if c == 0:
            return IntLit(0)
        if c == -1:
            return a
        terms: list[Expr] = []
        bits = t.bits
        u = c % (1 << bits)
        i = 0
        while i < bits:
            if not (u >> i) & 1:
                i += 1
                continue
            j = i
            while j < bits and (u >> j) & 1:
                j += 1
            hi = None if (j == bits and c < 0) else j    # a negative mask: ones to infinity
            upper = a if hi is None else App(Op.MOD, (a, IntLit(1 << hi)))
            lower = App(Op.MOD, (a, IntLit(1 << i))) if i else IntLit(0)
            terms.append(upper if i == 0 else App(Op.SUB, (upper, lower)))
            i = j
        r = terms[0]
        for x in terms[1:]:
            r = App(Op.ADD, (r, x))
        return r

    def _int_overapprox(self, op, a, b, t: IntT, ctx: EmitContext, loc: Loc) -> Expr:
        r = ctx.fresh(INT, (Attr("overapprox", (op,)),))
        zero = IntLit(0)
        ge0 = lambda x: App(Op.GE, (x, zero))  # noqa: E731
        facts: list[Expr] = [self.in_range(r, t)]
        both = App(Op.AND, (ge0(a), ge0(b)))
        if op == "&":
            facts += [App(Op.IMP, (App(Op.OR, (ge0(a), ge0(b))), ge0(r))),
                      App(Op.IMP, (ge0(a), App(Op.LE, (r, a)))),
                      App(Op.IMP, (ge0(b), App(Op.LE, (r, b)))),
                      App(Op.IMP, (App(Op.EQ, (a, b)), App(Op.EQ, (r, a)))),
                      App(Op.IMP, (App(Op.OR, (App(Op.EQ, (a, zero)),
                                               App(Op.EQ, (b, zero)))), App(Op.EQ, (r, zero))))]
        elif op in ("|", "^"):
            facts += [App(Op.IMP, (both, App(Op.AND, (ge0(r), App(Op.LE, (r, App(Op.ADD, (a, b))))))))]
            facts += [App(Op.IMP, (App(Op.EQ, (a, zero)), App(Op.EQ, (r, b)))),
                      App(Op.IMP, (App(Op.EQ, (b, zero)), App(Op.EQ, (r, a))))]
            if op == "|":
                facts += [App(Op.IMP, (both, App(Op.AND, (App(Op.GE, (r, a)), App(Op.GE, (r, b)))))),
                          App(Op.IMP, (App(Op.EQ, (a, b)), App(Op.EQ, (r, a))))]
            else:
                facts += [App(Op.IMP, (App(Op.EQ, (a, b)), App(Op.EQ, (r, zero))))]
        elif op == ">>":
            facts += [App(Op.IMP, (ge0(a), App(Op.AND, (ge0(r), App(Op.LE, (r, a)))))),
                      App(Op.IMP, (App(Op.LT, (a, zero)),
                                   App(Op.AND, (App(Op.LE, (a, r)), App(Op.LT, (r, zero)))))),
                      App(Op.IMP, (App(Op.EQ, (b, zero)), App(Op.EQ, (r, a))))]
        elif op == "<<":
            facts += [App(Op.IMP, (App(Op.EQ, (b, zero)), App(Op.EQ, (r, a)))),
                      App(Op.IMP, (App(Op.EQ, (a, zero)), App(Op.EQ, (r, zero))))]
        for f in facts:
            if f is not None:
                ctx.assume(f, loc)
        return r


def _wrap_value(v: int, t: IntT) -> int:
    return intenc.value(v, t.bits, t.signed)


def _fold(op: str, a: int, b: int, t: IntT) -> int | None:
    """Constant folding of `a op b` with C semantics in type t (None: leave unfolded)."""
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op in ("/", "%"):
        if b == 0:
            return None
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        r = q if op == "/" else a - b * q
    elif op == "&":
        r = a & b
    elif op == "|":
        r = a | b
    elif op == "^":
        r = a ^ b
    elif op == "<<":
        if not 0 <= b < t.bits:
            return None
        r = a << b
    elif op == ">>":
        if not 0 <= b < t.bits:
            return None
        r = a >> b
    else:
        return None
    if t.signed:
        return r      # signed overflow is undefined: the checker decides (lit() wraps)
    return r % (1 << t.bits)
