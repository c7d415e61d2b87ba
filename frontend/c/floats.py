"""C floating point: `float` and `double` values, literals, operators, conversions, memory and
the <math.h> functions, in the vocabulary of frontend/floatenc.py (whose docstring says what
a float is in a variable and in memory), shared with the LLVM front end.

Role: the floating-point part of the function translator (a mixin of function.py).
* Types: `float` is binary32, `double` binary64; the usual arithmetic conversions of C11
  6.3.1.8 with FLT_EVAL_METHOD 0 (gcc and clang on x86-64 with SSE): `float op float` stays
  float, any double operand makes it double, an integer operand converts to the other's
  type.  x86's 80-bit `long double`, `__float128` and `__fp16` are unsupported wherever a
  value of them is used (the Microsoft dialect's `long double` is `double`: typesys.py).
* Literals are rounded once from their exact value (decimal or hexadecimal) to the type
  (`f` suffix: float), as the compiler does (floatenc.nearest_bits).
* Operators round to nearest, ties to even: `+ - * /`, unary `-`, `++ --`, compound
  assignment; comparisons are IEEE's (`==` false on NaN, `!=` true); a float used as a
  condition (`if (x)`, `!x`, `&&`) is `x != 0`.
* Conversions: integer -> float rounds to nearest; float -> integer truncates toward zero
  and, out of range (NaN, infinities, too large), gives any value of the type (C's
  undefined behaviour, over-approximated); with the conversion check
  (`--conversion-check`) such a conversion is a property violation, named as the LLVM
  front end names it.  float -> `_Bool` is `x != 0`.
* Memory holds a float's IEEE bit pattern (memory.py's classes `f32`/`f64`, or its bytes in
  the byte-level model): a load is `of_bits`, a store writes a fresh pattern constrained to
  be the value's (any NaN pattern for a NaN).
* <math.h>: `fabs sqrt floor ceil trunc round rint nearbyint fmin fmax copysign fma fmod`
  (and their `f` forms, `__builtin_` spellings) exactly, `isnan isinf isfinite isnormal
  signbit fpclassify` (macros of the bundled math.h over GCC's builtins); other math
  functions are functions without a body (any result), as in the LLVM front end.
"""
from __future__ import annotations

from fractions import Fraction

from boogie.ast import BOOL, App, Assert, Attr, BvLit, BvType, Expr, FunCall, Havoc, Ite, Loc, Op
from boogie.errors import error

import frontend.floatenc as fe
from frontend.properties import property_attr

from .typesys import FloatT, IntT, unsupported
from .values import V

_NAMES = {"long double": "long double (x86's 80-bit format)",
          "__float128": "__float128 (binary128)", "__fp16": "__fp16 (half precision)"}

# C library names -> (operation, width): the functions modelled exactly
LIBM: dict[str, tuple[str, int]] = {}
for _op, _c in (("sqrt", "sqrt"), ("fabs", "fabs"), ("floor", "floor"), ("ceil", "ceil"),
                ("trunc", "trunc"), ("round", "round"), ("rint", "rint"),
                ("nearbyint", "nearbyint"), ("roundeven", "roundeven"), ("min", "fmin"),
                ("max", "fmax"), ("copysign", "copysign"), ("fma", "fma"), ("frem", "fmod")):
    for _pre in ("", "__builtin_"):
        LIBM[_pre + _c] = (_op, 64)
        LIBM[_pre + _c + "f"] = (_op, 32)
_ARITY = {"fma": 3, "min": 2, "max": 2, "copysign": 2, "frem": 2}

# classification: GCC's builtins (the bundled math.h defines the C99 macros over them)
CLASSIFY = frozenset(("__builtin_isnan", "__builtin_isinf", "__builtin_isfinite",
                      "__builtin_isnormal", "__builtin_signbit", "__builtin_signbitf",
                      "__builtin_fpclassify", "__builtin_isinf_sign", "__builtin_isgreater",
                      "__builtin_isgreaterequal", "__builtin_isless", "__builtin_islessequal",
                      "__builtin_islessgreater", "__builtin_isunordered"))
# glibc's functions behind its <math.h> macros (a preprocessed file calls them by name)
GLIBC_CLASSIFY = {}
for _suffix in ("", "f", "l"):
    GLIBC_CLASSIFY.update({f"__isnan{_suffix}": "__builtin_isnan",
                           f"__isinf{_suffix}": "__builtin_isinf_sign",
                           f"__finite{_suffix}": "__builtin_isfinite",
                           f"__signbit{_suffix}": "__builtin_signbit",
                           f"__fpclassify{_suffix}": "__builtin_fpclassify"})
CLASSIFY = CLASSIFY | frozenset(GLIBC_CLASSIFY)
_GLIBC_FP = (0, 1, 4, 3, 2)      # glibc's FP_NAN FP_INFINITE FP_NORMAL FP_SUBNORMAL FP_ZERO
# constants: GCC's builtins for infinity and NaN
CONSTANTS = {"__builtin_inf": 64, "__builtin_inff": 32, "__builtin_huge_val": 64,
             "__builtin_huge_valf": 32, "__builtin_nan": 64, "__builtin_nanf": 32}

_REL = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq", "!=": "une"}
_ARITH = {"+": "fadd", "-": "fsub", "*": "fmul", "/": "fdiv"}


def float_bits(t: FloatT, loc: Loc) -> int:
    """32 or 64; the other floating types are unsupported."""
    if t.bits is None:
        raise unsupported(loc, _NAMES.get(t.name, t.name))
    return t.bits


def literal_value(text: str, loc: Loc) -> tuple[Fraction, bool, str]:
    """(exact magnitude, negative, suffix) of a C floating literal (C11 6.4.4.2):
    decimal `1.5e3`, hexadecimal `0x1.8p1`; suffix "" (double), "f" or "l"."""
    t = text.strip()
    suffix = ""
    if t[-1:] in "fFlL" and not (t.lower().startswith("0x") and "p" not in t.lower()):
        suffix, t = t[-1].lower(), t[:-1]
    try:
        if t.lower().startswith("0x"):
            body, _, exp = t[2:].lower().partition("p")
            whole, _, frac = body.partition(".")
            digits = (whole + frac) or "0"
            q = Fraction(int(digits, 16), 16 ** len(frac)) * Fraction(2) ** int(exp or "0")
        else:
            q = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise error("unsupported", loc, f"unsupported C construct: floating literal '{text}'")
    return q, False, suffix


class FloatsMixin:
    """Floating point (mixed into `function.FunctionTranslator`)."""

    # ------------------------------------------------------------------ values
    def float_const(self, text: str, loc: Loc) -> V:
        q, neg, suffix = literal_value(text, loc)
        t = FloatT({"": "double", "f": "float"}.get(suffix, "long double"))
        if suffix == "l" and self.pt.types.long_double_is_double:
            t = FloatT("double")
        bits = float_bits(t, loc)
        return V(fe.const(self.enc.functions, fe.nearest_bits(q, bits, neg), bits), t)

    def float_of(self, value: Fraction | int, t: FloatT, loc: Loc) -> Expr:
        """The float nearest the exact number `value`."""
        bits = float_bits(t, loc)
        q = Fraction(value)
        return fe.const(self.enc.functions, fe.nearest_bits(abs(q), bits, q < 0), bits)

    def float_usual(self, a: V, b: V, loc: Loc) -> FloatT:
        """C11 6.3.1.8 (FLT_EVAL_METHOD 0) when one operand is floating."""
        types = [x.type for x in (a, b) if isinstance(x.type, FloatT)]
        for t in types:
            float_bits(t, loc)
        return FloatT("double") if any(t.name == "double" for t in types) else FloatT("float")

    # ------------------------------------------------------------------ bits
    def float_of_pattern(self, e: Expr, bits: int) -> Expr:
        """The float whose IEEE pattern is the memory value `e` (a bit-vector in both
        encodings: frontend/memory.py)."""
        return fe.of_bits(self.enc.functions, e, bits)

    def pattern_of_float(self, x: Expr, bits: int, loc: Loc) -> Expr:
        """A memory value holding a pattern of float `x`: its pattern, computed for a
        constant; else a fresh bit-vector constrained to be x's (any NaN pattern for a
        NaN)."""
        const = _const_pattern(x)
        if const is not None:
            return const
        b = self.fresh(BvType(bits), hint="fbits")
        self.emit(Havoc((b.name,), loc=loc))
        self.assume(fe.bits_constraint(self.enc.functions, b, x, bits), loc)
        return b

    def _as_bv(self, e: Expr, width: int) -> Expr:
        return e if self.enc.is_bv else fe.int2bv(self.enc.functions, e, width)

    # ------------------------------------------------------------------ conversions
    def float_convert(self, v: V, t, loc: Loc) -> V:
        """A conversion from or to a floating type (`t` not void)."""
        src, fs = v.type, self.enc.functions
        if isinstance(src, FloatT) and isinstance(t, FloatT):
            return V(fe.convert(fs, v.expr, float_bits(src, loc), float_bits(t, loc)), t)
        if isinstance(t, FloatT):
            bits = float_bits(t, loc)
            if not isinstance(src, IntT):
                raise error("type", loc, f"conversion from {src} to {t}")
            c = self.enc.const_value(v.expr, src)
            if c is not None:
                return V(self.float_of(c, t, loc), t)
            width = src.bits
            return V(fe.from_int(fs, self._as_bv(v.expr, width), width, src.signed, bits), t)
        assert isinstance(src, FloatT), (src, t)
        bits = float_bits(src, loc)
        if not isinstance(t, IntT):
            raise error("type", loc, f"conversion from {src} to {t}")
        if t.name == "_Bool":          # C11 6.3.1.2: 0 when it compares equal to 0, else 1
            return V(self.enc.of_bool(self.float_truth(v), t), t)
        ok, value = fe.to_int(fs, v.expr, bits, t.bits, t.signed)
        if self.enc.checks.conversion:          # as the LLVM front end: CBMC's float-to-int
            self.emit(Assert(ok, (property_attr(
                "conversion", "arithmetic overflow on floating-point to "
                f"{'signed' if t.signed else 'unsigned'} integer conversion"),), loc=loc))
        if not self.enc.is_bv:
            value = fe.bv2nat(fs, value, t.bits)
            if t.signed:
                from frontend.intenc import to_signed
                value = to_signed(value, t.bits)
        r = self.fresh(self.enc.btype(t), hint="fi")
        self.emit(Havoc((r.name,), loc=loc))
        rng = self.enc.in_range(r, t)
        if rng is not None:
            self.assume(rng, loc)
        # out of range (NaN, infinities, too large): undefined in C -- any value
        self.assume(App(Op.IMP, (ok, App(Op.EQ, (r, value)))), loc)
        return V(r, t)

    # ------------------------------------------------------------------ operators
    def float_truth(self, v: V) -> Expr:
        bits = float_bits(v.type, self.cur_loc)
        fs = self.enc.functions
        return fe.cmp(fs, "une", v.expr, fe.const(fs, 0, bits), bits)

    def float_binop(self, op: str, a: V, b: V, loc: Loc) -> V:
        if op not in _ARITH:
            raise error("type", loc, f"operator '{op}' on {a.type} and {b.type}")
        if not all(isinstance(x.type, (IntT, FloatT)) for x in (a, b)):
            raise error("type", loc, f"operator '{op}' on {a.type} and {b.type}")
        t = self.float_usual(a, b, loc)
        ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
        if op == "/" and self.pt.checks.float_div_by_zero:
            self.check(App(Op.NOT, (fe.predicate(self.enc.functions, "fp.isZero", eb,
                                                 t.bits),)),
                       loc, "floating-point division by zero", "float-division-by-zero")
        return V(fe.binop(self.enc.functions, _ARITH[op], ea, eb, t.bits), t)

    def float_relation(self, op: str, a: V, b: V, loc: Loc) -> Expr:
        if not all(isinstance(x.type, (IntT, FloatT)) for x in (a, b)):
            raise error("type", loc, f"comparison of {a.type} and {b.type}")
        t = self.float_usual(a, b, loc)
        ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
        return fe.cmp(self.enc.functions, _REL[op], ea, eb, t.bits)

    def float_unary(self, op: str, v: V, loc: Loc) -> V:
        bits = float_bits(v.type, loc)
        if op == "+":
            return v
        if op == "-":
            return V(fe.unary(self.enc.functions, "fneg", v.expr, bits), v.type)
        raise error("type", loc, f"unary '{op}' on {v.type}")

    def float_nondet(self, t: FloatT, loc: Loc, what: str) -> V:
        bits = float_bits(t, loc)
        v = self.b.fresh(fe.float_type(bits), "nd", loc)
        self.emit(Havoc((v.name,), attrs=(Attr("nondet", (f"{t} from {what}",)),), loc=loc))
        return V(v, t)

    # ------------------------------------------------------------------ <math.h>
    def math_call(self, name: str, args, loc: Loc) -> V:
        """A modelled math function (`LIBM`) called by its C name, the program not
        defining it: its arguments converted to the function's type."""
        op, bits = LIBM[name]
        n = _ARITY.get(op, 1)
        if len(args) != n:
            raise error("type", loc, f"{name} takes {n} argument{'s' if n > 1 else ''}")
        t = FloatT("double" if bits == 64 else "float")
        vals = [self.convert(self.rvalue(a), t, loc).expr for a in args]
        fs = self.enc.functions
        if op == "fma":
            e = fe.fma(fs, *vals, bits)
        elif op == "frem":
            e = fe.binop(fs, "frem", vals[0], vals[1], bits)
        elif op in ("min", "max"):
            e = fe.min_max(fs, op, vals[0], vals[1], bits)
        elif op == "copysign":
            sign = self.fresh(BOOL, hint="nansign")
            self.emit(Havoc((sign.name,), loc=loc))
            e = fe.copysign(fs, vals[0], vals[1], bits, sign)
        else:
            e = fe.unary(fs, op, vals[0], bits)
        return self.temp_of(V(e, t))

    def float_builtin_const(self, name: str, args, loc: Loc) -> V:
        """`__builtin_inf()`, `__builtin_huge_val()`, `__builtin_nan("")` (a quiet NaN;
        the payload string is not read: SMT-LIB has one NaN)."""
        for a in args:
            self.effect(a)
        bits = CONSTANTS[name]
        t = FloatT("double" if bits == 64 else "float")
        sig, exp = fe.FORMATS[bits]
        inf = ((1 << exp) - 1) << (sig - 1)
        pattern = inf | (1 << (sig - 2)) if "nan" in name else inf
        return V(fe.const(self.enc.functions, pattern, bits), t)

    def classify_call(self, name: str, args, loc: Loc) -> V:
        """GCC's classification builtins and glibc's functions of the same meaning (int
        results)."""
        fs, INT = self.enc.functions, self.dm.INT
        glibc = name in GLIBC_CLASSIFY
        name = GLIBC_CLASSIFY.get(name, name)
        if name == "__builtin_fpclassify":
            # fpclassify(nan, inf, normal, subnormal, zero, x): the constant of x's class
            if len(args) != (1 if glibc else 6):
                raise error("type", loc, f"{name} takes {1 if glibc else 6} arguments")
            ks = [self.enc.lit(k, INT) for k in _GLIBC_FP] if glibc else \
                [self.convert(self.rvalue(a), INT, loc).expr for a in args[:5]]
            x = self.rvalue(args[-1])
            bits = float_bits(x.type, loc) if isinstance(x.type, FloatT) else None
            if bits is None:
                raise error("type", loc, f"{name} of {x.type}")
            p = lambda n: fe.predicate(fs, n, x.expr, bits)   # noqa: E731
            e = Ite(p("fp.isNaN"), ks[0], Ite(p("fp.isInfinite"), ks[1],
                    Ite(p("fp.isNormal"), ks[2], Ite(p("fp.isSubnormal"), ks[3], ks[4]))))
            return self.temp_of(V(e, INT))
        vals = [self.rvalue(a) for a in args]
        if name in ("__builtin_isgreater", "__builtin_isgreaterequal", "__builtin_isless",
                    "__builtin_islessequal", "__builtin_islessgreater",
                    "__builtin_isunordered"):
            if len(vals) != 2:
                raise error("type", loc, f"{name} takes 2 arguments")
            t = self.float_usual(*vals, loc) if any(isinstance(v.type, FloatT)
                                                    for v in vals) else None
            if t is None:
                raise error("type", loc, f"{name} of {vals[0].type} and {vals[1].type}")
            a, b = (self.convert(v, t, loc).expr for v in vals)
            pred = {"__builtin_isgreater": "ogt", "__builtin_isgreaterequal": "oge",
                    "__builtin_isless": "olt", "__builtin_islessequal": "ole",
                    "__builtin_islessgreater": "one", "__builtin_isunordered": "uno"}[name]
            return V(self.enc.of_bool(fe.cmp(fs, pred, a, b, t.bits), INT), INT)
        if len(vals) != 1:
            raise error("type", loc, f"{name} takes 1 argument")
        x = vals[0]
        if isinstance(x.type, IntT):      # an integer argument: converted to double
            x = self.convert(x, FloatT("double"), loc)
        if not isinstance(x.type, FloatT):
            raise error("type", loc, f"{name} of {x.type}")
        bits = float_bits(x.type, loc)
        p = lambda n: fe.predicate(fs, n, x.expr, bits)   # noqa: E731
        if name == "__builtin_isnan":
            c = p("fp.isNaN")
        elif name == "__builtin_isinf":
            c = p("fp.isInfinite")
        elif name == "__builtin_isfinite":
            c = App(Op.NOT, (App(Op.OR, (p("fp.isNaN"), p("fp.isInfinite"))),))
        elif name == "__builtin_isnormal":
            c = p("fp.isNormal")
        elif name == "__builtin_isinf_sign":
            e = Ite(p("fp.isInfinite"), Ite(p("fp.isNegative"), self.enc.lit(-1, INT),
                                            self.enc.lit(1, INT)), self.enc.lit(0, INT))
            return self.temp_of(V(e, INT))
        else:
            # signbit: non-zero exactly when the sign bit is set; which non-zero value is
            # the compiler's (gcc on x86-64: INT_MIN for a float, 1 for a double), so any
            # one; a NaN's sign is not modelled (SMT-LIB has one NaN): either
            sign = self.fresh(BOOL, hint="nansign")
            self.emit(Havoc((sign.name,), loc=loc))
            neg = Ite(p("fp.isNaN"), sign, p("fp.isNegative"))
            r = self.b.fresh(self.enc.btype(INT), "signbit", loc)
            self.emit(Havoc((r.name,), attrs=(Attr("unspecified", ("signbit result",)),),
                            loc=loc))
            rng = self.enc.in_range(r, INT)
            if rng is not None:
                self.assume(rng, loc)
            zero = self.enc.lit(0, INT)
            self.assume(App(Op.IFF, (neg, self.enc.compare("!=", r, zero, INT))), loc)
            return V(r, INT)
        return self.temp_of(V(self.enc.of_bool(c, INT), INT))


def _const_pattern(x: Expr):
    """The bit-vector literal of a float constant built by floatenc.const, or None."""
    if isinstance(x, FunCall) and x.func.startswith("$bits2fp.") and len(x.args) == 1 and \
            isinstance(x.args[0], BvLit):
        return x.args[0]
    return None


def is_arith(t) -> bool:
    return isinstance(t, (IntT, FloatT))

