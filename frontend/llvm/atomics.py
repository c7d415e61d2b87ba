"""Atomic instructions of the LLVM front end: `atomicrmw` and `cmpxchg`.

An atomic read-modify-write is a load followed by a store; in a program that starts threads
function.py puts the two in an atomic section (threads.py `atomic_instruction`).  `ft` is the function translator (function.py).
"""
from __future__ import annotations

from boogie.ast import BOOL, App, Assign, Ite, Loc, Op, Var

from .ir import Instr, IntTy, PtrTy
from .names import unsupported


def _address(ft, ins: Instr, loc: Loc):
    """The region and the address (held in a variable: it is read twice) of operand 0."""
    reg = ft.region(ins.operands[0], loc)
    p = ft.val(ins.operands[0], loc)
    if not isinstance(p, Var):
        tmp = ft.fresh(ft.enc.ptr_type(), "p")
        ft.emit(Assign((tmp,), (p,), loc=loc))
        p = tmp
    return reg, p


def atomicrmw(ft, ins: Instr, loc: Loc) -> None:
    """`atomicrmw`: the old value loaded, the new one stored."""
    t = ins.aux
    if not isinstance(t, IntTy) and not (isinstance(t, PtrTy) and ins.pred == "xchg"):
        raise unsupported(loc, f"atomicrmw {ins.pred} on {t}")
    reg, p = _address(ft, ins, loc)
    v = ft.val(ins.operands[1], loc)
    old = ft.result(ins, loc)
    ft.emit(Assign((old,), (ft.load(reg, p, t, loc),), loc=loc))
    if not ft.enc.bv and isinstance(t, IntTy) and t.bits > 1:
        ft.assume_range(old, t, loc)
    k = ins.pred
    if k == "xchg":
        new = v
    elif isinstance(t, IntTy) and t.bits == 1:
        raise unsupported(loc, f"atomicrmw {k} on i1")
    elif k in ("add", "sub", "and", "or", "xor"):
        new = ft.enc.binop(k, old, v, t.bits, ())
    elif k == "nand":
        a = ft.enc.binop("and", old, v, t.bits, ())
        new = ft.enc.binop("xor", a, ft.enc.lit(-1, t.bits), t.bits, ())
    elif k in ("max", "min", "umax", "umin"):
        pred = {"max": "sgt", "min": "slt", "umax": "ugt", "umin": "ult"}[k]
        new = Ite(ft.enc.icmp(pred, old, v, t.bits), old, v)
    else:
        raise unsupported(loc, f"atomicrmw {k}")
    ft.store(reg, p, t, new, loc)

def cmpxchg(ft, ins: Instr, loc: Loc) -> None:
    """`cmpxchg`: `{old, ok}`; the new value stored when the old one equals the expected."""
    t = ins.aux
    if not isinstance(t, (IntTy, PtrTy)):
        raise unsupported(loc, f"cmpxchg on {t}")
    reg, p = _address(ft, ins, loc)
    c, n = ft.val(ins.operands[1], loc), ft.val(ins.operands[2], loc)
    old = ft.declare(f"{ft.local_name(ins.name)}#0", ft.btype(t, loc))
    ok = ft.declare(f"{ft.local_name(ins.name)}#1", BOOL)
    ft.emit(Assign((old,), (ft.load(reg, p, t, loc),), loc=loc))
    if not ft.enc.bv:
        ft.assume_range(old, t, loc)
    ft.emit(Assign((ok,), (App(Op.EQ, (old, c)),), loc=loc))
    ft.store(reg, p, t, Ite(ok, n, old), loc)
