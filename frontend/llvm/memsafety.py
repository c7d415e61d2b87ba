"""Memory-safety checks of the LLVM front end (frontend/properties.py; SMACK-style).

Turns the translator's allocations, accesses, `free` calls and the entry's return into
updates of an allocation map and assertions over it, when `PropertyChecks.memory` is on
(`--memory-safety`, `--bounds-check`, `--pointer-check`, `--memory-leak-check`).  Follows
SMACK's memory-safety instrumentation (object bases, sizes and liveness; a counter of live
heap objects for leaks), over this front end's flat byte addresses (translate.py: every
object a fresh, 64-aligned, never reused block from `$CurrAddr`):

  $Obj:   [ptr]ptr   the base address of the object holding each byte; 0 for a byte
                     of no object (initially 0 everywhere; NULL is never an object's)
  $State: [ptr]int   by base: 0 never allocated, 1 live heap, 2 live stack or global,
                     3 freed heap, 4 dead stack (the frame returned)
  $HeapLive: int     the number of live heap objects (malloc/calloc +1, free -1)

- a new object [r, r+n): `$Obj := (lambda a :: if r <= a < r+n then r else $Obj[a])`,
  `$State[r] := 1 or 2`; globals are registered at the start of the entry (before their
  initialisers), stack objects (allocas, byval copies) when allocated, and die when their
  function returns (allocas after the entry block start as 0, so a path that skipped
  one kills nothing);
- an access of n bytes at p (load, store, each struct field, atomics; memcpy/memset: the
  whole range when the length is not 0): `assert {:property "pointer_dereference", ...}
  $State[$Obj[p]] in {1, 2} && $Obj[p+n-1] == $Obj[p]` -- inside one live object, so
  NULL, out of bounds (also into a neighbouring object) and dangling are caught.
  Accesses that are safe by construction are not checked: through an alloca's own
  pointer or a global's address with the access inside its size;
- `free(p)`: `assert p == 0 || $State[p] == 1 || $State[p] == 3` (free argument must be
  the start of a heap object: not stack, global, or inside an object) and
  `assert p == 0 || $State[p] != 3` (double free), both `precondition_instance`; then
  the object is freed;
- the entry's return: `assert $HeapLive == 0` (`memory-leak`: SMACK's memory-leak check,
  memory still allocated at the end of main; SV-COMP's valid-memtrack asks for less --
  memory still pointed to at exit is tracked).  Paths that end in `exit`/`abort` are not
  checked for leaks.

`--bounds-check` and `--pointer-check` instrument the same access check (the object map
does not tell an index from a pointer); the kind is `pointer_dereference` for both.
"""
from __future__ import annotations

from boogie.ast import (App, Assert, Assign, Expr, INT, IntLit, Ite, MapSelect, MapType, Op,
                        Quant, QuantKind, Var, VarDecl, BvLit)

from frontend.properties import GHOST_GLOBALS, property_attr

OBJ, STATE, HEAP_LIVE = GHOST_GLOBALS
LIVE_HEAP, LIVE_STACK, FREED, DEAD = 1, 2, 3, 4

DEREF_MESSAGE = "dereference failure: pointer outside a live object (NULL, out of " \
                "bounds, or freed)"


def declarations(enc) -> list[VarDecl]:
    """The ghost globals of the allocation map."""
    p = enc.ptr_type()
    return [VarDecl(OBJ, MapType((p,), p)), VarDecl(STATE, MapType((p,), INT)),
            VarDecl(HEAP_LIVE, INT)]


def _lambda(enc, body_of) -> Expr:
    a = Var("$o")
    return Quant(QuantKind.LAMBDA, (VarDecl("$o", enc.ptr_type()),), body_of(a))


def initial(ft, objects: list[tuple[int, int]], loc) -> None:
    """The start of the entry: no object, then each global (address, size) live."""
    enc = ft.enc
    objects = [(addr, size) for addr, size in objects if size > 0]

    def base_of(a):             # one lambda for all globals (they sit below the heap)
        e: Expr = enc.ptr_lit(0)
        for addr, size in reversed(objects):
            inside = App(Op.AND, (enc.ptr_cmp("ule", enc.ptr_lit(addr), a),
                                  enc.ptr_cmp("ult", a, enc.ptr_lit(addr + size))))
            e = Ite(inside, enc.ptr_lit(addr), e)
        return e
    ft.emit(Assign((Var(OBJ),), (_lambda(enc, base_of),), loc=loc))
    ft.emit(Assign((Var(STATE),), (_lambda(enc, lambda a: IntLit(0)),), loc=loc))
    ft.emit(Assign((Var(HEAP_LIVE),), (IntLit(0),), loc=loc))
    for addr, _ in objects:
        ft.emit(Assign((MapSelect(Var(STATE), (enc.ptr_lit(addr),)),), (IntLit(LIVE_STACK),),
                       loc=loc))


def new_object(ft, r: Expr, size: Expr, state: int, loc) -> None:
    """Register the object [r, r+size) as live (heap: state 1, else 2): one lambda update
    of `$Obj` (a chain of one store per byte decided about 8x slower in z3 on
    tests/data/properties/struct_array_ok.c)."""
    enc = ft.enc
    hi = enc.ptr_add(r, size)

    def body(a):
        inside = App(Op.AND, (enc.ptr_cmp("ule", r, a), enc.ptr_cmp("ult", a, hi)))
        return Ite(inside, r, MapSelect(Var(OBJ), (a,)))
    ft.emit(Assign((Var(OBJ),), (_lambda(enc, body),), loc=loc))
    ft.emit(Assign((MapSelect(Var(STATE), (r,)),), (IntLit(state),), loc=loc))
    if state == LIVE_HEAP:
        ft.emit(Assign((Var(HEAP_LIVE),), (App(Op.ADD, (Var(HEAP_LIVE), IntLit(1))),),
                       loc=loc))


def valid(enc, p: Expr, last: Expr | None) -> Expr:
    """p lies in a live object, and so does p + last (the access's last byte offset)."""
    base = MapSelect(Var(OBJ), (p,))
    st = MapSelect(Var(STATE), (base,))
    ok = App(Op.OR, (App(Op.EQ, (st, IntLit(LIVE_HEAP))), App(Op.EQ, (st, IntLit(LIVE_STACK)))))
    if last is not None:
        end = MapSelect(Var(OBJ), (enc.ptr_add(p, last),))
        ok = App(Op.AND, (ok, App(Op.EQ, (end, base))))
    return ok


def access(ft, p: Expr, n: int, loc) -> None:
    """Check an access of n bytes at p (unless it is safe by construction)."""
    if n <= 0 or _safe(ft, p, n):
        return
    ft.emit(Assert(valid(ft.enc, p, ft.enc.ptr_lit(n - 1) if n > 1 else None),
                   (property_attr("pointer_dereference", DEREF_MESSAGE),), loc=loc))


def access_range(ft, p: Expr, length: Expr, loc) -> None:
    """Check a block operation over [p, p+length) (nothing when length is 0)."""
    enc = ft.enc
    zero = enc.ptr_lit(0)
    last = enc.ptr_add(length, enc.ptr_lit(-1) if not enc.bv else
                       BvLit((1 << enc.ptr_bits) - 1, enc.ptr_bits))
    ok = App(Op.OR, (App(Op.EQ, (length, zero)), valid(enc, p, last)))
    ft.emit(Assert(ok, (property_attr("pointer_dereference", DEREF_MESSAGE),), loc=loc))


def _safe(ft, p: Expr, n: int) -> bool:
    """An access that cannot fail: at an alloca's (or byval copy's) own pointer, or at a
    constant address inside a global, within the object's size."""
    if isinstance(p, Var):
        size = ft.stack_objects.get(p.name)
        return size is not None and n <= size
    addr = p.value if isinstance(p, (IntLit, BvLit)) else None
    if addr is None:
        return False
    for base, size in ft.mt.global_objects:
        if base <= addr and addr + n <= base + size:
            return True
    return False


def free(ft, p: Expr, loc) -> None:
    """`free(p)`: p is NULL or the start of a live heap object; it is then freed."""
    enc = ft.enc
    st = MapSelect(Var(STATE), (p,))
    null = App(Op.EQ, (p, enc.ptr_lit(0)))
    heap_start = App(Op.OR, (App(Op.EQ, (st, IntLit(LIVE_HEAP))),
                             App(Op.EQ, (st, IntLit(FREED)))))
    ft.emit(Assert(App(Op.OR, (null, heap_start)), (property_attr(
        "precondition_instance", "free argument must be a dynamic object (the start of "
        "a heap block)"),), loc=loc))
    ft.emit(Assert(App(Op.OR, (null, App(Op.NEQ, (st, IntLit(FREED))))), (property_attr(
        "precondition_instance", "double free"),), loc=loc))
    live = App(Op.EQ, (st, IntLit(LIVE_HEAP)))
    ft.emit(Assign((Var(HEAP_LIVE),), (Ite(live, App(Op.SUB, (Var(HEAP_LIVE), IntLit(1))),
                                           Var(HEAP_LIVE)),), loc=loc))
    ft.emit(Assign((MapSelect(Var(STATE), (p,)),), (Ite(live, IntLit(FREED), st),), loc=loc))


def kill_frame(ft, loc) -> None:
    """The function returns: its stack objects die."""
    for name in ft.stack_objects:
        ft.emit(Assign((MapSelect(Var(STATE), (Var(name),)),), (IntLit(DEAD),), loc=loc))


def leak_check(ft, loc) -> None:
    """The entry returns: no heap object is still allocated."""
    if ft.mt.opts.checks.memory_leak:
        ft.emit(Assert(App(Op.EQ, (Var(HEAP_LIVE), IntLit(0))), (property_attr(
            "memory-leak", "dynamically allocated memory never freed"),), loc=loc))


def lost_block(ft, loc) -> None:
    """A heap allocation whose result is unused: live until the end, never freeable."""
    ft.emit(Assign((Var(HEAP_LIVE),), (App(Op.ADD, (Var(HEAP_LIVE), IntLit(1))),), loc=loc))


def block_checks(ft, name: str, args, loc) -> None:
    """memcpy/memmove(dst, src, n), memset(dst, c, n): both ranges lie in live objects."""
    if not ft.mt.opts.checks.memory:
        return
    from .memops import block_length
    length = block_length(ft, args[2], loc)
    if length[0] == 0:
        return
    ptrs = (args[0],) if name == "memset" else (args[0], args[1])
    for a in ptrs:
        p = ft.val(a, loc)
        if length[0] is not None and length[0] > 0:
            access(ft, p, length[0], loc)
        else:
            access_range(ft, p, length[1], loc)
