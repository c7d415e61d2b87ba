"""The life of z3 contexts: the live ones (which the run guard interrupts at the
deadline), and freeing dead ones outside finalizers.

Role: every z3 context of the run comes from `new_context`; `interrupt_all` (called by the
run guard's monitor thread, `pycorral/limits.py`) asks each live one to stop what it is
doing; `set_memory_limit` is z3's global memory limit (`--memlimit`), `is_out_of_memory`
recognizes its exception.
"""
from __future__ import annotations

import threading
import weakref

import z3

_INTERRUPTS = [0]               # how many times `interrupt_all` ran (no one-shot after one)
_LIVE_CONTEXTS: "weakref.WeakSet[z3.Context]" = weakref.WeakSet()
# held while a context is freed and while the run guard interrupts the live ones: z3 frees
# a context in `__del__` through ctypes, which lets other threads run meanwhile, and the
# weak set still lists a context whose finalizer is running -- an interrupt then touched
# freed memory (a SIGSEGV at the deadline of a run on the ldv-bpl corpus)
_CONTEXT_LOCK = threading.RLock()


# contexts whose finalizer has run, freed by z3 at the next `new_context` (`_free_dead`);
# one opened with `free_at_once` (PYCORRAL_FREE_CONTEXTS_AT_ONCE=1, `settings.py`) is
# freed in its finalizer (to measure the difference)
_DEAD_CONTEXTS: "list[_Context]" = []


class _Context(z3.Context):
    """A z3 context that leaves the live set, under `_CONTEXT_LOCK`, when it dies, and is
    freed by z3 only at the next `new_context`.

    Why not at once: a solver's terms sit in reference cycles (a call tree's instances
    point at their parent and children), so the cyclic garbage collector frees a whole
    solver together, and it runs every finalizer of the garbage before releasing any of
    it (PEP 442), the context's among the terms' in any order.  Freed while its terms
    still hold references, a z3 context takes z3's slow teardown of leaked terms: 2.4-2.7 s
    CPU for each of the refinement solvers of the ldv task pt at bound 3 (10.2 of 21.1 s
    CPU in a 60 s run, cProfile's `Z3_del_context`), against 0.01 s once the terms have
    let go.  By the next `new_context` the garbage collection that finalized the context
    has released its terms too."""

    free_at_once = False

    def __del__(self):
        with _CONTEXT_LOCK:
            _LIVE_CONTEXTS.discard(self)
            if self.free_at_once:
                super().__del__()
            else:
                _DEAD_CONTEXTS.append(self)     # resurrected until `_free_dead`


def _free_dead() -> None:
    """z3 frees the contexts that died since the last call (outside any finalizer)."""
    with _CONTEXT_LOCK:
        dead = _DEAD_CONTEXTS[:]
        _DEAD_CONTEXTS.clear()
        for ctx in dead:
            z3.Context.__del__(ctx)        # a finalizer runs once: free it by hand


def new_context(free_at_once: bool = False) -> z3.Context:
    """A fresh z3 context that `interrupt_all` reaches while it lives (`free_at_once`: z3
    frees it in its finalizer, not at the next `new_context`)."""
    _free_dead()
    ctx = _Context()
    ctx.free_at_once = free_at_once
    _LIVE_CONTEXTS.add(ctx)
    return ctx


def interrupt_all() -> None:
    """Ask every live z3 context to stop what it is doing (z3's `interrupt`, safe to call
    from another thread): the query or simplification running answers unknown / raises at
    once.  Used by the run guard when the whole-run deadline is reached."""
    with _CONTEXT_LOCK:
        _INTERRUPTS[0] += 1
        for ctx in list(_LIVE_CONTEXTS):
            try:
                ctx.interrupt()
            except Exception:  # noqa: BLE001 - a context being torn down; nothing to stop
                pass


def is_out_of_memory(e: BaseException) -> bool:
    """Whether an exception is z3 reporting that it ran out of memory (past its
    `memory_max_size`): a resource limit, not an internal error."""
    return isinstance(e, z3.Z3Exception) and "out of memory" in str(e).lower()


def is_interrupted(e: BaseException) -> bool:
    """Whether an exception is z3's "canceled": an interrupt (`interrupt_all`, a rival's
    answer) or a limit reached a call outside a check, which raises instead of answering
    unknown -- a time limit, not an internal error."""
    return isinstance(e, z3.Z3Exception) and str(e).strip("b'\"").lower() == "canceled"


def clear_interrupt(ctx: z3.Context) -> None:
    """Forgets an interrupt that reached `ctx` too late to stop the check it was meant for.
    z3 keeps an interrupt until the context's next check starts: one that lands as a check
    ends (the check answers sat or unsat all the same) makes the next call on the context
    outside a check -- the model's evaluation -- raise "canceled" (a CPU backstop's
    interrupt under load turned a found bug into "timeout (the solver was interrupted)"
    after 0.6 s, tests/data/float/float_aggregates.c).  A check of an empty solver starts
    a check: z3 clears the flag, and answers sat at once."""
    z3.Solver(ctx=ctx).check()


def set_memory_limit(mb: int) -> None:
    """Z3's global memory limit (`memory_max_size`, in MB): past it, queries answer unknown
    ("max. memory exceeded") instead of the process failing.  Used by `--memlimit`."""
    z3.set_param("memory_max_size", int(mb))
