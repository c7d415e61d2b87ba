"""The integer formulas of both front ends (frontend/intenc.py) against Python's arithmetic.

Each int-encoding formula is evaluated on every value of small widths (and on the edges of
wide ones) and compared with the two's-complement meaning of (width, signed); the bv
formulas are checked for their shape (the functions they declare) and their literal
folding.  Both front ends' encodings are thin users of these (frontend/c/encoding.py,
frontend/llvm/encoding.py, frontend/llvm/checks.py).
"""
from __future__ import annotations

import pytest

from boogie.ast import App, BoolLit, BvLit, FunCall, IntLit, Ite, Op, Var
import frontend.intenc as intenc


def ev(e, env):
    """A tiny evaluator of the integer expressions the formulas build."""
    if isinstance(e, IntLit):
        return e.value
    if isinstance(e, BoolLit):
        return e.value
    if isinstance(e, Var):
        return env[e.name]
    if isinstance(e, Ite):
        return ev(e.then, env) if ev(e.cond, env) else ev(e.else_, env)
    assert isinstance(e, App), e
    a = [ev(x, env) for x in e.args]
    return {Op.ADD: lambda: a[0] + a[1], Op.SUB: lambda: a[0] - a[1],
            Op.MUL: lambda: a[0] * a[1], Op.MOD: lambda: a[0] % a[1],
            Op.NEG: lambda: -a[0], Op.LT: lambda: a[0] < a[1], Op.LE: lambda: a[0] <= a[1],
            Op.GE: lambda: a[0] >= a[1], Op.GT: lambda: a[0] > a[1],
            Op.EQ: lambda: a[0] == a[1], Op.AND: lambda: a[0] and a[1],
            Op.NOT: lambda: not a[0]}[e.op]()


X = Var("x")


def _samples(width):
    if width <= 8:
        return range(-(1 << width) - 3, (1 << (width + 1)) + 3)
    m = 1 << width
    return [0, 1, -1, m // 2 - 1, m // 2, -m // 2, -m // 2 - 1, m - 1, m, m + 1, 3 * m + 5,
            -3 * m - 5]


@pytest.mark.parametrize("width", [1, 2, 3, 8, 16, 32, 64])
@pytest.mark.parametrize("signed", [False, True])
def test_wrap_and_range_mean_twos_complement(width, signed):
    lo, hi = intenc.bounds(width, signed)
    assert hi - lo == (1 << width) - 1
    for v in _samples(width):
        want = intenc.value(v, width, signed)
        assert lo <= want <= hi and (want - v) % (1 << width) == 0
        assert ev(intenc.wrap(X, width, signed), {"x": v}) == want
        assert ev(intenc.guarded_wrap(X, width, signed), {"x": v}) == want
        assert ev(intenc.in_range(X, width, signed), {"x": v}) == (lo <= v <= hi)
        assert ev(intenc.in_range(X, width, signed, exclusive=True), {"x": v}) == (lo <= v <= hi)


@pytest.mark.parametrize("width", [2, 8, 32])
def test_the_two_readings_are_inverse(width):
    for v in _samples(width):
        s = intenc.value(v, width, True)
        u = intenc.value(v, width, False)
        assert ev(intenc.to_unsigned(X, width), {"x": s}) == u
        assert ev(intenc.to_signed(X, width), {"x": u}) == s
        assert ev(intenc.to_unsigned(IntLit(s) if s >= 0 else App(Op.NEG, (IntLit(-s),)),
                                     width), {}) == u


def test_no_div_overflow_is_min_over_minus_one():
    ok = intenc.no_div_overflow(X, Var("y"), IntLit(-128), App(Op.NEG, (IntLit(1),)))
    assert not ev(ok, {"x": -128, "y": -1})
    assert ev(ok, {"x": -127, "y": -1}) and ev(ok, {"x": -128, "y": 1})


def test_bv_extension_truncation_and_overflow_shapes():
    fs: dict = {}
    assert intenc.extend(fs, X, 8, 8, True) is X
    assert intenc.extend(fs, BvLit(0xF0, 8), 8, 16, True) == BvLit(0xFFF0, 16)
    assert intenc.extend(fs, BvLit(0xF0, 8), 8, 16, False) == BvLit(0xF0, 16)
    assert intenc.truncate(BvLit(0x1234, 16), 8) == BvLit(0x34, 8)
    e = intenc.extend(fs, X, 8, 32, True)
    assert isinstance(e, FunCall) and e.func == "$sign_extend.bv8.bv32"
    assert intenc.extend(fs, X, 8, 32, False).func == "$zero_extend.bv8.bv32"
    ok = intenc.fits_bv(fs, "bvmul", X, Var("y"), 8, True)
    assert isinstance(ok, App) and ok.op is Op.AND
    assert {"$sign_extend.bv8.bv18", "$bvmul.bv18", "$bvsge.bv18", "$bvsle.bv18"} <= set(fs)


def test_wrap_guards_small_operands_only():
    """A small operand gets the range guard (the solver skips the mod where nothing
    wraps); a large one keeps the plain mod, so nested wraps do not triple in size."""
    small = App(Op.ADD, (X, IntLit(1)))
    assert isinstance(intenc.guarded_wrap(small, 32, False), Ite)
    big = X
    for k in range(intenc.GUARDED_WRAP):
        big = App(Op.ADD, (big, IntLit(k)))
    w = intenc.guarded_wrap(big, 32, True)
    assert isinstance(w, App) and w.op == Op.SUB, w
    for v in (-(1 << 40), -1, 0, 5, (1 << 31) - 1, 1 << 31, 1 << 40):    # same values
        env = {"x": v}
        assert ev(intenc.guarded_wrap(small, 32, False), env) == (v + 1) % (1 << 32)
        assert ev(w, env) == intenc.value(ev(big, env), 32, True)
