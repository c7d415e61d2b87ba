"""The thread model's intrinsics and SV-COMP's atomic convention, shared by both front ends
(frontend/c/threads.py, frontend/llvm/threads.py map them to Corral's Boogie): the names
the model library (frontend/include/pycorral_pthread.c) calls and the Corral procedures
(boogie/passes/sequentialize.py) they become."""
from __future__ import annotations

ASYNC_NEXT = "__pycorral_async_next"
THREAD_ID = "__pycorral_thread_id"
ATOMIC_BEGIN, ATOMIC_END = "__VERIFIER_atomic_begin", "__VERIFIER_atomic_end"
INTRINSICS = (ASYNC_NEXT, THREAD_ID, ATOMIC_BEGIN, ATOMIC_END)
ATOMIC_PREFIX = "__VERIFIER_atomic_"
CORRAL = {THREAD_ID: "corral_getThreadID", ATOMIC_BEGIN: "corral_atomic_begin",
          ATOMIC_END: "corral_atomic_end"}


def names_threads(names) -> bool:
    """Whether a program naming `names` may start threads or use atomic sections."""
    return any(n == "pthread_create" or n.startswith(ATOMIC_PREFIX) for n in names)


def is_atomic_function(name: str) -> bool:
    """SV-COMP's `__VERIFIER_atomic_*` functions (a definition of the program's)."""
    return name.startswith(ATOMIC_PREFIX) and name not in (ATOMIC_BEGIN, ATOMIC_END)
