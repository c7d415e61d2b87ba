"""The Boogie vocabulary of C floating point that both front ends emit: IEEE-754 binary32 and
binary64 through SMT-LIB's theory FloatingPoint (z3's, verifier/smt/z3float.py).

Role: every floating-point expression a front end builds comes from here, so the two front
ends (and both integer encodings) agree on what a float is.  Decisions:

* A value in a variable is a Boogie float: C `float` is `float24e8`, `double` is
  `float53e11` (SMT-LIB's exact IEEE semantics: NaNs, infinities, signed zeros,
  subnormals).  x86's `long double` (80-bit) is not modelled: the front ends say
  "unsupported" (never a silent double).
* Constants are built from their exact bit pattern: `(_ to_fp 11 53)` of a `bv64` literal
  (`const`), so no decimal rounding happens in the verifier.
* Operations round to nearest, ties to even (RNE), C's default rounding mode; a program
  that changes it (`fesetround`) is not modelled (frontend/special.py makes that call
  unsupported).  `+ - * /`, `sqrt`, `fma`, `fmin`/`fmax` are IEEE's and exact;
  `fmod` is not IEEE's remainder: it is left to the C library model or its default.
  Comparisons are the IEEE ones (`fp.lt`, `fp.eq`: false on NaN, -0 = +0), with
  LLVM's ordered/unordered predicates spelled out (`cmp`).
* In memory a float is its IEEE bit pattern, as the integer of its width (`i32`/`i64`,
  in the front end's integer encoding), so that byte maps, memcpy, unions and reads
  through `char *` see the exact bytes.  Loading is `of_bits` (`to_fp` of the pattern:
  exact, total).  Storing needs the pattern of a value: SMT-LIB's `fp.to_ieee_bv` is
  unspecified on NaN (z3 picks one NaN), so the store takes a fresh pattern `b`
  constrained by `of_bits(b) == x` (`bits_constraint`): the exact pattern for any
  non-NaN value (the map from patterns to values is one-to-one there, and `==` tells
  -0 from +0), and ANY NaN pattern for a NaN -- a program inspecting NaN bits is
  over-approximated, never wrongly "correct".  Each store chooses afresh.
* Conversions to integers (`fptosi`, `fptoui`, C's casts) truncate toward zero; out of
  range (NaN, infinities, too large) the C result is undefined: the value is then any
  integer of the type (`to_int` gives the in-range condition with the value, the caller
  havocs), which over-approximates.  From integers: `from_int` (signed or unsigned
  bit-vector, rounded to nearest).  Both front ends hand these functions bit-vectors: in the
  `int` encoding they convert with `int2bv` / `bv2nat` (exact).  (The C front end's own
  float maps hold bit-vectors in the `int` encoding too, so only its byte-level memory
  needs that bridge: frontend/memory.py.)
* Literals: `nearest_bits` rounds an exact rational once (a C literal; rounding through
  double first can differ for float).  Traces: `c_text` writes a model's float as C text
  that reads back to it, `pattern_of_text` reads either form back (replay/harness.py).
"""
from __future__ import annotations

import re
import struct
from fractions import Fraction

from boogie.ast import (App, BOOL, BoolLit, BvLit, BvType, Expr, FloatType, FunCall,
                        FunctionDecl, INT, Ite, Op, RMODE, RmodeLit, Type)

from frontend.common import builtin_function

Functions = dict[str, FunctionDecl]

# the formats: C name / LLVM name -> (significand bits with the hidden one, exponent bits)
FORMATS = {32: (24, 8), 64: (53, 11)}
RNE = RmodeLit("RNE")
FE_TONEAREST = 0             # fegetround's answer, the only mode: <fenv.h> on x86 (glibc, musl)
RTZ = RmodeLit("RTZ")


def float_type(bits: int) -> FloatType:
    sig, exp = FORMATS[bits]
    return FloatType(sig, exp)


def _suffix(bits: int) -> str:
    return f"f{bits}"


def _fun(functions: Functions, name: str, builtin: str, params: tuple[Type, ...],
         res: Type) -> str:
    if name not in functions:
        functions[name] = builtin_function(name, builtin, params, res, "builtin")
    return name


# ---------------------------------------------------------------------------- constants

def bits_of_text(text: str, bits: int) -> int | None:
    """The bit pattern of an LLVM IR / decimal float constant of a `bits`-wide format, or
    None when the text is not one (LLVM writes a `float`'s hex constant as the double of
    the same value; `0xK` / `0xL` / `0xH` / `0xR` are other formats)."""
    t = text.strip()
    try:
        if t.lower().startswith("0x"):
            if t[2:3] in ("K", "L", "M", "H", "R"):
                return None
            v = struct.unpack("<d", struct.pack("<Q", int(t[2:], 16)))[0]
        else:
            v = float(t)
    except (ValueError, OverflowError, struct.error):
        return None
    return bits_of_value(v, bits)


def bits_of_value(v: float, bits: int) -> int:
    """The pattern of the Python float `v` in the format (a float: rounded to nearest)."""
    if bits == 64:
        return struct.unpack("<Q", struct.pack("<d", v))[0]
    assert bits == 32, bits
    try:
        return struct.unpack("<I", struct.pack("<f", v))[0]
    except OverflowError:                          # beyond float's range: an infinity
        return struct.unpack("<I", struct.pack("<f", v * float("inf")))[0]


def nearest_bits(q: Fraction, bits: int, negative: bool = False) -> int:
    """The pattern of the float nearest the exact rational `q` >= 0 (ties to even; beyond
    the largest finite value, after rounding: infinity), with the sign `negative`: how a C
    compiler rounds a decimal or hexadecimal literal -- once, from the exact value (rounding
    to double first and then to float can differ)."""
    assert q >= 0, q
    sig, exp = FORMATS[bits]
    bias = (1 << (exp - 1)) - 1
    sign = int(negative) << (bits - 1)
    if q == 0:
        return sign
    e = q.numerator.bit_length() - q.denominator.bit_length()    # 2^e <= q < 2^(e+2)
    if Fraction(2) ** e > q:
        e -= 1
    elif Fraction(2) ** (e + 1) <= q:
        e += 1
    e = max(e, 1 - bias)                          # subnormals share the least exponent
    scaled = q / Fraction(2) ** (e - (sig - 1))   # the significand, sig bits before the point
    m = scaled.numerator // scaled.denominator
    rest = scaled - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2 == 1):
        m += 1
    if m == 1 << sig:                             # rounding carried into the next binade
        m >>= 1
        e += 1
    if e > bias:                                  # beyond the largest finite value
        return sign | (((1 << exp) - 1) << (sig - 1))
    if m < 1 << (sig - 1):                        # subnormal (or zero): biased exponent 0
        return sign | m
    return sign | ((e + bias) << (sig - 1)) | (m - (1 << (sig - 1)))


def value_of_bits(pattern: int, bits: int) -> float:
    """The Python float of a pattern (a binary32 value widened exactly)."""
    if bits == 64:
        return struct.unpack("<d", struct.pack("<Q", pattern))[0]
    return struct.unpack("<f", struct.pack("<I", pattern))[0]


_MODEL_VALUE = re.compile(r"([-+]?(?:[0-9.]+(?:e[-+]?[0-9]+)?|inf|nan))f(32|64)", re.I)


def c_text(text: str) -> str | None:
    """A float of a model as the verifier writes it (`0.1f64`, `-0.0f32`, `inff64`,
    `nanf32`: verifier/smt/z3float.py) as C text that reads back to the same value: the
    shortest decimal for a double (`0.1`, `-0.0`), the shortest with the `f` suffix for a
    float (`0.1f`); `inf` / `-inf` / `nan` (`inff`, `nanf` for a float, so that the text
    says its format: `pattern_of_text` reads it back); None when the text is not such a
    value."""
    m = _MODEL_VALUE.fullmatch(text.strip())
    if m is None:
        return None
    v, bits = float(m.group(1)), int(m.group(2))
    if v != v or v in (float("inf"), float("-inf")):
        return str(v) + ("f" if bits == 32 else "")
    if bits == 64:
        return repr(v)
    pattern = bits_of_value(v, 32)
    for digits in range(1, 10):           # the shortest decimal that rounds to the float
        t = f"{v:.{digits}g}"
        q = Fraction(t)
        if nearest_bits(abs(q), 32, t.startswith("-")) == pattern:
            break
    if "e" not in t and "." not in t:
        t += ".0"
    return t + "f"


_C_TEXT = re.compile(r"([-+]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?|inf|nan))(f?)",
                     re.I)


def pattern_of_text(text: str) -> int | None:
    """The IEEE pattern of a float value written by `c_text` or as the verifier writes it
    (a NaN: the default quiet NaN), None when `text` is neither (an integer: `5`)."""
    t = text.strip()
    m = _MODEL_VALUE.fullmatch(t)
    if m is not None:
        v, bits = float(m.group(1)), int(m.group(2))
    else:
        m = _C_TEXT.fullmatch(t)
        if m is None or not any(c in t.lower() for c in ".ein"):
            return None
        v, bits = float(m.group(1)), 32 if m.group(2) else 64
    if v != v:
        return 0x7FF8000000000000 if bits == 64 else 0x7FC00000
    return bits_of_value(v, bits)


def const(functions: Functions, pattern: int, bits: int) -> Expr:
    """The float with IEEE bit pattern `pattern`."""
    return of_bits(functions, BvLit(pattern % (1 << bits), bits), bits)


def pow2(functions: Functions, k: int, bits: int, negative: bool = False) -> Expr:
    """The float +-2^k (k >= 0); beyond the format's range, +-infinity (a bound every
    finite value is below: `to_int` of a 128-bit type from a float)."""
    sig, exp = FORMATS[bits]
    biased = min(k + (1 << (exp - 1)) - 1, (1 << exp) - 1)   # all ones: infinity
    assert k >= 0 and biased > 0, (k, bits)
    pattern = (int(negative) << (bits - 1)) | (biased << (sig - 1))
    return const(functions, pattern, bits)


# ---------------------------------------------------------------------------- bits

def of_bits(functions: Functions, b: Expr, bits: int) -> Expr:
    """The float whose IEEE pattern is the bit-vector `b` (exact, total)."""
    sig, exp = FORMATS[bits]
    return FunCall(_fun(functions, f"$bits2fp.{_suffix(bits)}", f"(_ to_fp {exp} {sig})",
                        (BvType(bits),), float_type(bits)), (b,))


def int2bv(functions: Functions, e: Expr, width: int) -> Expr:
    """The `int` encoding's integer `e` as a `width`-bit vector (modulo 2^width: a
    negative value gives its two's complement pattern)."""
    return FunCall(_fun(functions, f"$int2bv.{width}", f"(_ int2bv {width})", (INT,),
                        BvType(width)), (e,))


def bv2nat(functions: Functions, e: Expr, width: int) -> Expr:
    """The unsigned integer value of a `width`-bit vector."""
    return FunCall(_fun(functions, f"$bv2nat.{width}", "bv2nat", (BvType(width),), INT), (e,))


def bits_constraint(functions: Functions, b: Expr, x: Expr, bits: int) -> Expr:
    """`b` is a pattern of the float `x`: the pattern itself, any NaN pattern for a NaN."""
    return App(Op.EQ, (of_bits(functions, b, bits), x))


# ---------------------------------------------------------------------------- arithmetic

_ARITH = {"fadd": "fp.add", "fsub": "fp.sub", "fmul": "fp.mul", "fdiv": "fp.div"}


def binop(functions: Functions, op: str, a: Expr, b: Expr, bits: int) -> Expr:
    """LLVM's `fadd fsub fmul fdiv` (rounded to nearest, ties to even) and `frem` (C's
    fmod: the remainder of the division truncated toward zero -- exact, no rounding)."""
    t = float_type(bits)
    if op == "frem":
        return frem(functions, a, b, bits)
    builtin = _ARITH[op]
    return FunCall(_fun(functions, f"${builtin[3:]}.{_suffix(bits)}", builtin, (RMODE, t, t), t),
                   (RNE, a, b))


def frem(functions: Functions, a: Expr, b: Expr, bits: int) -> Expr:
    """C's fmod(a, b) = a - b * trunc(a / b), computed exactly: IEEE's remainder `r`
    (quotient rounded to nearest) differs from fmod by b exactly when r's sign differs
    from a's (a non-zero r): fmod = r, or r + |b| / r - |b| to get a's sign.  NaN when a is
    infinite or b is zero (both give NaN); a when b is infinite (IEEE's remainder too)."""
    t = float_type(bits)
    r = FunCall(_fun(functions, f"$rem.{_suffix(bits)}", "fp.rem", (t, t), t), (a, b))
    ab = unary(functions, "fabs", b, bits)
    zero = const(functions, 0, bits)
    fix_up = App(Op.AND, (predicate(functions, "fp.isNegative", a, bits),
                          cmp(functions, "ogt", r, zero, bits)))
    fix_down = App(Op.AND, (predicate(functions, "fp.isPositive", a, bits),
                            cmp(functions, "olt", r, zero, bits)))
    return Ite(fix_up, binop(functions, "fsub", r, ab, bits),
               Ite(fix_down, binop(functions, "fadd", r, ab, bits), r))


_UNARY = {"fneg": "fp.neg", "fabs": "fp.abs"}


def unary(functions: Functions, op: str, a: Expr, bits: int) -> Expr:
    """`fneg` / `fabs` (sign bit only), `sqrt` (rounded), `floor` `ceil` `trunc` `round`
    `rint` `nearbyint` `roundeven` (to an integral value; `round` ties away from zero)."""
    t = float_type(bits)
    if op in _UNARY:
        b = _UNARY[op]
        return FunCall(_fun(functions, f"${b[3:]}.{_suffix(bits)}", b, (t,), t), (a,))
    if op == "sqrt":
        return FunCall(_fun(functions, f"$sqrt.{_suffix(bits)}", "fp.sqrt", (RMODE, t), t),
                       (RNE, a))
    mode = {"floor": "RTN", "ceil": "RTP", "trunc": "RTZ", "round": "RNA", "rint": "RNE",
            "nearbyint": "RNE", "roundeven": "RNE"}[op]
    return FunCall(_fun(functions, f"$roundToIntegral.{_suffix(bits)}", "fp.roundToIntegral",
                        (RMODE, t), t), (RmodeLit(mode), a))


def fma(functions: Functions, a: Expr, b: Expr, c: Expr, bits: int) -> Expr:
    t = float_type(bits)
    return FunCall(_fun(functions, f"$fma.{_suffix(bits)}", "fp.fma", (RMODE, t, t, t), t),
                   (RNE, a, b, c))


def min_max(functions: Functions, op: str, a: Expr, b: Expr, bits: int) -> Expr:
    """C's fmin/fmax (LLVM's minnum/maxnum): a NaN argument yields the other one; of two
    zeros of opposite signs either may come back (IEEE, C and SMT-LIB all leave it open)."""
    t = float_type(bits)
    b_name = "fp.min" if op == "min" else "fp.max"
    return FunCall(_fun(functions, f"${b_name[3:]}.{_suffix(bits)}", b_name, (t, t), t),
                   (a, b))


def copysign(functions: Functions, a: Expr, b: Expr, bits: int, nan_sign: Expr) -> Expr:
    """|a| with b's sign.  A NaN has no sign in SMT-LIB (one NaN value), while C's NaN
    has a sign bit: for a NaN b the sign is the caller's arbitrary boolean `nan_sign`."""
    m = unary(functions, "fabs", a, bits)
    neg = Ite(predicate(functions, "fp.isNaN", b, bits), nan_sign,
              predicate(functions, "fp.isNegative", b, bits))
    return Ite(neg, unary(functions, "fneg", m, bits), m)


# ---------------------------------------------------------------------------- predicates

def predicate(functions: Functions, name: str, a: Expr, bits: int) -> Expr:
    """`fp.isNaN fp.isInfinite fp.isZero fp.isNormal fp.isSubnormal fp.isNegative
    fp.isPositive` (isNegative/isPositive are false on NaN)."""
    t = float_type(bits)
    return FunCall(_fun(functions, f"${name[3:]}.{_suffix(bits)}", name, (t,), BOOL), (a,))


_ORDERED = {"eq": "fp.eq", "gt": "fp.gt", "ge": "fp.geq", "lt": "fp.lt", "le": "fp.leq"}


def cmp(functions: Functions, pred: str, a: Expr, b: Expr, bits: int) -> Expr:
    """LLVM's `fcmp` predicates exactly: `o*` ordered (false when either is NaN), `u*`
    unordered (true when either is NaN), `ord`/`uno`, `one` (ordered and not equal),
    `une` (C's `!=`: true on NaN), `true`/`false`."""
    if pred == "true":
        return BoolLit(True)
    if pred == "false":
        return BoolLit(False)
    t = float_type(bits)
    nan = App(Op.OR, (predicate(functions, "fp.isNaN", a, bits),
                      predicate(functions, "fp.isNaN", b, bits)))
    if pred == "uno":
        return nan
    if pred == "ord":
        return App(Op.NOT, (nan,))

    def rel(p: str) -> Expr:
        b_name = _ORDERED[p]
        return FunCall(_fun(functions, f"${b_name[3:]}.{_suffix(bits)}", b_name, (t, t), BOOL),
                       (a, b))
    kind, base = pred[0], pred[1:]
    if base == "ne":
        if kind == "o":               # ordered and not equal
            return App(Op.AND, (App(Op.NOT, (nan,)), App(Op.NOT, (rel("eq"),))))
        return App(Op.NOT, (rel("eq"),))          # une: C's !=
    if kind == "o":
        return rel(base)                          # fp.* are false on NaN
    assert kind == "u", pred
    return App(Op.OR, (nan, rel(base)))


# ---------------------------------------------------------------------------- conversions

def convert(functions: Functions, a: Expr, src: int, dst: int) -> Expr:
    """fpext (exact) / fptrunc (rounded to nearest) between the formats."""
    if src == dst:
        return a
    sig, exp = FORMATS[dst]
    return FunCall(_fun(functions, f"$fp2fp.{_suffix(src)}.{_suffix(dst)}",
                        f"(_ to_fp {exp} {sig})", (RMODE, float_type(src)), float_type(dst)),
                   (RNE, a))


def from_int(functions: Functions, b: Expr, width: int, signed: bool, bits: int) -> Expr:
    """The float nearest the integer whose `width`-bit pattern is the bit-vector `b`
    (`sitofp` / `uitofp`, C's conversion)."""
    sig, exp = FORMATS[bits]
    op = "to_fp" if signed else "to_fp_unsigned"
    return FunCall(_fun(functions, f"${op}.bv{width}.{_suffix(bits)}", f"(_ {op} {exp} {sig})",
                        (RMODE, BvType(width)), float_type(bits)), (RNE, b))


def to_int(functions: Functions, a: Expr, bits: int, width: int,
           signed: bool) -> tuple[Expr, Expr]:
    """(in_range, value): `a` truncated toward zero as a `width`-bit integer (a
    bit-vector), and the condition under which that is C's defined result (the truncated
    value fits the type; never for NaN or infinities).  Outside it the caller makes the
    result arbitrary."""
    op = "fp.to_sbv" if signed else "fp.to_ubv"
    value = FunCall(_fun(functions, f"${op[3:]}.{_suffix(bits)}.bv{width}",
                         f"(_ {op} {width})", (RMODE, float_type(bits)), BvType(width)),
                    (RTZ, a))
    truncated = unary(functions, "trunc", a, bits)
    if signed:
        lo = pow2(functions, width - 1, bits, negative=True)
        hi = pow2(functions, width - 1, bits)
    else:
        lo = const(functions, 0, bits)
        hi = pow2(functions, width, bits)
    ok = App(Op.AND, (cmp(functions, "oge", truncated, lo, bits),
                      cmp(functions, "olt", truncated, hi, bits)))
    return ok, value
