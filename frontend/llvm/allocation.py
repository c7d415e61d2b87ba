"""The LLVM front end's allocation counter: after `r := $CurrAddr`, the counter moves past
the new object (aligned; for a size not known statically it is assumed not to wrap around),
and under the memory checks the object is registered.  memory_access.py `allocate_to` calls
`bump` inside one step of the sequentialization (no other thread allocates between)."""
from __future__ import annotations

from boogie.ast import App, Assign, Assume, Expr, IntLit, Loc, Op, Var

import frontend.llvm.memsafety as memsafety
from .objects import OBJECT_ALIGN


def _align(n: int) -> int:
    return (n + OBJECT_ALIGN - 1) // OBJECT_ALIGN * OBJECT_ALIGN


def bump(ft, r: Var, size: Expr, loc: Loc, const: int | None, kind: str) -> None:
    """Moves `$CurrAddr` past the object at r (ft: the function translator)."""
    cur = Var("$CurrAddr")
    if kind and ft.mt.opts.checks.memory:
        memsafety.new_object(ft, r, size, const, kind in ("malloc", "calloc"), loc)
    if const is not None:
        step = ft.enc.ptr_lit(_align(max(const, 1)))
        ft.emit(Assign((cur,), (ft.enc.ptr_add(cur, step),), loc=loc))
        return
    new = ft.enc.ptr_add(ft.enc.ptr_add(cur, size), ft.enc.ptr_lit(OBJECT_ALIGN))
    nv = ft.fresh(ft.enc.ptr_type(), "alloc")
    ft.emit(Assign((nv,), (new,), loc=loc))
    limit = ft.enc.ptr_lit(1 << (ft.dl.ptr_bits - 2))
    if ft.enc.bv:
        ok = App(Op.AND, (ft.enc.ptr_cmp("ugt", nv, cur), ft.enc.ptr_cmp("ult", nv, limit)))
    else:
        ok = App(Op.AND, (App(Op.GT, (nv, cur)), App(Op.LT, (nv, limit))))
    ft.emit(Assume(ok, loc=loc))
    # keep the counter aligned
    if ft.enc.bv:
        aligned = ft.enc.bvop("bvand", ft.dl.ptr_bits, nv,
                                ft.enc.ptr_lit((1 << ft.dl.ptr_bits) - OBJECT_ALIGN))
    else:
        aligned = App(Op.MUL, (App(Op.DIV, (nv, IntLit(OBJECT_ALIGN))),
                               IntLit(OBJECT_ALIGN)))
    ft.emit(Assign((cur,), (aligned,), loc=loc))
