"""LLVM integer and pointer values in Boogie: the `int` and `bv` encodings of the LLVM front end.

Role: every operation on an LLVM scalar the translator emits goes through `Enc`, so the
choice of encoding lives in one place.  LLVM integers carry no signedness (the operation
does), so each encoding fixes a canonical representation:

- `bv`: an `iN` (N > 1) is a Boogie `bvN`; every operation is the exact SMT-LIB bitvector
  operation (`{:bvbuiltin}` functions); pointers are `bvP` (P = pointer width).
- `int`: an `iN` is a Boogie `int` holding the *signed* value in [-2^(N-1), 2^(N-1)); this
  representation is unique, so `==` is exact.  Operations wrap explicitly (mod 2^N) except
  `add`/`sub`/`mul`/`shl` carrying `nsw`, whose overflow is poison (undefined behaviour in
  C): there the mathematical value is kept, as in the C front end.  Unsigned comparisons
  and division convert to [0, 2^N) first.  Bitwise operations with a low-bit mask are
  `mod`; other bitwise operations and shifts by a variable amount go through SMT-LIB's
  exact `int2bv`/`bv2nat`.  Pointers are non-negative integers (byte addresses).
- `i1` is a Boogie `bool` in both encodings.
The formulas over (width, signed) -- wrap-around, the two readings of a value, range facts,
extension, truncation -- are frontend/intenc.py's, shared with the C front end.
"""
from __future__ import annotations

from boogie.ast import (App, BoolLit, BvLit, BvType, Expr, Extract, FunCall, FunctionDecl, INT,
                        IntLit, Ite, Op, Type, BOOL)

import frontend.intenc as intenc
from frontend.common import int_lit, int_value

BoolT = BOOL




class Enc:
    """Scalar operations in one encoding; collects the functions it uses."""

    def __init__(self, kind: str, ptr_bits: int):
        assert kind in ("int", "bv"), kind
        self.kind = kind
        self.bv = kind == "bv"
        self.ptr_bits = ptr_bits
        self.functions: dict[str, FunctionDecl] = {}

    # ------------------------------------------------------------------ types, literals
    def int_type(self, bits: int) -> Type:
        if bits == 1:
            return BOOL
        return BvType(bits) if self.bv else INT

    def ptr_type(self) -> Type:
        return BvType(self.ptr_bits) if self.bv else INT

    def lit(self, value: int, bits: int) -> Expr:
        """The constant with bit pattern / value `value` (any integer, taken mod 2^bits)."""
        if bits == 1:
            return BoolLit(value % 2 == 1)
        v = value % (1 << bits)
        if self.bv:
            return BvLit(v, bits)
        if v >= 1 << (bits - 1):
            v -= 1 << bits
        return int_lit(v)

    def ptr_lit(self, addr: int) -> Expr:
        if self.bv:
            return BvLit(addr % (1 << self.ptr_bits), self.ptr_bits)
        return int_lit(addr)

    # ------------------------------------------------------------------ functions
    def fun(self, name: str, builtin: str, params: tuple[Type, ...], res: Type,
            key: str = "bvbuiltin") -> str:
        return intenc.bv_fun(self.functions, name, builtin, params, res, key)

    def bvop(self, op: str, bits: int, *args: Expr, pred: bool = False) -> Expr:
        return intenc.bv_op(self.functions, op, bits, *args, pred=pred)

    def zext_bv(self, e: Expr, src: int, dst: int) -> Expr:
        return intenc.extend(self.functions, e, src, dst, False)

    def sext_bv(self, e: Expr, src: int, dst: int) -> Expr:
        return intenc.extend(self.functions, e, src, dst, True)

    def int2bv(self, e: Expr, bits: int) -> Expr:
        return FunCall(self.fun(f"$int2bv.{bits}", f"(_ int2bv {bits})", (INT,), BvType(bits),
                                key="builtin"), (e,))

    def bv2nat(self, e: Expr, bits: int) -> Expr:
        return FunCall(self.fun(f"$bv2nat.{bits}", "bv2nat", (BvType(bits),), INT,
                                key="builtin"), (e,))

    # ------------------------------------------------------------------ int helpers
    def wrap_s(self, e: Expr, bits: int) -> Expr:
        """int: reduce a mathematical value into the signed range of iN."""
        c = int_value(e)
        if c is not None:
            return self.lit(c, bits)
        return intenc.wrap(e, bits, True)

    def to_u(self, e: Expr, bits: int) -> Expr:
        """int: the unsigned value in [0, 2^N) of a canonical (signed) iN value."""
        return intenc.to_unsigned(e, bits)

    def from_u(self, e: Expr, bits: int) -> Expr:
        """int: the canonical (signed) iN value of an unsigned value in [0, 2^N)."""
        return intenc.to_signed(e, bits)

    def in_range(self, e: Expr, bits: int) -> Expr | None:
        """int: the range fact of a fresh iN value (None in bv / for i1)."""
        if self.bv or bits == 1:
            return None
        return intenc.in_range(e, bits, True, exclusive=True)

    def ptr_in_range(self, e: Expr) -> Expr | None:
        """int: a pointer's range fact: an address in [0, 2^P).  Objects lie below
        2^(P-1), but `inttoptr` makes any address (`(void *)-1`, a sentinel stored and
        loaded back), so a loaded or arbitrary pointer may be any of them."""
        if self.bv:
            return None
        return intenc.in_range(e, self.ptr_bits, False, exclusive=True)

    def via_bv(self, op: str, bits: int, *args: Expr) -> Expr:
        """int: an operation computed exactly on bitvectors (int2bv / bv2nat)."""
        r = self.bvop(op, bits, *(self.int2bv(a, bits) for a in args))
        return self.from_u(self.bv2nat(r, bits), bits)

    # ------------------------------------------------------------------ arithmetic
    def binop(self, op: str, a: Expr, b: Expr, bits: int, flags: tuple[str, ...]) -> Expr:
        """An LLVM binary operation on iN (N > 1)."""
        if self.bv:
            name = {"add": "bvadd", "sub": "bvsub", "mul": "bvmul", "udiv": "bvudiv",
                    "sdiv": "bvsdiv", "urem": "bvurem", "srem": "bvsrem", "shl": "bvshl",
                    "lshr": "bvlshr", "ashr": "bvashr", "and": "bvand", "or": "bvor",
                    "xor": "bvxor"}[op]
            return self.bvop(name, bits, a, b)
        nsw = "nsw" in flags
        if op in ("add", "sub", "mul"):
            r = App({"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL}[op], (a, b))
            ca, cb = int_value(a), int_value(b)
            if ca is not None and cb is not None:
                return self.lit({"add": ca + cb, "sub": ca - cb, "mul": ca * cb}[op], bits)
            return r if nsw else self.wrap_s(r, bits)
        if op in ("udiv", "urem"):
            r = App(Op.DIV if op == "udiv" else Op.MOD,
                    (self.to_u(a, bits), self.to_u(b, bits)))
            return self.from_u(r, bits)
        if op in ("sdiv", "srem"):
            return self._sdiv(op, a, b, bits)
        cb = int_value(b)
        if op == "shl":
            if cb is not None:
                if not 0 <= cb < bits:
                    return self.via_bv("bvshl", bits, a, b)   # poison in LLVM; SMT's value
                r = App(Op.MUL, (a, IntLit(1 << cb)))
                return r if nsw else self.wrap_s(r, bits)
            return self.via_bv("bvshl", bits, a, b)
        if op == "lshr":
            if cb is not None and 0 <= cb < bits:
                return self.from_u(App(Op.DIV, (self.to_u(a, bits), IntLit(1 << cb))), bits)
            return self.via_bv("bvlshr", bits, a, b)
        if op == "ashr":
            if cb is not None and 0 <= cb < bits:
                return App(Op.DIV, (a, IntLit(1 << cb)))     # floor division
            return self.via_bv("bvashr", bits, a, b)
        if op == "and":
            ca = int_value(a)
            if ca is not None and cb is None:
                a, b, ca, cb = b, a, cb, ca
            if cb is not None:
                u = cb % (1 << bits)
                if u == (1 << bits) - 1:
                    return a
                if u == 0:
                    return IntLit(0)
                if u & (u + 1) == 0:                       # low mask 2^k - 1
                    return App(Op.MOD, (a, IntLit(u + 1)))
                z = ~u & ((1 << bits) - 1)                  # the bits the mask clears
                s = (z & -z).bit_length() - 1
                if (z >> s) & ((z >> s) + 1) == 0:
                    # one run of w cleared bits from bit s (a bit-field's place in its
                    # unit): subtract them -- linear but for div/mod by constants
                    w = (z >> s).bit_length()
                    x = self.to_u(a, bits)
                    shifted = App(Op.DIV, (x, IntLit(1 << s))) if s else x
                    field = App(Op.MOD, (shifted, IntLit(1 << w)))
                    if s:
                        field = App(Op.MUL, (field, IntLit(1 << s)))
                    return self.from_u(App(Op.SUB, (x, field)), bits)
            return self.via_bv("bvand", bits, a, b)
        if op in ("or", "xor"):
            if cb is not None and cb % (1 << bits) == 0:
                return a
            return self.via_bv("bv" + op, bits, a, b)
        raise AssertionError(op)

    def _sdiv(self, op: str, a: Expr, b: Expr, bits: int) -> Expr:
        """int: C's truncating division / remainder from Boogie's Euclidean div/mod."""
        cb = int_value(b)
        na = App(Op.NEG, (a,))
        if cb is not None and cb > 0:
            q = Ite(App(Op.GE, (a, IntLit(0))), App(Op.DIV, (a, IntLit(cb))),
                    App(Op.NEG, (App(Op.DIV, (na, IntLit(cb))),)))
        else:
            nb = App(Op.NEG, (b,))
            q = Ite(App(Op.GE, (a, IntLit(0))),
                    Ite(App(Op.GE, (b, IntLit(0))), App(Op.DIV, (a, b)),
                        App(Op.NEG, (App(Op.DIV, (a, nb)),))),
                    Ite(App(Op.GE, (b, IntLit(0))), App(Op.NEG, (App(Op.DIV, (na, b)),)),
                        App(Op.DIV, (na, nb))))
        if op == "sdiv":
            return q          # overflow (INT_MIN / -1) is undefined behaviour
        return App(Op.SUB, (a, App(Op.MUL, (b, q))))

    def icmp(self, pred: str, a: Expr, b: Expr, bits: int) -> Expr:
        if pred in ("eq", "ne"):
            return App(Op.EQ if pred == "eq" else Op.NEQ, (a, b))
        if bits == 1:
            a, b = self.bool_to_int(a, pred[0] == "s"), self.bool_to_int(b, pred[0] == "s")
            return App({"lt": Op.LT, "le": Op.LE, "gt": Op.GT, "ge": Op.GE}[pred[1:]], (a, b))
        if self.bv:
            return self.bvop("bv" + pred, bits, a, b, pred=True)
        op = {"lt": Op.LT, "le": Op.LE, "gt": Op.GT, "ge": Op.GE}[pred[1:]]
        if pred[0] == "u":
            a, b = self.to_u(a, bits), self.to_u(b, bits)
        return App(op, (a, b))

    def ptr_cmp(self, pred: str, a: Expr, b: Expr) -> Expr:
        """Pointers are unsigned addresses in [0, 2^P); a signed comparison of pointers
        compares the bit patterns as signed numbers (int: their signed readings)."""
        if pred in ("eq", "ne"):
            return App(Op.EQ if pred == "eq" else Op.NEQ, (a, b))
        if self.bv:
            return self.bvop("bv" + pred, self.ptr_bits, a, b, pred=True)
        if pred.startswith("s"):
            a, b = intenc.to_signed(a, self.ptr_bits), intenc.to_signed(b, self.ptr_bits)
        return App({"lt": Op.LT, "le": Op.LE, "gt": Op.GT, "ge": Op.GE}[pred[1:]], (a, b))

    def bool_to_int(self, b: Expr, signed: bool) -> Expr:
        """int helper for comparisons of i1 (true is 1 unsigned, -1 signed)."""
        return Ite(b, IntLit(1) if not signed else App(Op.NEG, (IntLit(1),)), IntLit(0))

    # ------------------------------------------------------------------ conversions
    def of_bool(self, b: Expr, bits: int, signed: bool = False) -> Expr:
        one = self.lit(-1 if signed else 1, bits)
        if isinstance(b, BoolLit):
            return one if b.value else self.lit(0, bits)
        return Ite(b, one, self.lit(0, bits))

    def trunc(self, e: Expr, src: int, dst: int) -> Expr:
        if dst == 1:
            if self.bv:
                return App(Op.EQ, (Extract(e, 1, 0), BvLit(1, 1)))
            return App(Op.EQ, (App(Op.MOD, (e, IntLit(2))), IntLit(1)))
        if self.bv:
            return intenc.truncate(e, dst)
        return self.wrap_s(e, dst)

    def zext(self, e: Expr, src: int, dst: int) -> Expr:
        if src == 1:
            return self.of_bool(e, dst)
        if self.bv:
            return self.zext_bv(e, src, dst)
        return self.to_u(e, src)

    def sext(self, e: Expr, src: int, dst: int) -> Expr:
        if src == 1:
            return self.of_bool(e, dst, signed=True)
        if self.bv:
            return self.sext_bv(e, src, dst)
        return e

    def resize_signed(self, e: Expr, src: int, dst: int) -> Expr:
        """A value of iSRC as a signed iDST (sext or trunc); used for gep indices."""
        if src == dst:
            return e
        return self.sext(e, src, dst) if src < dst else self.trunc(e, src, dst)

    def ptr_to_int(self, e: Expr, bits: int) -> Expr:
        if self.bv:
            if bits == self.ptr_bits:
                return e
            if bits < self.ptr_bits:
                return Extract(e, bits, 0)
            return self.zext_bv(e, self.ptr_bits, bits)
        if bits > self.ptr_bits:
            return e                       # an address in [0, 2^P) fits
        if bits == self.ptr_bits:          # the signed reading of the address
            return intenc.to_signed(e, bits)
        return self.wrap_s(e, bits)

    def int_to_ptr(self, e: Expr, bits: int) -> Expr:
        """The address an iN value denotes: its unsigned value, truncated or zero-extended
        to the pointer width (int: may lie outside the range of allocated addresses)."""
        if self.bv:
            if bits == self.ptr_bits:
                return e
            if bits > self.ptr_bits:
                return Extract(e, self.ptr_bits, 0)
            return self.zext_bv(e, bits, self.ptr_bits)
        u = self.to_u(e, bits)
        if bits > self.ptr_bits:
            return App(Op.MOD, (u, IntLit(1 << self.ptr_bits)))
        return u

    # ------------------------------------------------------------------ pointer arithmetic
    def ptr_add(self, p: Expr, off: Expr) -> Expr:
        if self.bv:
            if isinstance(off, BvLit) and off.value == 0:
                return p
            if isinstance(p, BvLit) and isinstance(off, BvLit):   # a GEP of null: offsetof
                return self.ptr_lit(p.value + off.value)
            return self.bvop("bvadd", self.ptr_bits, p, off)
        if int_value(off) == 0:
            return p
        ca, cb = int_value(p), int_value(off)
        if ca is not None and cb is not None:
            return int_lit(ca + cb)
        return App(Op.ADD, (p, off))

    def ptr_mul(self, i: Expr, k: int) -> Expr:
        if self.bv:
            if k == 1:
                return i
            if isinstance(i, BvLit):
                return self.ptr_lit(i.value * k)
            return self.bvop("bvmul", self.ptr_bits, i, self.ptr_lit(k))
        if k == 1:
            return i
        c = int_value(i)
        if c is not None:
            return int_lit(c * k)
        return App(Op.MUL, (i, IntLit(k)))
