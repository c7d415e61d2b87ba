"""Variable arguments: `va_start`, `va_arg`, `va_copy`, `va_end` (C11 7.16).

Turns the variable arguments of a call of a variadic function that reads them into a block
of argument slots, and the stdarg macros into reads of that block.
- The caller allocates a fresh block of SLOT-byte slots (one per variable argument, plus
  one), writes the i-th argument (after the default promotions) into the ghost map
  `$va.arg` at slot i, as an `unsigned long long` container (integers sign- or zero-
  extended by their own type, pointers as integers), and the block's end (the address of
  the slot after the last argument) into the ghost map `$va.end` at every slot up to that
  one.  The callee gets the block's address as a hidden last parameter `$va.list`.
- A `va_list` is a pointer to the next slot: `va_start(ap, last)` sets it to `$va.list`,
  `va_copy(d, s)` copies it, `va_end` does nothing, and `va_arg(ap, T)` reads the slot,
  converts the container to T (C11 7.16.1.1 allows a signed/unsigned mismatch: the
  truncation gives the same value) and advances `ap` by one slot.  A read beyond the
  arguments passed (undefined behaviour) gives a nondeterministic value of T, a choice
  recorded as `T from va_arg (beyond the arguments passed)`.
- A pointer passed through `...` and read back at another pointer type is a pointer
  conversion through an integer for the memory model's type-safety check (frontend/
  memory.py): the caller notes `T* -> void*`, `va_arg` notes `void* -> U*`.
The ghost maps are separate from the heap, so the memory model is unchanged; a `va_list`
can be passed to other functions (`vprintf`-style), stored and copied.  Floating-point and
struct arguments through `...`, and `va_arg` at such types, are unsupported.

The header frontend/include/stdarg.h spells `va_arg(ap, T)` as
`(*(T *)__pycorral_va_arg(ap))` so that gcc's syntax check accepts it; the translator reads
that shape (`is_va_arg`) and never the call alone.
"""
from __future__ import annotations

from boogie.ast import Assign, Loc, MapSelect, MapType, Op, App, Var, VarDecl

from .typesys import VOID, CType, FloatT, FuncT, IntT, PtrT, StructT, unsupported
from .values import V

VA_PARAM = "$va.list"        # the callee's hidden parameter: the block of its arguments
VA_ARG = "$va.arg"           # slot address -> argument (unsigned long long container)
VA_END = "$va.end"           # slot address -> the end of its block
SLOT = 8
START, ARG, COPY, END = ("__builtin_va_start", "__pycorral_va_arg", "__builtin_va_copy",
                         "__builtin_va_end")


def reads_varargs(body) -> bool:
    """Does a variadic function's body read its own variable arguments (va_start)?"""
    stack = [body]
    while stack:
        n = stack.pop()
        if type(n).__name__ == "ID" and n.name == START:
            return True
        stack.extend(c for _, c in n.children())
    return False


def is_va_arg(node) -> bool:
    """Is a `*` UnaryOp the expansion of `va_arg(ap, T)`?"""
    e = node.expr
    if type(e).__name__ != "Cast":
        return False
    call = e.expr
    return type(call).__name__ == "FuncCall" and type(call.name).__name__ == "ID" and \
        call.name.name == ARG and call.args is not None and len(call.args.exprs) == 1


def _container(ft) -> IntT:
    return ft.dm.ints["unsigned long long"]


def pass_varargs(ft, extra: list[V], loc: Loc) -> V:
    """The hidden argument of a call: a fresh block holding the variable arguments."""
    ft.pt.uses_varargs = True
    enc, cont = ft.enc, _container(ft)
    n = len(extra)
    size = V(enc.lit(SLOT * (n + 1), ft.dm.SIZE_T), ft.dm.SIZE_T)
    p = ft.allocate(size, loc, "variable arguments")
    end = ft.temp_of(V(ft.addr_add(p, SLOT * n), PtrT(VOID))).expr
    for i, v in enumerate(extra):
        if isinstance(v.type, (StructT, FloatT)) or v.expr is None:
            raise unsupported(loc, f"{v.type} passed as a variable argument")
        if isinstance(v.type, PtrT) and not isinstance(v.type.target, FuncT):
            ft.mem.note_conversion(v.type.target, VOID, loc, v.expr)
        slot = ft.addr_add(p, SLOT * i)
        ft.emit(Assign((MapSelect(Var(VA_ARG), (slot,)),),
                       (enc.convert(v.expr, v.type, cont),), loc=loc))
    for i in range(n + 1):
        ft.emit(Assign((MapSelect(Var(VA_END), (ft.addr_add(p, SLOT * i),)),), (end,),
                       loc=loc))
    return V(p, PtrT(VOID))


def va_builtin(ft, name: str, args, loc: Loc) -> V:
    """va_start, va_copy, va_end (the calls of stdarg.h's macros)."""
    if name == START:
        if not ft.info.varargs:
            raise unsupported(loc, "va_start outside a variadic function")
        ft.pt.uses_varargs = True
        ft.store(_va_list(ft, args[0], loc), V(Var(VA_PARAM), PtrT(VOID)), loc)
    elif name == COPY:
        src = ft.rvalue(args[1])
        ft.store(_va_list(ft, args[0], loc), V(src.expr, PtrT(VOID)), loc)
    elif name == END:
        ft.effect(args[0])
    else:
        raise unsupported(loc, f"'{name}' other than through stdarg.h's va_arg")
    return V(None, VOID)


def va_arg(ft, node, loc: Loc) -> V:
    """`va_arg(ap, T)` (node: the `*` of its expansion)."""
    t: CType = ft.pt.resolve_type(node.expr.to_type)
    assert isinstance(t, PtrT), "va_arg expands to a cast to a pointer type"
    t = t.target
    if not isinstance(t, (IntT, PtrT)):
        raise unsupported(loc, f"va_arg of type {t}")
    ft.pt.uses_varargs = True
    enc, cont = ft.enc, _container(ft)
    place = _va_list(ft, node.expr.expr.args.exprs[0], loc)
    a = ft.temp_of(ft.load(place, loc)).expr
    more = ft.ptr_cmp("<", a, MapSelect(Var(VA_END), (a,)))
    r = ft.fresh(enc.btype(t), hint="va")
    inside, beyond, join = (ft.b.new_label(h) for h in ("va_in", "va_beyond", "va_join"))
    ft.b.goto([inside, beyond], loc)
    ft.b.start(inside, loc)
    ft.assume(more, loc)
    ft.emit(Assign((r,), (enc.convert(MapSelect(Var(VA_ARG), (a,)), cont, t),), loc=loc))
    rng = enc.in_range(r, t)
    if rng is not None:
        ft.assume(rng, loc)
    if isinstance(t, PtrT) and not isinstance(t.target, FuncT):
        ft.mem.note_conversion(VOID, t.target, loc, r)
    ft.b.goto([join], loc)
    ft.b.start(beyond, loc)
    ft.assume(App(Op.NOT, (more,)), loc)
    nd = ft.nondet(t, loc, "va_arg (beyond the arguments passed)")
    ft.emit(Assign((r,), (nd.expr,), loc=loc))
    ft.b.goto([join], loc)
    ft.b.start(join, loc)
    ft.store(place, V(ft.addr_add(a, SLOT), PtrT(VOID)), loc)
    return V(r, t)


def _va_list(ft, node, loc: Loc):
    place = ft.lvalue(node)
    if not isinstance(place.type, PtrT):
        raise unsupported(loc, f"a va_list of type {place.type}")
    return place


def declarations(pt) -> list[VarDecl]:
    """The ghost maps, for a program that passes or reads variable arguments."""
    ptr = pt.enc.btype(PtrT(VOID))
    cont = pt.enc.btype(pt.dm.ints["unsigned long long"])
    return [VarDecl(VA_ARG, MapType((ptr,), cont)), VarDecl(VA_END, MapType((ptr,), ptr))]


__all__ = ["VA_PARAM", "reads_varargs", "is_va_arg", "pass_varargs", "va_builtin", "va_arg",
           "declarations"]
