"""Memory-safety checks of the C front end: where the translator calls the shared
allocation map (frontend/memsafety.py, whose docstring has the encoding).

- objects: globals and string literals (64-aligned by `alloc_global` under the checks,
  registered at the start of the entry), every `allocate` (under the checks the
  counter `$alloc` moves deterministically to the next 64-byte boundary, `bump`):
  heap for malloc/calloc/realloc/valloc, stack for locals in memory, alloca, struct
  copies, variable arguments and the objects behind struct results of functions without
  a body;
- accesses: every scalar load and store (`mem_load`/`mem_store`: struct copies field by
  field, bit-fields through their storage unit, memset/memcpy unrolled or in the C model's
  loop, whose whole ranges are checked at the call first: `access_range`); through a
  local's own address or a constant address inside a global (within the object) they
  are safe by construction and not checked;
- `free` and `realloc`'s old block; each return of a function kills the stack objects it
  allocated (their addresses start as NULL at the function's entry, so a path that
  skipped an allocation kills nothing); the entry's returns check for leaks.
A local whose scope ends inside the function (a loop body's) lives until the return.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import App, Assign, Body, BvLit, Expr, FunCall, IntLit, Ite, MapSelect, Op, \
    Return, Type, Var

import frontend.memsafety as ms
import frontend.special as special

from .typesys import VOID, PtrT

HEAP_ALLOCATORS = special.HEAP_ALLOCATORS


class CPtrOps:
    """frontend/memsafety.py's pointer operations over the C encoding; `ft` is the
    function translator (its encoding's operations need it as their context)."""

    def __init__(self, ft):
        self.ft = ft
        self.enc = ft.enc

    def ptr_type(self) -> Type:
        return self.ft.ptr_type()

    def ptr_lit(self, n: int) -> Expr:
        return self.enc.lit(n, PtrT(VOID))

    def _bin(self, op: str, a: Expr, b: Expr) -> Expr:
        return self.enc.binary(op, a, b, self.ft.dm.UINTPTR, self.ft, self.ft.cur_loc)

    def ptr_add(self, a: Expr, b: Expr) -> Expr:
        if self.enc.is_bv:
            return self._bin("+", a, b)
        if isinstance(a, IntLit) and isinstance(b, IntLit):
            return IntLit(a.value + b.value)
        return App(Op.ADD, (a, b))

    def ptr_le(self, a: Expr, b: Expr) -> Expr:
        return self.enc.compare("<=", a, b, PtrT(VOID))

    def chunk(self, a: Expr) -> Expr:
        if self.enc.is_bv:
            return self._bin(">>", a, self.ptr_lit(6))
        if isinstance(a, IntLit):
            return IntLit(a.value // ms.CHUNK_BYTES)
        return App(Op.DIV, (a, IntLit(ms.CHUNK_BYTES)))

    def chunk_start(self, k: Expr) -> Expr:
        if self.enc.is_bv:
            return self._bin("<<", k, self.ptr_lit(6))
        return App(Op.MUL, (k, IntLit(ms.CHUNK_BYTES)))


def declarations(ft) -> list:
    return ms.declarations(CPtrOps(ft))


def initial(ft, loc) -> None:
    ms.initial(ft.emit, CPtrOps(ft), ft.pt.global_objects, loc)


def bump(ft, end: Expr, loc) -> None:
    """`$alloc := the first chunk boundary above end` (under the checks the heap is
    deterministic, as the LLVM front end's: a symbolic base made z3's bit-vector queries
    time out; a program that depends on where blocks lie is checked for one layout)."""
    ops = CPtrOps(ft)
    ft.emit(Assign((Var("$alloc"),), (ops.chunk_start(ops.ptr_add(ops.chunk(end),
                                                                  ops.ptr_lit(1))),), loc=loc))


def new_object(ft, p: Var, n: Expr, heap: bool, loc) -> None:
    """The block just allocated at p (n bytes; heap or stack)."""
    ops = CPtrOps(ft)
    const = constant_size(n)
    ms.new_object(ft.emit, ops, p, n, const, heap, loc)
    if not heap:
        ft.stack_objects[p.name] = const or 0


def constant_size(e: Expr) -> int | None:
    """The value of a size built from literals by + and * (`4 * sizeof(int)`), or None."""
    if isinstance(e, (IntLit, BvLit)):
        return e.value
    if isinstance(e, App) and e.op in (Op.ADD, Op.MUL):
        parts = [constant_size(x) for x in e.args]
    elif isinstance(e, FunCall) and ("bvadd" in e.func or "bvmul" in e.func):
        parts = [constant_size(x) for x in e.args]
    else:
        return None
    if None in parts:
        return None
    a, b = parts
    add = (isinstance(e, App) and e.op is Op.ADD) or (isinstance(e, FunCall) and
                                                      "bvadd" in e.func)
    v = a + b if add else a * b
    return v % (1 << e.args[0].width) if isinstance(e, FunCall) and \
        isinstance(e.args[0], BvLit) else v


def failed_allocation(ft, p: Expr, fail: Expr, loc) -> None:
    """The heap block at p was registered, but the allocation returned NULL when `fail`:
    then the block never existed."""
    ft.emit(Assign((Var(ms.HEAP_LIVE),), (Ite(fail, App(Op.SUB, (Var(ms.HEAP_LIVE),
                                                                  IntLit(1))),
                                              Var(ms.HEAP_LIVE)),), loc=loc))
    st = MapSelect(Var(ms.STATE), (p,))
    ft.emit(Assign((st,), (Ite(fail, IntLit(0), st),), loc=loc))


def access(ft, addr: Expr, n: int, loc) -> None:
    if n > 0 and not _safe(ft, addr, n):
        ms.access(ft.emit, CPtrOps(ft), addr, n, loc)


def access_range(ft, addr: Expr, length: Expr, loc) -> None:
    """A block operation over [addr, addr + length) (a length of 0 is safe)."""
    ms.access_range(ft.emit, CPtrOps(ft), addr, length, loc)


def _safe(ft, addr: Expr, n: int) -> bool:
    """At a local's own address (plus a constant), or at a constant address inside a
    global, within the object."""
    base, off = addr, 0
    if isinstance(addr, App) and addr.op is Op.ADD and isinstance(addr.args[1], IntLit):
        base, off = addr.args
        off = off.value
    elif isinstance(addr, FunCall) and "bvadd" in addr.func and \
            isinstance(addr.args[1], BvLit):
        base, off = addr.args[0], addr.args[1].value
    if isinstance(base, Var):
        size = ft.stack_objects.get(base.name)
        return size is not None and 0 <= off and off + n <= size
    value = addr.value if isinstance(addr, (IntLit, BvLit)) else None
    return value is not None and any(a <= value and value + n <= a + size
                                     for a, size in ft.pt.global_objects)


def free(ft, p: Expr, loc) -> None:
    ms.free(ms.one_step(ft), CPtrOps(ft), p, loc)     # free is thread-safe: one step


def finish_body(ft, body: Body) -> Body:
    """Stack-object addresses start as NULL; every return kills them (and the entry's
    checks for leaks)."""
    names = list(ft.stack_objects)
    null = CPtrOps(ft).ptr_lit(0)
    blocks = []
    for i, b in enumerate(body.blocks):
        cmds = list(b.cmds)
        if i == 0:
            cmds = [Assign((Var(n),), (null,), loc=b.loc) for n in names] + cmds
        if isinstance(b.transfer, Return):
            ms.kill(cmds.append, [Var(n) for n in names], b.transfer.loc)
            if ft.is_entry and ft.pt.checks.memory_leak:
                ms.leak_check(cmds.append, b.transfer.loc)
            if ft.is_entry and ft.pt.checks.memory_cleanup:
                ms.cleanup_check(cmds.append, b.transfer.loc)
        blocks.append(replace(b, cmds=tuple(cmds)))
    return replace(body, blocks=tuple(blocks))
