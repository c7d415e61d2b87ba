"""`setjmp` and `longjmp` in both front ends: the C names, and the body-less intrinsics they
become, whose meaning boogie/passes/nonlocal_jumps.py gives (a pending-jump flag that
unwinds frames to the `setjmp` call whose buffer the `longjmp` names).

Role: each front end calls `setjmp_call` / `longjmp_call` for a call of one of these names
(glibc's `setjmp` is a macro for `_setjmp`, `sigsetjmp` one for `__sigsetjmp`; the signal
mask they may save is not modelled: no signals are) and adds `declarations` for the
intrinsics it used.  The buffer is passed as a pointer value only: what `setjmp` stores in
the `jmp_buf` is not written into the program's memory (reading it is undefined).
"""
from __future__ import annotations

from boogie.ast import ProcedureDecl, Type, VarDecl
from boogie.passes.nonlocal_jumps import LONGJMP, SETJMP

SETJMP_NAMES = frozenset({"setjmp", "_setjmp", "__setjmp", "sigsetjmp", "__sigsetjmp",
                          "__builtin_setjmp"})
LONGJMP_NAMES = frozenset({"longjmp", "_longjmp", "siglongjmp", "__longjmp_chk",
                           "__builtin_longjmp"})
NAMES = SETJMP_NAMES | LONGJMP_NAMES


def declarations(used: set[str], ptr_t: Type, int_t: Type) -> list[ProcedureDecl]:
    """The intrinsics among `used` (SETJMP, LONGJMP), declared with the front end's pointer
    and `int` types."""
    out = []
    if SETJMP in used:
        out.append(ProcedureDecl(SETJMP, (VarDecl("buf", ptr_t),), (VarDecl("r", int_t),)))
    if LONGJMP in used:
        out.append(ProcedureDecl(LONGJMP, (VarDecl("buf", ptr_t), VarDecl("v", int_t)), ()))
    return out
