"""Variable arguments in LLVM IR: `llvm.va_start`, `llvm.va_copy`, `llvm.va_end` and the
calls that pass `...` arguments to a function reading them.

Role: clang lowers `va_arg` itself at -O0 (for x86-64 the System V code that reads
`gp_offset`, `reg_save_area` and `overflow_arg_area` of the `va_list` struct; for i386 a
pointer bump), so the model only has to lay the arguments out where that code looks:
- a call of a variadic function whose body calls `llvm.va_start` (`va_readers`) allocates
  a fresh block (the argument area: never reused, as an alloca) and stores each variable
  argument at its ABI slot -- x86-64: one 8-byte slot each, the value at its own width at
  the slot's start; i386: 4-byte slots, 8 bytes for a 64-bit integer -- and passes the
  block as a hidden last parameter `$va.area`;
- `llvm.va_start(ap)`: x86-64: `gp_offset` 48 (the registers are used up, so every
  `va_arg` of an integer or pointer takes the overflow path), `overflow_arg_area` the
  block, `reg_save_area` null; i386: `ap` points at the block;
- `llvm.va_copy(d, s)`: the fields above (x86-64) or the pointer (i386) copied;
  `llvm.va_end`: nothing.
Reading beyond the arguments passed (undefined behaviour) reads whatever memory follows
the block: an arbitrary value.  Floating-point, struct and wider-than-64-bit arguments
through `...`, and other targets, are unsupported.  regions.py relates the block to the
callee's `va_list` (`area_key`), so the caller's stores and the callee's loads share maps.
"""
from __future__ import annotations

from boogie.ast import Assign, Loc, Var

from .ir import Function, GlobalRef, IntTy, Module, PtrTy
from .names import unsupported

AREA_PARAM = "$va.area"
_GP_EXHAUSTED = 48               # x86-64: 6 integer registers of 8 bytes


def va_readers(module: Module) -> set[str]:
    """The defined variadic functions that call llvm.va_start (they get the area)."""
    out = set()
    for f in module.functions:
        if f.ty.vararg and any(_is_va_start(ins) for b in f.blocks for ins in b.instrs):
            out.add(f.name)
    return out


def _is_va_start(ins) -> bool:
    callee = ins.operands[-1] if ins.opcode == "call" and ins.operands else None
    return isinstance(callee, GlobalRef) and callee.name.startswith("llvm.va_start")


def area_key(name: str):
    """regions.py's node of the argument area of function `name`."""
    return (" va", name)


def abi(triple: str, ptr_bits: int) -> str | None:
    """'x86_64' (System V), 'i386' (a pointer into the stack), or None."""
    arch = triple.split("-", 1)[0]
    if arch == "x86_64" and ptr_bits == 64:
        return "x86_64"
    if arch in ("i386", "i486", "i586", "i686") and ptr_bits == 32:
        return "i386"
    return None


def slots(kind: str, tys, ptr_bits: int) -> list[tuple[int, int]] | None:
    """(offset, size) of each variable argument in the area, or None for a type that
    cannot go through `...` here."""
    out, off = [], 0
    for t in tys:
        if isinstance(t, PtrTy):
            size = ptr_bits // 8
        elif isinstance(t, IntTy) and t.bits <= 64:
            size = max(1, (t.bits + 7) // 8)
        else:
            return None
        out.append((off, size))
        off += 8 if kind == "x86_64" else (8 if size > 4 else 4)
    return out


def pass_area(ft, g: Function, extra, loc: Loc) -> Var:
    """The hidden argument of a call of g: a fresh block holding the variable arguments."""
    kind = abi(ft.mt.m.triple, ft.dl.ptr_bits)
    if kind is None:
        raise unsupported(loc, f"variable arguments for the target {ft.mt.m.triple}")
    layout = slots(kind, [a.ty for a in extra], ft.dl.ptr_bits)
    if layout is None:
        bad = next(a.ty for a in extra if slots(kind, [a.ty], ft.dl.ptr_bits) is None)
        raise unsupported(loc, f"a variable argument of type {bad}")
    size = max((o + 8 for o, _ in layout), default=8)
    area = ft.fresh(ft.enc.ptr_type(), "va")
    ft.allocate_to(area, ft.enc.ptr_lit(size), loc, const=size)
    reg = ft.mt.regions.area_region(g.name)
    if reg is not None:
        for a, (off, _) in zip(extra, layout):
            ft.store(reg, ft.enc.ptr_add(area, ft.enc.ptr_lit(off)), a.ty, ft.val(a, loc),
                     loc)
    return area


def va_intrinsic(ft, base: str, args, loc: Loc) -> None:
    """llvm.va_start / va_copy / va_end."""
    if base == "va_end":
        return
    kind = abi(ft.mt.m.triple, ft.dl.ptr_bits)
    if kind is None:
        raise unsupported(loc, f"variable arguments for the target {ft.mt.m.triple}")
    ptr = PtrTy()
    fields = ((0, IntTy(32)), (8, ptr), (16, ptr)) if kind == "x86_64" else ((0, ptr),)
    dst = ft.val(args[0], loc)
    reg = ft.region(args[0], loc)
    if base == "va_start":
        if ft.f.name not in ft.mt.regions.va_readers:
            raise unsupported(loc, "llvm.va_start outside a variadic function")
        area = Var(AREA_PARAM)
        values = ((ft.enc.lit(_GP_EXHAUSTED, 32), area, ft.enc.ptr_lit(0))
                  if kind == "x86_64" else (area,))
    elif base == "va_copy":
        src = ft.val(args[1], loc)
        sreg = ft.region(args[1], loc)
        values = []
        for off, t in fields:            # read everything before writing
            x = ft.fresh(ft.btype(t, loc), "vacopy")
            ft.emit(Assign((x,), (ft.load(sreg, ft.enc.ptr_add(src, ft.enc.ptr_lit(off)), t,
                                          loc),), loc=loc))
            values.append(x)
    else:
        raise unsupported(loc, f"intrinsic llvm.{base}")
    for (off, t), v in zip(fields, values):
        ft.store(reg, ft.enc.ptr_add(dst, ft.enc.ptr_lit(off)), t, v, loc)


__all__ = ["AREA_PARAM", "va_readers", "area_key", "abi", "slots", "pass_area",
           "va_intrinsic"]
