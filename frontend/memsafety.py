"""Memory-safety checks over an allocation map, shared by the C and LLVM front ends.

Role: the Boogie commands of `--memory-safety` (`--bounds-check`, `--pointer-check`,
`--memory-leak-check`; frontend/properties.py) in SMACK's style -- object bases, sizes and
liveness, and a counter of live heap objects for leaks -- over the front ends' flat byte
addresses, where every object is a fresh block from an allocation counter, never reused.
The front ends call these functions at allocations, accesses, `free` and returns
(frontend/llvm/memsafety.py, frontend/c/memsafety.py), with a `PtrOps` of their encoding.

Ghost state (GHOST_GLOBALS):
  $Chunk:  [ptr]ptr  for each 64-byte chunk (address div 64), the base of the object in
                     it, 0 for none.  Objects start at multiples of 64 (the front ends
                     align them when the checks are on), so no chunk holds two objects.
  $Size:   [ptr]ptr  by base: the object's size in bytes.
  $State:  [ptr]int  by base: 0 never allocated, 1 live heap, 2 live stack or global,
                     3 freed heap, 4 dead stack (its frame returned).
  $HeapLive: int     the number of live heap objects.

- start of the entry: `$Chunk` is a closed lambda that maps the chunks of the globals to
  their bases and every other chunk to 0; `$State` of each global is 2;
- a new object [r, r+n): `$Chunk` of its chunks := r (one store per chunk when n is a
  constant of at most CHUNK_STORES chunks, else a lambda), `$Size[r] := n`,
  `$State[r] := 1 or 2`, `$HeapLive` + 1 for the heap;
- an access of n bytes at p: with b = $Chunk[p div 64],
  `assert {:property "pointer_dereference", ...} ($State[b] == 1 || $State[b] == 2)
  && p + n <= b + $Size[b]` (p >= b holds: b starts its first chunk, 64-aligned) --
  NULL, unallocated memory, out of bounds (into the tail of the last chunk or beyond)
  and dangling are all caught;
- `free(p)`: p is NULL or a heap base (`$State[p]` 1 or 3: not a stack or global object,
  not inside an object) and not freed before (double free); then `$State[p] := 3`;
- a return kills the frame's stack objects (`$State := 4`); the entry's return asserts
  `$HeapLive == 0` (SMACK's memory-leak check: memory still allocated at the end of main;
  SV-COMP's valid-memtrack asks for less: memory lost, i.e. no longer pointed to).
- leaks on exit and abort paths, decided per property (SV-COMP's definitions):
  valid-memtrack is about memory that becomes unreachable; when exit() or abort() is
  called every frame is still live, so what they point to is not lost: no leak check
  there (`--memory-leak-check`).  valid-memcleanup asks that all allocated memory be
  freed when the program terminates, and exit() terminates it: `--memory-cleanup-check`
  asserts `$HeapLive == 0` at the entry's return and at every exit/_exit/_Exit call
  (`cleanup_check`).  abort() is abnormal termination, where no clean-up is expected
  (as CBMC's --memory-cleanup-check): not checked.
(A chain of lambda updates of a byte-level base map made z3 answer "unknown (incomplete
quantifiers)" on SMACK's array_free1*.c; the chunk map needs lambdas only for blocks of
non-constant or large size.)
"""
from __future__ import annotations

from typing import Callable, Protocol

from boogie.ast import (App, Assert, Assign, Cmd, Expr, INT, IntLit, Ite, Loc, MapSelect,
                        MapStore, MapType, Op, Quant, QuantKind, Type, Var, VarDecl)

from frontend.properties import GHOST_GLOBALS, property_attr
import frontend.special as special

CHUNK, SIZE, STATE, HEAP_LIVE = GHOST_GLOBALS
CHUNK_BYTES = 64
CHUNK_STORES = 16        # a constant-size object of at most this many chunks: stores
LIVE_HEAP, LIVE_STACK, FREED, DEAD = 1, 2, 3, 4
DEREF_MESSAGE = "dereference failure: pointer outside a live object (NULL, out of " \
                "bounds, or freed)"

Emit = Callable[[Cmd], None]


class PtrOps(Protocol):
    """The pointer arithmetic of a front end's encoding (unsigned addresses)."""

    def ptr_type(self) -> Type: ...

    def ptr_lit(self, n: int) -> Expr: ...

    def ptr_add(self, a: Expr, b: Expr) -> Expr: ...

    def ptr_le(self, a: Expr, b: Expr) -> Expr: ...

    def chunk(self, a: Expr) -> Expr: ...       # a div CHUNK_BYTES



def declarations(ops: PtrOps) -> list[VarDecl]:
    return declarations_of_type(ops.ptr_type())


def declarations_of_type(p: Type) -> list[VarDecl]:
    return [VarDecl(CHUNK, MapType((p,), p)), VarDecl(SIZE, MapType((p,), p)),
            VarDecl(STATE, MapType((p,), INT)), VarDecl(HEAP_LIVE, INT)]


def _lambda(ops: PtrOps, body_of) -> Expr:
    return Quant(QuantKind.LAMBDA, (VarDecl("$k", ops.ptr_type()),), body_of(Var("$k")))


def initial(emit: Emit, ops: PtrOps, objects: list[tuple[int, int]], loc: Loc) -> None:
    """The start of the entry: no heap object; each global (address, size) is live."""
    objects = [(a, n) for a, n in objects if n > 0]
    for a, _ in objects:
        assert a % CHUNK_BYTES == 0, "objects are chunk-aligned under memory checks"

    def base_of(k):
        e: Expr = ops.ptr_lit(0)
        for a, n in reversed(objects):
            lo, hi = a // CHUNK_BYTES, (a + n - 1) // CHUNK_BYTES
            inside = App(Op.AND, (ops.ptr_le(ops.ptr_lit(lo), k), ops.ptr_le(k, ops.ptr_lit(hi))))
            e = Ite(inside, ops.ptr_lit(a), e)
        return e
    emit(Assign((Var(CHUNK),), (_lambda(ops, base_of),), loc=loc))
    emit(Assign((Var(STATE),), (_lambda(ops, lambda k: IntLit(0)),), loc=loc))
    emit(Assign((Var(HEAP_LIVE),), (IntLit(0),), loc=loc))
    for a, n in objects:
        emit(Assign((MapSelect(Var(SIZE), (ops.ptr_lit(a),)),), (ops.ptr_lit(n),), loc=loc))
        emit(Assign((MapSelect(Var(STATE), (ops.ptr_lit(a),)),), (IntLit(LIVE_STACK),),
                    loc=loc))


def new_object(emit: Emit, ops: PtrOps, r: Expr, size: Expr, const: int | None,
               heap: bool, loc: Loc) -> None:
    """Register the object [r, r+size) (r chunk-aligned) as live; `const`: size's value
    when it is a constant."""
    if const is not None and const <= CHUNK_STORES * CHUNK_BYTES:
        m: Expr = Var(CHUNK)
        first = ops.chunk(r)
        for k in range(max(0, -(-const // CHUNK_BYTES))):
            m = MapStore(m, (ops.ptr_add(first, ops.ptr_lit(k)) if k else first,), r)
        if const > 0:
            emit(Assign((Var(CHUNK),), (m,), loc=loc))
    else:
        # the chunks from r's up to the one holding the last byte: below (r+size+63) div 64
        lo = ops.chunk(r)
        hi = ops.chunk(ops.ptr_add(ops.ptr_add(r, size), ops.ptr_lit(CHUNK_BYTES - 1)))

        def body(k):
            inside = App(Op.AND, (ops.ptr_le(lo, k), App(Op.NOT, (ops.ptr_le(hi, k),))))
            return Ite(inside, r, MapSelect(Var(CHUNK), (k,)))
        emit(Assign((Var(CHUNK),), (_lambda(ops, body),), loc=loc))
    emit(Assign((MapSelect(Var(SIZE), (r,)),), (size,), loc=loc))
    emit(Assign((MapSelect(Var(STATE), (r,)),), (IntLit(LIVE_HEAP if heap else LIVE_STACK),),
                loc=loc))
    if heap:
        emit(Assign((Var(HEAP_LIVE),), (App(Op.ADD, (Var(HEAP_LIVE), IntLit(1))),), loc=loc))


def valid(ops: PtrOps, p: Expr, n: Expr) -> Expr:
    """[p, p+n) lies inside one live object."""
    b = MapSelect(Var(CHUNK), (ops.chunk(p),))
    st = MapSelect(Var(STATE), (b,))
    live = App(Op.OR, (App(Op.EQ, (st, IntLit(LIVE_HEAP))), App(Op.EQ, (st, IntLit(LIVE_STACK)))))
    inside = ops.ptr_le(ops.ptr_add(p, n), ops.ptr_add(b, MapSelect(Var(SIZE), (b,))))
    return App(Op.AND, (live, inside))


def access(emit: Emit, ops: PtrOps, p: Expr, n: int, loc: Loc) -> None:
    """Check an access of n > 0 bytes at p."""
    emit(Assert(valid(ops, p, ops.ptr_lit(n)),
                (property_attr("pointer_dereference", DEREF_MESSAGE),), loc=loc))


def access_range(emit: Emit, ops: PtrOps, p: Expr, length: Expr, loc: Loc) -> None:
    """Check a block operation over [p, p+length) (nothing to check when length is 0)."""
    ok = App(Op.OR, (App(Op.EQ, (length, ops.ptr_lit(0))), valid(ops, p, length)))
    emit(Assert(ok, (property_attr("pointer_dereference", DEREF_MESSAGE),), loc=loc))


def one_step(ft) -> Emit:
    """`ft.emit` for commands of one step of the real program (a thread-safe library call):
    the commands after the first continue its step (`ft.step_continues`), so that no other
    thread runs between them (boogie/passes/sequentialize.py)."""
    first = True

    def emit(c: Cmd) -> None:
        nonlocal first
        if first:
            first = False
            ft.emit(c)
        else:
            with ft.step_continues():
                ft.emit(c)
    return emit


def free(emit: Emit, ops: PtrOps, p: Expr, loc: Loc) -> None:
    """`free(p)`: p is NULL or the start of a live heap object; it is then freed."""
    st = MapSelect(Var(STATE), (p,))
    null = App(Op.EQ, (p, ops.ptr_lit(0)))
    heap_start = App(Op.OR, (App(Op.EQ, (st, IntLit(LIVE_HEAP))),
                             App(Op.EQ, (st, IntLit(FREED)))))
    emit(Assert(App(Op.OR, (null, heap_start)), (property_attr(
        "precondition_instance", "free argument must be a dynamic object (the start of "
        "a heap block)"),), loc=loc))
    emit(Assert(App(Op.OR, (null, App(Op.NEQ, (st, IntLit(FREED))))), (property_attr(
        "precondition_instance", "double free"),), loc=loc))
    live = App(Op.EQ, (st, IntLit(LIVE_HEAP)))
    emit(Assign((Var(HEAP_LIVE),), (Ite(live, App(Op.SUB, (Var(HEAP_LIVE), IntLit(1))),
                                        Var(HEAP_LIVE)),), loc=loc))
    emit(Assign((MapSelect(Var(STATE), (p,)),), (Ite(live, IntLit(FREED), st),), loc=loc))


def kill(emit: Emit, bases: list[Expr], loc: Loc) -> None:
    """A function returns: its stack objects die."""
    for b in bases:
        emit(Assign((MapSelect(Var(STATE), (b,)),), (IntLit(DEAD),), loc=loc))


def leak_check(emit: Emit, loc: Loc) -> None:
    """The entry returns: no heap object is still allocated."""
    emit(Assert(App(Op.EQ, (Var(HEAP_LIVE), IntLit(0))), (property_attr(
        "memory-leak", "dynamically allocated memory never freed"),), loc=loc))


# normal termination: memcleanup is checked there (frontend/special.py: STOP, exits)
EXITS = special.EXITS


def cleanup_check(emit: Emit, loc: Loc) -> None:
    """The program terminates (the entry returns, or exit is called): no heap object is
    still allocated (valid-memcleanup)."""
    emit(Assert(App(Op.EQ, (Var(HEAP_LIVE), IntLit(0))), (property_attr(
        "memory-cleanup", "dynamically allocated memory not freed at program termination"),),
        loc=loc))


def lost_block(emit: Emit, loc: Loc) -> None:
    """A heap allocation whose result is unused: live until the end, never freeable."""
    emit(Assign((Var(HEAP_LIVE),), (App(Op.ADD, (Var(HEAP_LIVE), IntLit(1))),), loc=loc))
