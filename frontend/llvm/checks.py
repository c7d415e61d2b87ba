"""Property checks of LLVM integer instructions (frontend/properties.py), in both encodings.

Role: before the translator computes `udiv`/`sdiv`/`urem`/`srem`, `add`/`sub`/`mul` with
`nsw`, and `shl`/`lshr`/`ashr`, `arith_checks` emits the assertions the enabled checks ask
for, each `{:property KIND, MESSAGE}` at the instruction's C location:
- division-by-zero: the divisor of a division or remainder is not 0;
- overflow: an `nsw` add/sub/mul (clang marks C's signed `+ - *` and unary `-` this way)
  has its mathematical result in the signed range; `sdiv`/`srem` is not INT_MIN / -1;
- undefined-shift: the shift amount, read unsigned, is below the width.
What the IR does not say is not checked here: a C `<<` of a signed value is a plain `shl`
(no `nsw`), unsigned arithmetic and conversions carry no mark; those come from clang's own
checks (frontend/llvm/sanitizer_checks.py).  In the int encoding an `nsw` result keeps its mathematical value
(frontend/llvm/encoding.py), so the range assertion is exactly the absence of overflow;
in bv both operands are sign-extended to 2N+2 bits and the result compared there (the
formulas are frontend/intenc.py's, the C front end's too).
"""
from __future__ import annotations

from boogie.ast import App, Assert, Expr, IntLit, Op

import frontend.intenc as intenc
from frontend.common import int_value
from frontend.properties import PropertyChecks, property_attr

from .encoding import Enc

_C_OP = {"add": "+", "sub": "-", "mul": "*", "sdiv": "/", "srem": "%", "udiv": "/",
         "urem": "%", "shl": "<<", "lshr": ">>", "ashr": ">>"}


def arith_checks(enc: Enc, checks: PropertyChecks, op: str, a: Expr, b: Expr, bits: int,
                 flags: tuple[str, ...], loc) -> list[Assert]:
    """The assertions of one binary instruction `a op b` on iN (N > 1)."""
    out: list[Assert] = []

    def check(e: Expr, kind: str, message: str) -> None:
        out.append(Assert(e, (property_attr(kind, message),), loc=loc))

    cb = int_value(b) if not enc.bv else _bv_value(b)
    if checks.div_by_zero and op in ("udiv", "sdiv", "urem", "srem") and \
            (cb is None or cb == 0):
        check(App(Op.NEQ, (b, enc.lit(0, bits))), "division-by-zero", "division by zero")
    if not checks.signed_overflow:
        return out
    if op in ("sdiv", "srem") and (cb is None or cb % (1 << bits) == (1 << bits) - 1):
        check(intenc.no_div_overflow(a, b, enc.lit(-(1 << (bits - 1)), bits), enc.lit(-1, bits)),
              "overflow", f"arithmetic overflow on signed '{_C_OP[op]}'")
    if op in ("add", "sub", "mul") and "nsw" in flags:
        ca = int_value(a) if not enc.bv else _bv_value(a)
        if ca is None or cb is None:
            check(_fits(enc, op, a, b, bits), "overflow",
                  f"arithmetic overflow on signed '{_C_OP[op]}'")
    if op in ("shl", "lshr", "ashr") and (cb is None or not 0 <= cb < bits):
        amount = b if enc.bv else enc.to_u(b, bits)
        ok = enc.bvop("bvult", bits, b, enc.lit(bits, bits), pred=True) if enc.bv else \
            App(Op.LT, (amount, IntLit(bits)))
        check(ok, "undefined-shift", f"shift distance out of range in '{_C_OP[op]}'")
    return out


def _fits(enc: Enc, op: str, a: Expr, b: Expr, bits: int) -> Expr:
    """The mathematical `a op b` of two signed iN values lies in iN's range."""
    if not enc.bv:
        r = App({"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL}[op], (a, b))
        return intenc.in_range(r, bits, True, exclusive=True)
    return intenc.fits_bv(enc.functions, {"add": "bvadd", "sub": "bvsub", "mul": "bvmul"}[op],
                          a, b, bits, True)


def _bv_value(e: Expr) -> int | None:
    from boogie.ast import BvLit
    return e.value if isinstance(e, BvLit) else None
