"""Boogie's floating-point vocabulary as z3 terms: the float sorts, the rounding modes and the
`{:builtin "fp.*"}` functions (SMT-LIB's theory FloatingPoint).

Role: the floating-point part of `z3terms.Z3Terms` (it asks `sort`, `rounding_mode` and
`builtin` here).  Boogie's `float<sig>e<exp>` is z3's `FPSort(exp, sig)`, `rmode` is z3's
rounding-mode sort, `RNE RNA RTP RTN RTZ` its five values.  Builtins by SMT-LIB name:

* arithmetic `fp.add fp.sub fp.mul fp.div` (rounding mode first), `fp.fma`, `fp.sqrt`,
  `fp.roundToIntegral` (rounding mode first), `fp.rem fp.min fp.max fp.abs fp.neg`;
* predicates `fp.eq fp.lt fp.leq fp.gt fp.geq` (IEEE comparisons: false on NaN, -0 = +0),
  `fp.isNaN fp.isInfinite fp.isZero fp.isNormal fp.isSubnormal fp.isNegative
  fp.isPositive`;
* conversions: `(_ to_fp e s)` of one bit-vector (its IEEE bit pattern), of a rounding
  mode and a float (rounded to the other format), of a rounding mode and a bit-vector (a
  signed integer), of a rounding mode and a real; `(_ to_fp_unsigned e s)` of a rounding
  mode and a bit-vector; `(_ fp.to_sbv N)` / `(_ fp.to_ubv N)` of a rounding mode and a
  float (unspecified in SMT-LIB on NaN, infinities and out-of-range values: z3 picks
  some value, so the front ends never rely on it there -- frontend/floatenc.py);
  `fp.to_ieee_bv` (z3's extension; unspecified on NaN, likewise avoided);
  `fp.to_real`.
Boogie's `==` on floats is SMT-LIB's `=` (identity of values: NaN = NaN, -0 != +0); the
IEEE comparison is `fp.eq`.
"""
from __future__ import annotations

from typing import Any, Callable

import z3

from verifier.smt.solver import Unsupported


def sort(sig: int, exp: int, ctx: "z3.Context"):
    return z3.FPSort(exp, sig, ctx)


def rmode_sort(ctx: "z3.Context"):
    return z3.RNE(ctx).sort()


_MODES = {"RNE": z3.RNE, "RNA": z3.RNA, "RTP": z3.RTP, "RTN": z3.RTN, "RTZ": z3.RTZ}


def rounding_mode(name: str, ctx: "z3.Context"):
    return _MODES[name](ctx)


def value_text(v) -> str:
    """A float of a model as text: the shortest decimal that reads back to it exactly,
    with the format's suffix -- `0.1f64`, `-0.0f32`, `inff64`, `nanf64` (SMT-LIB has one
    NaN) -- which the replay harness turns back into the exact bit pattern
    (frontend/floatenc.py's `bits_of_text`); other formats: z3's text."""
    ebits, sbits = v.ebits(), v.sbits()
    width = {(8, 24): 32, (11, 53): 64}.get((ebits, sbits))
    if width is None:
        return str(v)
    if v.isNaN():
        return f"nanf{width}"
    if v.isInf():
        return f"{'-' if v.isNegative() else ''}inff{width}"
    bits = z3.simplify(z3.fpToIEEEBV(v, ctx=v.ctx)).as_long()
    import struct
    if width == 64:
        x = struct.unpack("<d", struct.pack("<Q", bits))[0]
    else:
        x = struct.unpack("<f", struct.pack("<I", bits))[0]
    return f"{x!r}f{width}"


def _fp_sort_of(t) -> bool:
    return isinstance(t, z3.FPRef)


def _in_ctx(fn: Callable[..., Any]) -> Callable[..., Any]:
    """z3py's fp* constructors build in the *default* context unless given `ctx`: pass the
    arguments' own."""
    def mk(*args):
        return fn(*args, ctx=args[-1].ctx)
    return mk


# fixed-arity builtins: name -> z3 constructor over the argument terms
_PLAIN: dict[str, Callable[..., Any]] = {
    "fp.add": z3.fpAdd, "fp.sub": z3.fpSub, "fp.mul": z3.fpMul, "fp.div": z3.fpDiv,
    "fp.fma": z3.fpFMA, "fp.sqrt": z3.fpSqrt, "fp.roundToIntegral": z3.fpRoundToIntegral,
    "fp.rem": z3.fpRem, "fp.min": z3.fpMin, "fp.max": z3.fpMax, "fp.abs": z3.fpAbs,
    "fp.neg": z3.fpNeg,
    "fp.eq": z3.fpEQ, "fp.lt": z3.fpLT, "fp.leq": z3.fpLEQ, "fp.gt": z3.fpGT,
    "fp.geq": z3.fpGEQ,
    "fp.isNaN": z3.fpIsNaN, "fp.isInfinite": z3.fpIsInf, "fp.isZero": z3.fpIsZero,
    "fp.isNormal": z3.fpIsNormal, "fp.isSubnormal": z3.fpIsSubnormal,
    "fp.isNegative": z3.fpIsNegative, "fp.isPositive": z3.fpIsPositive,
    "fp.to_ieee_bv": z3.fpToIEEEBV, "fp.to_real": z3.fpToReal,
}
_PLAIN = {k: _in_ctx(f) for k, f in _PLAIN.items()}


def _to_fp(ns, *args):
    e, s = ns
    ctx = args[0].ctx
    target = z3.FPSort(e, s, ctx)
    if len(args) == 1:
        if not z3.is_bv(args[0]) or args[0].size() != e + s:
            raise Unsupported(f"(_ to_fp {e} {s}) of a {args[0].sort()}")
        return z3.fpBVToFP(args[0], target, ctx=ctx)
    if len(args) != 2:
        raise Unsupported(f"(_ to_fp {e} {s}) with {len(args)} arguments")
    rm, x = args
    if _fp_sort_of(x):
        return z3.fpFPToFP(rm, x, target, ctx=ctx)
    if z3.is_bv(x):
        return z3.fpSignedToFP(rm, x, target, ctx=ctx)
    if z3.is_real(x) or z3.is_int(x):
        return z3.fpRealToFP(rm, z3.ToReal(x) if z3.is_int(x) else x, target, ctx=ctx)
    raise Unsupported(f"(_ to_fp {e} {s}) of a {x.sort()}")


_INDEXED: dict[str, Callable[..., Any]] = {
    "to_fp": _to_fp,
    "to_fp_unsigned": lambda ns, rm, x: z3.fpUnsignedToFP(
        rm, x, z3.FPSort(ns[0], ns[1], x.ctx), ctx=x.ctx),
    "fp.to_sbv": lambda ns, rm, x: z3.fpToSBV(rm, x, z3.BitVecSort(ns[0], x.ctx), ctx=x.ctx),
    "fp.to_ubv": lambda ns, rm, x: z3.fpToUBV(rm, x, z3.BitVecSort(ns[0], x.ctx), ctx=x.ctx),
}


def plain(name: str) -> Callable[..., Any] | None:
    """The z3 constructor of a fixed-arity floating-point builtin, or None."""
    return _PLAIN.get(name)


def indexed(op: str) -> Callable[..., Any] | None:
    """The z3 constructor `(indices, *args) -> term` of an indexed builtin, or None."""
    return _INDEXED.get(op)
