"""Threads in the C front end: the intrinsics of the thread models and SV-COMP's atomic
functions, as Corral's concurrent Boogie.

Role: builtins.py hands over calls of
- `__pycorral_async_next()` (frontend/include/pycorral_pthread.c): the next call of a
  defined function that this function makes becomes `async call` (`take_async`, read by
  calls.py `call_user`); the model makes that call right after, so nothing comes between;
- `__pycorral_thread_id()`: `call r := corral_getThreadID()` (an int);
- `__VERIFIER_atomic_begin()` / `__VERIFIER_atomic_end()`: `call corral_atomic_begin()` /
  `call corral_atomic_end()`;
- a call of a function the program defines whose name starts with `__VERIFIER_atomic_`
  (SV-COMP's convention): the whole call is atomic, `corral_atomic_begin` before it and
  `corral_atomic_end` after it.
In a program that may start threads (`is_threaded`: it names pthread_create or an atomic
intrinsic) every read of a global variable or of memory is a command of its own (a
temporary, memory_access.py `load`), so that another thread may run between a read and the
write that uses it (`x = x + 1` is not atomic).
The Corral procedures used are declared (body-less) when the program is assembled
(`declarations`); boogie/passes/sequentialize.py gives them their meaning.  Memory stays
in the global maps, so each access to memory (a global, an escaped local, the heap) is a
shared access the sequentialization puts a context switch before; locals that do not
escape are Boogie locals: thread-local, no context switch.
"""
from __future__ import annotations

from boogie.ast import Call, Loc, ProcedureDecl, VarDecl

from .typesys import VOID
from .values import V

# re-exported for the front end's other modules
from frontend.thread_names import (ASYNC_NEXT, ATOMIC_BEGIN, ATOMIC_END, ATOMIC_PREFIX,
                                   CORRAL as _CORRAL, INTRINSICS, THREAD_ID, is_atomic_function,
                                   names_threads)


def intrinsic(ft, name: str, args, loc: Loc) -> V:
    """A call of one of INTRINSICS (ft: the FunctionTranslator)."""
    for a in args:
        ft.effect(a)
    if name == ASYNC_NEXT:
        ft.async_next = True
        return V(None, VOID)
    proc = _CORRAL[name]
    ft.pt.corral_procs.add(proc)
    if name == THREAD_ID:
        r = ft.fresh(ft.enc.btype(ft.dm.INT), hint="tid")
        ft.emit(Call(proc, (), (r.name,), loc=loc))
        return V(r, ft.dm.INT)
    ft.emit(Call(proc, (), (), loc=loc))
    return V(None, VOID)


def is_threaded(names: set[str]) -> bool:
    """Whether a program naming `names` may start threads or use atomic sections."""
    return names_threads(names)


def atomic_call(ft, call, loc: Loc) -> V:
    """`call()` (the translated call of an atomic function) inside an atomic section."""
    ft.pt.corral_procs.update(("corral_atomic_begin", "corral_atomic_end"))
    ft.emit(Call("corral_atomic_begin", (), (), loc=loc))
    res = call()
    ft.emit(Call("corral_atomic_end", (), (), loc=loc))
    return res


def take_async(ft) -> bool:
    """Whether the call being made is the async one `__pycorral_async_next` announced."""
    if ft.async_next:
        ft.async_next = False
        return True
    return False


def declarations(pt) -> list[ProcedureDecl]:
    """The body-less Corral procedures the program calls."""
    out = []
    for name in sorted(pt.corral_procs):
        rets = (VarDecl("tid", pt.enc.btype(pt.dm.INT)),) if name == "corral_getThreadID" else ()
        out.append(ProcedureDecl(name, (), rets))
    return out
