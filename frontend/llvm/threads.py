"""Threads in the LLVM front end: the intrinsics of the thread models and SV-COMP's atomic
functions, as Corral's concurrent Boogie (the C front end's frontend/c/threads.py, same
choices).

Role: calls.py hands over calls of
- `__pycorral_async_next()` (frontend/include/pycorral_pthread.c): the next call of a
  defined function in this function becomes `async call` (`take_async`); the model makes
  that call right after.  The call stays a plain call in the IR, so the points-to
  analysis (regions.py) sees its arguments reach the new thread's parameters;
- `__pycorral_thread_id()`: `call r := corral_getThreadID()`;
- `__VERIFIER_atomic_begin()` / `__VERIFIER_atomic_end()`: `call corral_atomic_begin()` /
  `call corral_atomic_end()`;
- a call of a defined `__VERIFIER_atomic_*` function: atomic as a whole; so are
  `atomicrmw` and `cmpxchg` (atomics.py: a load and a store) in a threaded module, and an
  atomic load or store of a scalar is one command anyway.
Shared memory: clang's loads and stores are separate instructions, so a read and the write
that uses it are separate steps; allocas kept in locals (regions.py `promoted`, they do
not escape) are thread-local and get no context switch.  The Corral procedures used are
declared body-less (`declarations`); boogie/passes/sequentialize.py gives them meaning.
"""
from __future__ import annotations

from boogie.ast import Call, Loc, ProcedureDecl, VarDecl

# re-exported for the front end's other modules
from frontend.thread_names import (ASYNC_NEXT, ATOMIC_BEGIN, ATOMIC_END, ATOMIC_PREFIX,
                                   CORRAL as _CORRAL, INTRINSICS, THREAD_ID, is_atomic_function,
                                   names_threads)

_TID_BITS = 32              # corral_getThreadID's result: a C int


def intrinsic(ft, ins, name: str, loc: Loc) -> None:
    """A call of one of INTRINSICS (ft: the function translator)."""
    if name == ASYNC_NEXT:
        ft.async_next = True
        return
    proc = _CORRAL[name]
    ft.mt.corral_procs.add(proc)
    outs = (ft.result(ins, loc).name,) if name == THREAD_ID and ins.name is not None else ()
    if name == THREAD_ID and not outs:
        outs = (ft.fresh(ft.enc.int_type(_TID_BITS), "tid").name,)
    ft.emit(Call(proc, (), outs, loc=loc))


def atomic_call(ft, translate, loc: Loc) -> None:
    """`translate()` (a call of an atomic function) inside an atomic section."""
    ft.mt.corral_procs.update(("corral_atomic_begin", "corral_atomic_end"))
    ft.emit(Call("corral_atomic_begin", (), (), loc=loc))
    translate()
    ft.emit(Call("corral_atomic_end", (), (), loc=loc))


def is_threaded(mt) -> bool:
    """Whether the module may start threads or uses atomic sections."""
    return names_threads(mt.declared)


def atomic_instruction(ft, translate, loc: Loc) -> None:
    """`translate()` (an atomicrmw or cmpxchg: a load and a store) as one atomic step in a
    threaded module; as it is in a sequential one."""
    if is_threaded(ft.mt):
        atomic_call(ft, translate, loc)
    else:
        translate()


def take_async(ft) -> bool:
    """Whether the call being made is the async one `__pycorral_async_next` announced."""
    if getattr(ft, "async_next", False):
        ft.async_next = False
        return True
    return False


def declarations(mt) -> list[ProcedureDecl]:
    """The body-less Corral procedures the program calls."""
    return [ProcedureDecl(name, (), (VarDecl("tid", mt.enc.int_type(_TID_BITS)),)
                          if name == "corral_getThreadID" else ())
            for name in sorted(mt.corral_procs)]
