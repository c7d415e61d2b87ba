"""Memory-safety checks of the LLVM front end: where the function translator's modules and
calls.py call the shared allocation map (frontend/memsafety.py, whose docstring has the encoding).

- objects: globals (registered at the start of the entry), allocas and byval copies
  (stack: they die when their function returns; allocas after the entry block start as
  NULL so that a path that skipped one kills nothing), malloc/calloc/realloc (heap;
  realloc copies min(old size, new size) bytes and frees the old block: calls.py);
- accesses: every load and store (struct fields one by one, atomics), memcpy/memmove/
  memset over their whole range; an access through an alloca's own pointer or at a
  constant address inside a global, within the object, is safe by construction and not
  checked;
- `free`, the return of every function (its frame dies) and of the entry (leaks).
Every object starts at a multiple of OBJECT_ALIGN = 64 = the map's chunk size.
`--bounds-check` and `--pointer-check` instrument the same access check (the map does not
tell an index from a pointer); its kind is `pointer_dereference` for both.
"""
from __future__ import annotations

from boogie.ast import App, BvLit, Expr, IntLit, MapSelect, Op, Type, Var

import frontend.memsafety as ms

from .objects import OBJECT_ALIGN

assert OBJECT_ALIGN % ms.CHUNK_BYTES == 0, "objects start at chunk boundaries"


class LlvmPtrOps:
    """frontend/memsafety.py's pointer operations over the LLVM encoding (Enc)."""

    def __init__(self, enc):
        self.enc = enc

    def ptr_type(self) -> Type:
        return self.enc.ptr_type()

    def ptr_lit(self, n: int) -> Expr:
        return self.enc.ptr_lit(n)

    def ptr_add(self, a: Expr, b: Expr) -> Expr:
        return self.enc.ptr_add(a, b)

    def ptr_le(self, a: Expr, b: Expr) -> Expr:
        return self.enc.ptr_cmp("ule", a, b)

    def chunk(self, a: Expr) -> Expr:
        if self.enc.bv:
            return self.enc.bvop("bvlshr", self.enc.ptr_bits, a, self.ptr_lit(6))
        c = a.value if isinstance(a, IntLit) else None
        return IntLit(c // ms.CHUNK_BYTES) if c is not None else \
            App(Op.DIV, (a, IntLit(ms.CHUNK_BYTES)))


def declarations(enc) -> list:
    return ms.declarations(LlvmPtrOps(enc))


def initial(ft, objects: list[tuple[int, int]], loc) -> None:
    ms.initial(ft.emit, LlvmPtrOps(ft.enc), objects, loc)


def new_object(ft, r: Var, size: Expr, const: int | None, heap: bool, loc) -> None:
    ms.new_object(ft.emit, LlvmPtrOps(ft.enc), r, size, const, heap, loc)
    if not heap:
        ft.stack_objects[r.name] = const or 0


def access(ft, p: Expr, n: int, loc) -> None:
    """Check an access of n bytes at p (unless it is safe by construction)."""
    if n > 0 and not _safe(ft, p, n):
        ms.access(ft.emit, LlvmPtrOps(ft.enc), p, n, loc)


def _safe(ft, p: Expr, n: int) -> bool:
    if isinstance(p, Var):
        size = ft.stack_objects.get(p.name)
        return size is not None and n <= size
    addr = p.value if isinstance(p, (IntLit, BvLit)) else None
    return addr is not None and any(base <= addr and addr + n <= base + size
                                    for base, size in ft.mt.global_objects)


def size_of(ft, p: Expr) -> Expr:
    """The size of the object whose base is p (the allocation map's `$Size`)."""
    return MapSelect(Var(ms.SIZE), (p,))


def free(ft, p: Expr, loc) -> None:
    ms.free(ms.one_step(ft), LlvmPtrOps(ft.enc), p, loc)     # free is thread-safe: one step


def function_returns(ft, loc) -> None:
    """The frame's stack objects die; the entry's return checks for leaks."""
    ms.kill(ft.emit, [Var(name) for name in ft.stack_objects], loc)
    if ft.is_entry and ft.mt.opts.checks.memory_leak:
        ms.leak_check(ft.emit, loc)
    if ft.is_entry and ft.mt.opts.checks.memory_cleanup:
        ms.cleanup_check(ft.emit, loc)


def exit_called(ft, name: str, loc) -> None:
    """exit/_exit/_Exit terminate the program: valid-memcleanup is checked there."""
    if name in ms.EXITS and ft.mt.opts.checks.memory_cleanup:
        ms.cleanup_check(ft.emit, loc)


def lost_block(ft, loc) -> None:
    ms.lost_block(ft.emit, loc)


def block_checks(ft, name: str, args, loc) -> None:
    """memcpy/memmove(dst, src, n), memset(dst, c, n): both ranges lie in live objects."""
    if not ft.mt.opts.checks.memory:
        return
    from .memops import block_length
    const, length = block_length(ft, args[2], loc)
    if const == 0:
        return
    for a in ((args[0],) if name == "memset" else (args[0], args[1])):
        p = ft.val(a, loc)
        if const is not None:
            access(ft, p, const, loc)
        else:
            ms.access_range(ft.emit, LlvmPtrOps(ft.enc), p, length, loc)
