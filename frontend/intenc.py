"""The integer formulas both front ends use, over (width, signed): one encoding of C and LLVM
integers in Boogie.

Role: the C front end (frontend/c/encoding.py: C types carry their signedness) and the LLVM
front end (frontend/llvm/encoding.py and checks.py: an LLVM `iN` is held as a signed value,
the operation says how to read it) build their integer expressions from these functions:
- int encoding (mathematical integers): `bounds`, `value` (a constant's representative),
  `wrap` (reduce a mathematical value mod 2^N into the range), `to_unsigned` /
  `to_signed` (the other reading of an N-bit value), `in_range` (a value's range fact, and
  the no-overflow condition of a mathematical result);
- bv encoding (bitvectors): `bv_op` (an SMT-LIB operation as a `{:bvbuiltin}` function),
  `extend` (sign or zero extension), `truncate`, `fits_bv` (the no-overflow condition of
  `a op b`, computed at 2N+2 bits);
- both: `no_div_overflow` (a signed division is not MIN / -1).
The bitvector functions an expression uses are collected in the caller's `functions`
table (name -> declaration), which the front end puts in its program.
"""
from __future__ import annotations

from boogie.ast import (App, BOOL, BvLit, BvType, Expr, Extract, FunCall, FunctionDecl, IntLit,
                        Ite, Op, Type)

from boogie.visit import children
from frontend.common import builtin_function, int_lit, int_value

Functions = dict[str, FunctionDecl]


# ---------------------------------------------------------------------------- int encoding

def bounds(width: int, signed: bool) -> tuple[int, int]:
    """The least and greatest value of an N-bit integer."""
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


def value(v: int, width: int, signed: bool) -> int:
    """The representative of v mod 2^N in the range of (width, signed)."""
    m = 1 << width
    v %= m
    if signed and v >= m >> 1:
        v -= m
    return v


def wrap(e: Expr, width: int, signed: bool) -> Expr:
    """int: a mathematical value reduced into the range (mod 2^N): `e mod 2^N`, or for a
    signed range `(e + 2^(N-1)) mod 2^N - 2^(N-1)`."""
    m = IntLit(1 << width)
    if signed:
        h = IntLit(1 << (width - 1))
        return App(Op.SUB, (App(Op.MOD, (App(Op.ADD, (e, h)), m)), h))
    return App(Op.MOD, (e, m))


def guarded_wrap(e: Expr, width: int, signed: bool) -> Expr:
    """int: `wrap(e)` guarded by the range fact when `e` is small (at most GUARDED_WRAP
    nodes): `if lo <= e && e <= hi then e else wrap(e)` -- equal for every e, but the
    solver need not reason about the mod on the path where nothing wraps.  The C front
    end uses it where a wrap is almost never taken: an unsigned index read as a signed
    pointer offset, and an unsigned `i + c` / `i - c` (a strcpy/strncpy/strcat program,
    proved either way: 64 s -> 34 s wall; scripts' figures in the closing note).  Not a
    win everywhere: where the property itself is modular (jain_6-1.c, `4x+2y+z != 4`
    over unsigned sums) guarding every wrap cost the LLVM front end 0.9 s -> over 60 s,
    and a signed-to-unsigned status conversion in the ntdrivers models 2x, so every other
    wrap stays plain.  Larger operands keep the plain mod, so nested wraps do not copy
    their operands three times per level."""
    reduced = wrap(e, width, signed)
    if not _small(e, GUARDED_WRAP):
        return reduced
    return Ite(in_range(e, width, signed), e, reduced)


GUARDED_WRAP = 12       # largest operand (in expression nodes) of a guarded wrap


def _small(e: Expr, limit: int) -> bool:
    """`e` has at most `limit` nodes."""
    todo, n = [e], 0
    while todo:
        n += 1
        if n > limit:
            return False
        todo.extend(children(todo.pop()))
    return True


def to_unsigned(e: Expr, width: int) -> Expr:
    """int: the unsigned reading in [0, 2^N) of a signed N-bit value."""
    c = int_value(e)
    if c is not None:
        return IntLit(c % (1 << width))
    return Ite(App(Op.LT, (e, IntLit(0))), App(Op.ADD, (e, IntLit(1 << width))), e)


def to_signed(e: Expr, width: int) -> Expr:
    """int: the signed reading of an unsigned N-bit value in [0, 2^N)."""
    c = int_value(e)
    if c is not None:
        return int_lit(value(c, width, True))
    return Ite(App(Op.GE, (e, IntLit(1 << (width - 1)))),
               App(Op.SUB, (e, IntLit(1 << width))), e)


def in_range(e: Expr, width: int, signed: bool, exclusive: bool = False) -> Expr:
    """int: `lo <= e && e <= hi` for the range of (width, signed): the range fact of a
    fresh value, and the no-overflow condition of a mathematical result.  `exclusive`:
    the upper bound written `e < hi + 1` (the LLVM front end's spelling of the same fact)."""
    lo, hi = bounds(width, signed)
    upper = App(Op.LT, (e, int_lit(hi + 1))) if exclusive else App(Op.LE, (e, int_lit(hi)))
    return App(Op.AND, (App(Op.LE, (int_lit(lo), e)), upper))


# ---------------------------------------------------------------------------- bv encoding

def bv_fun(functions: Functions, name: str, builtin: str, params: tuple[Type, ...],
           res: Type, key: str = "bvbuiltin") -> str:
    """Declare (once) the function `name` of SMT-LIB's `builtin`; its name."""
    if name not in functions:
        functions[name] = builtin_function(name, builtin, params, res, key)
    return name


def bv_op(functions: Functions, builtin: str, width: int, *args: Expr,
          pred: bool = False) -> Expr:
    """`$<builtin>.bvN(args)`: an SMT-LIB operation on N-bit vectors (`pred`: a predicate)."""
    res = BOOL if pred else BvType(width)
    return FunCall(bv_fun(functions, f"${builtin}.bv{width}", builtin,
                          (BvType(width),) * len(args), res), args)


def extend(functions: Functions, e: Expr, src: int, dst: int, signed: bool) -> Expr:
    """An N-bit vector widened to `dst` bits: `$sign_extend.bvS.bvD` or
    `$zero_extend.bvS.bvD` (a literal is widened here)."""
    if src == dst:
        return e
    assert src < dst, (src, dst)
    if isinstance(e, BvLit):
        return BvLit(value(e.value, src, signed) % (1 << dst), dst)
    op = "sign_extend" if signed else "zero_extend"
    return FunCall(bv_fun(functions, f"${op}.bv{src}.bv{dst}", f"(_ {op} {dst - src})",
                          (BvType(src),), BvType(dst)), (e,))


def truncate(e: Expr, dst: int) -> Expr:
    """The low `dst` bits of a bitvector (a literal is cut here)."""
    if isinstance(e, BvLit):
        return BvLit(e.value % (1 << dst), dst)
    return Extract(e, dst, 0)


def fits_bv(functions: Functions, builtin: str, a: Expr, b: Expr, width: int,
            signed: bool) -> Expr:
    """bv: the mathematical `a op b` (op: bvadd, bvsub or bvmul) of two N-bit values read
    (width, signed) lies in their range: both extended to 2N+2 bits (where the operation
    is exact), the result compared there as a signed number."""
    wide = 2 * width + 2
    r = bv_op(functions, builtin, wide, extend(functions, a, width, wide, signed),
              extend(functions, b, width, wide, signed))
    lo, hi = bounds(width, signed)
    return App(Op.AND, (bv_op(functions, "bvsge", wide, r, BvLit(lo % (1 << wide), wide),
                              pred=True),
                        bv_op(functions, "bvsle", wide, r, BvLit(hi, wide), pred=True)))


# ---------------------------------------------------------------------------- both

def no_div_overflow(a: Expr, b: Expr, min_lit: Expr, minus_one: Expr) -> Expr:
    """A signed division or remainder `a / b` does not overflow: not MIN / -1 (the
    literals in the caller's encoding)."""
    return App(Op.NOT, (App(Op.AND, (App(Op.EQ, (a, min_lit)), App(Op.EQ, (b, minus_one)))),))


__all__ = ["bounds", "value", "wrap", "to_unsigned", "to_signed", "in_range", "bv_fun",
           "bv_op", "extend", "truncate", "fits_bv", "no_div_overflow"]
