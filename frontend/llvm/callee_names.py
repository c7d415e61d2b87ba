"""Which called functions the LLVM front end models, and which get the default for a
function without a body (frontend/llvm/externs.py).

Role: the names calls.py dispatches on, in one place, so that the points-to analysis
(regions.py, externs.py) and the call translation agree on which calls are calls of a
function without a body: every declared function that is not one of these.  The special
functions both front ends share (the harness, allocators, output, the functions without a
default) are frontend/special.py's; the rest here is the LLVM front end's own.
"""
from __future__ import annotations

from frontend.common import RESULT_INTO_ARGUMENT
from frontend.smack_inline import INJECTORS
from frontend.special import Kind, kind_of, special

from .threads import INTRINSICS as THREAD_INTRINSICS
from .floats import LIBM


IGNORED_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.experimental.noalias",
                      "llvm.invariant.", "llvm.var.annotation", "llvm.codeview",
                      "llvm.donothing", "llvm.sideeffect", "llvm.assume.separate",
                      "llvm.prefetch")      # a cache hint (__builtin_prefetch): no effect


def is_unmodelled(name: str) -> bool:
    """Whether a call of the declared function `name` is unsupported: the registry has no
    default for it (frontend/special.py NO_DEFAULT), realloc without the memory checks
    (calls.py models it with the allocation map only), a result that may point into an
    argument, a prefix the front end does not model."""
    if kind_of(name) in (Kind.NO_DEFAULT, Kind.REALLOC) or name in RESULT_INTO_ARGUMENT:
        return True
    if name.startswith(("pthread_", "__SMACK_", "__VERIFIER_atomic", "llvm.va_",
                        "__builtin_")):
        return True
    return name.startswith("__VERIFIER_nondet_") and "128" in name


_MODELLED = {"memcpy", "memmove", "memset", "__pycorral_sign_like", "abs", "labs", "llabs",
             "fegetround", *INJECTORS, *THREAD_INTRINSICS, *LIBM}


def gets_default(name: str) -> bool:
    """Whether a call of the declared (bodiless) function `name` is translated as a call of
    a function without a body: not an intrinsic, a harness function, a model, or a C
    library function the front end rejects."""
    if name.startswith("llvm.") or name in _MODELLED or special(name) is not None:
        return False        # (every special function has its own meaning, or none)
    return not is_unmodelled(name)
