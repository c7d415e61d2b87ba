"""Blocks of memory in the LLVM front end: memcpy/memmove/memset (library functions and
intrinsics), calloc's zeroing, byval copies and zero-initialised globals.

Role: operations over a range of cells of one region's map (regions.py).  A constant length
of a few cells is unrolled into map stores; otherwise the map gets one lambda update (it
reads the old map, so an overlapping memmove is exact).  Used by calls.py (the library
calls), function.py (byval parameters) and memory_access.py (global initialisers,
variable-size allocas).
"""
from __future__ import annotations

from boogie.ast import (App, Assign, BvLit, Expr, INT, IntLit, Ite, Loc, MapSelect,
                        MapStore, Op, Quant, QuantKind, Var, VarDecl)

from frontend.common import int_value

from .ir import ConstInt
from .names import unsupported
from .trace_notes import show_copy

UNROLL_CELLS = 64          # up to this many cells, memory operations are unrolled


def block_length(ft, n, loc: Loc) -> tuple[int | None, Expr]:
    """A length operand: (its value if constant, its value as a pointer-width offset)."""
    if isinstance(n, ConstInt):
        return n.value, ft.enc.ptr_lit(n.value)
    nb = n.ty.bits
    v = ft.val(n, loc)
    c = _constant(v)
    if c is not None:       # a constant expression (offsetof's ptrtoint of a null GEP)
        c %= 1 << nb
        return c, ft.enc.ptr_lit(c)
    if ft.enc.bv:
        return None, ft.to_ptr_width(ft.enc.zext(v, nb, max(nb, ft.dl.ptr_bits)),
                                     max(nb, ft.dl.ptr_bits))
    return None, ft.enc.to_u(v, nb)


def _constant(v: Expr) -> int | None:
    """The value of a literal length, else None (a constant expression such as offsetof's
    ptrtoint of a null GEP is a literal already: the encodings fold literal + literal)."""
    if isinstance(v, BvLit):
        return v.value
    return int_value(v)


def _in_block(ft, a: Expr, lo: Expr, n: Expr) -> Expr:
    hi = ft.enc.ptr_add(lo, n)
    return App(Op.AND, (ft.enc.ptr_cmp("ule", lo, a), ft.enc.ptr_cmp("ult", a, hi)))


def _lambda(ft, body_of) -> Expr:
    a = Var("$a")
    return Quant(QuantKind.LAMBDA, (VarDecl("$a", ft.enc.ptr_type()),), body_of(a))


def memop(ft, name: str, args, loc: Loc) -> None:
    """memcpy/memmove/memset of the library or the intrinsics: a constant length of a few
    cells is unrolled; otherwise one lambda update of the region's map (exact; reads the
    old map, so overlapping memmove is right too)."""
    length, n = block_length(ft, args[2], loc)
    if length == 0:
        return
    if name.endswith("set"):
        reg = ft.mt.regions.region_of(ft.f, args[0])
        if reg is None:
            return
        byte = args[1]
        if isinstance(byte, ConstInt):
            fill_block(ft, reg, ft.val(args[0], loc), length, n, byte.value % 256, loc)
        else:       # a byte known at run time only (the LDV model's ldv_memset(s, c, n))
            fill_block(ft, reg, ft.val(args[0], loc), length, n,
                       _low_byte(ft, ft.val(byte, loc), byte.ty.bits, loc), loc)
        return
    reg = ft.mt.regions.region_of(ft.f, args[0])
    if reg is None or not reg.read:
        return
    src_reg = ft.mt.regions.region_of(ft.f, args[1])
    assert src_reg is reg, f"{loc}: memcpy regions not unified"
    copy_block(ft, reg, ft.val(args[0], loc), ft.val(args[1], loc), length, n, loc, name)
    show_copy(ft, args[0], reg, loc)


def copy_block(ft, reg, d: Expr, s: Expr, length: int | None, n: Expr, loc: Loc,
               what: str, unroll: int = UNROLL_CELLS) -> None:
    """Copy `length` (or, not known statically, `n`) bytes from s to d, both in region
    `reg` (memcpy/memmove, and the copy of a byval parameter): a few cells are unrolled,
    else one lambda update (reads the old map: overlapping blocks are right too).  Up to
    `unroll` cells are unrolled."""
    if not reg.read:
        return                                  # nothing ever reads this region
    m = ft.mt.map_of(reg)
    d, s = tmp_ptr(ft, d, loc), tmp_ptr(ft, s, loc)
    step = 1 if reg.byte_level else reg.word_size
    if length is not None and length % step:
        raise unsupported(loc, f"{what} of {length} bytes in a region of {step}-byte cells")
    assert length is not None or step == 1, "regions.py makes such regions byte-level"
    if length is not None and length // step <= unroll:
        e: Expr = m
        for k in range(0, length, step):
            off = ft.enc.ptr_lit(k)
            e = MapStore(e, (ft.enc.ptr_add(d, off),), MapSelect(m, (ft.enc.ptr_add(s, off),)))
        ft.emit(Assign((m,), (e,), loc=loc))
        return
    n = tmp_ptr(ft, n, loc)
    src = (lambda a: ft.enc.ptr_add(s, ft.enc.bvop("bvsub", ft.dl.ptr_bits, a, d))) \
        if ft.enc.bv else (lambda a: App(Op.ADD, (s, App(Op.SUB, (a, d)))))
    ft.emit(Assign((m,), (_lambda(ft, lambda a: Ite(_in_block(ft, a, d, n),
                                                      MapSelect(m, (src(a),)),
                                                      MapSelect(m, (a,)))),), loc=loc))


def _low_byte(ft, c: Expr, bits: int, loc: Loc) -> Expr:
    """memset's value converted to unsigned char (C 7.24.6.1): bv8, or an int in [0, 256),
    in a local of its own."""
    b = ft.enc.trunc(c, bits, 8) if bits > 8 else c
    if not ft.enc.bv:
        b = ft.enc.to_u(b, 8)
    t = ft.fresh(ft.enc.int_type(8) if ft.enc.bv else INT, "byte")
    ft.emit(Assign((t,), (b,), loc=loc))
    return t


def _cell_of_byte(ft, reg, b: Expr, step: int) -> Expr:
    """A cell of `step` bytes each equal to byte `b` (from _low_byte)."""
    if ft.enc.bv:
        val = b
        for _ in range(step - 1):
            val = App(Op.CONCAT, (b, val))
        return val
    if reg.byte_level:
        return b                                # byte maps hold unsigned bytes
    rep = int.from_bytes(b"\x01" * step, "little")
    return ft.enc.from_u(App(Op.MUL, (b, IntLit(rep))), 8 * step)


def tmp_ptr(ft, p: Expr, loc: Loc) -> Expr:
    if isinstance(p, Var) or int_value(p) is not None or isinstance(p, BvLit):
        return p
    t = ft.fresh(ft.enc.ptr_type(), "p")
    ft.emit(Assign((t,), (p,), loc=loc))
    return t


def fill_block(ft, reg, p: Expr, length: int | None, n: Expr | None, byte: int | Expr,
               loc: Loc) -> None:
    """Set `length` (or `n`) bytes from `p` to `byte` (a constant, or the bv8 / unsigned
    int value of `_low_byte`).  In a word region the block starts at a cell and whole
    cells are set: bytes past the end of a block belong to no object."""
    if not reg.read:
        return                                  # nothing ever reads this region
    m = ft.mt.map_of(reg)
    step = 1 if reg.byte_level else reg.word_size
    if length is not None and length % step and not reg.byte_level:
        raise unsupported(loc, f"memset of {length} bytes in a region of {step}-byte cells")
    if not isinstance(byte, int):
        val = _cell_of_byte(ft, reg, byte, step)
    elif ft.enc.bv:
        val = BvLit(int.from_bytes(bytes([byte]) * step, "little"), 8 * step)
    elif reg.byte_level:
        val = IntLit(byte)
    else:
        val = ft.enc.lit(int.from_bytes(bytes([byte]) * step, "little"), 8 * step)
    p = tmp_ptr(ft, p, loc)
    if length is not None and length // step <= UNROLL_CELLS:
        e: Expr = m
        for k in range(0, length, step):
            e = MapStore(e, (ft.enc.ptr_add(p, ft.enc.ptr_lit(k)),), val)
        ft.emit(Assign((m,), (e,), loc=loc))
        return
    if n is None:
        n = ft.enc.ptr_lit(length)
    n = tmp_ptr(ft, n, loc)
    ft.emit(Assign((m,), (_lambda(ft, lambda a: Ite(_in_block(ft, a, p, n), val,
                                                      MapSelect(m, (a,)))),), loc=loc))
